import { newRowId } from "./row-id";
import type { WorkingHours } from "../../../domain/working-hours";
import type { WorkingHoursSource } from "../../work";
import { ENQUIRY_COLUMNS, type EnquiryRow, languageOf, storedEnquiry } from "./enquiry-row";
import type { Enquiry } from "../../../domain/enquiry";
import {
  type StaffLinkMail,
  type AddEnquiryOptions,
  type CountedChecks,
  type EnquiryStore,
  type NotificationKind,
  type OutboxBacklog,
  type PendingNotification,
  type DocumentNotificationPayload,
  type StoredEnquiry,
  type EnquiryNotificationKind,
  type WhatsAppPayload,
} from "../store";
import type Database from "better-sqlite3";
import { isUnavailable, prepared, type SqliteConnection } from "./connection";
import { addCountersIn } from "./attempt-counters";
import { eventTime } from "../event-clock";
import { enquiryFingerprint, IdempotencyKeyReusedError } from "../idempotency";
import type { DigestContent } from "../../../domain/team";
import type { HandedOnList } from "../../../domain/bulk";
import { leaseDueRows } from "./lease-due";
import { enquiryMailsSuppressed } from "../../spam/screening";
import { enquiryMetaRow, INSERT_ENQUIRY_META } from "./enquiry-meta";
import { memberAlertFactsOf } from "../member-alert-payload";
import { pushPayloadOf } from "../push-payload";
import { queueEnquiryMail, readMembers, readRule, takeTurn, writePlan } from "./work-record";
import {
  acknowledgementQueued,
  countsMailboxCap,
  intakeTakesTurn,
  planIntake,
  type MemberFacts,
} from "../../lifecycle/plan";
import type { AssignmentRule } from "../../../domain/team";

/** The statement that inserts an enquiry's row, in `table` (quoted). */
function insertEnquirySql(table: string): string {
  return `INSERT INTO ${table} (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at, language)
    VALUES (@id, @Name, @Email, @Mobile, @Quantity, @RetailerSelfUse, @receivedAt, @language)`;
}

/**
 * Writes a new enquiry outside intake's group commit, in the caller's transaction: its row and
 * what is kept beside it (an enquiry started on WhatsApp: docs/decisions/042). Its buyer keys are
 * given at the next read, as intake's are.
 */
export function insertNewEnquiry(db: Database.Database, table: string, stored: StoredEnquiry): void {
  prepared(db, insertEnquirySql(table)).run({
    id: stored.id,
    receivedAt: stored.receivedAt,
    language: stored.language,
    ...stored.enquiry,
  });
  const meta = enquiryMetaRow(stored);
  if (meta) prepared(db, INSERT_ENQUIRY_META).run(meta);
}

/** A claimed notification with what its mail is made from: its enquiry's fields, or its address's. */
interface ClaimedRow extends Omit<EnquiryRow, "id"> {
  notification_id: string;
  kind: NotificationKind;
  attempts: number;
  enquiry_id: string | null;
  subscriber_id: string | null;
  subscriber_email: string | null;
  confirm_nonce: string | null;
  unsubscribe_nonce: string | null;
  requested_at: string | null;
  subscriber_language: string | null;
  staff_id: string | null;
  staff_email: string | null;
  payload: string | null;
  reply_message_id: string | null;
  reply_in_reply_to: string | null;
  reply_refs: string | null;
  reply_subject: string | null;
  reply_body: string | null;
  message_row_id: string | null;
  queued_at: string | null;
  request_id: string | null;
}

/** The request that queued a notification, where one is recorded. */
function requestIdOf(row: ClaimedRow): { requestId?: string } {
  return row.request_id ? { requestId: row.request_id } : {};
}

