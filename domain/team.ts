/**
 * The sales team's work on enquiries: who owns each, how new ones are assigned, when to follow
 * up, and which new enquiries each member is mailed about. What the console's pages and its API
 * agree on, and the rules both stores apply. No I/O. Working-hours arithmetic lives in
 * domain/working-hours.ts, over the company's published hours.
 */
import type { BuyerType } from "./enquiry";
import { addWorkingHours, type WorkingHours } from "./working-hours";
import { mayOwnEnquiries } from "./staff";
import { OVERDUE_BUCKETS, type OverdueBucket } from "./invoice";

/** The longest next-step line ("Call back about the retailer price"). */
export const NEXT_STEP_MAX_LENGTH = 140;

/**
 * The inbox's views of the team's work, combined with its other filters (domain/inbox.ts). "Mine"
 * and "Unassigned" are open work unless closed ones are asked for too; "Waiting on us" is the open
 * enquiries whose buyer answered last, or whom nobody has contacted yet (a sale won is not waiting).
 */
export const INBOX_VIEWS = ["mine", "unassigned", "due-today", "overdue", "waiting"] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** Which new enquiries a member of staff is mailed about, beside the company's NOTIFY_TO (which gets all). */
export const ALERT_CHOICES = ["all", "mine", "Retailer", "Self Use", "none"] as const;
export type AlertChoice = (typeof ALERT_CHOICES)[number];
/** A member who has not chosen hears of the enquiries assigned to them. */
export const DEFAULT_ALERT_CHOICE: AlertChoice = "mine";

/** How a new enquiry gets its owner, set by an owner of the console. */
export type AssignmentRule =
  | { kind: "none" }
  /** Each buyer type to one member (a staff id), or to nobody (null). */
  | { kind: "buyer"; Retailer: string | null; "Self Use": string | null }
  /** The chosen members in turn, in this order. */
  | { kind: "turns"; members: string[] };

export const ASSIGNMENT_KINDS = ["none", "buyer", "turns"] as const;
export const NO_ASSIGNMENT: AssignmentRule = { kind: "none" };
/** At most this many members share enquiries in turn (the team is three to five). */
export const TURN_MEMBERS_MAX = 50;

/**
 * Who a new enquiry goes to under `rule`. `turn` is the enquiry's number among those assigned in
 * turn (0, 1, 2…), counted atomically by the store; members no longer on the staff are passed over.
 */
export function assigneeOf(
  rule: AssignmentRule,
  /** Null: not given (an enquiry started on WhatsApp), which a rule by buyer type assigns to nobody. */
  buyer: BuyerType | null,
  turn: number,
  isMember: (staffId: string) => boolean,
): string | null {
  if (rule.kind === "buyer") {
    if (buyer === null) return null;
    const id = rule[buyer];
    return id && isMember(id) ? id : null;
  }
  if (rule.kind === "turns") {
    const members = rule.members.filter(isMember);
    return members.length ? (members[turn % members.length] ?? null) : null;
  }
  return null;
}

/** A stored rule (JSON), read defensively: anything unreadable assigns nobody. */
export function parseAssignmentRule(text: unknown): AssignmentRule {
  try {
    const rule = JSON.parse(typeof text === "string" ? text : "") as AssignmentRule;
    if (rule.kind === "buyer" || rule.kind === "turns" || rule.kind === "none") return rule;
  } catch {
    // unreadable: nobody
  }
  return NO_ASSIGNMENT;
}

/** The members a rule names, each of whom must be on the staff. */
export function membersNamedBy(rule: AssignmentRule): string[] {
  if (rule.kind === "buyer")
    return [rule.Retailer, rule["Self Use"]].filter((id): id is string => id !== null);
  return rule.kind === "turns" ? rule.members : [];
}

/**
 * What saving a rule stores: the rule, and its turns counted again from 0, so that a new round
 * robin starts with the first member it names; and the members it names, each of whom must still
 * be on the staff as it is saved (the store refuses it otherwise).
 */
export function ruleToSave(rule: AssignmentRule): { rule: string; turn: number; members: string[] } {
  return { rule: JSON.stringify(rule), turn: 0, members: membersNamedBy(rule) };
}

/**
 * Whether an owner may save the rule: every member it names must be on the staff and may own
 * enquiries (domain/staff.ts: a pending invitee may not). A rule saved before is still read as it
 * is: new enquiries pass over whoever it names that may not (server/lifecycle/plan.ts).
 */
export function ruleNamesOwners(
  rule: AssignmentRule,
  staff: readonly { id: string; invited: boolean }[],
): boolean {
  return membersNamedBy(rule).every((id) =>
    staff.some((member) => member.id === id && mayOwnEnquiries(member)),
  );
}

