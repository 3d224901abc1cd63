import type { StaffMember, StaffRole } from "../../domain/console";
import { invitationsWithdrawn, leavesNoOwner, linkWithdrawal, type StaffStanding } from "../../domain/staff";
import { planMemberRemoval } from "../lifecycle/plan";
import type { MemberAdapter, MemberSteps, QueuedLink } from "../store/member-port";
import type { Invitation, MemberStore, StaffLink, StaffLinkUse } from "../store/members";
import { LastOwnerError, newStaffMember, normalizeStaffEmail, StaffExistsError } from "../store/staff";
import { stepsOf, type ChangeOf } from "../store/step-port";
import { onceMore } from "./once-more";
import { WriteConflictError, type Actor } from "../store/work-port";

/**
 * A member's changes, written once above the stores (docs/decisions/029): an invitation, a reset
 * link sent, a link used, a role changed, a member removed. Each is one sequence over the steps of
 * server/store/member-port.ts, which a store answers inside one transaction of its own (SQLite at
 * once, Firestore as asked); a step names what to read or write and decides nothing.
 */
export function memberStore(adapter: MemberAdapter): MemberStore {
  return {
    invite: async (input) => {
      try {
        return await adapter.run(() => inviteMember(input));
      } catch (error) {
        // Another account took the address first (a store that finds it as it commits).
        if (error instanceof WriteConflictError) throw new StaffExistsError(normalizeStaffEmail(input.email));
        throw error;
      }
    },
    findLink: (linkId) => adapter.findLink(linkId),
    setTotpPromptDeferred: (staffId, deferred) => adapter.setTotpPromptDeferred(staffId, deferred),
    setDisplayName: (staffId, displayName) => adapter.setDisplayName(staffId, displayName),
    setAwayUntil: (staffId, awayUntil) => adapter.setAwayUntil(staffId, awayUntil),
    sendReset: (input) => adapter.run(() => sendResetLink(input)),
    useLink: async (linkId, change) => {
      try {
        return await adapter.run(() => setPasswordByLink(linkId, change));
      } catch (error) {
        // Another use of the link claimed it first.
        if (error instanceof WriteConflictError) return "used";
        throw error;
      }
    },
    setRole: (staffId, role, at = new Date(), options = {}) =>
      onceMore(adapter, () => changeRole(staffId, role, at, options)),
    remove: (email, change = {}) => onceMore(adapter, () => removeMember(email, change)),
  };
}

const step = stepsOf<MemberSteps>();
/** A member's change as the steps it asks for, in order. */
type MemberChange<R> = ChangeOf<MemberSteps, R>;

/** Adds the account with no password, its invitation link and the mail carrying it. */
export function* inviteMember(input: Invitation): MemberChange<StaffMember> {
  const member = newStaffMember({ ...input, createdAt: input.now.toISOString(), passwordHash: "" });
  yield* step("createAccount", { member });
  yield* step("queueLink", { ...input, staffId: member.id, purpose: "invitation" });
  return member;
}

/**
 * Sends the account a new link to set a password: its sessions end, and every link sent before
 * that is not used yet stops working (only the newest is worth anything). False when there is no
 * such account.
 */
