import { newRowId } from "./row-id";
import type Database from "better-sqlite3";
import { CLOSED_STATUSES, type EnquiryStatus } from "../../../domain/console";
import {
  alertChoiceOf,
  assigneeOf,
  membersNamedBy,
  parseAssignmentRule,
  DIGEST_LIST_MAX,
  DIGEST_SPAM_WINDOW_MS,
  firstContactDueAt,
  memberAlertRecipients,
  usesTurns,
  type AlertChoice,
  type AssignmentRule,
  type DigestContent,
  type DigestItem,
  type DigestSection,
} from "../../../domain/team";
import { FIRST_CONTACT_HOURS } from "../../../domain/working-hours";
import { enquiryReference } from "../../../domain/console";
import { deliveryState } from "../enquiry-work";
import { decodePageCursor, encodePageCursor } from "../page-cursor";
import type { StoredEnquiry } from "../store";
import {
  digestNotificationId,
  type FollowUpResult,
  type OwnerChangeResult,
  type TeamFields,
  type TeamInboxRow,
  type TeamStore,
  type ViewCounts,
  type ViewRequest,
} from "../team";
import { prepared, type SqliteRun } from "./connection";
import { type EnquiryRow, storedEnquiry } from "./enquiries";

/**
 * Gives a new enquiry its owner, its first-contact target and its members' alerts, inside the
 * transaction that stores it (EnquiryStore.add). The turn counter is taken with one UPDATE …
 * RETURNING under the transaction's write lock, so enquiries arriving at once, in one batch or
 * from two processes, each get the next turn.
 */
export function applyTeamRules(
  db: Database.Database,
  stored: StoredEnquiry,
  options: {
    firstContactHours?: number;
    /**
     * An enquiry filed as Spam that staff marked Not spam: its work record becomes New at this
     * version, and its first-contact target counts from `at`, when it reached the team.
     */
    released?: { version: number; at: string };
  },
): void {
  const ruleRow = prepared<[], { rule: string }>(db, `SELECT rule FROM assignment WHERE id = 1`).get();
  const rule = parseAssignmentRule(ruleRow?.rule);
  const members = prepared<[], { id: string; alerts: string }>(db, `SELECT id, alerts FROM staff`)
    .all()
    .map(({ id, alerts }) => ({ id, alerts: alertChoiceOf(alerts) }));
  const ids = new Set(members.map(({ id }) => id));
  // Marked Not spam after staff had set Spam by hand: the owner it had stays.
  const kept = options.released
    ? (prepared<[string], { owner_id: string | null }>(
        db,
        `SELECT owner_id FROM enquiry_work WHERE enquiry_id = ?`,
      ).get(stored.id)?.owner_id ?? null)
    : null;
  let turn = 0;
  if (!kept && usesTurns(rule)) {
    turn =
      prepared<[], { turn: number }>(
        db,
        `UPDATE assignment SET turn = turn + 1 WHERE id = 1 RETURNING turn - 1 AS turn`,
      ).get()?.turn ?? 0;
  }
  const buyer = stored.enquiry.RetailerSelfUse;
  const ownerId = kept ?? assigneeOf(rule, buyer, turn, (id) => ids.has(id));
  const due = firstContactDueAt(
    new Date(options.released?.at ?? stored.receivedAt),
    options.firstContactHours ?? FIRST_CONTACT_HOURS,
  );
  if (options.released) {
    prepared(
      db,
      `UPDATE enquiry_work SET status = 'New', version = ?, closed_at = NULL, owner_id = ?, due_at = ?
       WHERE enquiry_id = ?`,
    ).run(options.released.version, ownerId, due.toISOString(), stored.id);
  } else {
    prepared(
      db,
      `INSERT INTO enquiry_work (enquiry_id, status, version, closed_at, received_at, owner_id, due_at)
       VALUES (?, 'New', 0, NULL, ?, ?, ?)`,
    ).run(stored.id, stored.receivedAt, ownerId, due.toISOString());
  }
  const recipients = memberAlertRecipients({ buyer, ownerId, members });
  const insert = prepared(
    db,
    `INSERT INTO notifications (id, enquiry_id, staff_id, kind, status, attempts, next_attempt_at, due_at, queued_at)
     VALUES (?, ?, ?, 'member-alert', 'pending', 0, @at, @at, @at)`,
  );
  const queuedAt = options.released?.at ?? stored.receivedAt;
  for (const staffId of recipients) insert.run(newRowId(), stored.id, staffId, { at: queuedAt });
}

