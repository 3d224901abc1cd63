/**
 * An enquiry's life, decided once (docs/decisions/029-enquiry-lifecycle-written-once.md). Each function takes
 * what a store adapter read inside its transaction and answers what to write: the enquiry's work
 * record as it must be afterwards, the history lines, the members' alerts and the webhook events.
 * No I/O: the adapters read, call a plan, and write exactly what it says, so SQLite and Firestore
 * cannot decide differently.
 */
import { enquiryReference } from "../../domain/console";
import {
  FIRST_CONTACT_STATUS,
  INITIAL_STATUS,
  isClosed,
  isDuplicate,
  isSpam,
  isWork,
  SPAM_STATUS,
  STATUS,
  type EnquiryStatus,
} from "../../domain/status";
import type { HandedOnList } from "../../domain/bulk";
import type { BuyerType, StoredEnquiryFields } from "../../domain/enquiry";
import { plainFirstName } from "../../domain/names";
import {
  assigneeOf,
  firstContactDueAt,
  memberAlertRecipients,
  usesTurns,
  type AlertChoice,
  type AssignmentRule,
} from "../../domain/team";
import type { WorkingHours } from "../../domain/working-hours";
import { whatsappConsentOf, type WhatsAppConsent } from "../../domain/whatsapp-consent";
import type { Language } from "../../domain/contract";
import { mayOwnEnquiries, mayReceiveWorkNow, memberName, type AwayUntil } from "../../domain/staff";
import {
  callOutcomeLines,
  DEFAULT_CALL_OUTCOME,
  reachedBuyer,
  type CallOutcome,
  type ContactChannel,
} from "../../domain/lifecycle";
import { DEFAULT_DUE_RULE, type DueRule } from "../../domain/due-rule";
import { duplicateLine } from "../../domain/duplicate";
import type { PushReason } from "../../domain/push";
import {
  dealSummary,
  lostReasonLine,
  sameFigures,
  type DealFigures,
  isLost,
  type LostReason,
} from "../../domain/deal";

import { untouchedWork, type WorkState } from "../../domain/work-state";
import { touchedOf, waitingOnUs, withTouched } from "./inbox-listing";

export { untouchedWork, type WorkState };

/**
 * What a line of history is to the dashboard, said by the plan that writes it (decision 029:
 * contact, not activity), and stored as it says by both stores:
 * - "first-contact": contact with the buyer (a status change, a note, a call or chat): the member
 *   who wrote it worked the enquiry, and the enquiry's first touch is the earliest such line;
 * - "worked": work on the enquiry that reaches nobody (filing it as spam, Not spam, which judge the
 *   enquiry; releasing it starts its wait for a first contact afresh: planRelease): the member
 *   worked it, and its first touch is not this line.
 * Handing on, planning a follow-up and the deal's figures are neither: their lines carry none.
 */
export type LineTouch = "first-contact" | "worked";

export type HistoryLine =
  | { kind: "status"; from: EnquiryStatus; to: EnquiryStatus; text: string | null; touch: LineTouch }
  | { kind: "note"; text: string; touch: "first-contact" }
  /** `text`: the new owner's e-mail (null: nobody); `fromOwner`: the previous owner's (null: nobody). */
  | { kind: "owner"; text: string | null; fromOwner: string | null; touch?: never }
  /** `text`: "when · next step" (null: cleared). */
  | { kind: "follow-up"; text: string | null; touch?: never }
  /** A call or WhatsApp chat started from the console, or a reply sent: `text` is the channel. */
  | { kind: "contact"; text: ContactChannel; touch: "first-contact" }
  /** The deal's figures recorded ("Deal: 40 sachets, ₹ 32,000, Jaipur 302001"), or why it was lost. */
  | { kind: "deal"; text: string; touch?: never };

/** The history line of a status change: contact with the buyer unless it files or releases spam (LineTouch). */
function statusLine(from: EnquiryStatus, to: EnquiryStatus, text: string | null): HistoryLine {
  const touch: LineTouch = isSpam(from) || isSpam(to) ? "worked" : "first-contact";
  return { kind: "status", from, to, text, touch };
}

export type WebhookEventPlan =
  | { type: "enquiry.received" }
  | { type: "enquiry.not_spam" }
  | { type: "enquiry.status_changed"; change: { from: EnquiryStatus; to: EnquiryStatus } };

/**
 * What a member's alert says beyond its enquiry (none for a new one): handed on, the buyer's
 * answer, or answers set aside. The alert keeps it, and the mail is made from it.
 */