function pendingNotification(row: ClaimedRow): PendingNotification {
  if (row.kind === "document") {
    const { to, document, reminder } = JSON.parse(String(row.payload)) as DocumentNotificationPayload;
    return {
      id: row.notification_id,
      kind: row.kind,
      enquiryId: String(row.enquiry_id),
      to,
      document,
      ...(reminder ? { reminder } : {}),
      attempts: row.attempts,
      ...requestIdOf(row),
    };
  }
  if (row.kind === "whatsapp") {
    const { enquiry } = storedEnquiry({ ...row, id: String(row.enquiry_id) });
    return {
      id: row.notification_id,
      kind: row.kind,
      enquiryId: String(row.enquiry_id),
      enquiry,
      messageRowId: String(row.message_row_id),
      message: JSON.parse(String(row.payload)) as WhatsAppPayload,
      attempts: row.attempts,
      ...requestIdOf(row),
    };
  }
  if (row.kind === "reply") {
    const { enquiry, language } = storedEnquiry({ ...row, id: String(row.enquiry_id) });
    return {
      id: row.notification_id,
      kind: row.kind,
      enquiryId: String(row.enquiry_id),
      enquiry,
      language,
      reply: {
        subject: String(row.reply_subject),
        text: String(row.reply_body),
        messageId: String(row.reply_message_id),
        inReplyTo: row.reply_in_reply_to,
        references: JSON.parse(row.reply_refs ?? "[]") as string[],
      },
      attempts: row.attempts,
      ...requestIdOf(row),
    };
  }
  if (row.kind === "digest") {
    return {
      id: row.notification_id,
      kind: row.kind,
      staffId: String(row.staff_id),
      to: String(row.staff_email),
      digest: JSON.parse(String(row.payload)) as DigestContent,
      attempts: row.attempts,
    };
  }
  if (row.kind === "handed-on") {
    return {
      id: row.notification_id,
      kind: row.kind,
      staffId: String(row.staff_id),
      to: String(row.staff_email),
      list: JSON.parse(String(row.payload)) as HandedOnList,
      attempts: row.attempts,
    };
  }
  if (row.kind === "staff-link") {
    return {
      id: row.notification_id,
      kind: row.kind,
      staffId: String(row.staff_id),
      to: String(row.staff_email),
      link: JSON.parse(String(row.payload)) as StaffLinkMail,
      attempts: row.attempts,
    };
  }
  if (row.kind === "push") {
    return {
      id: row.notification_id,
      kind: row.kind,
      staffId: String(row.staff_id),
      to: String(row.staff_email),
      enquiryId: String(row.enquiry_id),
      push: pushPayloadOf(row.payload),
      queuedAt: String(row.queued_at),
      attempts: row.attempts,
      ...requestIdOf(row),
    };
  }
  if (row.kind === "member-alert") {
    const { enquiry, receivedAt } = storedEnquiry({ ...row, id: String(row.enquiry_id) });
    return {
      id: row.notification_id,
      kind: row.kind,
      staffId: String(row.staff_id),
      to: String(row.staff_email),
      enquiryId: String(row.enquiry_id),
      enquiry,
      receivedAt,
      ...memberAlertFactsOf(row.payload),
      attempts: row.attempts,
      ...requestIdOf(row),
    };
  }
  if (row.kind === "newsletter-confirmation" || row.kind === "newsletter-welcome") {
    return {
      id: row.notification_id,
      kind: row.kind,
      subscriberId: String(row.subscriber_id),
      email: String(row.subscriber_email),
      confirmNonce: row.confirm_nonce,
      unsubscribeNonce: String(row.unsubscribe_nonce),
      requestedAt: String(row.requested_at),
      language: languageOf(row.subscriber_language),
      attempts: row.attempts,
    };
  }
  const { enquiry, receivedAt, language } = storedEnquiry({ ...row, id: String(row.enquiry_id) });
  return {
    id: row.notification_id,
    kind: row.kind as EnquiryNotificationKind,
    enquiryId: String(row.enquiry_id),
    enquiry,
    receivedAt,
    language,
    attempts: row.attempts,
    ...requestIdOf(row),
  };
}

interface QueuedEnquiry {
  stored: StoredEnquiry;
  acknowledge: boolean;
  /** The visitor ticked the form's WhatsApp box. */
  whatsappConsent: boolean;
  idempotencyKey?: string;
  requestId?: string;
  checks?: CountedChecks;
  /** The company's working hours in force as it arrived: the first-contact target's. */
  hours: WorkingHours;
}

/**
 * Adds the enquiry's counted checks in the transaction and settles what they decide: its
 * screening (one filed as Spam is then stored as such, mailing nobody), and whether its
 * acknowledgement is queued.
 */
function settleCountedChecks(db: Database.Database, queued: QueuedEnquiry): QueuedEnquiry {
  const { checks } = queued;
  if (!checks) return queued;
  const screening = checks.score(addCountersIn(db, checks.counters));
  const spam = enquiryMailsSuppressed(screening);
  const cap = checks.acknowledgement;
  const capAllowed =
    cap && countsMailboxCap({ asked: queued.acknowledge, spam })
      ? cap.allowed(addCountersIn(db, cap.counters))
      : undefined;
  return {
    ...queued,
    stored: { ...queued.stored, screening },
    acknowledge: acknowledgementQueued({ asked: queued.acknowledge, spam, capAllowed }),
  };
}

