import { randomUUID } from "node:crypto";
import type { DocumentData, Transaction, WriteBatch } from "firebase-admin/firestore";
import { enquiryReference, type EnquiryStatus } from "../../../domain/console";
import { alertChoiceOf, parseAssignmentRule } from "../../../domain/team";
import type { WebhookEventType } from "../../../domain/webhooks";
import { untouchedWork } from "../../../domain/work-state";
import type { MemberFacts, PushPlan, WorkPlan, WorkState } from "../../lifecycle/plan";
import { memberAlertPayload } from "../member-alert-payload";
import { pushPayload } from "../push-payload";
import type { StoredEnquiry } from "../store";
import { webhookEventsOf, type WorkRead, type WorkSteps } from "../work-port";
import { collectionsOf, PUSH_SUBSCRIPTIONS, sortKey, type FirestoreContext } from "./connection";
import { touchesOf, type TouchRecord } from "./dashboard";
import { queueNotification, storedEnquiryOf } from "./documents";
import { accountByIdQuery } from "./staff";
import { enquiryWebhookQueue, type DocumentWriter } from "./webhooks";
import type { EnquiryWebhookEvent } from "../webhooks";
import { isLostReason } from "../../../domain/deal";
import { INITIAL_STATUS, isWork } from "../../../domain/status";

/**
 * An enquiry's work record on Firestore (`enquiryWork/{id}`), read and written through one codec
 * for every change an adapter makes (server/lifecycle/plan.ts decides; this maps).
 *
 * Views query `ownerId`: an unassigned enquiry's is "" (the emulator cannot combine a null test
 * with other filters), and an enquiry the plan says is not the team's work (WorkState.teamWork:
 * spam, a duplicate) holds SPAM_OWNER there, keeping its real owner in `heldOwnerId`, so that it
 * is in no view of the team's work with no index of its own. The flag is kept as `teamWork` too.
 */
export const UNASSIGNED = "";
export const SPAM_OWNER = "-spam";

/** The assignment rule and its turn counter: `settings/assignment`. */
export const ASSIGNMENT_DOC = ["settings", "assignment"] as const;
/** One marker per turn handed out (`{generation}-{turn}`): two enquiries can never create the same one. */
export const ASSIGNMENT_TURNS = "assignmentTurns";

/** A text field as read: absent, not a string or empty is none (null). */
export const text = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null;

/**
 * The team's work flag of a document: as written, or, on a document no build wrote it on (before
 * 30 November 2026), what the plans would have given its status (domain/status.ts: isWork), which
 * is how those builds chose the owner's field. The backfill of the derived flags gives it the field
 * (server/work/derived-flags.ts), as does the flag's next change.
 */
function teamWorkOf(data: DocumentData, status: EnquiryStatus): boolean {
  return typeof data.teamWork === "boolean" ? data.teamWork : isWork(status);
}

export function workStateOf(data: DocumentData | undefined): WorkState {
  if (!data) return untouchedWork();
  const status = (data.status as EnquiryStatus | undefined) ?? INITIAL_STATUS;
  const teamWork = teamWorkOf(data, status);
  const owner = !teamWork || data.ownerId === SPAM_OWNER ? data.heldOwnerId : data.ownerId;
  return {
    status,
    version: Number(data.version ?? 0),
    ownerId: text(owner),
    followUpAt: text(data.followUpAt),
    nextStep: text(data.nextStep),
    touchedAt: text(data.touchedAt),
    dueAt: text(data.dueAt),
    firstContactDueAt: text(data.firstContactDueAt),
    closedAt: text(data.closedAt),
    reminderDueAt: text(data.reminderDueAt),
    lostReason: isLostReason(data.lostReason) ? data.lostReason : null,
    answeredAt: text(data.answeredAt),
    duplicateOf: text(data.duplicateOf),
    waitingOnUs: data.waitingOnUs === true,
    teamWork,
  };
}

