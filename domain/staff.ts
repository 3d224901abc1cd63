/**
 * Who among the console's accounts counts for what: written once, for the console's routes and
 * both stores (whose adapters only read the facts: each account's role, whether it still waits
 * for a password, and who sent each link). No I/O.
 *
 * An account is active once its holder has set a password: they accepted their invitation (or
 * were added on the server). Until then it is a pending invitation: an address an owner typed,
 * perhaps mistyped, perhaps their own second one, that nobody has shown they can read. So:
 * - only active owners count as owners (the last-owner guard), and only they may invite;
 * - only active members, of either role, own enquiries, are named by the assignment rule, and are
 *   mailed about enquiries (a hand-over alert carries the buyer's name, e-mail and mobile);
 * - a link that would let a pending invitee in stands only while whoever sent it may still invite
 *   them: removing or demoting an owner withdraws the invitations they sent (docs/console-security.md).
 */
import type { StaffRole } from "./console";
import { istDate } from "./working-hours";

/** What the rules read of an account. `invited`: it has no password yet (StaffMember.invited). */
export interface StaffStanding {
  role: StaffRole;
  invited: boolean;
}

/** Whether the account is in use: its holder set a password. */
export function isActive(account: { invited: boolean }): boolean {
  return !account.invited;
}

/** An owner who can sign in: what the last-owner guard counts. An owner only invited is not one yet. */
export function countsAsOwner(account: StaffStanding): boolean {
  return account.role === "owner" && isActive(account);
}

/**
 * Whether an account standing so (null: no longer on the staff) may invite someone as `role`, or
 * send a link that lets a pending invitee of that role in. Inviting is the Staff page's, whose
 * routes are for owners alone, whatever the role invited.
 */
export function mayInvite(sender: StaffStanding | null, role: StaffRole): boolean {
  void role;
  return sender !== null && countsAsOwner(sender);
}

/**
 * Who may own enquiries: be handed one (by anyone, one by one or in bulk), take one, be named by the
 * assignment rule, and be mailed about enquiries. Active members, owners or not.
 */
export function mayOwnEnquiries(account: { invited: boolean }): boolean {
  return isActive(account);
}

/**
 * Whether changing the role of account `id` to `role` (null: removing it) would leave the console
 * with no owner who can sign in; such a change is refused. Owners only invited are not counted:
 * they may never accept.
 */
export function leavesNoOwner(
  staff: readonly (StaffStanding & { id: string })[],
  change: { id: string; role: StaffRole | null },
): boolean {
  const account = staff.find(({ id }) => id === change.id);
  if (!account || !countsAsOwner(account)) return false;
  if (change.role !== null && countsAsOwner({ ...account, role: change.role })) return false;
  return !staff.some((other) => other.id !== change.id && countsAsOwner(other));
}

/**
 * Why a link no longer lets its pending invitee in:
 * - "withdrawn": whoever sent it was removed or may no longer invite them (its removal or
 *   demotion withdrew it, or it is found so when used);
 * - "untraced": it was sent before links recorded who sent them, so nobody can vouch for it.
 */
export type LinkWithdrawal = "withdrawn" | "untraced";

/**
 * Whether a link not used and not run out still stands, else why not. A link for an account
 * already active (a reset, to its holder's own address) lets nobody new in: its sender is not
 * asked about. One for a pending invitee (an invitation, or a new link sent to them) stands only
 * while its sender, read now, may invite someone of the account's role.
 */
export function linkWithdrawal(input: {
  account: StaffStanding;
  link: { sentBy: string | null; revokedAt: string | null };
  /** The link's sender as they stand now; null when they are no longer on the staff (or unknown). */
  sender: StaffStanding | null;
}): LinkWithdrawal | null {
  if (input.link.revokedAt !== null) return "withdrawn";
  if (isActive(input.account)) return null;
  if (input.link.sentBy === null) return "untraced";
  return mayInvite(input.sender, input.account.role) ? null : "withdrawn";
}

/**
 * Which of the pending invitations someone sent (each with the invitee's role) their new standing
 * withdraws: all of them once they are removed (null), those they may no longer invite once
 * demoted. Answers the links' ids.
 */
export function invitationsWithdrawn(
  senderAfter: StaffStanding | null,
  invitations: readonly { linkId: string; role: StaffRole }[],
): string[] {
  return invitations.filter(({ role }) => !mayInvite(senderAfter, role)).map(({ linkId }) => linkId);
}

