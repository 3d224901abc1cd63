import type { StaffMember, StaffRole } from "../../domain/console";

/** What a link mailed to a member of staff is for: setting a first password, or a new one. */
export type StaffLinkPurpose = "invitation" | "reset";

/** A link as stored, by its id: the link itself is signed with the site's key and never stored. */
export interface StaffLink {
  id: string;
  staffId: string;
  purpose: StaffLinkPurpose;
  createdAt: string;
  expiresAt: string;
  /** When it was used; a link works once. */
  usedAt: string | null;
}

/** What using a link did: the password is set, the link was used before (or just now, elsewhere), or there is no such link. */
export type StaffLinkUse = "set" | "used" | "unknown";

/**
 * Staff as owners manage them from the console: invitations and reset links (each mailed through
 * the outbox in the same write that makes it), roles, the second-factor prompt put off, and the
 * open enquiries a member leaves behind.
 */
export interface MemberStore {
  /**
   * Adds the account with no password (it cannot sign in), its invitation link, and the mail
   * carrying the link, in one transaction. Throws StaffExistsError when the address has an account.
   */
  invite(input: {
    email: string;
    role: StaffRole;
    linkId: string;
    expiresAt: Date;
    now: Date;
  }): Promise<StaffMember>;
  /**
   * Ends every session of the account and queues a mail with a new link to set a password, in one
   * transaction; links sent before stop working. False when there is no such account.
   */
  sendReset(input: { staffId: string; linkId: string; expiresAt: Date; now: Date }): Promise<boolean>;
  findLink(linkId: string): Promise<StaffLink | null>;
  /**
   * Uses the link, once even when tried twice at once: sets the account's password (with
   * `totpOff`, turns its second factor off) and ends its sessions. Whether the link may still be
   * used (its time) is for the caller to check first.
   */
  useLink(
    linkId: string,
    change: { passwordHash: string; totpOff: boolean; now: Date },
  ): Promise<StaffLinkUse>;
  /** False when there is no such account. */
  setRole(staffId: string, role: StaffRole): Promise<boolean>;
  /** Whether the account has put off the second-factor prompt ("Not now"). */
  setTotpPromptDeferred(staffId: string, deferred: boolean): Promise<void>;
  /**
   * Leaves unassigned every open (not closed) enquiry the member owns, each with an owner line in
   * its history by `staffEmail`; answers how many.
   */
  unassignOpenEnquiries(staffId: string, change: { staffEmail: string; at: Date }): Promise<number>;
}