/** A stored alert choice; anything else is the default. */
export function alertChoiceOf(value: unknown): AlertChoice {
  return (ALERT_CHOICES as readonly unknown[]).includes(value)
    ? (value as AlertChoice)
    : DEFAULT_ALERT_CHOICE;
}

/** Whether the rule hands out turns (so the store counts them). */
export function usesTurns(rule: AssignmentRule): rule is Extract<AssignmentRule, { kind: "turns" }> {
  return rule.kind === "turns" && rule.members.length > 0;
}

/**
 * The members mailed about a new enquiry, from each one's choice: the one place member alerts are
 * decided. An enquiry filed as suspected spam gets none: the stores file it without team rules.
 */
export function memberAlertRecipients(options: {
  /** Null: not given; only members alerted of every enquiry (or of their own) hear of it. */
  buyer: BuyerType | null;
  ownerId: string | null;
  members: readonly { id: string; alerts: AlertChoice }[];
}): string[] {
  return options.members
    .filter(({ id, alerts }) => {
      if (alerts === "all") return true;
      if (alerts === "mine") return options.ownerId === id;
      if (alerts === "none") return false;
      return alerts === options.buyer;
    })
    .map(({ id }) => id);
}

/**
 * When a New enquiry received at `receivedAt` is late for its first contact: the published
 * record's `firstContactHours` working hours later. A Friday 18:30 IST enquiry with 4 hours of
 * 10:00–19:00, Monday to Saturday, is due on Saturday at 13:30 IST.
 */
export function firstContactDueAt(receivedAt: Date, hours: WorkingHours): Date {
  return addWorkingHours(hours, receivedAt, hours.firstContactHours);
}

export const teamMessages = {
  ownerChanged: "Owner changed.",
  taken: "You own this enquiry now.",
  noSuchMember: "There is no such member of staff.",
  invitationPending:
    "They have not accepted their invitation yet: an enquiry can go only to a member who has set a password.",
  followUpSaved: "Follow-up saved.",
  followUpCleared: "Follow-up cleared.",
  followUpClosed: "A closed enquiry has no follow-up.",
  followUpInvalid: "Choose a follow-up date and time.",
  nextStepTooLong: `A next step may be at most ${NEXT_STEP_MAX_LENGTH} characters.`,
  ruleSaved: "Assignment saved.",
  ruleInvalid: "Choose members who are on the staff and have accepted their invitation.",
  turnsNeedMembers: "Tick at least one member to share new enquiries in turn.",
  ruleUnclear:
    "Choose how new enquiries get an owner: by buyer type, in turn among chosen members, or not at all.",
  backlogNoRule: "New enquiries are not assigned automatically, so there is no rule to apply.",
  backlogAssigned: (count: number) =>
    count === 0
      ? "No open enquiry was waiting for an owner."
      : `${count} open ${count === 1 ? "enquiry was" : "enquiries were"} given an owner by the rule.`,
  alertsSaved: "Your e-mail alerts are saved.",
} as const;

/**
 * What a member's 09:00 digest lists: each enquiry by its reference, the buyer's first name, buyer
 * type and quantity, with a link into the console. A digest is staff's mail, kept in their
 * mailboxes: it carries a first name at most, never an e-mail address or a mobile number.
 */
export interface DigestItem {
  id: string;
  reference: string;
  /** The buyer's first name as a person would greet them; absent when the name is not a plain one. */
  firstName?: string;
  /** Null: not given (an enquiry started on WhatsApp). */
  RetailerSelfUse: BuyerType | null;
  Quantity: number | null;
  /** When it is (or was) due: the follow-up, or the first-contact target. */
  dueAt: string | null;
  receivedAt: string;
  /** Nobody has contacted the buyer yet. */
  notContacted?: boolean;
}

export interface DigestSection {
  count: number;
  items: DigestItem[];
}

/** An enquiry whose buyer's own mail was refused for good, as the digest names it (no address). */
export interface DigestRefusal {
  id: string;
  reference: string;
  firstName?: string;
  /** When the buyer's mail server refused it (ISO 8601, UTC). */
  refusedAt: string;
}