export interface MemberAlertFacts {
  /** Set when the enquiry was handed to them: who handed it on. */
  handedOnBy?: string;
  /** Set when the buyer answered (by e-mail, or on WhatsApp when `channel` says so). */
  answered?: true;
  /** With `answered`: set when the answer came on WhatsApp, not by e-mail. */
  channel?: "whatsapp";
  /** With `answered`: the start of the answer, as the alert quotes it (answerQuote; erased with the enquiry). */
  quote?: string;
  /** Set when the buyer's answers beyond the day's cap were set aside in the mailbox. */
  setAside?: true;
}

/**
 * A mail to a member about one enquiry: a new one they chose to hear of, one handed to them, or
 * the buyer's answer to one they own, or answers beyond the day's cap set aside
 * (server/lifecycle/conversation.ts).
 */
export interface MemberAlertPlan extends MemberAlertFacts {
  staffId: string;
}

/**
 * A push notification to a member about one enquiry, on every device they turned notifications on
 * for. `id` is set when the notification must be queued once only, whoever queues it (a reminder).
 */
export interface PushPlan {
  staffId: string;
  reason: PushReason;
  /** Set when the enquiry was handed to them: who handed it on. */
  handedOnBy?: string;
  id?: string;
}

/** What one decision writes. */
export interface WorkPlan {
  work: WorkState;
  history: HistoryLine[];
  alerts: MemberAlertPlan[];
  webhooks: WebhookEventPlan[];
  /** Push notifications to queue beside the mails (none when absent). */
  pushes?: PushPlan[];
}

/**
 * Who made a change, as the member it reaches reads it in an alert or a push: their display name,
 * else their address (domain/staff.ts: memberName).
 */
function actorName(members: readonly MemberFacts[], actor: { id: string | null; email: string }): string {
  const member = actor.id ? members.find(({ id }) => id === actor.id) : undefined;
  return member ? memberName(member) : actor.email;
}

/** A member as the plans need them: their id, e-mail and alert choice. */
export interface MemberFacts {
  id: string;
  email: string;
  /** How colleagues see them (domain/staff.ts: memberName); null or absent: their address. */
  displayName?: string | null;
  alerts: AlertChoice;
  /**
   * No password set yet (a pending invitation): such a member owns nothing and is mailed nothing
   * about enquiries (domain/staff.ts: mayOwnEnquiries).
   */
  invited: boolean;
  /** Whether they turned notifications on for at least one device. */
  pushDevices?: boolean;
  /** Away until the end of this IST day (domain/staff.ts: isAway); null or absent: not away. */
  awayUntil?: AwayUntil;
}

/**
 * An enquiry given to `ownerId` by the rule or by someone else reaches their phone, when they
 * turned notifications on: nobody is notified of what they took themselves.
 */
function assignedPushes(
  ownerId: string | null,
  members: readonly MemberFacts[],
  at: string,
  actor?: { id: string | null; email: string },
): PushPlan[] {
  const owner = ownerId ? owners(members, at).find(({ id }) => id === ownerId) : undefined;
  if (!owner?.pushDevices || owner.id === actor?.id) return [];
  return [
    {
      staffId: owner.id,
      reason: "assigned",
      ...(actor?.email ? { handedOnBy: actorName(members, actor) } : {}),
    },
  ];
}

/**
 * The members who may receive work and alerts at `at` (domain/staff.ts: mayReceiveWorkNow): a
 * pending invitee or a member away is passed over by the rule and hears of nothing, by mail or
 * on the phone.
 */
export function owners(members: readonly MemberFacts[], at: string): MemberFacts[] {
  return members.filter((member) => mayReceiveWorkNow(member, at));
}

/**
 * When the enquiry is due, the one time Overdue and Due today read: nothing once closed; the
 * follow-up once the buyer was contacted; before that, the first-contact target or an earlier
 * follow-up. Planning a follow-up, or handing the enquiry on, is not contact.
 */
export function dueOf(work: Omit<WorkState, "dueAt">): string | null {
  if (isClosed(work.status)) return null;
  if (touchedOf(work)) return work.followUpAt;
  const times = [work.firstContactDueAt, work.followUpAt].filter((time): time is string => time !== null);
  return times.length ? times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null;
}

/**
 * What the due-time rule (domain/due-rule.ts) decides from in a change: when the enquiry was
 * received, the company's working hours in force (its published record), and the rule itself
 * (the default unless an owner's setting replaces it).
 */
export interface DueFacts {
  receivedAt: string;
  hours: WorkingHours;
  rule?: DueRule;
}

