import type Database from "better-sqlite3";
import { isLostReason, type LostReason } from "../../../domain/deal";
import { buyerKeyOfQuery } from "../buyer-keys";
import { buyerSecretOf } from "./sale-schema";
import { catchUpBuyerKeys } from "./buyers";
import { DEAL_COLUMNS, dealOf, type DealRow } from "./deals";
import { readDispatches } from "./dispatch";
import { readDocuments } from "./documents";
import { erasedAnything, erasureOfDocuments } from "../../lifecycle/erasure";
import type { IssuedDocument } from "../../../domain/invoice";
import { enquiryReference, type EnquiryStatus } from "../../../domain/console";
import { readHistories } from "./work-record";
import { INITIAL_STATUS } from "../../../domain/status";
import {
  erasureSummary,
  type ErasureCounts,
  type ErasureReport,
  type PendingMail,
  type PersonalDataReport,
  type PersonalSubscription,
  type PersonQuery,
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
    const ids = JSON.stringify(rows.map((row) => row.id));
    const statuses = new Map(
      db
        .prepare<[string], { enquiry_id: string; status: EnquiryStatus; lost_reason: string | null }>(
          `SELECT enquiry_id, status, lost_reason FROM enquiry_work WHERE enquiry_id IN (SELECT value FROM json_each(?))`,
        )
        .all(ids)
        .map((row) => [row.enquiry_id, row]),
    );
    const deals = new Map(
      db
        .prepare<[string], DealRow & { enquiry_id: string }>(
          `SELECT d.enquiry_id, ${DEAL_COLUMNS} FROM enquiry_deals d WHERE d.enquiry_id IN (SELECT value FROM json_each(?))`,
        )
        .all(ids)
        .map((row) => {
          const { version: _, ...figures } = dealOf(row);
          return [row.enquiry_id, figures];
        }),
    );
    const dispatches = readDispatches(
      db,
      rows.map((row) => row.id),
    );
    const history = readHistories(
      db,
      rows.map((row) => row.id),
    );
    const subscriptions = this.subscriptionsOf(db, query, rows);
    const conversations = this.conversations;
    const documents = new Map(rows.map((row) => [row.id, readDocuments(db, row.id)]));
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
      .map((mail) => ({ ...mail, reference: mail.enquiryId ? enquiryReference(mail.enquiryId) : null }));
    return {
      query,
      enquiries: rows.map((row) => {
        const { id, receivedAt, enquiry } = storedEnquiry(row);
        const work = statuses.get(id);
        const lostReason: LostReason | null = isLostReason(work?.lost_reason) ? work.lost_reason : null;
        return {
          id,
          reference: enquiryReference(id),
          receivedAt,
          enquiry,
          status: work?.status ?? INITIAL_STATUS,
          history: history.get(id) ?? [],
          conversation: conversations.messagesOf(db, id),
          deal: deals.get(id) ?? null,
          lostReason,
          dispatch: dispatches.get(id) ?? null,
          whatsappConsent: whatsappConsentOfRow(row),
          documents: documents.get(id)?.documents ?? [],
          payments: documents.get(id)?.payments ?? [],
        };
      }),
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
          const erased = erasedAnything(counts);
          if (erased) {
            insertActivity(db, {
              actor: options.actor,
              action: "personal-data-erased",
              target: erasureSummary(counts),
              at,
            });
          }
          return {
            erased,
            at: at.toISOString(),
            enquiries: rows.map((row) => ({ id: row.id, reference: enquiryReference(row.id) })),
            counts,
            kept: documents.kept,
          };
        })
        .immediate(),
    );
  }
}