export interface DigestContent {
  /** The IST day it is for, YYYY-MM-DD. */
  day: string;
  /** The member's own: overdue (oldest first), and due later today. */
  overdue: DigestSection;
  dueToday: DigestSection;
  /** The team's that nobody owns: overdue (oldest first), and due later today. */
  unownedOverdue: DigestSection;
  unownedDueToday: DigestSection;
  /** The console's Overdue and Due today counts at the digest's time, the whole team's. */
  team: { overdue: number; dueToday: number };
  /**
   * Enquiries filed as suspected spam on arrival in the 24 hours before the digest (not those set
   * to spam by hand, which were mailed; server/lifecycle/digest.ts: spamFiledOf): none was mailed,
   * so the digest is where the team hears of them (the console's Spam filter shows them).
   */
  spamFiled: number;
  /**
   * The member's enquiries, and those nobody owns, whose buyer's own mail (the acknowledgement, a
   * reply) was refused for good in the 24 hours before the digest: the buyer's address is likely
   * mistyped. Each refusal is in one day's digest; nobody is paged. Absent in older digests.
   */
  addressRefused?: { count: number; items: DigestRefusal[] };
  /** In an owner's digest, the open work due today or overdue of members away (domain/staff.ts: isAway). */
  awayDue?: DigestSection;
  /** In an owner's digest, the tax invoices still owed, by age; absent when nothing is owed. */
  owed?: DigestOwed;
}

/** A tax invoice owed for over 30 days, as the owner's digest names it (the buyer's first name only). */
export interface DigestOwedInvoice {
  id: string;
  enquiryId: string;
  reference: string;
  number: string;
  firstName?: string;
  balancePaise: number;
  daysOwed: number;
}

/** What is owed, as the owner's digest reads it: each age's count and balance, the over-30 by name. */
export interface DigestOwed {
  buckets: Record<OverdueBucket, { count: number; balancePaise: number }>;
  /** The invoices owed for over 30 days, oldest first, at most DIGEST_LIST_MAX. */
  over30: DigestOwedInvoice[];
}

/** How far back the digest counts enquiries filed as suspected spam. */
export const DIGEST_SPAM_WINDOW_MS = 24 * 3_600_000;
/** How far back the digest lists buyers' mails refused for good: the day since the last digest. */
export const DIGEST_REFUSED_WINDOW_MS = 24 * 3_600_000;

/**
 * The most a section lists, oldest first; a team that has more than this overdue has a problem no
 * mail hides, and the console lists them all.
 */
export const DIGEST_LIST_MAX = 200;
/** The IST hour the digest goes out. */
export const DIGEST_HOUR = 9;

export function digestIsEmpty(content: DigestContent): boolean {
  return (
    content.overdue.count +
      content.dueToday.count +
      content.unownedOverdue.count +
      content.unownedDueToday.count +
      (content.addressRefused?.count ?? 0) +
      (content.awayDue?.count ?? 0) +
      OVERDUE_BUCKETS.reduce((sum, bucket) => sum + (content.owed?.buckets[bucket].count ?? 0), 0) ===
    0
  );
}

/** The team's routes, relative to ADMIN_API_PREFIX like ADMIN_API_ROUTES. */
export const TEAM_API_ROUTES = {
  /** GET the counts of the views for the signed-in member. */
  counts: "/team/counts",
  /** GET the id and e-mail of every member who may own enquiries (domain/staff.ts), for choosing an owner. */
  members: "/team/members",
  /** GET the assignment rule; PUT (owner) { rule }. */
  assignment: "/team/assignment",
  /** POST (owner): give each open, unassigned enquiry (not spam) an owner by the rule now in force. */
  backlog: "/team/assignment/backlog",
  /** GET the signed-in member's alert choice; PUT { alerts }. */
  alerts: "/me/alerts",
  /** POST { ownerId } (null: nobody). */
  owner: "/enquiries/:id/owner",
  /** POST { followUpAt, nextStep } (followUpAt null: cleared). */
  followUp: "/enquiries/:id/follow-up",
} as const;

/** What the inbox and the enquiry page show of the team's work on an enquiry. */
export interface TeamItemFields {
  ownerId: string | null;
  followUpAt: string | null;
  nextStep: string | null;
  /** When it is (or was) due: its follow-up, or its first-contact target while nobody touched it. */
  dueAt: string | null;
  /** Nobody has contacted the buyer, and the first-contact target (the published `firstContactHours` working hours) has passed. */
  firstContactLate: boolean;
  /** Its follow-up time has come. */
  followUpOverdue: boolean;
}

export interface ViewCountsPayload {
  mine: number;
  unassigned: number;
  dueToday: number;
  overdue: number;
  waiting: number;
}

export interface TeamMember {
  id: string;
  email: string;
  /** How the team sees them (domain/staff.ts: memberName); null: the address is shown. */
  displayName: string | null;
  /** Away until the end of this IST day (domain/staff.ts: isAway); null: not away. */
  awayUntil?: string | null;
}

/** The console's page of alert choices and the assignment rule. */
export const TEAM_PAGE_PATH = "/admin/team";