/** The due time the rule gives an enquiry for a change made `at`. */
export function dueByRule(facts: DueFacts, at: string): string {
  const rule = facts.rule ?? DEFAULT_DUE_RULE;
  return rule({
    receivedAt: new Date(facts.receivedAt),
    at: new Date(at),
    hours: facts.hours,
  }).toISOString();
}

/** Whether the time has come by `at`. */
const hasCome = (time: string, at: string): boolean => Date.parse(time) <= Date.parse(at);

/**
 * The next work record as a plan answers it, the one place every next state passes through: its
 * due time worked out, no reminder pending without an open follow-up to remind of, whether it
 * waits on us (inbox-listing.ts: waitingOnUs) and whether it is the team's work (spam is never
 * work: domain/status.ts, isWork), which the stores keep as given. Every open enquiry
 * is due (decision 029): with `timing`, one that would be due at no time gets the rule's as its
 * follow-up, which no reminder on the phone repeats (a reminder is for a time someone chose).
 */
export function settled(work: WorkState, timing?: { due: DueFacts; at: string }): WorkState {
  const open = !isClosed(work.status);
  const ruled =
    timing && open && dueOf(work) === null
      ? { ...work, followUpAt: dueByRule(timing.due, timing.at), reminderDueAt: null }
      : work;
  const reminds = open && ruled.followUpAt !== null;
  return {
    ...ruled,
    dueAt: dueOf(ruled),
    reminderDueAt: reminds ? ruled.reminderDueAt : null,
    ...derivedFlagsOf(ruled),
  };
}

/**
 * The flags of a work record that `settled` derives from the rest of it, for the views to query
 * by equality: whether it waits on us (inbox-listing.ts: waitingOnUs), and whether it is the
 * team's work (spam and a duplicate never are: domain/status.ts, isWork). A record stored by a
 * build from before a flag existed lacks it until it is given the flag (server/work/derived-flags.ts).
 */
function derivedFlagsOf(work: WorkState): DerivedFlags {
  return {
    waitingOnUs: waitingOnUs(withTouched(work)),
    teamWork: isWork(work.status),
  };
}

export type DerivedFlags = Pick<WorkState, "waitingOnUs" | "teamWork">;
export type DerivedFlag = keyof DerivedFlags;

/** The names of the flags `settled` derives (derivedFlagsOf), in one order. */
export const DERIVED_FLAGS = Object.keys(derivedFlagsOf(untouchedWork())).sort() as DerivedFlag[];

/**
 * What counts as contact with the buyer: the enquiry is no longer waiting for its first contact,
 * and is due by its follow-up, or by the rule when it has none. With `stepDone` (a reply, an
 * answered call, a chat), a follow-up whose time has come was the step just taken, and the rule's
 * time replaces it; one still ahead is kept.
 */
function contacted(work: WorkState, at: string, due: DueFacts, stepDone = false): WorkState {
  const done = stepDone && work.followUpAt !== null && hasCome(work.followUpAt, at);
  return settled(
    {
      ...work,
      touchedAt: work.touchedAt ?? at,
      firstContactDueAt: null,
      answeredAt: null,
      ...(done ? { followUpAt: null, nextStep: null, reminderDueAt: null } : {}),
    },
    { due, at },
  );
}

/**
 * The first recorded contact with the buyer moves an enquiry still at the initial status (New) to
 * Contacted, as a status change would: its version, its history line and its event. At any other
 * status nothing moves.
 */
function movedByContact(work: WorkState): Pick<WorkPlan, "history" | "webhooks"> & { work: WorkState } {
  if (!STATUS[work.status].initial) return { work, history: [], webhooks: [] };
  const change = { from: work.status, to: FIRST_CONTACT_STATUS };
  return {
    work: settled({ ...work, status: FIRST_CONTACT_STATUS, version: work.version + 1 }),
    history: [statusLine(change.from, change.to, null)],
    webhooks: [{ type: "enquiry.status_changed", change }],
  };
}

// Intake --------------------------------------------------------------------------------------

/** Whether storing this enquiry takes the next turn of the assignment rule. */
export function intakeTakesTurn(rule: AssignmentRule, spam: boolean): boolean {
  return !spam && usesTurns(rule);
}

/**
 * What storing a new enquiry writes: its work, its mails, and the consent to WhatsApp its form
 * gave (domain/whatsapp.ts: whatsappConsentOf), kept beside it; null when none was given.
 */
