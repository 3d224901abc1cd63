import type Database from "better-sqlite3";
import type { EnquiryStatus } from "../../../domain/console";
import type {
  HistoryLine,
  MemberFacts,
  OwnerBatchPlan,
  PushPlan,
  WorkPlan,
  WorkState,
} from "../../lifecycle/plan";
import { isContact, untouchedWork } from "../../lifecycle/plan";
import { alertChoiceOf, parseAssignmentRule, type AssignmentRule } from "../../../domain/team";
import type { StoredEnquiry } from "../store";
import type { WorkRead } from "../work-port";
import { prepared } from "./connection";
import { ENQUIRY_COLUMNS, type EnquiryRow, storedEnquiry } from "./enquiry-row";
import { newRowId } from "./row-id";
import { queueEnquiryWebhooks } from "./webhooks";
import { memberAlertPayload } from "../member-alert-payload";
import { pushPayload } from "../push-payload";
import { isLostReason } from "../../../domain/deal";

/**
 * An enquiry's work record on SQLite (`enquiry_work`), read and written whole: the one codec of
 * the lifecycle's state (server/lifecycle/plan.ts) for every change an adapter makes. Nothing here
 * decides; it maps a plan to rows.
 */
export interface WorkRow {
  status: string;
  version: number;
  owner_id: string | null;
  follow_up_at: string | null;
  next_step: string | null;
  touched_at: string | null;
  due_at: string | null;
  first_contact_due_at: string | null;
  closed_at: string | null;
  reminder_due_at: string | null;
  lost_reason: string | null;
}

export const WORK_COLUMNS = `w.status, w.version, w.owner_id, w.follow_up_at, w.next_step, w.touched_at, w.due_at,
  w.first_contact_due_at, w.closed_at, w.reminder_due_at, w.lost_reason`;

export function workStateOf(row: WorkRow | undefined): WorkState {
  if (!row) return untouchedWork();
  return {
    status: row.status as EnquiryStatus,
    version: row.version,
    ownerId: row.owner_id,
    followUpAt: row.follow_up_at,
    nextStep: row.next_step,
    touchedAt: row.touched_at,
    dueAt: row.due_at,
    firstContactDueAt: row.first_contact_due_at,
    closedAt: row.closed_at,
    reminderDueAt: row.reminder_due_at,
    lostReason: isLostReason(row.lost_reason) ? row.lost_reason : null,
  };
}

/** The enquiry and its work record, read inside the caller's transaction; null when there is no such enquiry. */
export function readWork(db: Database.Database, table: string, enquiryId: string): WorkRead | null {
  const row = prepared<[string], EnquiryRow & Partial<WorkRow> & { has_work: number | null }>(
    db,
    `SELECT ${ENQUIRY_COLUMNS}, ${WORK_COLUMNS}, w.version IS NOT NULL AS has_work
     FROM ${table} e LEFT JOIN enquiry_work w ON w.enquiry_id = e.id WHERE e.id = ?`,
  ).get(enquiryId);
  if (!row) return null;
  const recorded = row.has_work === 1;
  return { stored: storedEnquiry(row), work: workStateOf(recorded ? (row as WorkRow) : undefined), recorded };
}

/** The members with their e-mail, alert choice and whether they have a device for notifications, as the plans need them. */
export function readMembers(db: Database.Database): MemberFacts[] {
  return prepared<[], { id: string; email: string; alerts: string; push: number; invited: number }>(
    db,
    `SELECT id, email, alerts, EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.staff_id = staff.id) AS push,
       password_hash = '' AS invited
     FROM staff`,
  )
    .all()
    .map(({ id, email, alerts, push, invited }) => ({
      id,
      email,
      alerts: alertChoiceOf(alerts),
      invited: invited === 1,
      pushDevices: push === 1,
    }));
}

