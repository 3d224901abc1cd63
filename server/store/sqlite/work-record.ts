import type Database from "better-sqlite3";
import type { EnquiryStatus, HistoryEntry } from "../../../domain/console";
import type { HistoryLine, MemberFacts, PushPlan, WorkPlan, WorkState } from "../../lifecycle/plan";
import { untouchedWork } from "../../../domain/work-state";
import { alertChoiceOf, parseAssignmentRule, type AssignmentRule } from "../../../domain/team";
import type { StoredEnquiry } from "../store";
import type { WebhookEndpoint } from "../webhooks";
import { webhookEventsOf, type WorkRead } from "../work-port";
import { historyEntry, type KeptHistoryLine } from "../enquiry-work";
import { prepared } from "./connection";
import { columnsOf, insertStatement } from "./row-codec";
import { ENQUIRY_COLUMNS, type EnquiryRow, storedEnquiry } from "./enquiry-row";
import { newRowId } from "./row-id";
import { insertNotification } from "./notification-row";
import { queueEnquiryWebhooks } from "./webhooks";
import { memberAlertPayload } from "../member-alert-payload";
import { pushPayload } from "../push-payload";
import { isLostReason } from "../../../domain/deal";

/**
 * An enquiry's work record on SQLite (`enquiry_work`), read and written whole: the one codec of
 * the lifecycle's state (server/lifecycle/plan.ts) for every change an adapter makes. Nothing here
 * decides; it maps a plan to rows. Each field of the state is a column, named once in WORK_FIELDS,
 * from which the row's type, the columns read and the upsert are made.
 */
interface Column<Name extends string, Stored, Value> {
  column: Name;
  read(stored: Stored): Value;
  /** How a value is written, where SQLite cannot take it as it is (a boolean); absent: as it is. */
  write?(value: Value): Stored;
}

const text = <Name extends string>(column: Name): Column<Name, string | null, string | null> => ({
  column,
  read: (stored) => stored,
});

/** A boolean as SQLite keeps one: 1 or 0. */
const flag = <Name extends string>(column: Name): Column<Name, number, boolean> => ({
  column,
  read: (stored) => stored === 1,
  write: (value) => (value ? 1 : 0),
});

/** Each field of the work state: its column and how a stored value reads (each is written as the state holds it). */
const WORK_FIELDS = {
  status: { column: "status", read: (stored: string) => stored as EnquiryStatus },
  version: { column: "version", read: (stored: number) => stored },
  ownerId: text("owner_id"),
  followUpAt: text("follow_up_at"),
  nextStep: text("next_step"),
  touchedAt: text("touched_at"),
  dueAt: text("due_at"),
  firstContactDueAt: text("first_contact_due_at"),
  closedAt: text("closed_at"),
  reminderDueAt: text("reminder_due_at"),
  lostReason: {
    column: "lost_reason",
    read: (stored: string | null) => (isLostReason(stored) ? stored : null),
  },
  answeredAt: text("answered_at"),
  duplicateOf: text("duplicate_of"),
  waitingOnUs: flag("waiting_on_us"),
  teamWork: flag("team_work"),
} as const satisfies {
  [Field in keyof WorkState]: {
    column: string;
    read(stored: never): WorkState[Field];
    write?(value: WorkState[Field]): unknown;
  };
};

type WorkFields = typeof WORK_FIELDS;
type WorkField = keyof WorkFields;
/** The column of one field of the work state. */
export type WorkColumn<Field extends WorkField> = WorkFields[Field]["column"];

/** The work record's row as SQLite answers it. */
export type WorkRow = { [Field in WorkField as WorkColumn<Field>]: Parameters<WorkFields[Field]["read"]>[0] };

const FIELDS = Object.keys(WORK_FIELDS) as WorkField[];
const COLUMNS = FIELDS.map((field) => WORK_FIELDS[field].column);

/** The columns of `fields` in the work record `w`, for a SELECT. */
export function workColumns(fields: readonly WorkField[] = FIELDS): string {
  return fields.map((field) => `w.${WORK_FIELDS[field].column}`).join(", ");
}

/** The fields of the work state in `row`; a row of a LEFT JOIN without a record reads as null. */
export function workFieldsOf<Field extends WorkField>(
  row: { [Column in WorkColumn<Field>]?: WorkRow[Column] | null },
  fields: readonly Field[],
): { [Name in Field]: WorkState[Name] } {
  const state: Partial<Record<WorkField, unknown>> = {};
  for (const field of fields) {
    const stored = (row as Record<string, unknown>)[WORK_FIELDS[field].column] as never;
    state[field] = stored === undefined || stored === null ? null : WORK_FIELDS[field].read(stored);
  }
  return state as { [Name in Field]: WorkState[Name] };
}

export function workStateOf(row: WorkRow | undefined): WorkState {
  return row ? workFieldsOf(row, FIELDS) : untouchedWork();
}

// The buyer type and the source's label are copied once, as the row is made, for the inbox's
// filters to read from this table's indexes (inbox-listing.ts); neither ever changes.
const UPSERT_WORK = `INSERT INTO enquiry_work (enquiry_id, received_at, buyer, source_label, ${COLUMNS.join(", ")})
  VALUES (@enquiry_id, @received_at, @buyer, (SELECT source_label FROM enquiry_meta WHERE enquiry_id = @enquiry_id),
    ${COLUMNS.map((column) => `@${column}`).join(", ")})
  ON CONFLICT (enquiry_id) DO UPDATE SET ${COLUMNS.map((column) => `${column} = excluded.${column}`).join(", ")}`;

