import type { StaffMember, StaffRole } from "../../domain/console";
import type { LinkWithdrawal } from "../../domain/staff";

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
  /**
   * Who sent it (a staff id): the owner who invited, or who sent a new link. Null for a link sent
   * before links recorded it (domain/staff.ts: such a link lets no pending invitee in).
   */
  sentBy: string | null;
  /** When its sender's removal or demotion withdrew it (domain/staff.ts: invitationsWithdrawn). */
  revokedAt: string | null;
}

/**
 * What using a link did: the password is set, the link was used before (or just now, elsewhere),
 * there is no such link, or it no longer lets its pending invitee in (domain/staff.ts: linkWithdrawal).
 */
export type StaffLinkUse = "set" | "used" | "unknown" | LinkWithdrawal;

/** A member to invite, and the link their invitation carries. */
export interface Invitation {
  email: string;
  role: StaffRole;
  /** How colleagues will see them (checked: domain/staff.ts checkDisplayName); null: none yet. */
  displayName?: string | null;
  /** The owner inviting (a staff id): the invitation stands only while they may invite. */
  sentBy: string;
  /** How the invitation mail names them (domain/staff.ts: memberName). */
  sentByName?: string;
  linkId: string;
  expiresAt: Date;
  now: Date;
}

/**
 * Staff as owners manage them from the console: invitations and reset links (each mailed through
 * the outbox in the same write that makes it), roles, the second-factor prompt put off, and a
 * member's removal with the enquiries they leave behind.
 */
export interface MemberStore {
  /**
   * Adds the account with no password (it cannot sign in), its invitation link, and the mail
   * carrying the link, in one transaction. Throws StaffExistsError when the address has an account.
   */
  invite(input: Invitation): Promise<StaffMember>;
  /**
   * Ends every session of the account and queues a mail with a new link to set a password, in one
   * transaction; links sent before stop working. `sentBy`: the owner sending it (for a pending
   * invitee, the link stands only while they may invite). False when there is no such account.
   */
  sendReset(input: {
    staffId: string;
    sentBy: string;
    sentByName?: string;
    linkId: string;
    expiresAt: Date;
    now: Date;
  }): Promise<boolean>;
  findLink(linkId: string): Promise<StaffLink | null>;
  /**
   * Uses the link, once even when tried twice at once: sets the account's password (with
   * `totpOff`, turns its second factor off) and ends its sessions. Refused, in the same
   * transaction, when the link no longer lets its pending invitee in (its sender, read there, was
   * removed or demoted: domain/staff.ts). Whether the link may still be used (its time) is for the
   * caller to check first.
   */
  useLink(
    linkId: string,
    change: { passwordHash: string; totpOff: boolean; now: Date },
  ): Promise<StaffLinkUse>;
  /**
   * Sets the role and, in the same transaction, withdraws the pending invitations the account sent
   * that the new role may no longer send (domain/staff.ts: invitationsWithdrawn), as of `at` (now
   * unless given). False when there is no such account. With `keepAnOwner`, throws LastOwnerError,
   * changing nothing, when the staff as read in that transaction would be left with no active owner.
   */
  setRole(staffId: string, role: StaffRole, at?: Date, options?: { keepAnOwner?: boolean }): Promise<boolean>;
  /**
   * Removes the account with the address `email`, its sessions and devices, in one transaction as
   * of `at` (now unless given): the pending invitations it sent are withdrawn (domain/staff.ts),
   * and every enquiry it owns goes to nobody, each an owner change by `staffEmail` with its line in
   * history (server/lifecycle/plan.ts: planMemberRemoval; "" for the operator's own command).
   * Answers how many open enquiries went to nobody; null when there is no such account. With
   * `keepAnOwner`, throws LastOwnerError, changing nothing, when the staff as read in that
   * transaction would be left with no active owner (the operator's own command may remove anyone).
   */
  remove(
    email: string,
    change?: { staffEmail?: string; at?: Date; requestId?: string; keepAnOwner?: boolean },
  ): Promise<number | null>;
  /** Whether the account has put off the second-factor prompt ("Not now"). */
  setTotpPromptDeferred(staffId: string, deferred: boolean): Promise<void>;
  /** Sets the member's display name (null: none); false when there is no such account. */
  setDisplayName(staffId: string, displayName: string | null): Promise<boolean>;
  /** Sets the IST day the member is away until (checked: domain/staff.ts checkAwayUntil; null: back); false when there is no such account. */
  setAwayUntil(staffId: string, awayUntil: string | null): Promise<boolean>;
}