/** One member as the plans need them; null when there is none by that id. */
export function readMember(db: Database.Database, staffId: string): MemberFacts | null {
  return readMembers(db).find((member) => member.id === staffId) ?? null;
}

/**
 * Writes what a plan says, in the caller's transaction: the work record, the history lines by
 * `staffEmail`, the members' alerts and the webhook events.
 */
export function writePlan(
  db: Database.Database,
  stored: StoredEnquiry,
  plan: WorkPlan,
  actor: { staffEmail: string; at: string; requestId?: string },
): void {
  const { work } = plan;
  prepared(
    db,
    // The buyer type and the source's label are copied once, as the row is made, for the inbox's
    // filters to read from this table's indexes (inbox-listing.ts); neither ever changes.
    `INSERT INTO enquiry_work (enquiry_id, received_at, buyer, source_label, status, version, owner_id,
       follow_up_at, next_step, touched_at, due_at, first_contact_due_at, closed_at, reminder_due_at, lost_reason)
     VALUES (@id, @receivedAt, @buyer, (SELECT source_label FROM enquiry_meta WHERE enquiry_id = @id),
       @status, @version, @ownerId, @followUpAt, @nextStep, @touchedAt, @dueAt, @firstContactDueAt, @closedAt,
       @reminderDueAt, @lostReason)
     ON CONFLICT (enquiry_id) DO UPDATE SET status = excluded.status, version = excluded.version,
       owner_id = excluded.owner_id, follow_up_at = excluded.follow_up_at, next_step = excluded.next_step,
       touched_at = excluded.touched_at, due_at = excluded.due_at,
       first_contact_due_at = excluded.first_contact_due_at, closed_at = excluded.closed_at,
       reminder_due_at = excluded.reminder_due_at, lost_reason = excluded.lost_reason`,
  ).run({ id: stored.id, receivedAt: stored.receivedAt, buyer: stored.enquiry.RetailerSelfUse, ...work });
  writeHistoryLines(db, stored, plan.history, actor);
  writeAlerts(db, stored.id, plan.alerts, actor.at, actor.requestId);
  writePushes(db, stored, plan.pushes ?? [], actor.at, actor.requestId);
  for (const event of plan.webhooks) {
    queueEnquiryWebhooks(db, {
      type: event.type,
      enquiry: stored,
      at: new Date(actor.at),
      ...(actor.requestId ? { requestId: actor.requestId } : {}),
      ...(event.type === "enquiry.status_changed" ? { change: event.change } : {}),
    });
  }
}

/**
 * Writes history lines of one enquiry by `staffEmail`, in the caller's transaction, and, with a
 * line of contact (plan.ts: CONTACT_KINDS), the enquiry's first touch the dashboard reads, kept
 * at the earliest.
 */
export function writeHistoryLines(
  db: Database.Database,
  enquiry: { id: string; receivedAt: string },
  lines: readonly HistoryLine[],
  actor: { staffEmail: string; at: string },
): void {
  const history = prepared(
    db,
    `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, from_status, to_status, text, from_owner)
     VALUES (@id, @enquiryId, @at, @staffEmail, @kind, @from, @to, @text, @fromOwner)`,
  );
  if (lines.some((line) => isContact(line.kind))) {
    prepared(
      db,
      `INSERT INTO enquiry_first_touch (enquiry_id, received_at, first_at) VALUES (?, ?, ?)
       ON CONFLICT (enquiry_id) DO UPDATE SET first_at = min(first_at, excluded.first_at)`,
    ).run(enquiry.id, enquiry.receivedAt, actor.at);
  }
  for (const line of lines) {
    history.run({
      id: newRowId(),
      enquiryId: enquiry.id,
      at: actor.at,
      staffEmail: actor.staffEmail,
      kind: line.kind,
      from: line.kind === "status" ? line.from : null,
      to: line.kind === "status" ? line.to : null,
      text: line.text,
      fromOwner: line.kind === "owner" ? line.fromOwner : null,
    });
  }
}

