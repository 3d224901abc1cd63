import { catchUpSearch } from "./search-index";
import type { NotificationAttempts } from "../../../domain/console";
import type { EnquiryStatus, StatusTally } from "../../../domain/status";
import {
  deliveryState,
  RECORD_MAIL_KINDS,
  recordMails,
  type EnquiryRecord,
  type EnquiryWorkAdapter,
  type InboxFilter,
  type InboxRow,
  type StoredInboxRow,
} from "../enquiry-work";
import { decodePageCursor, encodePageCursor } from "../page-cursor";
import type { SqliteRun } from "./connection";
import {
  INBOX_COLUMNS,
  INBOX_JOINS,
  inboxRow,
  type InboxSqlRow,
  TEAM_INBOX_COLUMNS,
  type TeamColumns,
  teamInboxRow,
} from "./inbox-row";
import { SqliteInboxListing } from "./inbox-listing";
import { readHistories } from "./work-record";
import type { NoteCandidate } from "../../lifecycle/last-note";
import type { CountedListing, ListingSteps, PhasePlace } from "../../lifecycle/inbox-listing";
import { driveStepsSync, type ChangeOf } from "../step-port";

export class SqliteEnquiryWorkStore implements EnquiryWorkAdapter {
  constructor(
    private readonly run: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async readListing<T>(
    filter: InboxFilter,
    page: <Place extends PhasePlace>() => ChangeOf<ListingSteps<Place, StoredInboxRow>, T>,
  ): Promise<T> {
    if (filter.q?.trim()) this.run((db) => catchUpSearch(db, this.table));
    return this.run((db) =>
      db
        .transaction(() => {
          const listing = new SqliteInboxListing(db, this.table);
          return driveStepsSync(page<PhasePlace>(), {
            readPhase: ({ phase, limit }) => listing.page(filter, phase, phase.after, limit),
            readRows: ({ places }) => {
              const rows = new Map(
                db
                  .prepare<[string], InboxSqlRow & TeamColumns>(
                    `SELECT ${TEAM_INBOX_COLUMNS} FROM ${this.table} e ${INBOX_JOINS}
                     WHERE e.id IN (SELECT value FROM json_each(?))`,
                  )
                  .all(JSON.stringify(places.map((each) => each.id)))
                  .map((row) => [row.id, teamInboxRow(row)]),
              );
              return places.flatMap((each) => rows.get(each.id) ?? []);
            },
          });
        })
        .deferred(),
    );
  }

  async count({ filter }: CountedListing): Promise<number> {
    if (filter.q?.trim()) this.run((db) => catchUpSearch(db, this.table));
    return this.run((db) => new SqliteInboxListing(db, this.table).count(filter));
  }

  async listSince(since: string | null, limit: number): Promise<InboxRow[]> {
    const after = since ? decodePageCursor(since) : null;
    return this.run((db) =>
      db
        .prepare<[string, string, number], InboxSqlRow>(
          `SELECT ${INBOX_COLUMNS} FROM ${this.table} e ${INBOX_JOINS}
           WHERE (e.received_at, e.id) > (?, ?)
           ORDER BY e.received_at DESC, e.id DESC LIMIT ?`,
        )
        .all(after?.at ?? "", after?.id ?? "", limit),
    ).map(inboxRow);
  }

  async newestCursor(): Promise<string | null> {
    const row = this.run((db) =>
      db
        .prepare<[], { id: string; received_at: string }>(
          `SELECT id, received_at FROM ${this.table} ORDER BY received_at DESC, id DESC LIMIT 1`,
        )
        .get(),
    );
    return row ? encodePageCursor(row.received_at, row.id) : null;
  }

  async statusTally(statuses: readonly EnquiryStatus[]): Promise<StatusTally> {
    return this.run((db) =>
      db
        .transaction(() => {
          // Both kept by triggers (migrations.ts, team-schema.ts): a few rows, however many enquiries.
          // The per-day rollup passes over enquiries started on WhatsApp (no buyer type:
          // whatsapp-enquiry-schema.ts), which are enquiries all the same: counted beside it.
          const total =
            db
              .prepare<[], { count: number }>(
                `SELECT coalesce((SELECT sum(enquiries) FROM enquiry_days), 0)
                   + (SELECT count(*) FROM ${this.table} WHERE RetailerSelfUse IS NULL) AS count`,
              )
              .get()?.count ?? 0;
          const counted = new Map(
            db
              .prepare<[string], { status: EnquiryStatus; count: number }>(
                `SELECT status, count FROM enquiry_status_counts
                 WHERE status IN (SELECT value FROM json_each(?))`,
              )
              .all(JSON.stringify(statuses))
              .map(({ status, count }) => [status, count]),
          );
          // A status no enquiry has reached yet has no row.
          return {
            total,
            counted: Object.fromEntries(statuses.map((status) => [status, counted.get(status) ?? 0])),
          };
        })
        .deferred(),
    );
  }

  async get(id: string): Promise<EnquiryRecord | null> {
    return this.run((db) =>
      db
        .transaction(() => {
          const row = db
            .prepare<[string], InboxSqlRow>(
              `SELECT ${INBOX_COLUMNS} FROM ${this.table} e ${INBOX_JOINS} WHERE e.id = ?`,
            )
            .get(id);
          if (!row) return null;
          const history = readHistories(db, [id]).get(id) ?? [];
          const notifications = recordMails(
            db
              .prepare<[string, string], Omit<NotificationAttempts, "state"> & { status: string }>(
                `SELECT id, kind, attempts, last_attempt_at AS lastAttemptAt, last_error AS lastError,
                   sent_at AS sentAt, status
                 FROM notifications WHERE enquiry_id = ? AND kind IN (SELECT value FROM json_each(?))
                 ORDER BY rowid`,
              )
              .all(id, JSON.stringify(RECORD_MAIL_KINDS)),
          ).map(({ status, ...notification }) => ({
            ...notification,
            state: deliveryState({ ...notification, status }),
          }));
          const { companyNotification: _, ...inbox } = inboxRow(row);
          return { ...inbox, history, notifications };
        })
        .deferred(),
    );
  }

  async noteLines(enquiryIds: readonly string[], kinds: readonly string[]): Promise<NoteCandidate[]> {
    if (enquiryIds.length === 0) return [];
    return this.run((db) =>
      db
        .prepare<[string, string], NoteCandidate>(
          `SELECT enquiry_id AS enquiryId, kind, text FROM enquiry_history
           WHERE enquiry_id IN (SELECT value FROM json_each(?)) AND kind IN (SELECT value FROM json_each(?))
           ORDER BY at, rowid`,
        )
        .all(JSON.stringify(enquiryIds), JSON.stringify(kinds)),
    );
  }

  async resendNotification(enquiryId: string, notificationId: string, now: Date): Promise<boolean> {
    return this.run(
      (db) =>
        db
          .prepare(
            `UPDATE notifications SET status = 'pending', next_attempt_at = @now, due_at = @now, queued_at = @now,
               sent_at = NULL,
               claimed_by = NULL, claim_expires_at = NULL
             WHERE id = @notificationId AND enquiry_id = @enquiryId`,
          )
          .run({ now: now.toISOString(), notificationId, enquiryId }).changes === 1,
    );
  }
}