/** The enquiry and its work record, read inside the caller's transaction; null when there is no such enquiry. */
export function readWork(db: Database.Database, table: string, enquiryId: string): WorkRead | null {
  const row = prepared<[string], EnquiryRow & Partial<WorkRow> & { has_work: number | null }>(
    db,
    `SELECT ${ENQUIRY_COLUMNS}, ${workColumns()}, w.version IS NOT NULL AS has_work
     FROM ${table} e LEFT JOIN enquiry_work w ON w.enquiry_id = e.id WHERE e.id = ?`,
  ).get(enquiryId);
  if (!row) return null;
  const recorded = row.has_work === 1;
  return { stored: storedEnquiry(row), work: workStateOf(recorded ? (row as WorkRow) : undefined), recorded };
}

/** The members with their e-mail, alert choice and whether they have a device for notifications, as the plans need them. */
export function readMembers(db: Database.Database): MemberFacts[] {
  return prepared<
    [],
    Record<"id" | "email" | "alerts", string> &
      Record<"displayName" | "awayUntil", string | null> &
      Record<"invited" | "pushDevices", number>
  >(
    db,
    `SELECT id, email, display_name AS displayName, away_until AS awayUntil, alerts, password_hash = '' AS invited,
       EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.staff_id = staff.id) AS pushDevices
     FROM staff`,
  )
    .all()
    .map((row) => ({
      ...row,
      alerts: alertChoiceOf(row.alerts),
      invited: row.invited === 1,
      pushDevices: row.pushDevices === 1,
    }));
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
  /** The enabled webhook endpoints, when the caller has read them for several plans already. */
  endpoints?: () => readonly WebhookEndpoint[],
): void {
  const row: Record<string, unknown> = {
    enquiry_id: stored.id,
    received_at: stored.receivedAt,
    buyer: stored.enquiry.RetailerSelfUse,
  };
  for (const field of FIELDS) {
    const { column, write } = WORK_FIELDS[field] as { column: string; write?(value: unknown): unknown };
    row[column] = write ? write(plan.work[field]) : plan.work[field];
  }
  prepared(db, UPSERT_WORK).run(row);
  writeHistoryLines(db, stored, plan.history, actor);
  writeAlerts(db, stored.id, plan.alerts, actor.at, actor.requestId);
  writePushes(db, stored, plan.pushes ?? [], actor.at, actor.requestId);
  for (const event of webhookEventsOf(plan, stored, actor)) queueEnquiryWebhooks(db, event, endpoints?.());
}

/**
 * Writes history lines of one enquiry by `staffEmail`, in the caller's transaction, each marked as
 * work of its author when the plan says it is (`worked`: a line with a touch, plan.ts: LineTouch),
 * and, with a line the plan marks as contact ("first-contact"), the enquiry's first touch the
 * dashboard reads, kept at the earliest.
 */
export function writeHistoryLines(
  db: Database.Database,
  enquiry: { id: string; receivedAt: string },
  lines: readonly HistoryLine[],
  actor: { staffEmail: string; at: string },
): void {
  if (lines.some((line) => line.touch === "first-contact")) {
    prepared(
      db,
      `INSERT INTO enquiry_first_touch (enquiry_id, received_at, first_at) VALUES (?, ?, ?)
       ON CONFLICT (enquiry_id) DO UPDATE SET first_at = min(first_at, excluded.first_at)`,
    ).run(enquiry.id, enquiry.receivedAt, actor.at);
  }
  for (const line of lines) {
    const row = {
      id: newRowId(),
      enquiry_id: enquiry.id,
      at: actor.at,
      staff_email: actor.staffEmail,
      kind: line.kind,
      from_status: line.kind === "status" ? line.from : null,
      to_status: line.kind === "status" ? line.to : null,
      text: line.text,
      from_owner: line.kind === "owner" ? line.fromOwner : null,
      worked: line.touch ? 1 : 0,
    };
    prepared(db, insertStatement("enquiry_history", columnsOf(row))).run(row);
  }
}

/** The history of each of these enquiries, oldest first, read in the caller's transaction, by enquiry id. */
export function readHistories(
  db: Database.Database,
  enquiryIds: readonly string[],
): Map<string, HistoryEntry[]> {
  const histories = new Map<string, HistoryEntry[]>();
  const rows = prepared<[string], KeptHistoryLine & { enquiry_id: string }>(
    db,
    `SELECT id, enquiry_id, at, staff_email AS staffEmail, kind, from_status AS "from", to_status AS "to", text,
       from_owner AS fromOwner
     FROM enquiry_history WHERE enquiry_id IN (SELECT value FROM json_each(?)) ORDER BY at, rowid`,
  ).all(JSON.stringify(enquiryIds));
  for (const row of rows) {
    const entries = histories.get(row.enquiry_id) ?? [];
    entries.push(historyEntry(row));
    histories.set(row.enquiry_id, entries);
  }
  return histories;
}

/** Queues the members' alerts of one enquiry; one handed on says by whom (its payload). */
export function writeAlerts(
  db: Database.Database,
  enquiryId: string,
  alerts: WorkPlan["alerts"],
  at: string,
  requestId?: string,
): void {
  for (const alert of alerts) {
    const payload = memberAlertPayload(alert);
    insertNotification(db, {
      kind: "member-alert",
      at,
      enquiryId,
      staffId: alert.staffId,
      payload,
      requestId,
    });
  }
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
  let queued = 0;
  for (const push of pushes) {
    queued += insertNotification(db, {
      kind: "push",
      at,
      id: push.id,
      enquiryId: stored.id,
      staffId: push.staffId,
      payload: pushPayload(push, stored.enquiry.Name ?? ""),
      requestId,
    });
  }
  return queued;
}

/** The assignment rule new enquiries follow. */
export function readRule(db: Database.Database): AssignmentRule {
  return parseAssignmentRule(
    prepared<[], { rule: string }>(db, `SELECT rule FROM assignment WHERE id = 1`).get()?.rule,
  );
}
