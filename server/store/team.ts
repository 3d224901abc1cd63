import type { AlertChoice, AssignmentRule, DigestContent, InboxView } from "../../domain/team";
import type { WorkState } from "../../domain/work-state";
import type { StoredEnquiry } from "./store";
import type { StoredTeamFields, TeamFields } from "./enquiry-work";
import type { DigestParts, DigestReads, DigestRow } from "../lifecycle/digest";
import {
  countedListing,
  inboxFilterOf,
  touchedOf,
  type CountedListing,
  type InboxViewer,
} from "../lifecycle/inbox-listing";
import type { OwnerChangePlan } from "../lifecycle/plan";

export type { StoredTeamFields, TeamFields, TeamInboxRow } from "./enquiry-work";

export interface ViewCounts {
  mine: number;
  unassigned: number;
  dueToday: number;
  overdue: number;
  waiting: number;
}

export type OwnerChangeResult =
  | "changed"
  | "not-found"
  | "no-such-member"
  /** The member chosen has not accepted their invitation (domain/staff.ts): nothing changed. */
  | "invitation-pending"
  /** Changed by someone else since the list showed `expectedVersion`: nothing changed. */
  | "conflict"
  /** The owner changed since the person loaded the page: nothing changed. */
  | { ownerChanged: { currentOwnerId: string | null } };
export type FollowUpResult = "changed" | "not-found" | "closed";

/** What an adapter answers for an owner change its plan decided (server/lifecycle/plan.ts). */
export function ownerChangeResult(plan: OwnerChangePlan | { outcome: "not-found" }): OwnerChangeResult {
  if (plan.outcome === "owner-changed") return { ownerChanged: { currentOwnerId: plan.currentOwnerId } };
  return plan.outcome;
}

/** One enquiry of a bulk assignment, as the list showed it when it was chosen. */
export interface OwnerBatchItem {
  enquiryId: string;
  expectedVersion: number;
  /** The owner shown (null: nobody); absent: not checked. */
  expectedOwnerId?: string | null;
}

/** The most enquiries one `setOwners` call takes: what one transaction holds comfortably on both stores. */
export const OWNER_BATCH_MAX = 100;

/**
 * The sales team's work on enquiries (docs/decisions/022): owners, follow-ups and next steps as
 * listings read them (changed through TeamChanges), the assignment rule new enquiries follow
 * (applied by EnquiryStore.add, in its transaction), each member's alert choice, and the 09:00
 * digest. "Now" is always passed in, so a test sets it. An adapter gives the team's fields as kept.
 */
export interface TeamStore<Fields extends StoredTeamFields = TeamFields> {
  assignmentRule(): Promise<AssignmentRule>;
  /** Refused (false) when a member it names is not on the staff. */
  setAssignmentRule(rule: AssignmentRule): Promise<boolean>;
  alertChoices(): Promise<Map<string, AlertChoice>>;
  /** False when there is no such member. */
  setAlertChoice(staffId: string, choice: AlertChoice): Promise<boolean>;

  /** The team fields of each enquiry (absent from the map: untouched, unassigned, nothing due). */
  fieldsOf(enquiryIds: readonly string[]): Promise<Map<string, Fields>>;

  viewCounts(options: { staffId: string; now: Date; dayEnd: Date }): Promise<ViewCounts>;

  /** What one member's digest is made from at `now`, read as the digest says (server/lifecycle/digest.ts: digestReads). */
  digestParts(reads: DigestReads): Promise<DigestParts>;
  /**
   * Queues each member's digest for `day` unless one was queued already (on any instance): the
   * digest's id is made from the member and the day. A member removed since the digests were made
   * gets none. Answers how many were queued.
   */
  queueDigests(day: string, digests: readonly QueuedDigest[], now: Date): Promise<number>;
}

/**
 * A member's digest to queue, with the enquiries it names (server/lifecycle/digest.ts:
 * digestEnquiryIds): erasing a person's data erases the digests that name their enquiries.
 */
export interface QueuedDigest {
  staffId: string;
  content: DigestContent;
  enquiryIds: string[];
}

/**
 * The team's changes of an enquiry's work, each written once above the stores (server/work/): read
 * in one transaction, planned (server/lifecycle/plan.ts), written as planned. `requestId` names the
 * request that asked for the change: what it queues carries it.
 */
export interface TeamChanges {
  /**
   * Gives the enquiry to `ownerId` (null: nobody), with a history entry and the new owner's alert
   * (server/lifecycle/plan.ts: planOwnerChange). With `expectedOwnerId`, refused when the owner is
   * no longer that one.
   */
  setOwner(
    enquiryId: string,
    change: {
      ownerId: string | null;
      expectedOwnerId?: string | null;
      actorId?: string | null;
      staffEmail: string;
      requestId?: string;
      at: Date;
    },
  ): Promise<OwnerChangeResult>;
  /**
   * Gives each enquiry to `ownerId` as `setOwner` would, in one transaction: each is planned alone
   * (planOwnerChange with its own version and owner checks) and answers its own result, in the
   * order given. At most OWNER_BATCH_MAX items.
   */
  setOwners(
    items: readonly OwnerBatchItem[],
    change: {
      ownerId: string | null;
      actorId: string | null;
      staffEmail: string;
      requestId?: string;
      at: Date;
    },
  ): Promise<OwnerChangeResult[]>;
  /** Sets (or, with null, clears) the follow-up and next step of an open enquiry, with a history entry. */
  setFollowUp(
    enquiryId: string,
    change: {
      followUpAt: Date | null;
      nextStep: string | null;
      staffEmail: string;
      requestId?: string;
      at: Date;
    },
  ): Promise<FollowUpResult>;
}

/** A digest's notification id: one per member per IST day, whichever instance queues it. */
export function digestNotificationId(staffId: string, day: string): string {
  return `digest-${day}-${staffId}`;
}

/**
 * The views' counts, each `count` of the listing its view lists (server/lifecycle/inbox-listing.ts)
 * with what the rule keeps of it, so a view counts exactly what it lists; 0: a view that lists nothing.
 */
export function countViews<N>(
  viewer: InboxViewer,
  count: (listing: CountedListing) => N,
): Record<keyof ViewCounts, N | 0> {
  const counted = (view: InboxView) => {
    const filter = inboxFilterOf({ view }, viewer);
    return filter ? count(countedListing(filter)) : 0;
  };
  return {
    mine: counted("mine"),
    unassigned: counted("unassigned"),
    dueToday: counted("due-today"),
    overdue: counted("overdue"),
    waiting: counted("waiting"),
  };
}

/**
 * Whose work due a member's digest reads (server/lifecycle/digest.ts: digestLists): theirs,
 * nobody's (null), and each away member's.
 */
export function digestOwners(reads: DigestReads): (string | null)[] {
  return [reads.staffId, null, ...(reads.awayOwners ?? [])];
}

/** The enquiry's row in a digest's due lists (server/lifecycle/digest.ts); none when nothing is due. */
export function digestRowsOf(
  { id, receivedAt, enquiry }: StoredEnquiry,
  work: Pick<WorkState, "dueAt" | "touchedAt" | "status" | "ownerId">,
): DigestRow[] {
  if (work.dueAt === null) return [];
  const { Name, RetailerSelfUse, Quantity } = enquiry;
  const { dueAt, status, ownerId } = work;
  return [
    {
      id,
      Name,
      RetailerSelfUse,
      Quantity,
      receivedAt,
      dueAt,
      touched: touchedOf(work),
      status,
      ownerId,
    },
  ];
}
