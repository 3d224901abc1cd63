import { createHmac, randomBytes } from "node:crypto";
import { type DocumentData, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import type { BuyerHistory } from "../../../domain/buyer";
import { INITIAL_STATUS, type EnquiryStatus } from "../../../domain/status";
import { BUYER_KEY_NAME, buyerKeyOfQuery, buyerKeysOf, type BuyerKeys } from "../buyer-keys";
import { buyerEnquiryOf, type BuyerAdapter, type BuyerStatuses, type MobileAsked } from "../buyers";
import type { MobileEnquiry } from "../buyers";
import {
  ALREADY_EXISTS,
  ARRAY_CONTAINS_ANY_LIMIT,
  chunks,
  collectionsOf,
  grpcCode,
  isoOf,
  NOT_FOUND,
  pageByField,
  sortKey,
  type FirestoreContext,
} from "./connection";

/** The enquiry's two buyer keys, in its document: [mobile's, mailbox's] (server/store/buyer-keys.ts). */
export const BUYER_KEYS_FIELD = "buyerKeys";
/** Where the start-up's backfill says it has given every enquiry stored before keys existed its keys. */
export function buyerKeysDone(context: FirestoreContext) {
  return context.db.collection("settings").doc("buyerKeys");
}
/** Enquiries read and given their keys per batch by the backfill. */
export const BACKFILL_BATCH = 300;

const secrets = new WeakMap<object, Promise<Buffer>>();

/** The site's key `name` in `siteKeys/{name}`: 32 random bytes, made by the first to ask (FirestoreKeyStore). */
export function siteKey(context: Pick<FirestoreContext, "db" | "run">, name: string): Promise<Buffer> {
  const ref = context.db.collection("siteKeys").doc(name);
  return context.run(async () => {
    try {
      await ref.create({ value: randomBytes(32) });
    } catch (error) {
      if (grpcCode(error) !== ALREADY_EXISTS) throw error;
    }
    const value: unknown = (await ref.get()).get("value");
    if (!(value instanceof Uint8Array) || value.length !== 32)
      throw new Error(`The key ${name} is not usable`);
    return Buffer.from(value);
  });
}

/** The site's key for buyer keys, in `siteKeys` like the site's other keys; read once per connection. */
export function buyerSecret(context: FirestoreContext): Promise<Buffer> {
  let secret = secrets.get(context.db);
  if (!secret) {
    secret = siteKey(context, BUYER_KEY_NAME);
    // A failed read is asked again next time, not remembered.
    secret.catch(() => secrets.delete(context.db));
    secrets.set(context.db, secret);
  }
  return secret;
}

/** The document's field for an enquiry's keys. */
export function buyerKeysField(keys: BuyerKeys): string[] {
  // An enquiry with no address (started on WhatsApp) holds its mobile's key alone.
  return keys.mailbox === null ? [keys.mobile] : [keys.mobile, keys.mailbox];
}

/** An enquiry document's keys: as stored, or (stored before keys existed) worked out from its fields. */
export function buyerKeysOfDocument(data: DocumentData, secret: Buffer): BuyerKeys {
  const stored: unknown = data[BUYER_KEYS_FIELD];
  if (Array.isArray(stored) && (stored.length === 2 || stored.length === 1)) {
    return { mobile: String(stored[0]), mailbox: stored.length === 2 ? String(stored[1]) : null };
  }
  return buyerKeysOf(
    { Mobile: String(data.Mobile ?? ""), Email: typeof data.Email === "string" ? data.Email : null },
    secret,
  );
}

/**
 * The enquiries holding any of `keys` at the statuses `kept`, each with its status (its work
 * record's; the initial status with none), read in `transaction` when given.
 */
async function holding(
  context: FirestoreContext,
  keys: readonly string[],
  kept: BuyerStatuses,
  transaction?: Transaction,
): Promise<{ doc: DocumentSnapshot; status: EnquiryStatus }[]> {
  const { enquiries, work } = collectionsOf(context);
  const docs = new Map<string, DocumentSnapshot>();
  for (const part of chunks([...new Set(keys)], ARRAY_CONTAINS_ANY_LIMIT)) {
    const query = enquiries
      .where(BUYER_KEYS_FIELD, "array-contains-any", part)
      .select("receivedAt", "Quantity", BUYER_KEYS_FIELD);
    for (const doc of (await (transaction ? transaction.get(query) : query.get())).docs)
      docs.set(doc.id, doc);
  }
  if (docs.size === 0) return [];
  const held = [...docs.values()];
  const works = await (transaction ?? context.db).getAll(...held.map((doc) => work.doc(doc.id)), {
    fieldMask: ["status"],
  });
  const statusOf = (index: number) =>
    (works[index]?.get("status") as EnquiryStatus | undefined) ?? INITIAL_STATUS;
  return held
    .map((doc, index) => ({ doc, status: statusOf(index) }))
    .filter(({ status }) => kept.includes(status));
}

/**
 * A buyer's enquiries on Firestore: each enquiry's document holds its two keys in `buyerKeys`,
 * which an array-contains-any query reads by Firestore's automatic index on the field. Enquiries
 * stored before keys existed are given theirs by `backfillKeys` once, at start-up.
 */
export class FirestoreBuyerStore implements BuyerAdapter {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return collectionsOf(this.context);
  }

  async enquiriesOfMobile(asked: MobileAsked): Promise<MobileEnquiry[]> {
    return this.context.run(() =>
      this.context.db.runTransaction((transaction) => readMobileEnquiries(this.context, transaction, asked)),
    );
  }

  async history(enquiryId: string, limit: number, kept: BuyerStatuses): Promise<BuyerHistory | null> {
    return this.context.run(async () => {
      const [own, secret] = await Promise.all([
        this.collections.enquiries.doc(enquiryId).get(),
        buyerSecret(this.context),
      ]);
      if (!own.exists) return null;
      const keys = buyerKeysOfDocument(own.data() ?? {}, secret);
      const position = sortKey(isoOf(own.get("receivedAt")), own.id);
      const others = (await holding(this.context, buyerKeysField(keys), kept))
        .filter(({ doc }) => doc.id !== enquiryId)
        .map(({ doc, status }) => ({ doc, status, at: sortKey(isoOf(doc.get("receivedAt")), doc.id) }))
        .sort((a, b) => b.at.localeCompare(a.at));
      const shown = others.slice(0, limit);
      const [works, deals] = shown.length
        ? await Promise.all([
            this.context.db.getAll(...shown.map(({ doc }) => this.collections.work.doc(doc.id)), {
              fieldMask: ["lostReason", "duplicateOf"],
            }),
            this.context.db.getAll(...shown.map(({ doc }) => this.collections.deals.doc(doc.id)), {
              fieldMask: ["valueRupees"],
            }),
          ])
        : [[], []];
      return {
        total: others.length,
        earlier: others.filter(({ at }) => at < position).length,
        enquiries: shown.map(({ doc, status }, index) => {
          const held = (doc.get(BUYER_KEYS_FIELD) as unknown[] | undefined) ?? [];
          const value: unknown = deals[index]?.get("valueRupees");
          return buyerEnquiryOf({
            id: doc.id,
            receivedAt: isoOf(doc.get("receivedAt")),
            status,
            quantity: typeof doc.get("Quantity") === "number" ? Number(doc.get("Quantity")) : null,
            sameMobile: held[0] === keys.mobile,
            sameMailbox: held[1] === keys.mailbox,
            orderValue: typeof value === "number" ? value : null,
            lostReason: works[index]?.get("lostReason"),
            duplicateOf: works[index]?.get("duplicateOf"),
          });
        }),
      };
    });
  }

  async earlierCounts(enquiryIds: readonly string[], kept: BuyerStatuses): Promise<Map<string, number>> {
    if (enquiryIds.length === 0) return new Map();
    return this.context.run(async () => {
      const [docs, secret] = await Promise.all([
        this.context.db.getAll(...enquiryIds.map((id) => this.collections.enquiries.doc(id)), {
          fieldMask: ["receivedAt", "Mobile", "Email", BUYER_KEYS_FIELD],
        }),
        buyerSecret(this.context),
      ]);
      const listed = docs
        .filter((doc) => doc.exists)
        .map((doc) => ({
          id: doc.id,
          keys: buyerKeysField(buyerKeysOfDocument(doc.data() ?? {}, secret)),
          at: sortKey(isoOf(doc.get("receivedAt")), doc.id),
        }));
      const wanted = listed.flatMap((each) => each.keys);
      const holders = (await holding(this.context, wanted, kept)).map(({ doc }) => ({
        keys: (doc.get(BUYER_KEYS_FIELD) as unknown[] | undefined) ?? [],
        at: sortKey(isoOf(doc.get("receivedAt")), doc.id),
      }));
      const counts = new Map<string, number>();
      for (const { id, keys, at } of listed) {
        const earlier = holders.filter(
          (holder) => holder.at < at && keys.some((key) => holder.keys.includes(key)),
        ).length;
        if (earlier > 0) counts.set(id, earlier);
      }
      return counts;
    });
  }

  async backfillKeys(): Promise<number> {
    const marker = buyerKeysDone(this.context);
    if ((await this.context.run(() => marker.get())).get("done") === true) return 0;
    const secret = await buyerSecret(this.context);
    let given = 0;
    // By the time each was received, which every enquiry holds.
    let after: unknown = null;
    for (;;) {
      const page = await this.context.run(() =>
        pageByField(this.collections.enquiries.select("Mobile", "Email", BUYER_KEYS_FIELD), "receivedAt", {
          after,
          limit: BACKFILL_BATCH,
        }),
      );
      const missing = page.docs.filter((doc) => !Array.isArray(doc.get(BUYER_KEYS_FIELD)));
      const keysOf = (doc: DocumentSnapshot) => ({
        [BUYER_KEYS_FIELD]: buyerKeysField(buyerKeysOfDocument(doc.data() ?? {}, secret)),
      });
      if (missing.length > 0) {
        const batch = this.context.db.batch();
        for (const doc of missing) {
          // update, not set: an enquiry erased meanwhile is not brought back (the batch fails, and is tried again below).
          batch.update(doc.ref, keysOf(doc));
        }
        try {
          await this.context.run(() => batch.commit());
          given += missing.length;
        } catch (error) {
          if (grpcCode(error) !== NOT_FOUND) throw error;
          // One of them was erased meanwhile: give the others theirs one by one.
          for (const doc of missing) {
            try {
              await this.context.run(() => doc.ref.update(keysOf(doc)));
              given += 1;
            } catch (single) {
              if (grpcCode(single) !== NOT_FOUND) throw single;
            }
          }
        }
      }
      if (page.docs.length < BACKFILL_BATCH) break;
      after = page.end;
    }
    await this.context.run(() => marker.set({ done: true, at: new Date().toISOString() }));
    return given;
  }
}