interface TeamSqlRow extends EnquiryRow {
  status: string | null;
  sent_at: string | null;
  attempts: number | null;
  owner_id: string | null;
  follow_up_at: string | null;
  next_step: string | null;
  touched_at: string | null;
  due_at: string | null;
  w_received_at: string | null;
}

const COLUMNS = `e.id, e.Name, e.Email, e.Mobile, e.Quantity, e.RetailerSelfUse, e.received_at, e.language,
  w.status, n.sent_at, n.attempts, w.owner_id, w.follow_up_at, w.next_step, w.touched_at, w.due_at`;

function teamFields(
  row: Pick<TeamSqlRow, "owner_id" | "follow_up_at" | "next_step" | "touched_at" | "due_at"> & {
    exists?: boolean;
  },
): TeamFields {
  return {
    ownerId: row.owner_id ?? null,
    followUpAt: row.follow_up_at ?? null,
    nextStep: row.next_step ?? null,
    touched: row.touched_at !== null && row.touched_at !== undefined,
    dueAt: row.due_at ?? null,
  };
}

function teamRow(row: TeamSqlRow): TeamInboxRow {
  return {
    ...storedEnquiry(row),
    status: (row.status ?? "New") as EnquiryStatus,
    companyNotification: deliveryState({ sentAt: row.sent_at, attempts: row.attempts ?? 0 }),
    ...teamFields(row),
  };
}