export type IntakePlan = WorkPlan & {
  companyMail: boolean;
  acknowledgement: boolean;
  whatsappConsent: WhatsAppConsent | null;
};

/**
 * A new enquiry: filed as Spam (no owner, no mail, no event, not timed), or New with its owner by
 * the rule, its first-contact target, its members' alerts and its event. The company's mail and
 * the visitor's acknowledgement go only with an enquiry not filed as spam.
 */
export function planIntake(input: {
  receivedAt: string;
  /** Null: not given (an enquiry started on WhatsApp). */
  buyer: BuyerType | null;
  spam: boolean;
  rule: AssignmentRule;
  /** The turn taken (intakeTakesTurn), else 0. */
  turn: number;
  members: readonly MemberFacts[];
  /** The company's working hours in force (its published record): the first-contact target's. */
  hours: WorkingHours;
  /** The visitor asked for a copy and the mailbox caps allow it. */
  acknowledge: boolean;
  /** The visitor ticked the form's WhatsApp box, on a page in `language`. */
  whatsappConsent?: { asked: boolean; language: Language };
}): IntakePlan {
  // The buyer's own word, recorded whatever the screening says: released from spam, it stands.
  const whatsappConsent = input.whatsappConsent
    ? whatsappConsentOf({ ...input.whatsappConsent, receivedAt: input.receivedAt })
    : null;
  if (input.spam) {
    return {
      whatsappConsent,
      work: settled({ ...untouchedWork(), status: SPAM_STATUS, closedAt: input.receivedAt }),
      history: [],
      alerts: [],
      webhooks: [],
      companyMail: false,
      acknowledgement: false,
    };
  }
  const members = owners(input.members, input.receivedAt);
  const ids = new Set(members.map(({ id }) => id));
  const ownerId = assigneeOf(input.rule, input.buyer, input.turn, (id) => ids.has(id));
  const due = firstContactDueAt(new Date(input.receivedAt), input.hours).toISOString();
  return {
    whatsappConsent,
    work: settled({ ...untouchedWork(), ownerId, firstContactDueAt: due }),
    history: [],
    alerts: memberAlertRecipients({ buyer: input.buyer, ownerId, members }).map((staffId) => ({
      staffId,
    })),
    pushes: assignedPushes(ownerId, input.members, input.receivedAt),
    webhooks: [{ type: "enquiry.received" }],
    companyMail: true,
    acknowledgement: input.acknowledge,
  };
}

/**
 * The counted checks' verdict: the acknowledgement goes only to a visitor who asked, whose
 * enquiry is not spam, and whose mailbox caps allow it (`capAllowed` is undefined when the caps
 * were not counted because the mail was not going anyway). A repeat of an idempotency key is
 * answered before this and counts nothing.
 */
export function acknowledgementQueued(input: {
  asked: boolean;
  spam: boolean;
  capAllowed: boolean | undefined;
}): boolean {
  return input.asked && !input.spam && input.capAllowed !== false;
}

/** Whether the mailbox caps must be counted for this enquiry at all. */
export function countsMailboxCap(input: { asked: boolean; spam: boolean }): boolean {
  return input.asked && !input.spam;
}

// Status ---------------------------------------------------------------------------------------

export type StatusChangePlan = { outcome: "conflict" } | ({ outcome: "changed" } & WorkPlan);

/**
 * A status change based on `expectedVersion`: refused when someone changed the enquiry since.
 * It counts as contact; it may set the next step, and the follow-up; closing (Fulfilled, Declined,
 * Spam) clears the follow-up and the next step, and reopening starts with the due time of the rule
 * and no next step. A status that restarts the follow-up (Confirmed: the next step of the sale)
 * replaces the old one by the rule's unless the change carries one. Every open enquiry stays due:
 * without a follow-up, the rule's time. Declined keeps why the sale was lost (`lostReason`, which
 * the console asks for: domain/deal.ts), with its own history line; any other status forgets it.
 */