/** An enquiry the database refused inside a group commit: only its own changes were undone. */
class RefusedInGroup {
  constructor(readonly error: unknown) {}
}

type IntakeOutcome = StoredEnquiry | IdempotencyKeyReusedError | RefusedInGroup;

/**
 * At most this many enquiries share one transaction: under a flood, the group commit after a
 * full one takes the rest, so one transaction (and the event loop it holds) stays short.
 */
export const GROUP_COMMIT_LIMIT = 64;

function settle(
  entry: { resolve: (stored: StoredEnquiry) => void; reject: (error: unknown) => void },
  outcome: IntakeOutcome | undefined,
): void {
  if (outcome instanceof IdempotencyKeyReusedError) entry.reject(outcome);
  else if (outcome instanceof RefusedInGroup) entry.reject(outcome.error);
  else if (outcome) entry.resolve(outcome);
  else entry.reject(new Error("No outcome for a queued enquiry"));
}

/**
 * Enquiries and the outbox of their notifications on SQLite. An enquiry and its pending
 * notification are committed together, once they are on disk `add` resolves.
 */
export class SqliteEnquiryStore implements EnquiryStore {
  constructor(
    private readonly connection: SqliteConnection,
    private readonly hours: WorkingHoursSource,
  ) {}

  /** Enquiries waiting for the next group commit, with the callers waiting on them. */
  private queuedEnquiries: (QueuedEnquiry & {
    resolve: (stored: StoredEnquiry) => void;
    reject: (error: unknown) => void;
  })[] = [];

  /**
   * Stores the enquiry and its pending notification, and resolves once they are on disk.
   * Enquiries that arrive in the same turn of the event loop (up to GROUP_COMMIT_LIMIT) share
   * one transaction and so one flush to disk (a group commit): each caller still hears back
   * only after the shared COMMIT has returned, and under load the disk is flushed once per
   * group, not once per enquiry. A lone enquiry waits for no one: its group is committed at the
   * end of the turn it arrived in. Each enquiry is written in a savepoint of its own, so one the
   * database refuses is undone alone and the others of its group commit.
   */
  async add(enquiry: Enquiry, options: AddEnquiryOptions = {}): Promise<StoredEnquiry> {
    // Read before the enquiry takes its time, so enquiries are queued in the order of their times.
    const hours = await this.hours();
    const stored: StoredEnquiry = {
      id: newRowId(),
      receivedAt: eventTime().toISOString(),
      language: options.language ?? "en",
      enquiry: {
        Name: enquiry.Name,
        Email: enquiry.Email,
        Mobile: enquiry.Mobile,
        Quantity: enquiry.Quantity,
        RetailerSelfUse: enquiry.RetailerSelfUse,
      },
      ...(options.source ? { source: options.source } : {}),
      ...(options.screening ? { screening: options.screening } : {}),
    };
    return new Promise((resolve, reject) => {
      this.queuedEnquiries.push({
        stored,
        acknowledge: options.acknowledge ?? false,
        whatsappConsent: options.whatsappConsent ?? false,
        ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
        ...(options.requestId ? { requestId: options.requestId } : {}),
        ...(options.checks ? { checks: options.checks } : {}),
        hours,
        resolve,
        reject,
      });
      if (this.queuedEnquiries.length === 1) setImmediate(() => this.commitQueuedEnquiries());
    });
  }

  private commitQueuedEnquiries(): void {
    const group = this.queuedEnquiries.splice(0, GROUP_COMMIT_LIMIT);
    if (this.queuedEnquiries.length > 0) setImmediate(() => this.commitQueuedEnquiries());
    try {
      const outcomes = this.insertEnquiries(group);
      group.forEach((entry, i) => settle(entry, outcomes[i]));
    } catch (error) {
      // The transaction itself failed (the disk full, the file unusable): nothing of the group
      // was committed, and every caller hears so.
      for (const entry of group) entry.reject(error);
    }
  }