/** The document's fields for a work state. */
export function workFields(work: WorkState): DocumentData {
  // What the plan says is not the team's work holds the marker every view's query passes over.
  return {
    status: work.status,
    version: work.version,
    ownerId: work.teamWork ? (work.ownerId ?? UNASSIGNED) : SPAM_OWNER,
    heldOwnerId: work.teamWork ? null : work.ownerId,
    followUpAt: work.followUpAt,
    nextStep: work.nextStep,
    touchedAt: work.touchedAt,
    dueAt: work.dueAt,
    firstContactDueAt: work.firstContactDueAt,
    closedAt: work.closedAt,
    reminderDueAt: work.reminderDueAt,
    lostReason: work.lostReason,
    answeredAt: work.answeredAt,
    duplicateOf: work.duplicateOf,
    // What the Waiting on us view and count ask by equality, as the plan gave it.
    waitingOnUs: work.waitingOnUs,
    teamWork: work.teamWork,
  };
}

/** The enquiry and its work record, read in the transaction; null when there is no such enquiry. */
export async function readWork(
  context: FirestoreContext,
  transaction: Transaction,
  enquiryId: string,
): Promise<WorkRead | null> {
  return (await readWorks(context, transaction, [enquiryId]))[0] ?? null;
}

/**
 * Several enquiries and their work records, read in the transaction with one request; null for
 * each that does not exist, in the order given.
 */
export async function readWorks(
  context: FirestoreContext,
  transaction: Transaction,
  enquiryIds: readonly string[],
): Promise<(WorkRead | null)[]> {
  if (enquiryIds.length === 0) return [];
  const collections = collectionsOf(context);
  const docs = await transaction.getAll(
    ...enquiryIds.map((id) => collections.enquiries.doc(id)),
    ...enquiryIds.map((id) => collections.work.doc(id)),
  );
  return enquiryIds.map((_, index) => {
    const enquiry = docs[index];
    const work = docs[enquiryIds.length + index];
    if (!enquiry?.exists || !work) return null;
    return { stored: storedEnquiryOf(enquiry), work: workStateOf(work.data()), recorded: work.exists };
  });
}

/** The members (with `staffId`, that one only) with their e-mail, alert choice and devices, read in the transaction. */
export async function readMembers(
  context: FirestoreContext,
  transaction: Transaction,
  staffId?: string,
): Promise<MemberFacts[]> {
  const staff = context.db.collection("staff");
  const devices = context.db.collection(PUSH_SUBSCRIPTIONS);
  const [members, theirDevices] = await Promise.all([
    transaction.get(staffId === undefined ? staff : accountByIdQuery(context, staffId)),
    transaction.get(staffId === undefined ? devices : devices.where("staffId", "==", staffId)),
  ]);
  return membersOf(members.docs, theirDevices.docs);
}

/** The members with their e-mail, alert choice and devices, and the assignment rule, read in the transaction. */
export async function readTeam(context: FirestoreContext, transaction: Transaction) {
  const [settings, members] = await Promise.all([
    transaction.get(context.db.collection(ASSIGNMENT_DOC[0]).doc(ASSIGNMENT_DOC[1])),
    readMembers(context, transaction),
  ]);
  return teamOf(members, settings);
}

/** The team as the port answers it and its turns' generation, from the members and the rule's document. */
export function teamOf(
  members: MemberFacts[],
  settings: { get(field: string): unknown } | undefined,
): { team: WorkSteps["readTeam"]["result"]; generation: number } {
  return {
    team: {
      members,
      rule: parseAssignmentRule(settings?.get("rule")),
      turn: Number(settings?.get("turn") ?? 0),
    },
    generation: Number(settings?.get("generation") ?? 0),
  };
}

/**
 * The members as the plans need them, from their documents and those of every push subscription
 * (none given: nobody is counted as having a device).
 */