export function planStatusChange(
  work: WorkState,
  change: {
    to: EnquiryStatus;
    expectedVersion: number;
    note?: string | null;
    /** The next step typed with the change; undefined keeps the current one. */
    nextStep?: string | null;
    /** The follow-up set with the change (null: the rule's); undefined keeps the current one. */
    followUpAt?: string | null;
    /** Why the sale was lost, with Declined; undefined keeps the one recorded. */
    lostReason?: LostReason | null;
    /** The enquiry this one repeats, with the duplicate close; undefined keeps the one recorded. */
    duplicateOf?: string | null;
    at: string;
    due: DueFacts;
  },
): StatusChangePlan {
  if (work.version !== change.expectedVersion) return { outcome: "conflict" };
  const clearing = STATUS[change.to].clearsFollowUp;
  const reopening = STATUS[work.status].clearsFollowUp && !clearing;
  const restarting = STATUS[change.to].restartsFollowUp && change.to !== work.status;
  const carried = !clearing && change.followUpAt !== undefined;
  const keepFollowUp = !clearing && !reopening && !restarting;
  const nextStep = clearing
    ? null
    : change.nextStep !== undefined
      ? change.nextStep || null
      : keepFollowUp
        ? work.nextStep
        : null;
  const followUpAt = carried ? (change.followUpAt ?? null) : keepFollowUp ? work.followUpAt : null;
  const reminderDueAt =
    carried && followUpAt !== work.followUpAt
      ? followUpAt
      : followUpAt === work.followUpAt
        ? work.reminderDueAt
        : null;
  const lostReason = isLost(change.to) ? (change.lostReason ?? work.lostReason) : null;
  const duplicateOf = isDuplicate(change.to) ? (change.duplicateOf ?? work.duplicateOf) : null;
  const duplicateLines: HistoryLine[] =
    duplicateOf && duplicateOf !== work.duplicateOf
      ? [{ kind: "deal", text: duplicateLine(enquiryReference(duplicateOf)) }]
      : [];
  const lostLine: HistoryLine[] =
    lostReason && lostReason !== work.lostReason ? [{ kind: "deal", text: lostReasonLine(lostReason) }] : [];
  return {
    outcome: "changed",
    work: contacted(
      {
        ...work,
        status: change.to,
        version: work.version + 1,
        followUpAt,
        nextStep,
        reminderDueAt,
        closedAt: isClosed(change.to)
          ? isClosed(work.status)
            ? (work.closedAt ?? change.at)
            : change.at
          : null,
        lostReason,
        duplicateOf,
      },
      change.at,
      change.due,
    ),
    history: [statusLine(work.status, change.to, change.note || null), ...lostLine, ...duplicateLines],
    alerts: [],
    webhooks: [{ type: "enquiry.status_changed", change: { from: work.status, to: change.to } }],
  };
}

export type ReleasePlan =
  | { outcome: "conflict" }
  | { outcome: "not-spam" }
  | ({ outcome: "changed"; companyMail: boolean } & WorkPlan);

/** Whether marking this record Not spam takes a turn of the rule: only when it has no owner to keep. */
export function releaseTakesTurn(work: WorkState, rule: AssignmentRule): boolean {
  return isSpam(work.status) && work.ownerId === null && usesTurns(rule);
}

/**
 * An enquiry filed as Spam that staff mark Not spam reaches the team as a new one would: New, an
 * owner by the rule (or the one it had, when staff set Spam by hand), its members' alerts, its
 * first-contact target counted from now, the company's mail (once) and the "not spam" event.
 */
export function planRelease(
  work: WorkState,
  input: {
    expectedVersion: number;
    at: string;
    buyer: BuyerType | null;
    rule: AssignmentRule;
    turn: number;
    members: readonly MemberFacts[];
    /** The company's working hours in force (its published record): the first-contact target's. */
    hours: WorkingHours;
    /** Whether the company's mail of this enquiry was ever queued. */
    companyMailQueued: boolean;
  },
): ReleasePlan {
  if (work.version !== input.expectedVersion) return { outcome: "conflict" };
  if (!isSpam(work.status)) return { outcome: "not-spam" };
  const members = owners(input.members, input.at);
  const ids = new Set(members.map(({ id }) => id));
  const ownerId = work.ownerId ?? assigneeOf(input.rule, input.buyer, input.turn, (id) => ids.has(id));
  const due = firstContactDueAt(new Date(input.at), input.hours).toISOString();
  return {
    outcome: "changed",
    companyMail: !input.companyMailQueued,
    work: settled({ ...untouchedWork(), version: work.version + 1, ownerId, firstContactDueAt: due }),
    history: [statusLine(work.status, INITIAL_STATUS, null)],
    alerts: memberAlertRecipients({ buyer: input.buyer, ownerId, members }).map((staffId) => ({
      staffId,
    })),
    pushes: work.ownerId ? [] : assignedPushes(ownerId, input.members, input.at),
    webhooks: [{ type: "enquiry.not_spam" }],
  };
}

// Owner ----------------------------------------------------------------------------------------

