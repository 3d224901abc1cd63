import type Database from "better-sqlite3";
import { buyerKeyOfQuery } from "../buyer-keys";
import { buyerSecretOf } from "./sale-schema";
import { catchUpBuyerKeys } from "./buyers";
import { DEAL_COLUMNS, dealOf, type DealRow } from "./deals";
import { readDispatches } from "./dispatch";
import { documentsWhere, readDocuments } from "./documents";
import type { EnquiryStatus } from "../../../domain/console";
import { readHistories } from "./work-record";
import type { PendingMail, PersonalSubscription } from "../../../domain/personal-data";
import type { PersonalDataPort, PersonalDataSteps } from "../personal-data";
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import { insertActivity } from "./activity";
import { eraseEnquiryRows, IN_LIST } from "./retention";
import type { SqliteRun } from "./connection";
import { ENQUIRY_COLUMNS, storedEnquiry, type EnquiryRow } from "./enquiry-row";
import { type EnquiryMetaColumns, whatsappConsentOfRow } from "./enquiry-meta";
import { SqliteConversationStore } from "./conversations";

/** The consent to WhatsApp beside an enquiry, read with it (enquiry-meta.ts). */
type ConsentColumns = Pick<
  EnquiryMetaColumns,
  "whatsapp_consent_at" | "whatsapp_consent_wording" | "whatsapp_consent_language"
>;

/**
 * A person's data on SQLite. Their enquiries are found by their buyer key (`enquiry_buyers`, a keyed
 * hash of each enquiry's mobile and of its mailbox), so no enquiry is read beyond theirs. A report
 * and an erasure are each one IMMEDIATE transaction: what is found is what is erased, no enquiry or
 * mail of theirs slips in between, and the enquiries stored since the last read of the buyer keys
 * are given theirs first.
 */
export class SqlitePersonalDataPort implements PersonalDataPort {
  private readonly conversations: SqliteConversationStore;

  constructor(
    private readonly sql: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {
    this.conversations = new SqliteConversationStore(sql, table);
  }

  async run<R>(change: () => ChangeOf<PersonalDataSteps, R>): Promise<R> {
    return this.sql((db) => db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate());
  }

  read<R>(change: () => ChangeOf<PersonalDataSteps, R>): Promise<R> {
    return this.run(change);
  }

  private answers(db: Database.Database): AnswersOf<PersonalDataSteps> {
    return {
      readEnquiries: ({ query }) => {
        catchUpBuyerKeys(db, this.table);
        return db
          .prepare<[string], { id: string; email: string | null }>(
            `SELECT e.id, e.Email AS email FROM enquiry_buyers b JOIN ${this.table} e ON e.id = b.enquiry_id
             WHERE b.buyer_key = ? ORDER BY e.received_at, e.id`,
          )
          .all(buyerKeyOfQuery(query, buyerSecretOf(db)));
      },
      readEnquiryRecords: ({ ids }) => this.records(db, ids),
      readSubscriptions: ({ addresses }) =>
        db
          .prepare<[string], PersonalSubscription>(
            `SELECT id, email, status, subscribed_at AS subscribedAt, confirmed_at AS confirmedAt FROM subscribers
             WHERE email ${IN_LIST} ORDER BY subscribed_at, id`,
          )
          .all(JSON.stringify(addresses)),
      readPendingMails: ({ enquiryIds, subscriberIds }) =>
        db
          .prepare<[string, string], Omit<PendingMail, "reference">>(
            `SELECT id, enquiry_id AS enquiryId, subscriber_id AS subscriberId, kind, attempts,
               next_attempt_at AS nextAttemptAt, last_error AS lastError
             FROM notifications
             WHERE (enquiry_id ${IN_LIST} OR subscriber_id ${IN_LIST}) AND status = 'pending'
             ORDER BY next_attempt_at, rowid`,
          )
          .all(JSON.stringify(enquiryIds), JSON.stringify(subscriberIds)),
      readDocuments: ({ enquiryIds }) =>
        documentsWhere(db, `enquiry_id ${IN_LIST}`, JSON.stringify(enquiryIds)),
      eraseHeld: ({ enquiryIds, subscriberIds, documentIds }) => {
        const subscribers = JSON.stringify(subscriberIds);
        // The newsletter's mails to the addresses, and a digest or a list of enquiries handed on
        // that names an erased enquiry's buyer by first name, go with the enquiries' own.
        const mails = db
          .prepare(
            `DELETE FROM notifications WHERE subscriber_id ${IN_LIST}
             OR (kind IN ('digest', 'handed-on') AND EXISTS (SELECT 1 FROM json_each(?) j WHERE instr(payload, j.value) > 0))`,
          )
          .run(subscribers, JSON.stringify(enquiryIds)).changes;
        const counts = eraseEnquiryRows(db, this.table, enquiryIds, documentIds);
        db.prepare(`DELETE FROM subscribers WHERE id ${IN_LIST}`).run(subscribers);
        return { ...counts, notifications: counts.notifications + mails };
      },
      recordActivity: (entry) => insertActivity(db, entry),
    };
  }

  /** Everything held of these enquiries, in the order given. */
  private records(db: Database.Database, enquiryIds: string[]) {
    const ids = JSON.stringify(enquiryIds);
    const rows = new Map(
      db
        .prepare<[string], EnquiryRow & ConsentColumns>(
          `SELECT ${ENQUIRY_COLUMNS}, m.whatsapp_consent_at, m.whatsapp_consent_wording, m.whatsapp_consent_language
           FROM ${this.table} e LEFT JOIN enquiry_meta m ON m.enquiry_id = e.id
           WHERE e.id ${IN_LIST}`,
        )
        .all(ids)
        .map((row) => [row.id, row]),
    );
    const works = new Map(
      db
        .prepare<[string], { enquiry_id: string; status: EnquiryStatus; lost_reason: string | null }>(
          `SELECT enquiry_id, status, lost_reason FROM enquiry_work WHERE enquiry_id ${IN_LIST}`,
        )
        .all(ids)
        .map((row) => [row.enquiry_id, { status: row.status, lostReason: row.lost_reason }]),
    );
    const deals = new Map(
      db
        .prepare<[string], DealRow & { enquiry_id: string }>(
          `SELECT d.enquiry_id, ${DEAL_COLUMNS} FROM enquiry_deals d WHERE d.enquiry_id ${IN_LIST}`,
        )
        .all(ids)
        .map((row) => [row.enquiry_id, dealOf(row)]),
    );
    const dispatches = readDispatches(db, enquiryIds);
    const history = readHistories(db, enquiryIds);
    return enquiryIds.flatMap((id) => {
      const row = rows.get(id);
      if (!row) return [];
      return [
        {
          stored: storedEnquiry(row),
          work: works.get(id),
          history: history.get(id) ?? [],
          conversation: this.conversations.messagesOf(db, id),
          deal: deals.get(id) ?? null,
          dispatch: dispatches.get(id) ?? null,
          whatsappConsent: whatsappConsentOfRow(row),
          documents: readDocuments(db, id),
        },
      ];
    });
  }
}