export function membersOf(
  docs: readonly { get(field: string): unknown }[],
  devices: readonly { get(field: string): unknown }[] = [],
): MemberFacts[] {
  const withDevices = new Set(devices.map((device) => String(device.get("staffId"))));
  return docs.map((doc) => ({
    id: String(doc.get("id")),
    email: String(doc.get("email")),
    displayName: typeof doc.get("displayName") === "string" ? (doc.get("displayName") as string) : null,
    awayUntil: typeof doc.get("awayUntil") === "string" ? (doc.get("awayUntil") as string) : null,
    alerts: alertChoiceOf(doc.get("alerts")),
    invited: doc.get("passwordHash") === "",
    pushDevices: withDevices.has(String(doc.get("id"))),
  }));
}

/**
 * Queues push notifications of one enquiry to members. One with an id (a reminder) is created
 * under that id, which fails the write if it exists: the reminders' sweep reads that it does not.
 */
export function writePushes(
  context: FirestoreContext,
  writer: Pick<Transaction, "create"> | Pick<WriteBatch, "create">,
  stored: StoredEnquiry,
  pushes: readonly PushPlan[],
  at: string,
  requestId?: string,
): void {
  for (const push of pushes) {
    queueNotification(context, writer, {
      id: push.id,
      kind: "push",
      at: new Date(at),
      staffId: push.staffId,
      enquiryId: stored.id,
      payload: pushPayload(push, stored.enquiry.Name ?? ""),
      requestId,
    });
  }
}

/** Takes the rule's turn `turn` in the transaction: its marker can be created once only. */
export function takeTurn(
  context: FirestoreContext,
  writer: Pick<Transaction, "create" | "update">,
  at: { generation: number; turn: number; enquiryId: string },
): void {
  writer.create(context.db.collection(ASSIGNMENT_TURNS).doc(`${at.generation}-${at.turn}`), {
    enquiryId: at.enquiryId,
  });
  writer.update(context.db.collection(ASSIGNMENT_DOC[0]).doc(ASSIGNMENT_DOC[1]), { turn: at.turn + 1 });
}

/** Reads the webhook endpoints of the events a change may send, before its transaction. */
export async function webhookQueues(
  context: FirestoreContext,
  types: readonly WebhookEventType[],
): Promise<Map<WebhookEventType, (writer: DocumentWriter, event: EnquiryWebhookEvent) => void>> {
  return new Map(
    await Promise.all(types.map(async (type) => [type, await enquiryWebhookQueue(context, type)] as const)),
  );
}

type Writer = Pick<Transaction, "create" | "set" | "update"> | Pick<WriteBatch, "create" | "set" | "update">;

/** Queues the members' alerts of one enquiry; one handed on says by whom (its payload). */
export function writeAlerts(
  context: FirestoreContext,
  writer: Writer,
  stored: StoredEnquiry,
  alerts: WorkPlan["alerts"],
  at: string,
  requestId?: string,
): void {
  for (const alert of alerts) {
    queueNotification(context, writer, {
      kind: "member-alert",
      at: new Date(at),
      // The alert's mail says when the enquiry was received, whenever the alert is queued.
      receivedAt: new Date(stored.receivedAt),
      staffId: alert.staffId,
      enquiry: stored,
      payload: memberAlertPayload(alert),
      requestId,
    });
  }
}

/**
 * Writes history lines of one enquiry by `staffEmail` in `enquiryWork/{id}/history`, with the
 * dashboard's touch for each line the plan marks, in the caller's transaction or batch. They are
 * written whether or not the work document is there (writeLinesOfUnchangedWork).
 */
