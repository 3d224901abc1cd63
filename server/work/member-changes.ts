import type { StaffRole } from "../../domain/console";
import { invitationsWithdrawn, leavesNoOwner, linkWithdrawal, type StaffStanding } from "../../domain/staff";
import type { StaffLink, StaffLinkPurpose, StaffLinkUse } from "../store/members";
import { LastOwnerError } from "../store/staff";
import { stepsOf, type ChangeOf } from "../store/step-port";

/**
 * A member's links and password, changed once above the stores (docs/decisions/029): a reset
 * link sent, a link used. Each is one sequence over small steps that a store answers inside one
 * transaction of its own (SQLite at once, Firestore as asked); a step names what to read or write
 * and decides nothing. Reads come first: a store may hold the writes back until the change has
 * returned (Firestore does).
 */
export type MemberLinkSteps = {
  /** The account's standing; null when there is no such account. */
  readStanding: { args: { staffId: string }; result: StaffStanding | null };
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
};

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

/** A change of links as the steps it asks for, in order. */
export type LinkChange<R> = ChangeOf<MemberLinkSteps, R>;

const ask = stepsOf<MemberLinkSteps>();

/**
 * Sends the account a new link to set a password: its sessions end, and every link sent before
 * that is not used yet stops working (only the newest is worth anything). False when there is no
 * such account.
 */
export function* sendResetLink(input: Omit<QueuedLink, "purpose">): LinkChange<boolean> {
  if (!(yield* ask("readStanding", { staffId: input.staffId }))) return false;
  const unused = yield* ask("readUnusedLinks", { staffId: input.staffId });
  yield* ask("endSessions", { staffId: input.staffId });
  yield* ask("spendLinks", { linkIds: unused, at: input.now.toISOString() });
  yield* ask("queueLink", { ...input, purpose: "reset" });
  return true;
}

/**
 * Uses a link: unless it was used, or no longer lets its pending invitee in (its sender, read in
 * this transaction: domain/staff.ts, linkWithdrawal), sets the account's password, spends the
 * link with every other link of the account not used yet, and ends the account's sessions.
 */
export function* setPasswordByLink(
  linkId: string,
  change: { passwordHash: string; totpOff: boolean; now: Date },
): LinkChange<StaffLinkUse> {
  const link = yield* ask("readLink", { linkId });
  if (!link) return "unknown";
  if (link.usedAt !== null) return "used";
  const account = yield* ask("readStanding", { staffId: link.staffId });
  if (!account) return "unknown";
  const sender = link.sentBy ? yield* ask("readStanding", { staffId: link.sentBy }) : null;
  const withdrawal = linkWithdrawal({ account, link, sender });
  if (withdrawal) return withdrawal;
  const unused = yield* ask("readUnusedLinks", { staffId: link.staffId });
  yield* ask("endSessions", { staffId: link.staffId });
  const at = change.now.toISOString();
  yield* ask("spendLinks", { linkIds: [...new Set([link.id, ...unused])], at, claimed: link.id });
  yield* ask("setPassword", {
    staffId: link.staffId,
    passwordHash: change.passwordHash,
    totpOff: change.totpOff,
  });
  return "set";
}

/**
 * Sets the member's role and withdraws the pending invitations they sent that the new role may no
 * longer send (domain/staff.ts: invitationsWithdrawn): links not used nor withdrawn, to accounts
 * with no password yet. False when there is no such account. With `keepAnOwner`, throws
 * LastOwnerError, changing nothing, when the staff as read would be left with no active owner.
 */
export function* changeRole(
  staffId: string,
  role: StaffRole,
  at: Date,
  options: { keepAnOwner?: boolean },
): LinkChange<boolean> {
  const staff = yield* ask("readStaff", {});
  const account = staff.find(({ id }) => id === staffId);
  if (!account) return false;
  if (options.keepAnOwner && leavesNoOwner(staff, { id: staffId, role })) throw new LastOwnerError();
  const sent = yield* ask("readLinksSentBy", { staffId });
  const accounts = new Map(staff.map((each) => [each.id, each]));
  const pending = sent.flatMap((link) => {
    const invitee = accounts.get(link.staffId);
    return link.usedAt === null && link.revokedAt === null && invitee?.invited
      ? [{ linkId: link.id, role: invitee.role }]
      : [];
  });
  yield* ask("setRole", { staffId, role });
  const withdrawn = invitationsWithdrawn({ ...account, role }, pending);
  yield* ask("revokeLinks", { linkIds: withdrawn, at: at.toISOString() });
  return true;
}
