import type Database from "better-sqlite3";
import { buyerKeyOfQuery } from "../buyer-keys";
import { buyerSecretOf } from "./sale-schema";
import { catchUpBuyerKeys } from "./buyers";
import { DEAL_COLUMNS, dealOf, type DealRow } from "./deals";
import { readDispatches } from "./dispatch";
import { readDocuments } from "./documents";
import { erasureOfDocuments } from "../../lifecycle/erasure";
import { erasureOutcome, pendingMailOf, personalEnquiryOf } from "../../lifecycle/personal-data";
import type { IssuedDocument } from "../../../domain/invoice";
import type { EnquiryStatus } from "../../../domain/console";
import { readHistories } from "./work-record";
import type {
  ErasureCounts,
  ErasureReport,
  PendingMail,
  PersonalDataReport,
  PersonalSubscription,
  PersonQuery,
} from "../../../domain/personal-data";
import { subscriptionAddressesOf, type PersonalDataStore } from "../personal-data";
import { insertActivity } from "./activity";
import type { SqliteRun } from "./connection";
import { ENQUIRY_COLUMNS, storedEnquiry, type EnquiryRow } from "./enquiry-row";
import { type EnquiryMetaColumns, whatsappConsentOfRow } from "./enquiry-meta";

/** The consent to WhatsApp beside an enquiry, read with it (enquiry-meta.ts). */
type ConsentColumns = Pick<
  EnquiryMetaColumns,
  "whatsapp_consent_at" | "whatsapp_consent_wording" | "whatsapp_consent_language"
>;
import { SqliteConversationStore } from "./conversations";

/**
 * A person's data on SQLite. Their enquiries are found by their buyer key (`enquiry_buyers`, a keyed
 * hash of each enquiry's mobile and of its mailbox), so no enquiry is read beyond theirs.
 */
export class SqlitePersonalDataStore implements PersonalDataStore {
  private readonly conversations: SqliteConversationStore;

