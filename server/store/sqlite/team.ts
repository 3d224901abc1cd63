import { alertChoiceOf, type AlertChoice, type AssignmentRule } from "../../../domain/team";
import { countViews, digestNotificationId, digestOwners, digestRowsOf, type ViewCounts } from "../team";
import type { StoredTeamFields } from "../enquiry-work";
import type Database from "better-sqlite3";
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import type { TeamAdapter, TeamSteps } from "../team-port";
import { prepared, type SqliteRun } from "./connection";
import { insertNotification } from "./notification-row";
import { ENQUIRY_COLUMNS, type EnquiryRow, storedEnquiry } from "./enquiry-row";
import { TEAM_COLUMNS, type TeamColumns, teamFields } from "./inbox-row";
import { SqliteInboxListing } from "./inbox-listing";
import type { ArrivalRow, DigestParts, DigestReads, RefusedMailRow } from "../../lifecycle/digest";
import { readRule, workColumns, workFieldsOf, type WorkColumn, type WorkRow } from "./work-record";

/** The work fields a digest's row is made of (digestRowsOf). */
const DIGEST_WORK = ["dueAt", "touchedAt", "status", "ownerId"] as const;
type DigestWorkRow = EnquiryRow & Pick<WorkRow, WorkColumn<(typeof DIGEST_WORK)[number]>>;

export class SqliteTeamStore implements TeamAdapter {
  constructor(
    private readonly sqlite: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async assignmentRule(): Promise<AssignmentRule> {
    return this.sqlite(readRule);
  }

  async alertChoices(): Promise<Map<string, AlertChoice>> {
    return this.sqlite(
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
    return this.sqlite(
      (db) => db.prepare(`UPDATE staff SET alerts = ? WHERE id = ?`).run(choice, staffId).changes === 1,
    );
  }

  async fieldsOf(enquiryIds: readonly string[]): Promise<Map<string, StoredTeamFields>> {
    if (enquiryIds.length === 0) return new Map();
    return this.sqlite(
      (db) =>
        new Map(
          db
            .prepare<[string], TeamColumns & { enquiry_id: string }>(
              `SELECT w.enquiry_id, ${TEAM_COLUMNS} FROM enquiry_work w
               WHERE w.enquiry_id IN (SELECT value FROM json_each(?))`,
            )
            .all(JSON.stringify(enquiryIds))
            .map((row) => [row.enquiry_id, teamFields(row)]),
        ),
    );
  }

  async viewCounts(options: { staffId: string; now: Date; dayEnd: Date }): Promise<ViewCounts> {
    return this.sqlite((db) => {
      const listing = new SqliteInboxListing(db, this.table);
      // One read transaction: the counts are of one moment.
      return db.transaction(() => countViews(options, (counted) => listing.count(counted.filter))).deferred();
    });
  }

  async digestParts(options: DigestReads): Promise<DigestParts> {
    const dayEnd = options.dayEnd.toISOString();
    const counts = await this.viewCounts(options);
    return this.sqlite((db) =>
      db
        .transaction(() => {
          const rows = (ownerId: string | null) =>
            db
              .prepare<{ ownerId: string | null; dayEnd: string }, DigestWorkRow>(
                `SELECT ${ENQUIRY_COLUMNS}, ${workColumns(DIGEST_WORK)}
                 FROM enquiry_work w JOIN ${this.table} e ON e.id = w.enquiry_id
                 WHERE ${ownerId === null ? "w.owner_id IS NULL" : "w.owner_id = @ownerId"} AND w.due_at < @dayEnd`,
              )
              .all({ ownerId, dayEnd })
              .flatMap((row) => digestRowsOf(storedEnquiry(row), workFieldsOf(row, DIGEST_WORK)));
          return {
            due: digestOwners(options).flatMap(rows),
            team: { overdue: counts.overdue, dueToday: counts.dueToday },
            // From enquiry_work's received_at index, with whether each was filed as spam on arrival.
            arrivals: db
              .prepare<{ since: string }, Omit<ArrivalRow, "filedOnArrival"> & { filedOnArrival: number }>(
                `SELECT w.received_at AS receivedAt, w.status, coalesce(m.filed_as_spam, 0) AS filedOnArrival
                 FROM enquiry_work w LEFT JOIN enquiry_meta m ON m.enquiry_id = w.enquiry_id
                 WHERE w.received_at >= @since`,
              )
              .all({ since: options.arrivalsSince.toISOString() })
              .map((row) => ({ ...row, filedOnArrival: row.filedOnArrival === 1 })),
            // Read by the (status, due_at) index: an undeliverable notification's due_at is when it was refused.
            refused: db
              .prepare<{ since: string }, RefusedMailRow>(
                `SELECT e.id, e.Name, n.due_at AS refusedAt, n.kind, w.owner_id AS ownerId
                 FROM notifications n JOIN ${this.table} e ON e.id = n.enquiry_id
                 LEFT JOIN enquiry_work w ON w.enquiry_id = e.id
                 WHERE n.status = 'undeliverable' AND n.due_at >= @since`,
              )
              .all({ since: options.refusedSince.toISOString() }),
          };
        })
        .deferred(),
    );
  }

  async run<R>(change: () => ChangeOf<TeamSteps, R>): Promise<R> {
    return this.sqlite((db) => db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate());
  }

  private answers(db: Database.Database): AnswersOf<TeamSteps> {
    return {
      readStaffIds: ({ ids }) =>
        prepared<[string], { id: string }>(
          db,
          `SELECT id FROM staff WHERE id IN (SELECT value FROM json_each(?))`,
        )
          .all(JSON.stringify(ids))
          .map((row) => row.id),
      writeAssignmentRule: ({ rule, turn }) => {
        prepared(db, `UPDATE assignment SET rule = ?, turn = ? WHERE id = 1`).run(rule, turn);
      },
      writeDigest: ({ day, digest, at }) =>
        insertNotification(db, {
          kind: "digest",
          id: digestNotificationId(digest.staffId, day),
          at,
          staffId: digest.staffId,
          payload: JSON.stringify(digest.content),
        }) === 1,
    };
  }
}