export type OwnerChangePlan =
  | { outcome: "no-such-member" }
  /** The member chosen has not set a password yet (domain/staff.ts): nothing is written, nobody is mailed. */
  | { outcome: "invitation-pending" }
  /** The version changed since the list was loaded (a bulk assignment): nothing is written. */
  | { outcome: "conflict" }
  /** The owner changed since the page was loaded: nothing is written; the console asks first. */
  | { outcome: "owner-changed"; currentOwnerId: string | null }
  | ({ outcome: "changed" } & WorkPlan);

/**
 * Gives the enquiry to `ownerId` (null: nobody). Handing on is not contact: an enquiry nobody
 * answered keeps its first-contact target, and stays late, for its new owner. The new owner hears
 * of it at once unless they chose no alerts or took it themselves, by mail and, where they turned
 * notifications on, on their phone; a follow-up still to be reminded of is reminded to them. `expectedOwnerId` is the owner
 * the person saw; a different current owner refuses the change (undefined: not checked, for the
 * server's own assignments). `expectedVersion`, the version a list showed (a bulk assignment),
 * refuses it as a status change would be refused when someone changed the enquiry since.
 */
export function planOwnerChange(
  work: WorkState,
  change: {
    ownerId: string | null;
    expectedOwnerId?: string | null;
    expectedVersion?: number;
    actor: { id: string | null; email: string };
    members: readonly MemberFacts[];
    /** When the change is made: a member away then is neither mailed nor pushed about it. */
    at: string;
  },
): OwnerChangePlan {
  const newOwner = change.ownerId ? change.members.find(({ id }) => id === change.ownerId) : undefined;
  if (change.ownerId && !newOwner) return { outcome: "no-such-member" };
  if (newOwner && !mayOwnEnquiries(newOwner)) return { outcome: "invitation-pending" };
  if (change.expectedVersion !== undefined && change.expectedVersion !== work.version) {
    return { outcome: "conflict" };
  }
  if (change.expectedOwnerId !== undefined && change.expectedOwnerId !== work.ownerId) {
    return { outcome: "owner-changed", currentOwnerId: work.ownerId };
  }
  const previous = work.ownerId ? change.members.find(({ id }) => id === work.ownerId) : undefined;
  const alerts: MemberAlertPlan[] =
    newOwner &&
    newOwner.id !== change.actor.id &&
    newOwner.id !== work.ownerId &&
    newOwner.alerts !== "none" &&
    mayReceiveWorkNow(newOwner, change.at)
      ? [{ staffId: newOwner.id, handedOnBy: actorName(change.members, change.actor) }]
      : [];
  return {
    outcome: "changed",
    work: settled({ ...work, ownerId: change.ownerId }),
    history: [{ kind: "owner", text: newOwner?.email ?? null, fromOwner: previous?.email ?? null }],
    alerts,
    pushes:
      change.ownerId === work.ownerId
        ? []
        : assignedPushes(change.ownerId, change.members, change.at, change.actor),
    webhooks: [],
  };
}

/** One enquiry of a bulk assignment, as the list showed it and its adapter read it. */
export interface OwnerBatchEntry {
  enquiryId: string;
  /** What the adapter read of it; null: there is no such enquiry. */
  found: {
    work: WorkState;
    enquiry: Pick<StoredEnquiryFields, "Name" | "Quantity" | "RetailerSelfUse">;
    receivedAt: string;
  } | null;
  expectedVersion: number;
  expectedOwnerId?: string | null;
}

export interface OwnerBatchPlan {
  /** Each enquiry's own plan, in the order given; a changed one's alert is among the batch's below. */
  outcomes: (OwnerChangePlan | { outcome: "not-found" })[];
  /** A member handed just one gets that enquiry's own alert, as from its page. */
  alerts: { enquiryId: string; alert: MemberAlertPlan }[];
  /** A member handed several gets one mail listing them, not a mail each. */
  lists: { staffId: string; list: HandedOnList }[];
}

/**
 * A bulk assignment: each enquiry planned alone by planOwnerChange (its own version and owner
 * checks, its own history line), and the new owner's alerts of the whole batch gathered into one
 * mail per member. Members who chose no alerts, or who took the enquiries themselves, get none. A
 * push notification goes only where the batch hands one enquiry on.
 */