  constructor(
    private readonly run: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {
    this.conversations = new SqliteConversationStore(run, table);
  }

  private enquiriesOf(db: Database.Database, query: PersonQuery): (EnquiryRow & ConsentColumns)[] {
    catchUpBuyerKeys(db, this.table);
    return db
      .prepare<[string], EnquiryRow & ConsentColumns>(
        `SELECT ${ENQUIRY_COLUMNS}, m.whatsapp_consent_at, m.whatsapp_consent_wording, m.whatsapp_consent_language
         FROM enquiry_buyers b JOIN ${this.table} e ON e.id = b.enquiry_id
           LEFT JOIN enquiry_meta m ON m.enquiry_id = e.id
         WHERE b.buyer_key = ?
         ORDER BY e.received_at, e.id`,
      )
      .all(buyerKeyOfQuery(query, buyerSecretOf(db)));
  }

  /** The subscriptions of the addresses the request proves (`subscriptionAddressesOf`). */
  private subscriptionsOf(
    db: Database.Database,
    query: PersonQuery,
    enquiries: EnquiryRow[],
  ): PersonalSubscription[] {
    const addresses = subscriptionAddressesOf(
      query,
      enquiries.flatMap((row) => (row.Email === null ? [] : [row.Email])),
    );
    if (addresses.length === 0) return [];
    return db
      .prepare<[string], PersonalSubscription>(
        `SELECT id, email, status, subscribed_at AS subscribedAt, confirmed_at AS confirmedAt FROM subscribers
         WHERE email IN (SELECT value FROM json_each(?)) ORDER BY subscribed_at, id`,
      )
      .all(JSON.stringify(addresses));
  }

  private report(db: Database.Database, query: PersonQuery): PersonalDataReport {
    const rows = this.enquiriesOf(db, query);
    const enquiryIds = rows.map((row) => row.id);
    const ids = JSON.stringify(enquiryIds);
    const works = new Map(
      db
        .prepare<[string], { enquiry_id: string; status: EnquiryStatus; lost_reason: string | null }>(
          `SELECT enquiry_id, status, lost_reason FROM enquiry_work WHERE enquiry_id IN (SELECT value FROM json_each(?))`,
        )
        .all(ids)
        .map((row) => [row.enquiry_id, { status: row.status, lostReason: row.lost_reason }]),
    );
    const deals = new Map(
      db
        .prepare<[string], DealRow & { enquiry_id: string }>(
          `SELECT d.enquiry_id, ${DEAL_COLUMNS} FROM enquiry_deals d WHERE d.enquiry_id IN (SELECT value FROM json_each(?))`,
        )
        .all(ids)
        .map((row) => [row.enquiry_id, dealOf(row)]),
    );
    const dispatches = readDispatches(db, enquiryIds);
    const history = readHistories(db, enquiryIds);
    const subscriptions = this.subscriptionsOf(db, query, rows);
    const pendingMails = db
      .prepare<[string, string], Omit<PendingMail, "reference">>(
        `SELECT id, enquiry_id AS enquiryId, subscriber_id AS subscriberId, kind, attempts,
           next_attempt_at AS nextAttemptAt, last_error AS lastError
         FROM notifications
         WHERE (enquiry_id IN (SELECT value FROM json_each(?)) OR subscriber_id IN (SELECT value FROM json_each(?)))
           AND status = 'pending'
         ORDER BY next_attempt_at, rowid`,
      )
      .all(ids, JSON.stringify(subscriptions.map((subscription) => subscription.id)))
      .map(pendingMailOf);
    return {
      query,
      enquiries: rows.map((row) =>
        personalEnquiryOf({
          stored: storedEnquiry(row),
          work: works.get(row.id),
          history: history.get(row.id) ?? [],
          conversation: this.conversations.messagesOf(db, row.id),
          deal: deals.get(row.id) ?? null,
          dispatch: dispatches.get(row.id) ?? null,
          whatsappConsent: whatsappConsentOfRow(row),
          documents: readDocuments(db, row.id),
        }),
      ),
      subscriptions,
      pendingMails,
    };
  }

  async find(query: PersonQuery): Promise<PersonalDataReport> {
    // One transaction: the enquiries, their work and their mails as of one moment. A write one, as
    // the enquiries stored since the last read of the buyer keys are given theirs first.
    return this.run((db) => db.transaction(() => this.report(db, query)).immediate());
  }

  async erase(query: PersonQuery, options: { actor: string | null; at?: Date }): Promise<ErasureReport> {
    const at = options.at ?? new Date();
    return this.run((db) =>
      // IMMEDIATE: what is found is what is erased; no enquiry or mail of theirs slips in between.
      db
        .transaction((): ErasureReport => {
          const rows = this.enquiriesOf(db, query);
          const subscriptions = this.subscriptionsOf(db, query, rows);
          const ids = JSON.stringify(rows.map((row) => row.id));
          const subscriberIds = JSON.stringify(subscriptions.map((subscription) => subscription.id));
          const inIds = `IN (SELECT value FROM json_each(?))`;
          // Mails first, counted (they would also go with their enquiry or address). The
          // enquiries' delete trigger removes their rows from the search index; their buyer keys
          // are deleted by name, as everything else of theirs is.
          db.prepare(`DELETE FROM enquiry_buyers WHERE enquiry_id ${inIds}`).run(ids);
          db.prepare(`DELETE FROM enquiry_dispatch WHERE enquiry_id ${inIds}`).run(ids);
          // Which documents are kept for their statutory period and which go: erasure.ts's answer.
          const documents = erasureOfDocuments(
            db
              .prepare<[string], { document: string }>(
                `SELECT document FROM issued_documents WHERE enquiry_id ${inIds} ORDER BY issued_at, sequence`,
              )
              .all(ids)
              .map(({ document }) => JSON.parse(document) as IssuedDocument),
          );
          const counts: ErasureCounts = {
            // A digest, or a list of enquiries handed on, names its enquiries' buyers by first name:
            // one naming an erased enquiry goes too.
            notifications: db
              .prepare(
                `DELETE FROM notifications WHERE enquiry_id ${inIds} OR subscriber_id ${inIds}
                 OR (kind IN ('digest', 'handed-on') AND EXISTS (SELECT 1 FROM json_each(?) j WHERE instr(payload, j.value) > 0))`,
              )
              .run(ids, subscriberIds, ids).changes,
            historyEntries: db.prepare(`DELETE FROM enquiry_history WHERE enquiry_id ${inIds}`).run(ids)
              .changes,
            // After the notifications: a reply's mail refers to its message.
            messages: db.prepare(`DELETE FROM enquiry_messages WHERE enquiry_id ${inIds}`).run(ids).changes,
            workRecords: db.prepare(`DELETE FROM enquiry_work WHERE enquiry_id ${inIds}`).run(ids).changes,
            deals: db.prepare(`DELETE FROM enquiry_deals WHERE enquiry_id ${inIds}`).run(ids).changes,
            documents: db
              .prepare(`DELETE FROM issued_documents WHERE id ${inIds}`)
              .run(JSON.stringify(documents.erased)).changes,
            taxRecordsKept: documents.kept.length,
            enquiries: db.prepare(`DELETE FROM ${this.table} WHERE id ${inIds}`).run(ids).changes,
            subscriptions: db.prepare(`DELETE FROM subscribers WHERE id ${inIds}`).run(subscriberIds).changes,
          };
          const { report, activity } = erasureOutcome({
            enquiryIds: rows.map((row) => row.id),
            counts,
            kept: documents.kept,
            actor: options.actor,
            at,
          });
          if (activity) insertActivity(db, activity);
          return report;
        })
        .immediate(),
    );
  }
}
