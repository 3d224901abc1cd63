import type Database from "better-sqlite3";
import type { BuyerHistory } from "../../../domain/buyer";
import { INITIAL_STATUS, type EnquiryStatus } from "../../../domain/status";
import { buyerKeyOfQuery, buyerKeysOf } from "../buyer-keys";
import { buyerEnquiryOf, type BuyerAdapter, type BuyerEnquiryRead, type BuyerStatuses } from "../buyers";
import type { MobileAsked, MobileEnquiry } from "../buyers";
import { prepared, type SqliteRun } from "./connection";
import { catchUpReferences } from "./references";
import { buyerSecretOf, INSERT_BUYER_KEY } from "./sale-schema";
import { statusIn } from "./status-sql";
import type { WhatsAppConsent } from "../../../domain/whatsapp-consent";
import { whatsappConsentOfRow } from "./enquiry-meta";

/** The buyer's enquiries at the statuses kept (BUYER_STATUSES): their work row's `w`, or New with none. */
const keptWhere = (kept: BuyerStatuses) => statusIn(`coalesce(w.status, '${INITIAL_STATUS}')`, kept);

/**
 * Gives the enquiries stored since the last time their two buyer keys (server/store/buyer-keys.ts),
 * in one batch; every read of `enquiry_buyers` calls it first. An enquiry's own write only notes it
 * as waiting in `enquiry_buyers_pending` (an append, by a trigger on the enquiries' table): its two
 * keys are HMACs of random-looking values, and inserting them into the keys' index in each group
 * commit wrote a page of its own for each key, a quarter of the write path's pages, and the HMACs
 * a tenth of its time. In a transaction of its own (a savepoint inside the caller's), so two
 * connections never key one enquiry twice; an enquiry deleted while it waited is left out. A
 * batch of the enquiries' references, which wait in a queue of their own, is given then too
 * (references.ts), so that their queue stays short where no mailbox is read to look them up.
 */
export function catchUpBuyerKeys(db: Database.Database, enquiryTable: string): number {
  catchUpReferences(db, enquiryTable);
  if (!prepared(db, `SELECT 1 FROM enquiry_buyers_pending LIMIT 1`).get()) return 0;
  return db
    .transaction(() => {
      const waiting = prepared<[], { id: string; receivedAt: string; Mobile: string; Email: string | null }>(
        db,
        `SELECT e.id, e.received_at AS receivedAt, e.Mobile, e.Email
         FROM enquiry_buyers_pending p JOIN ${enquiryTable} e ON e.id = p.enquiry_id`,
      ).all();
      const secret = buyerSecretOf(db);
      const insert = prepared(db, INSERT_BUYER_KEY);
      for (const enquiry of waiting) {
        const keys = buyerKeysOf(enquiry, secret);
        insert.run(keys.mobile, enquiry.receivedAt, enquiry.id);
        if (keys.mailbox !== null) insert.run(keys.mailbox, enquiry.receivedAt, enquiry.id);
      }
      prepared(db, `DELETE FROM enquiry_buyers_pending`).run();
      return waiting.length;
    })
    .immediate();
}

/** One of the buyer's other enquiries as its SELECT names the columns: its two flags as SQLite's 1 or 0. */
type OtherRow = Omit<BuyerEnquiryRead, "sameMobile" | "sameMailbox"> & {
  sameMobile: number;
  sameMailbox: number;
};

/**
 * A buyer's enquiries on SQLite, through `enquiry_buyers` (buyer key, time received, enquiry): its
 * primary key finds every enquiry of one key in time order, and an index on the enquiry finds an
 * enquiry's own keys; both go with the enquiry.
 */