export function planOwnerBatch(
  items: readonly OwnerBatchEntry[],
  change: {
    ownerId: string | null;
    actor: { id: string | null; email: string };
    members: readonly MemberFacts[];
    at: string;
  },
): OwnerBatchPlan {
  const handed = new Map<string, { item: OwnerBatchEntry & { found: object }; alert: MemberAlertPlan }[]>();
  const outcomes = items.map((item): OwnerBatchPlan["outcomes"][number] => {
    const { found } = item;
    if (!found) return { outcome: "not-found" };
    const plan = planOwnerChange(found.work, {
      ownerId: change.ownerId,
      expectedVersion: item.expectedVersion,
      ...(item.expectedOwnerId !== undefined ? { expectedOwnerId: item.expectedOwnerId } : {}),
      actor: change.actor,
      members: change.members,
      at: change.at,
    });
    if (plan.outcome !== "changed") return plan;
    for (const alert of plan.alerts) {
      handed.set(alert.staffId, [...(handed.get(alert.staffId) ?? []), { item: { ...item, found }, alert }]);
    }
    return { ...plan, alerts: [] };
  });
  const alerts: OwnerBatchPlan["alerts"] = [];
  const lists: OwnerBatchPlan["lists"] = [];
  for (const [staffId, entries] of handed) {
    const [only] = entries;
    if (entries.length === 1 && only) {
      alerts.push({ enquiryId: only.item.enquiryId, alert: only.alert });
      continue;
    }
    const oldestFirst = [...entries].sort(
      (a, b) =>
        Date.parse(a.item.found.receivedAt) - Date.parse(b.item.found.receivedAt) ||
        (a.item.enquiryId < b.item.enquiryId ? -1 : 1),
    );
    lists.push({
      staffId,
      list: {
        handedOnBy: actorName(change.members, change.actor),
        items: oldestFirst.map(({ item: { enquiryId, found } }) => {
          const firstName = found.enquiry.Name === null ? undefined : plainFirstName(found.enquiry.Name);
          return {
            id: enquiryId,
            reference: enquiryReference(enquiryId),
            ...(firstName ? { firstName } : {}),
            RetailerSelfUse: found.enquiry.RetailerSelfUse,
            Quantity: found.enquiry.Quantity,
            receivedAt: found.receivedAt,
          };
        }),
      },
    });
  }
  // A member's phone shows one enquiry handed on, as from its page; several in one action are the
  // list mail's to tell, not a notification each.
  const pushing = outcomes.filter((plan) => plan.outcome === "changed" && (plan.pushes?.length ?? 0) > 0);
  if (pushing.length <= 1) return { outcomes, alerts, lists };
  return {
    outcomes: outcomes.map((plan) => (plan.outcome === "changed" ? { ...plan, pushes: [] } : plan)),
    alerts,
    lists,
  };
}

/**
 * A member removed from the staff leaves every enquiry they own to nobody: each one `owned` (as the
 * adapter read it, in the transaction that removes them) is planned as an owner change by the
 * person removing them (planOwnerBatch: its own history line naming the member, and whatever
 * alerts the plan gives, none for nobody). Closed ones, spam included, go to nobody too, their
 * owner kept in that line: the account that owned them is gone. `open` counts the open ones.
 */
export function planMemberRemoval(
  owned: readonly { enquiryId: string; found: NonNullable<OwnerBatchEntry["found"]> }[],
  change: {
    staffId: string;
    actor: { id: string | null; email: string };
    members: readonly MemberFacts[];
    at: string;
  },
): OwnerBatchPlan & { enquiryIds: string[]; open: number } {
  const theirs = owned.filter(({ found }) => found.work.ownerId === change.staffId);
  return {
    enquiryIds: theirs.map(({ enquiryId }) => enquiryId),
    open: theirs.filter(({ found }) => !isClosed(found.work.status)).length,
    ...planOwnerBatch(
      theirs.map(({ enquiryId, found }) => ({
        enquiryId,
        found,
        expectedVersion: found.work.version,
        expectedOwnerId: change.staffId,
      })),
      { ownerId: null, actor: change.actor, members: change.members, at: change.at },
    ),
  };
}

// Follow-up, notes, contact --------------------------------------------------------------------

export type FollowUpPlan = { outcome: "closed" } | ({ outcome: "changed" } & WorkPlan);

/**
 * Sets (or, with null, clears) the follow-up and next step of an open enquiry. Planning a call is
 * not making it: an enquiry nobody contacted stays due by its first-contact target as well. A
 * follow-up cleared leaves an open enquiry due all the same: by its first-contact target while
 * nobody contacted the buyer, else at the rule's time. A new follow-up time is reminded on the
 * phone when it comes; saving the same time again does not remind twice.
 */