  /**
   * Inserts the enquiries and their notifications in one write transaction, each in a savepoint
   * of its own; answers, for each, what was stored, the enquiry first stored with its key, the
   * key's refusal, or the database's refusal of that enquiry alone. The key is looked up inside
   * the transaction, whose write lock no other connection shares, so two requests with one key
   * (in one group, or in two processes) store one enquiry.
   */
  private insertEnquiries(enquiries: readonly QueuedEnquiry[]): IntakeOutcome[] {
    return this.connection.run((db) => {
      const insertEnquiry = prepared(db, insertEnquirySql(this.connection.enquiryTable));
      const firstWithKey = prepared<[string], EnquiryRow & { fingerprint: string }>(
        db,
        `SELECT k.fingerprint, ${ENQUIRY_COLUMNS}
         FROM enquiry_idempotency_keys k JOIN ${this.connection.enquiryTable} e ON e.id = k.enquiry_id
         WHERE k.key = ?`,
      );
      const insertMeta = prepared(db, INSERT_ENQUIRY_META);
      const insertKey = prepared(
        db,
        `INSERT INTO enquiry_idempotency_keys (key, enquiry_id, fingerprint, received_at) VALUES (?, ?, ?, ?)`,
      );
      // A transaction function called inside another runs in a savepoint: what throws undoes
      // only that enquiry's changes (its counters included), then the error is answered to it.
      const intake = db.transaction(
        (
          queued: QueuedEnquiry,
          rule: AssignmentRule,
          members: readonly MemberFacts[],
        ): StoredEnquiry | IdempotencyKeyReusedError => {
          const { idempotencyKey } = queued;
          const fingerprint = idempotencyKey ? enquiryFingerprint(queued.stored.enquiry) : "";
          if (idempotencyKey) {
            const first = firstWithKey.get(idempotencyKey);
            if (first && first.fingerprint !== fingerprint) return new IdempotencyKeyReusedError();
            if (first) return storedEnquiry(first);
          }
          // Counted only now: a repeat of a key, answered above, counts nothing.
          const settled = settleCountedChecks(db, queued);
          const { acknowledge, hours } = settled;
          insertEnquiry.run({
            id: settled.stored.id,
            receivedAt: settled.stored.receivedAt,
            language: settled.stored.language,
            ...settled.stored.enquiry,
          });
          // Suspected spam: no owner, no alert, no webhook; Not spam files it as New and does all three.
          const spam = enquiryMailsSuppressed(settled.stored.screening);
          const plan = planIntake({
            receivedAt: settled.stored.receivedAt,
            buyer: settled.stored.enquiry.RetailerSelfUse,
            spam,
            rule,
            turn: intakeTakesTurn(rule, spam) ? takeTurn(db) : 0,
            members,
            hours,
            acknowledge,
            whatsappConsent: { asked: queued.whatsappConsent, language: settled.stored.language },
          });
          const stored = plan.whatsappConsent
            ? { ...settled.stored, whatsappConsent: plan.whatsappConsent }
            : settled.stored;
          // Before the plan's work row, which copies the source's label from it.
          const meta = enquiryMetaRow(stored);
          if (meta) insertMeta.run(meta);
          const { requestId } = queued;
          if (plan.companyMail) queueEnquiryMail(db, stored.id, "company", stored.receivedAt, requestId);
          if (plan.acknowledgement)
            queueEnquiryMail(db, stored.id, "acknowledgement", stored.receivedAt, requestId);
          writePlan(db, stored, plan, {
            staffEmail: "",
            at: stored.receivedAt,
            ...(requestId ? { requestId } : {}),
          });
          if (idempotencyKey) insertKey.run(idempotencyKey, stored.id, fingerprint, stored.receivedAt);
          return stored;
        },
      );
      return db
        .transaction(() => {
          // Read once for the whole group: nothing but this transaction, which holds the write
          // lock, can change them before it commits (taking a turn changes the turn, not the rule).
          const rule = readRule(db);
          const members = readMembers(db);
          return enquiries.map((queued) => {
            try {
              return intake(queued, rule, members);
            } catch (error) {
              // The file unusable, or the transaction already undone by SQLite: the group fails.
              if (isUnavailable(error) || !db.inTransaction) throw error;
              return new RefusedInGroup(error);
            }
          });
        })
        .immediate();
    });
  }

  async eraseIdempotencyKeys(before: Date): Promise<number> {
    return this.connection.run(
      (db) =>
        db.prepare(`DELETE FROM enquiry_idempotency_keys WHERE received_at < ?`).run(before.toISOString())
          .changes,
    );
  }