export class SqliteTeamStore implements TeamStore {
  constructor(
    private readonly run: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async assignmentRule(): Promise<AssignmentRule> {
    return this.run((db) =>
      parseAssignmentRule(
        db.prepare<[], { rule: string }>(`SELECT rule FROM assignment WHERE id = 1`).get()?.rule,
      ),
    );
  }

  async setAssignmentRule(rule: AssignmentRule): Promise<boolean> {
    const named = membersNamedBy(rule);
    return this.run((db) =>
      db
        .transaction(() => {
          const exists = db.prepare<[string], { id: string }>(`SELECT id FROM staff WHERE id = ?`);
          if (!named.every((id) => exists.get(id))) return false;
          db.prepare(`UPDATE assignment SET rule = ?, turn = 0 WHERE id = 1`).run(JSON.stringify(rule));
          return true;
        })
        .immediate(),
    );
  }

  async alertChoices(): Promise<Map<string, AlertChoice>> {
    return this.run(
      (db) =>
        new Map(
          db
            .prepare<[], { id: string; alerts: string }>(`SELECT id, alerts FROM staff`)
            .all()
            .map(({ id, alerts }) => [id, alertChoiceOf(alerts)]),
        ),
    );
  }

  async setAlertChoice(staffId: string, choice: AlertChoice): Promise<boolean> {
    return this.run(
      (db) => db.prepare(`UPDATE staff SET alerts = ? WHERE id = ?`).run(choice, staffId).changes === 1,
    );
  }

  /** The enquiry's work row, made (New, untouched) if staff never worked on it. */
  private ensureWork(db: Database.Database, enquiryId: string): boolean {
    const enquiry = db
      .prepare<[string], { received_at: string }>(`SELECT received_at FROM ${this.table} WHERE id = ?`)
      .get(enquiryId);
    if (!enquiry) return false;
    db.prepare(
      `INSERT INTO enquiry_work (enquiry_id, status, version, received_at) VALUES (?, 'New', 0, ?)
       ON CONFLICT (enquiry_id) DO NOTHING`,
    ).run(enquiryId, enquiry.received_at);
    return true;
  }

  async setOwner(
    enquiryId: string,
    change: { ownerId: string | null; staffEmail: string; at: Date },
  ): Promise<OwnerChangeResult> {
    const at = change.at.toISOString();
    return this.run((db) =>
      db
        .transaction((): OwnerChangeResult => {
          if (!this.ensureWork(db, enquiryId)) return "not-found";
          const owner = change.ownerId
            ? db
                .prepare<[string], { email: string }>(`SELECT email FROM staff WHERE id = ?`)
                .get(change.ownerId)
            : undefined;
          if (change.ownerId && !owner) return "no-such-member";
          db.prepare(
            `UPDATE enquiry_work SET owner_id = ?, touched_at = coalesce(touched_at, ?),
               due_at = CASE WHEN closed_at IS NULL THEN follow_up_at END
             WHERE enquiry_id = ?`,
          ).run(change.ownerId, at, enquiryId);
          db.prepare(
            `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, text) VALUES (?, ?, ?, ?, 'owner', ?)`,
          ).run(newRowId(), enquiryId, at, change.staffEmail, owner?.email ?? null);
          return "changed";
        })
        .immediate(),
    );
  }

  async setFollowUp(
    enquiryId: string,
    change: { followUpAt: Date | null; nextStep: string | null; staffEmail: string; at: Date },
  ): Promise<FollowUpResult> {
    const at = change.at.toISOString();
    const followUp = change.followUpAt?.toISOString() ?? null;
    return this.run((db) =>
      db
        .transaction((): FollowUpResult => {
          if (!this.ensureWork(db, enquiryId)) return "not-found";
          const work = db
            .prepare<[string], { status: string }>(`SELECT status FROM enquiry_work WHERE enquiry_id = ?`)
            .get(enquiryId);
          if (CLOSED_STATUSES.includes(work?.status as EnquiryStatus)) return "closed";
          db.prepare(
            `UPDATE enquiry_work SET follow_up_at = ?, next_step = ?, due_at = ?, touched_at = coalesce(touched_at, ?)
             WHERE enquiry_id = ?`,
          ).run(followUp, change.nextStep, followUp, at, enquiryId);
          db.prepare(
            `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, text) VALUES (?, ?, ?, ?, 'follow-up', ?)`,
          ).run(
            newRowId(),
            enquiryId,
            at,
            change.staffEmail,
            followUp ? [followUp, change.nextStep].filter(Boolean).join(" · ") : null,
          );
          return "changed";
        })
        .immediate(),
    );
  }

  async fieldsOf(enquiryIds: readonly string[]): Promise<Map<string, TeamFields>> {
    if (enquiryIds.length === 0) return new Map();
    return this.run(
      (db) =>
        new Map(
          db
            .prepare<[string], TeamSqlRow & { enquiry_id: string }>(
              `SELECT enquiry_id, owner_id, follow_up_at, next_step, touched_at, due_at FROM enquiry_work
               WHERE enquiry_id IN (SELECT value FROM json_each(?))`,
            )
            .all(JSON.stringify(enquiryIds))
            .map((row) => [row.enquiry_id, teamFields(row)]),
        ),
    );
  }

  async listView(options: ViewRequest): Promise<{ items: TeamInboxRow[]; nextCursor: string | null }> {
    const after = options.cursor ? decodePageCursor(options.cursor) : null;
    const params: Record<string, string | number> = {
      limit: options.limit + 1,
      staffId: options.staffId,
      now: options.now.toISOString(),
      dayEnd: options.dayEnd.toISOString(),
    };
    const where: string[] = [];
    let order: string;
    const byDue = options.view === "due-today" || options.view === "overdue";
    if (options.view === "mine") {
      where.push(`w.owner_id = @staffId`);
      order = `w.received_at DESC, w.enquiry_id DESC`;
      if (after) where.push(`(w.received_at, w.enquiry_id) < (@afterAt, @afterId)`);
    } else if (options.view === "unassigned") {
      where.push(`w.owner_id IS NULL`);
      order = `w.received_at DESC, w.enquiry_id DESC`;
      if (after) where.push(`(w.received_at, w.enquiry_id) < (@afterAt, @afterId)`);
    } else {
      where.push(options.view === "overdue" ? `w.due_at <= @now` : `w.due_at > @now AND w.due_at < @dayEnd`);
      order = `w.due_at, w.enquiry_id`;
      if (after) where.push(`(w.due_at, w.enquiry_id) > (@afterAt, @afterId)`);
    }
    if (after) {
      params.afterAt = after.at;
      params.afterId = after.id;
    }
    const rows = this.run((db) =>
      db
        .prepare<Record<string, string | number>, TeamSqlRow>(
          `SELECT ${COLUMNS} FROM enquiry_work w JOIN ${this.table} e ON e.id = w.enquiry_id
           LEFT JOIN notifications n ON n.enquiry_id = e.id AND n.kind = 'company'
           WHERE ${where.join(" AND ")} ORDER BY ${order} LIMIT @limit`,
        )
        .all(params),
    );
    const items = rows.slice(0, options.limit).map(teamRow);
    const last = items.at(-1);
    const lastKey = last ? (byDue ? last.dueAt : last.receivedAt) : null;
    return {
      items,
      nextCursor: rows.length > options.limit && last && lastKey ? encodePageCursor(lastKey, last.id) : null,
    };
  }

  async viewCounts(options: { staffId: string; now: Date; dayEnd: Date }): Promise<ViewCounts> {
    const params = {
      staffId: options.staffId,
      now: options.now.toISOString(),
      dayEnd: options.dayEnd.toISOString(),
    };
    return this.run((db) =>
      db
        .transaction(() => {
          const count = (sql: string) =>
            db
              .prepare<typeof params, { count: number }>(
                `SELECT count(*) AS count FROM enquiry_work w WHERE ${sql}`,
              )
              .get(params)?.count ?? 0;
          return {
            mine: count(`w.owner_id = @staffId`),
            // Every enquiry has a work row (the migration gave older ones theirs): the index counts them.
            unassigned: count(`w.owner_id IS NULL`),
            dueToday: count(`w.due_at > @now AND w.due_at < @dayEnd`),
            overdue: count(`w.due_at <= @now`),
          };
        })
        .deferred(),
    );
  }

  async digestFor(options: {
    staffId: string;
    now: Date;
    dayEnd: Date;
    day: string;
  }): Promise<DigestContent> {
    const params = {
      staffId: options.staffId,
      now: options.now.toISOString(),
      dayEnd: options.dayEnd.toISOString(),
      limit: DIGEST_LIST_MAX,
    };
    return this.run((db) =>
      db
        .transaction(() => {
          const section = (where: string, order: string): DigestSection => {
            const count =
              db
                .prepare<typeof params, { count: number }>(
                  `SELECT count(*) AS count FROM enquiry_work w WHERE ${where}`,
                )
                .get(params)?.count ?? 0;
            const items =
              count === 0
                ? []
                : db
                    .prepare<
                      typeof params,
                      {
                        id: string;
                        RetailerSelfUse: string;
                        Quantity: number;
                        due_at: string | null;
                        received_at: string;
                      }
                    >(
                      `SELECT e.id, e.RetailerSelfUse, e.Quantity, w.due_at, e.received_at
                       FROM enquiry_work w JOIN ${this.table} e ON e.id = w.enquiry_id
                       WHERE ${where} ORDER BY ${order} LIMIT @limit`,
                    )
                    .all(params)
                    .map((row): DigestItem => ({
                      id: row.id,
                      reference: enquiryReference(row.id),
                      RetailerSelfUse: row.RetailerSelfUse as DigestItem["RetailerSelfUse"],
                      Quantity: row.Quantity,
                      dueAt: row.due_at,
                      receivedAt: row.received_at,
                    }));
            return { count, items };
          };
          return {
            day: options.day,
            overdue: section(`w.owner_id = @staffId AND w.due_at <= @now`, `w.due_at, w.enquiry_id`),
            dueToday: section(
              `w.owner_id = @staffId AND w.due_at > @now AND w.due_at < @dayEnd`,
              `w.due_at, w.enquiry_id`,
            ),
            newUnassigned: section(
              `w.owner_id IS NULL AND w.status = 'New'`,
              `w.received_at DESC, w.enquiry_id DESC`,
            ),
            spamFiled:
              db
                .prepare<{ since: string }, { count: number }>(
                  `SELECT count(*) AS count FROM enquiry_work WHERE status = 'Spam' AND received_at >= @since`,
                )
                .get({ since: new Date(options.now.getTime() - DIGEST_SPAM_WINDOW_MS).toISOString() })
                ?.count ?? 0,
          };
        })
        .deferred(),
    );
  }

  async queueDigests(
    day: string,
    digests: readonly { staffId: string; content: DigestContent }[],
    now: Date,
  ): Promise<number> {
    const at = now.toISOString();
    return this.run((db) =>
      db
        .transaction(() => {
          const insert = db.prepare(
            `INSERT INTO notifications (id, staff_id, kind, status, attempts, next_attempt_at, due_at, queued_at, payload)
             SELECT @id, @staffId, 'digest', 'pending', 0, @at, @at, @at, @payload
             WHERE EXISTS (SELECT 1 FROM staff WHERE id = @staffId)
             ON CONFLICT (id) DO NOTHING`,
          );
          let queued = 0;
          for (const { staffId, content } of digests) {
            queued += insert.run({
              id: digestNotificationId(staffId, day),
              staffId,
              at,
              payload: JSON.stringify(content),
            }).changes;
          }
          return queued;
        })
        .immediate(),
    );
  }
}