export class SqliteBuyerStore implements BuyerAdapter {
  constructor(
    private readonly run: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  /** The enquiries sharing a key with this one: the one definition both reads below use. */
  private others(): string {
    return `(SELECT DISTINCT enquiry_id FROM enquiry_buyers
              WHERE buyer_key IN (@mobile, @mailbox) AND enquiry_id <> @id) o
      JOIN ${this.table} e ON e.id = o.enquiry_id
      LEFT JOIN enquiry_work w ON w.enquiry_id = o.enquiry_id`;
  }

  async history(enquiryId: string, limit: number, kept: BuyerStatuses): Promise<BuyerHistory | null> {
    return this.run((db) => {
      catchUpBuyerKeys(db, this.table);
      return db
        .transaction((): BuyerHistory | null => {
          const own = prepared<[string], { Mobile: string; Email: string | null; received_at: string }>(
            db,
            `SELECT Mobile, Email, received_at FROM ${this.table} WHERE id = ?`,
          ).get(enquiryId);
          if (!own) return null;
          const keys = buyerKeysOf(own, buyerSecretOf(db));
          const params = { id: enquiryId, mobile: keys.mobile, mailbox: keys.mailbox, at: own.received_at };
          const counts = prepared<typeof params, { total: number; earlier: number | null }>(
            db,
            `SELECT count(*) AS total, sum((e.received_at, e.id) < (@at, @id)) AS earlier
             FROM ${this.others()} WHERE ${keptWhere(kept)}`,
          ).get(params);
          const rows = prepared<typeof params & { limit: number }, OtherRow>(
            db,
            `SELECT e.id, e.received_at AS receivedAt, w.status, e.Quantity AS quantity,
               EXISTS (SELECT 1 FROM enquiry_buyers x
                       WHERE x.buyer_key = @mobile AND x.received_at = e.received_at AND x.enquiry_id = e.id) AS sameMobile,
               EXISTS (SELECT 1 FROM enquiry_buyers x
                       WHERE x.buyer_key = @mailbox AND x.received_at = e.received_at AND x.enquiry_id = e.id) AS sameMailbox,
               d.value_rupees AS orderValue, w.lost_reason AS lostReason, w.duplicate_of AS duplicateOf
             FROM ${this.others()} LEFT JOIN enquiry_deals d ON d.enquiry_id = e.id
             WHERE ${keptWhere(kept)}
             ORDER BY e.received_at DESC, e.id DESC LIMIT @limit`,
          ).all({ ...params, limit });
          return {
            total: counts?.total ?? 0,
            earlier: counts?.earlier ?? 0,
            enquiries: rows.map((row) =>
              buyerEnquiryOf({
                ...row,
                sameMobile: row.sameMobile === 1,
                sameMailbox: row.sameMailbox === 1,
              }),
            ),
          };
        })
        .deferred();
    });
  }

  async enquiriesOfMobile(asked: MobileAsked): Promise<MobileEnquiry[]> {
    return this.run((db) => readMobileEnquiries(db, this.table, asked));
  }

  async earlierCounts(enquiryIds: readonly string[], kept: BuyerStatuses): Promise<Map<string, number>> {
    if (enquiryIds.length === 0) return new Map();
    const rows = this.run((db) => {
      catchUpBuyerKeys(db, this.table);
      return prepared<[string], { id: string; earlier: number }>(
        db,
        `SELECT me.enquiry_id AS id, count(DISTINCT o.enquiry_id) AS earlier
         FROM enquiry_buyers me
           JOIN enquiry_buyers o ON o.buyer_key = me.buyer_key
             AND (o.received_at, o.enquiry_id) < (me.received_at, me.enquiry_id)
           LEFT JOIN enquiry_work w ON w.enquiry_id = o.enquiry_id
         WHERE me.enquiry_id IN (SELECT value FROM json_each(?)) AND ${keptWhere(kept)}
         GROUP BY me.enquiry_id`,
      ).all(JSON.stringify(enquiryIds));
    });
    return new Map(rows.map((row) => [row.id, row.earlier]));
  }

  async backfillKeys(): Promise<number> {
    // The migration gave every enquiry then stored its keys as it ran; each new one gets them at
    // the first read after it, or here (at start-up), whichever comes first.
    return this.run((db) => catchUpBuyerKeys(db, this.table));
  }
}

/**
 * The work layer's readBuyerWhatsApp step (server/store/work-port.ts), inside the caller's
 * transaction: the consent this enquiry's form gave, and the buyer's WhatsApp messages on every
 * enquiry of their mobile key, newest first. It reads; what they mean is decided above the store
 * (server/lifecycle/whatsapp.ts: whatsappFactsOf).
 */
export function readBuyerWhatsApp(
  db: Database.Database,
  table: string,
  enquiryId: string,
  limit: number,
): { consent: WhatsAppConsent | null; messages: { at: string; text: string }[] } {
  const own = prepared<
    [string],
    { Mobile: string; Email: string } & Parameters<typeof whatsappConsentOfRow>[0]
  >(
    db,
    `SELECT e.Mobile, e.Email, m.whatsapp_consent_at, m.whatsapp_consent_wording, m.whatsapp_consent_language
     FROM ${table} e LEFT JOIN enquiry_meta m ON m.enquiry_id = e.id WHERE e.id = ?`,
  ).get(enquiryId);
  if (!own) return { consent: null, messages: [] };
  catchUpBuyerKeys(db, table);
  const messages = prepared<{ key: string; id: string; limit: number }, { at: string; text: string }>(
    db,
    `SELECT m.at, m.body AS text FROM enquiry_messages m
     WHERE m.direction = 'in' AND m.channel = 'whatsapp'
       AND (m.enquiry_id = @id OR m.enquiry_id IN (SELECT enquiry_id FROM enquiry_buyers WHERE buyer_key = @key))
     ORDER BY m.at DESC, m.rowid DESC LIMIT @limit`,
  ).all({ key: buyerKeysOf(own, buyerSecretOf(db)).mobile, id: enquiryId, limit });
  return {
    consent: whatsappConsentOfRow(own),
    messages,
  };
}

/** The enquiries sent with the mobile asked (its buyer key) at the statuses kept, with their statuses. */
export function readMobileEnquiries(db: Database.Database, table: string, asked: MobileAsked) {
  catchUpBuyerKeys(db, table);
  return prepared<[string], { id: string; receivedAt: string; status: string | null }>(
    db,
    `SELECT e.id, e.received_at AS receivedAt, w.status
     FROM enquiry_buyers b JOIN ${table} e ON e.id = b.enquiry_id
       LEFT JOIN enquiry_work w ON w.enquiry_id = e.id
     WHERE b.buyer_key = ? AND ${keptWhere(asked.kept)}`,
  )
    .all(buyerKeyOfQuery({ mobile: asked.mobile }, buyerSecretOf(db)))
    .map((row) => ({ ...row, status: (row.status ?? INITIAL_STATUS) as EnquiryStatus }));
}