  async list(): Promise<StoredEnquiry[]> {
    return this.connection.run((db) =>
      db
        .prepare<[], EnquiryRow>(
          `SELECT ${ENQUIRY_COLUMNS} FROM ${this.connection.enquiryTable} e ORDER BY e.received_at, e.rowid`,
        )
        .all()
        .map(storedEnquiry),
    );
  }

  async claimDueNotifications(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<PendingNotification[]> {
    const now = options.now.toISOString();
    const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
    return this.connection.run((db) =>
      db
        .transaction(() => {
          const claimed = leaseDueRows(db, "notifications", {
            worker: options.worker,
            now,
            until,
            limit: options.limit,
          });
          if (claimed.length === 0) return [];
          const rows = db
            .prepare<[string], ClaimedRow>(
              `SELECT n.id AS notification_id, n.kind, n.attempts, n.enquiry_id, n.subscriber_id,
                    e.Name, e.Email, e.Mobile, e.Quantity, e.RetailerSelfUse, e.received_at, e.language,
                    s.email AS subscriber_email, s.confirm_nonce, s.unsubscribe_nonce, s.requested_at,
                    s.language AS subscriber_language, n.staff_id, st.email AS staff_email, n.payload,
                    m.message_id AS reply_message_id, m.in_reply_to AS reply_in_reply_to, m.refs AS reply_refs,
                    m.subject AS reply_subject, m.body AS reply_body, n.message_id AS message_row_id, n.queued_at,
                    n.request_id
             FROM notifications n
             LEFT JOIN staff st ON st.id = n.staff_id
             LEFT JOIN enquiry_messages m ON m.id = n.message_id
             LEFT JOIN ${this.connection.enquiryTable} e ON e.id = n.enquiry_id
             LEFT JOIN subscribers s ON s.id = n.subscriber_id
             WHERE n.id IN (SELECT value FROM json_each(?))
             ORDER BY n.rowid`,
            )
            .all(JSON.stringify(claimed));
          return rows.map(pendingNotification);
        })
        .immediate(),
    );
  }

  async outboxBacklog(): Promise<OutboxBacklog> {
    // Both from the (status, queued_at) index: a count and its first entry.
    const row = this.connection.run((db) =>
      db
        .prepare<[], { waiting: number; oldest: string | null }>(
          `SELECT count(*) AS waiting, min(queued_at) AS oldest FROM notifications WHERE status = 'pending'`,
        )
        .get(),
    );
    return { waiting: row?.waiting ?? 0, oldestQueuedAt: row?.oldest ?? null };
  }

  async markNotificationSent(id: string, worker: string): Promise<void> {
    // Recorded as sent even if the lease ran out meanwhile: the mail did go, and must not go again.
    this.connection.run((db) =>
      db
        .prepare(
          `UPDATE notifications
           SET status = 'sent', sent_at = @now, last_attempt_at = @now, attempts = attempts + 1,
               claimed_by = @worker, claim_expires_at = NULL, last_error = NULL
           WHERE id = @id AND status = 'pending'`,
        )
        .run({ now: new Date().toISOString(), worker, id }),
    );
  }

  async markNotificationFailed(
    id: string,
    worker: string,
    error: string,
    nextAttemptAt: Date,
  ): Promise<void> {
    // Only the worker holding the claim may release it; after its lease ran out, another may hold it.
    this.connection.run((db) =>
      db
        .prepare(
          `UPDATE notifications
           SET attempts = attempts + 1, last_error = @error, next_attempt_at = @next, due_at = @next,
               last_attempt_at = @now, claimed_by = NULL, claim_expires_at = NULL
           WHERE id = @id AND status = 'pending' AND claimed_by = @worker`,
        )
        .run({
          error: error.slice(0, 2000),
          next: nextAttemptAt.toISOString(),
          now: new Date().toISOString(),
          id,
          worker,
        }),
    );
  }

  async markNotificationUndeliverable(id: string, worker: string, error: string, at: Date): Promise<void> {
    // due_at keeps when it was refused: the digest reads the day's refusals by it.
    this.connection.run((db) =>
      db
        .prepare(
          `UPDATE notifications
           SET status = 'undeliverable', attempts = attempts + 1, last_error = @error, last_attempt_at = @at,
               due_at = @at, claimed_by = NULL, claim_expires_at = NULL
           WHERE id = @id AND status = 'pending' AND claimed_by = @worker`,
        )
        .run({ error: error.slice(0, 2000), at: at.toISOString(), id, worker }),
    );
  }
}