/**
 * The enquiries sent with the mobile asked (its buyer key) at the statuses kept, with their
 * statuses, read in `transaction`: the query and the work records are the transaction's reads.
 */
export async function readMobileEnquiries(
  context: FirestoreContext,
  transaction: Transaction,
  asked: MobileAsked,
): Promise<MobileEnquiry[]> {
  const key = buyerKeyOfQuery({ mobile: asked.mobile }, await buyerSecret(context));
  return (await holding(context, [key], asked.kept, transaction)).map(({ doc, status }) => ({
    id: doc.id,
    receivedAt: isoOf(doc.get("receivedAt")),
    status,
  }));
}

/**
 * The id of the enquiry a WhatsApp message from `mobile` opens on the IST `day` after the buyer's
 * enquiry `after` (null: none): the same for every instance opening one after the same enquiry
 * that day, so that the enquiry's document, created once, lets one of two at once through. The
 * day keeps an id from coming back when the buyer's newest enquiry was erased and they write
 * again on another day. A UUID's shape (version 4 bits), from a keyed hash of the mobile's key:
 * neither the number nor its key can be read from it.
 */
export async function whatsappEnquiryId(
  context: FirestoreContext,
  mobile: string,
  after: string | null,
  day: string,
): Promise<string> {
  const secret = await buyerSecret(context);
  const key = buyerKeyOfQuery({ mobile }, secret);
  const bytes = createHmac("sha256", secret)
    .update(`whatsapp-enquiry:${key}:${after ?? ""}:${day}`)
    .digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