export function planFollowUp(
  work: WorkState,
  change: { followUpAt: string | null; nextStep: string | null; at: string; due: DueFacts },
): FollowUpPlan {
  if (isClosed(work.status)) return { outcome: "closed" };
  return {
    outcome: "changed",
    work: settled(
      {
        ...work,
        followUpAt: change.followUpAt,
        nextStep: change.followUpAt ? change.nextStep : null,
        reminderDueAt: change.followUpAt === work.followUpAt ? work.reminderDueAt : change.followUpAt,
      },
      { due: change.due, at: change.at },
    ),
    history: [
      {
        kind: "follow-up",
        text: change.followUpAt ? [change.followUpAt, change.nextStep].filter(Boolean).join(" · ") : null,
      },
    ],
    alerts: [],
    webhooks: [],
  };
}

/**
 * A note: staff worked the enquiry, so it no longer waits for its first contact, and it is due by
 * its follow-up, or the rule's time when it has none. A note is not a step taken with the buyer:
 * a follow-up whose time has come stays due, and the status does not move.
 */
export function planNote(work: WorkState, note: { text: string; at: string; due: DueFacts }): WorkPlan {
  return {
    work: contacted(work, note.at, note.due),
    history: [{ kind: "note", text: note.text, touch: "first-contact" }],
    alerts: [],
    webhooks: [],
  };
}

/**
 * A call or WhatsApp chat started from the console, or a reply sent. A reply, a chat and an
 * answered call are contact with the buyer: the enquiry no longer waits for its first contact, the
 * first one moves New to Contacted (movedByContact), and a follow-up whose time has come gives way
 * to the rule's (one still ahead is kept). A call that did not reach the buyer (no answer, busy, a
 * wrong number: domain/lifecycle.ts) is not contact: it is recorded in history as a follow-up line
 * with how the call went, the status stays, and the enquiry is due again at the rule's time (a
 * follow-up still ahead is kept); the first-contact target gives way to it, since someone tried.
 */
export function planContact(
  work: WorkState,
  contact: { channel: ContactChannel; outcome?: CallOutcome; at: string; due: DueFacts },
): WorkPlan {
  const outcome =
    contact.channel === "call" ? (contact.outcome ?? DEFAULT_CALL_OUTCOME) : DEFAULT_CALL_OUTCOME;
  if (!reachedBuyer(outcome)) {
    const ahead = work.followUpAt !== null && !hasCome(work.followUpAt, contact.at);
    const tried = settled(
      {
        ...work,
        firstContactDueAt: null,
        ...(ahead ? {} : { followUpAt: null, nextStep: null, reminderDueAt: null }),
      },
      { due: contact.due, at: contact.at },
    );
    const next = isClosed(work.status) ? settled(work) : tried;
    return {
      work: next,
      history: [
        {
          kind: "follow-up",
          text: [next.followUpAt, callOutcomeLines[outcome]].filter(Boolean).join(" · "),
        },
      ],
      alerts: [],
      webhooks: [],
    };
  }
  const moved = movedByContact(contacted(work, contact.at, contact.due, true));
  return {
    work: moved.work,
    history: [{ kind: "contact", text: contact.channel, touch: "first-contact" }, ...moved.history],
    alerts: [],
    webhooks: moved.webhooks,
  };
}

// The deal's figures ---------------------------------------------------------------------------

/** The deal's figures as both stores keep them beside the work record, with their own version. */
export interface DealState {
  /** Increases with every change of the figures; a change based on an older one is refused. */
  version: number;
  figures: DealFigures;
}

export type DealPlan =
  | { outcome: "conflict" }
  | { outcome: "unchanged" }
  | { outcome: "changed"; deal: DealState; history: HistoryLine[] };

/**
 * Records the deal's figures (checked: domain/deal.ts) based on `expectedVersion`: refused when
 * someone changed them since, so of two people saving at once the second sees the first's. The
 * same figures again change nothing. Recording them is not contact with the buyer.
 */
export function planDeal(
  current: DealState,
  change: { expectedVersion: number; figures: DealFigures },
): DealPlan {
  if (current.version !== change.expectedVersion) return { outcome: "conflict" };
  if (sameFigures(current.figures, change.figures)) return { outcome: "unchanged" };
  return {
    outcome: "changed",
    deal: { version: current.version + 1, figures: { ...change.figures } },
    history: [{ kind: "deal", text: dealSummary(change.figures) }],
  };
}

// Views ----------------------------------------------------------------------------------------

/** Spam is never work: it is in no view and no count of the team's work (domain/status.ts). */
export { isWork } from "../../domain/status";
