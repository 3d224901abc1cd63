import type { StaffMember, StaffRole } from "../../domain/console";
import type { StaffStanding } from "../../domain/staff";
import type { MemberStore, StaffLink, StaffLinkPurpose } from "./members";
import type { PortOf } from "./step-port";
import type { StaffLinkMail } from "./store";
import type { MemberAlertSteps, WorkRead, WorkSteps } from "./work-port";

/** A link to store and mail: its id, the account, who sends it and what for, until when it works. */
export interface QueuedLink {
  linkId: string;
  staffId: string;
  sentBy: string;
  sentByName?: string;
  purpose: StaffLinkPurpose;
  expiresAt: Date;
  now: Date;
}

/** A link as it is stored, not used yet, and the mail that carries it to its account's address. */
export function linkAndMailOf(link: QueuedLink): { stored: StaffLink; mail: StaffLinkMail } {
  const { linkId: id, staffId, purpose, sentBy } = link;
  const expiresAt = link.expiresAt.toISOString();
  return {
    stored: {
      id,
      staffId,
      purpose,
      createdAt: link.now.toISOString(),
      expiresAt,
      usedAt: null,
      sentBy,
      revokedAt: null,
    },
    mail: { linkId: id, purpose, expiresAt, ...(link.sentByName ? { sentByName: link.sentByName } : {}) },
  };
}

/**
 * The steps a member's changes ask of a store (server/work/member-changes.ts): an invitation, a
 * link sent or used, a role changed, a member removed. Each is answered in the change's one transaction. Reads come
 * first: a store may hold the writes back until the change has returned (Firestore does).
 */
export type MemberSteps = MemberAlertSteps & {
  /** The account's standing; null when there is no such account. */
  readStanding: { args: { staffId: string }; result: StaffStanding | null };
  /** The id of the account with this address (lower case); null when there is none. */
  readAccountId: { args: { email: string }; result: string | null };
  /** The link by its id; null when there is none. */
  readLink: { args: { linkId: string }; result: StaffLink | null };
  /** The ids of the account's links not used yet. */
  readUnusedLinks: { args: { staffId: string }; result: string[] };
  /** Ends every session of the account (a store may read them first). */
  endSessions: { args: { staffId: string }; result: void };
  /**
   * Marks the links used at `at`. `claimed`, one of them, is the link being used: only one use of
   * it may be written, and a second at once fails its transaction.
   */
  spendLinks: { args: { linkIds: readonly string[]; at: string; claimed?: string }; result: void };
  /** Sets the account's password; with `totpOff`, turns its second factor off. */
  setPassword: { args: { staffId: string; passwordHash: string; totpOff: boolean }; result: void };
  /** Stores a new account with no password; StaffExistsError when its address is held. */
  createAccount: { args: { member: StaffMember }; result: void };
  /** Stores a link and queues the mail that carries it. */
  queueLink: { args: QueuedLink; result: void };
  /** Every account with its standing. */
  readStaff: { args: Record<never, never>; result: (StaffStanding & { id: string })[] };
  /** The links the member sent. */
  readLinksSentBy: { args: { staffId: string }; result: StaffLink[] };
  /** Sets the account's role. */
  setRole: { args: { staffId: string; role: StaffRole }; result: void };
  /** Marks the links withdrawn at `at`. */
  revokeLinks: { args: { linkIds: readonly string[]; at: string }; result: void };
  /** Every enquiry whose work record names the member as owner: open, closed and spam alike. */
  readWorkOf: { args: { staffId: string }; result: WorkRead[] };
  writePlan: WorkSteps["writePlan"];
  /** Removes the account with its sessions, its devices, its links and the mails still waiting to go to it. */
  removeAccount: { args: { staffId: string }; result: void };
};

/** The member changes written above the stores; the rest a store keeps as its own. */
type MemberChanges = "invite" | "sendReset" | "useLink" | "setRole" | "remove";

/** What a store keeps of its members beside the changes written above it. */
export type MemberAdapter = PortOf<MemberSteps> & Omit<MemberStore, MemberChanges>;