/** The longest display name a member may have: a name and a surname, or how the team calls them. */
export const DISPLAY_NAME_MAX_LENGTH = 60;

export const displayNameMessages = {
  invalid: `A name is at most ${DISPLAY_NAME_MAX_LENGTH} characters on one line: letters, spaces, dots, hyphens and apostrophes.`,
  saved: (name: string | null) =>
    name ? `Name saved: colleagues see ${name}.` : "Name cleared: colleagues see the e-mail address.",
} as const;

const DISPLAY_NAME = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

/**
 * A display name as typed: trimmed, its inner spaces folded; empty means none (the address is
 * shown instead). Refused when it is not a plain name on one line, so nothing a member types
 * reaches a mail header or a push as anything but a name.
 */
export function checkDisplayName(
  value: unknown,
): { ok: true; value: string | null } | { ok: false; error: string } {
  if (value === null || value === undefined) return { ok: true, value: null };
  if (typeof value !== "string") return { ok: false, error: displayNameMessages.invalid };
  const name = value.trim().replace(/\s+/g, " ");
  if (name === "") return { ok: true, value: null };
  if (name.length > DISPLAY_NAME_MAX_LENGTH || !DISPLAY_NAME.test(name))
    return { ok: false, error: displayNameMessages.invalid };
  return { ok: true, value: name };
}

/** How a member is named to colleagues, in the console, alerts and pushes: their display name, else their address. */
export function memberName(member: { email: string; displayName?: string | null }): string {
  return member.displayName || member.email;
}

/**
 * Who may change a member's display name: the member themselves, or an owner (of anyone's).
 */
export function mayRename(actor: { id: string; role: StaffRole }, memberId: string): boolean {
  return actor.id === memberId || actor.role === "owner";
}

/**
 * Away: a member away until a date (an IST calendar day, YYYY-MM-DD) is away until the end of
 * that day in India; from the next day they are back without anyone clearing it. Null: not away.
 */
export type AwayUntil = string | null;

/** How the console says a member is away: "Away until 5 Dec". */
export function awayLabel(awayUntil: string): string {
  const date = new Date(`${awayUntil}T00:00:00Z`);
  const day = date.toLocaleDateString("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
  return `Away until ${day}`;
}

export const awayMessages = {
  invalid: "Choose a date from today on, as YYYY-MM-DD, or clear it.",
  saved: (awayUntil: string | null) =>
    awayUntil
      ? `${awayLabel(awayUntil)}: no alerts, pushes or new enquiries until then.`
      : "Back: alerts, pushes and new enquiries reach you again.",
} as const;

const AWAY_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date typed for "away until": an IST day from today (`now`'s IST day) on; empty or null clears
 * it. A date past is refused: it would mean nothing.
 */
export function checkAwayUntil(
  value: unknown,
  now: Date,
): { ok: true; value: AwayUntil } | { ok: false; error: string } {
  if (value === null || value === undefined || value === "") return { ok: true, value: null };
  if (typeof value !== "string" || !AWAY_DATE.test(value)) return { ok: false, error: awayMessages.invalid };
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value)
    return { ok: false, error: awayMessages.invalid };
  if (value < istDate(now)) return { ok: false, error: awayMessages.invalid };
  return { ok: true, value };
}

/** Whether a member is away at `at`: their date is today or later in India. */
export function isAway(member: { awayUntil?: AwayUntil | undefined }, at: Date | string): boolean {
  const until = member.awayUntil;
  if (!until) return false;
  return istDate(typeof at === "string" ? new Date(at) : at) <= until;
}

/**
 * Who may receive work and alerts now: an active member (mayOwnEnquiries) who is not away. The
 * assignment rule names only them, and only they are mailed or pushed about enquiries.
 */
export function mayReceiveWorkNow(
  member: { invited: boolean; awayUntil?: AwayUntil | undefined },
  at: Date | string,
): boolean {
  return mayOwnEnquiries(member) && !isAway(member, at);
}

/** Who may mark a member away, or clear it: the member themselves, or an owner (anyone). */
export const mayMarkAway = mayRename;

/**
 * How the console names a member beside work it could give them (owner chips, pickers): their
 * name, and "Away until …" while they are away at `now`.
 */
export function memberLabel(
  member: { email: string; displayName?: string | null; awayUntil?: AwayUntil | undefined },
  now: Date,
): string {
  const name = memberName(member);
  return member.awayUntil && isAway(member, now) ? `${name} (${awayLabel(member.awayUntil)})` : name;
}