export function* sendResetLink(input: Omit<QueuedLink, "purpose">): MemberChange<boolean> {
  if (!(yield* step("readStanding", { staffId: input.staffId }))) return false;
  const unused = yield* step("readUnusedLinks", { staffId: input.staffId });
  yield* step("endSessions", { staffId: input.staffId });
  yield* step("spendLinks", { linkIds: unused, at: input.now.toISOString() });
  yield* step("queueLink", { ...input, purpose: "reset" });
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
): MemberChange<StaffLinkUse> {
  const link = yield* step("readLink", { linkId });
  if (!link) return "unknown";
  if (link.usedAt !== null) return "used";
  const account = yield* step("readStanding", { staffId: link.staffId });
  if (!account) return "unknown";
  const sender = link.sentBy ? yield* step("readStanding", { staffId: link.sentBy }) : null;
  const withdrawal = linkWithdrawal({ account, link, sender });
  if (withdrawal) return withdrawal;
  const unused = yield* step("readUnusedLinks", { staffId: link.staffId });
  yield* step("endSessions", { staffId: link.staffId });
  const at = change.now.toISOString();
  yield* step("spendLinks", { linkIds: [...new Set([link.id, ...unused])], at, claimed: link.id });
  yield* step("setPassword", {
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
): MemberChange<boolean> {
  const staff = yield* step("readStaff", {});
  const account = staff.find(({ id }) => id === staffId);
  if (!account) return false;
  if (options.keepAnOwner && leavesNoOwner(staff, { id: staffId, role })) throw new LastOwnerError();
  const pending = yield* pendingInvitations(staffId, staff);
  yield* step("setRole", { staffId, role });
  const withdrawn = invitationsWithdrawn({ ...account, role }, pending);
  yield* step("revokeLinks", { linkIds: withdrawn, at: at.toISOString() });
  return true;
}

/** The invitations the member sent that still wait: links not used nor withdrawn, to accounts of `staff` with no password yet. */
function* pendingInvitations(
  staffId: string,
  staff: readonly (StaffStanding & { id: string })[],
): MemberChange<{ linkId: string; role: StaffRole }[]> {
  const sent: StaffLink[] = yield* step("readLinksSentBy", { staffId });
  const accounts = new Map(staff.map((each) => [each.id, each]));
  return sent.flatMap((link) => {
    const invitee = accounts.get(link.staffId);
    return link.usedAt === null && link.revokedAt === null && invitee?.invited
      ? [{ linkId: link.id, role: invitee.role }]
      : [];
  });
}

/**
 * Removes the member with the address `email`, in one transaction: with `keepAnOwner`, throws
 * LastOwnerError, changing nothing, when the staff as read would be left with no active owner;
 * withdraws the pending invitations they sent (domain/staff.ts: invitationsWithdrawn); gives every
 * enquiry they own to nobody as planMemberRemoval says (server/lifecycle/plan.ts: an owner change
 * by `staffEmail` each, open, closed and spam alike); and removes the account with its sessions
 * and devices. Answers how many open enquiries went to nobody; null when there is no such account.
 */
export function* removeMember(
  email: string,
  change: { staffEmail?: string; at?: Date; requestId?: string; keepAnOwner?: boolean },
): MemberChange<number | null> {
  const staffId = yield* step("readAccountId", { email: normalizeStaffEmail(email) });
  if (!staffId) return null;
  const staff = yield* step("readStaff", {});
  if (change.keepAnOwner && leavesNoOwner(staff, { id: staffId, role: null })) throw new LastOwnerError();
  const pending = yield* pendingInvitations(staffId, staff);
  const owned = yield* step("readWorkOf", { staffId });
  const members = yield* step("readMembers", {});
  const actor: Actor = {
    staffEmail: change.staffEmail ?? "",
    at: (change.at ?? new Date()).toISOString(),
    ...(change.requestId ? { requestId: change.requestId } : {}),
  };
  yield* step("revokeLinks", { linkIds: invitationsWithdrawn(null, pending), at: actor.at });
  const plan = planMemberRemoval(
    owned.map(({ stored, work }) => ({ enquiryId: stored.id, found: { work, ...stored } })),
    { staffId, actor: { id: null, email: actor.staffEmail }, members, at: actor.at },
  );
  const readOf = new Map(owned.map((read) => [read.stored.id, read]));
  for (const [index, outcome] of plan.outcomes.entries()) {
    const read = readOf.get(plan.enquiryIds[index] ?? "");
    if (outcome.outcome === "changed" && read) yield* step("writePlan", { read, plan: outcome, actor });
  }
  for (const { enquiryId, alert } of plan.alerts) {
    const read = readOf.get(enquiryId);
    if (read) yield* step("writeAlerts", { stored: read.stored, alerts: [alert], actor });
  }
  yield* step("writeHandedOnLists", { lists: plan.lists, actor });
  yield* step("removeAccount", { staffId });
  return plan.open;
}