/** Queues the members' alerts of one enquiry; one handed on says by whom (its payload). */
export function writeAlerts(
  db: Database.Database,
  enquiryId: string,
  alerts: WorkPlan["alerts"],
  at: string,
  requestId?: string,
): void {
  if (alerts.length === 0) return;
  const insert = prepared(
    db,
    `INSERT INTO notifications (id, enquiry_id, staff_id, kind, status, attempts, next_attempt_at, due_at, queued_at, payload,
       request_id)
     VALUES (?, ?, ?, 'member-alert', 'pending', 0, @at, @at, @at, @payload, @requestId)`,
  );
  for (const alert of alerts) {
    insert.run(newRowId(), enquiryId, alert.staffId, {
      at,
      payload: memberAlertPayload(alert),
      requestId: requestId ?? null,
    });
  }
}

/** Queues each member's one mail listing the enquiries a bulk assignment handed them at once. */
export function writeHandedOnLists(
  db: Database.Database,
  lists: OwnerBatchPlan["lists"],
  at: string,
  requestId?: string,
): void {
  const insert = prepared(
    db,
    `INSERT INTO notifications (id, staff_id, kind, status, attempts, next_attempt_at, due_at, queued_at, payload,
       request_id)
     VALUES (?, ?, 'handed-on', 'pending', 0, @at, @at, @at, @payload, @requestId)`,
  );
  for (const { staffId, list } of lists)
    insert.run(newRowId(), staffId, { at, payload: JSON.stringify(list), requestId: requestId ?? null });
}

/**
 * Queues push notifications of one enquiry to members; one with an id is queued once only (a
 * second with the same id changes nothing). Answers how many were queued.
 */
export function writePushes(
  db: Database.Database,
  stored: StoredEnquiry,
  pushes: readonly PushPlan[],
  at: string,
  requestId?: string,
): number {
  if (pushes.length === 0) return 0;
  const insert = prepared(
    db,
    `INSERT INTO notifications (id, enquiry_id, staff_id, kind, status, attempts, next_attempt_at, due_at, queued_at, payload,
       request_id)
     VALUES (?, ?, ?, 'push', 'pending', 0, @at, @at, @at, @payload, @requestId)
     ON CONFLICT (id) DO NOTHING`,
  );
  let queued = 0;
  for (const push of pushes) {
    queued += insert.run(push.id ?? newRowId(), stored.id, push.staffId, {
      at,
      payload: pushPayload(push, stored.enquiry.Name),
      requestId: requestId ?? null,
    }).changes;
  }
  return queued;
}

/** The assignment rule new enquiries follow. */
export function readRule(db: Database.Database): AssignmentRule {
  return parseAssignmentRule(
    prepared<[], { rule: string }>(db, `SELECT rule FROM assignment WHERE id = 1`).get()?.rule,
  );
}

/**
 * Takes the rule's next turn with one UPDATE … RETURNING under the transaction's write lock, so
 * enquiries arriving at once, in one batch or from two processes, each get their own.
 */
export function takeTurn(db: Database.Database): number {
  return (
    prepared<[], { turn: number }>(
      db,
      `UPDATE assignment SET turn = turn + 1 WHERE id = 1 RETURNING turn - 1 AS turn`,
    ).get()?.turn ?? 0
  );
}

/** Queues an enquiry's mail to the company or its acknowledgement to the visitor. */
export function queueEnquiryMail(
  db: Database.Database,
  enquiryId: string,
  kind: "company" | "acknowledgement",
  at: string,
  requestId?: string,
): void {
  prepared(
    db,
    `INSERT INTO notifications (id, enquiry_id, kind, status, attempts, next_attempt_at, due_at, queued_at, request_id)
     VALUES (?, ?, ?, 'pending', 0, @at, @at, @at, @requestId)`,
  ).run(newRowId(), enquiryId, kind, { at, requestId: requestId ?? null });
}