function writeHistoryLines(
  context: FirestoreContext,
  writer: Writer,
  stored: StoredEnquiry,
  lines: WorkPlan["history"],
  version: number,
  actor: { staffEmail: string; at: string },
): void {
  const ref = collectionsOf(context).work.doc(stored.id);
  for (const [index, line] of lines.entries()) {
    const entryId = randomUUID();
    (writer as Transaction).create(ref.collection("history").doc(entryId), {
      at: actor.at,
      staffEmail: actor.staffEmail,
      kind: line.kind,
      ...(line.kind === "status" ? { from: line.from, to: line.to } : {}),
      ...(line.kind === "owner" ? { fromOwner: line.fromOwner } : {}),
      text: line.text,
      // Lines of one change share its time: they are listed in the order the plan gives them, and
      // changes made in the same millisecond in the order of the versions they wrote.
      sortKey: sortKey(actor.at, `${String(version).padStart(10, "0")}-${index}-${entryId}`),
    });
    if (line.touch) {
      (writer as Transaction).create(touchesOf(context).doc(entryId), {
        enquiryId: stored.id,
        staffEmail: actor.staffEmail,
        at: actor.at,
        receivedAt: stored.receivedAt,
        ...(line.touch === "first-contact" ? {} : { firstContact: false }),
      } satisfies TouchRecord);
    }
  }
}

/**
 * Writes the history lines of a change that leaves the work record as it is (a document's, a
 * deal's): through writePlan on an enquiry that has a record (its kept fields written again), and
 * alone on one that has none, which gets no record, as on SQLite.
 */
export function writeLinesOfUnchangedWork(
  context: FirestoreContext,
  writer: Writer,
  read: WorkRead,
  history: WorkPlan["history"],
  actor: { staffEmail: string; at: string },
): void {
  if (!read.recorded) {
    writeHistoryLines(context, writer, read.stored, history, read.work.version, actor);
    return;
  }
  writePlan(
    context,
    writer,
    { stored: read.stored, before: read.work },
    { work: read.work, history, alerts: [], webhooks: [] },
    { staffEmail: actor.staffEmail, at: actor.at },
  );
}

/**
 * Writes what a plan says in the caller's transaction or batch: the work record's fields that
 * changed (all of them for a new record), the history lines by `staffEmail` (with the dashboard's
 * touch for each line the plan marks: plan.ts, LineTouch), the members' alerts and the webhook events. A change of version creates
 * its marker, which fails if another change took that version first.
 */
export function writePlan(
  context: FirestoreContext,
  writer: Writer,
  target: { stored: StoredEnquiry; before: WorkState | null },
  plan: WorkPlan,
  actor: { staffEmail: string; at: string; requestId?: string },
  queues?: Map<WebhookEventType, (writer: DocumentWriter, event: EnquiryWebhookEvent) => void>,
): void {
  const collections = collectionsOf(context);
  const { stored, before } = target;
  const ref = collections.work.doc(stored.id);
  const after = workFields(plan.work);
  // The reference is kept beside the work so that a buyer's answer quoting it finds its enquiry
  // (the enquiries' own documents hold their fields only).
  const kept = {
    receivedAt: stored.receivedAt,
    sortKey: sortKey(stored.receivedAt, stored.id),
    reference: enquiryReference(stored.id),
  };
  if (before === null) {
    (writer as Transaction).create(ref, { ...after, ...kept });
  } else {
    const previous = workFields(before);
    const changed = Object.fromEntries(
      Object.entries(after).filter(([key, value]) => previous[key] !== value),
    );
    (writer as Transaction).set(ref, { ...changed, ...kept }, { merge: true });
    if (plan.work.version !== before.version) {
      (writer as Transaction).create(ref.collection("versions").doc(String(plan.work.version)), {
        at: actor.at,
      });
    }
  }
  writeHistoryLines(context, writer, stored, plan.history, plan.work.version, actor);
  writeAlerts(context, writer, stored, plan.alerts, actor.at, actor.requestId);
  writePushes(context, writer, stored, plan.pushes ?? [], actor.at, actor.requestId);
  for (const event of webhookEventsOf(plan, stored, actor)) {
    queues?.get(event.type)?.(writer as DocumentWriter, event);
  }
}
