import { dispatchCollection, dispatchOfDocument } from "./dispatch";
import {
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type QueryDocumentSnapshot,
  type Transaction,
} from "firebase-admin/firestore";
import { whatsappConsentOfDocument } from "./enquiry-meta";
import type { EnquiryStatus } from "../../../domain/console";
import type {
  ErasureCounts,
  ErasureReport,
  PendingMail,
  PersonalDataReport,
  PersonalSubscription,
  PersonQuery,
} from "../../../domain/personal-data";
import { subscriptionAddressesOf, type PersonalDataStore } from "../personal-data";
import { activityDocument } from "./activity";
import { chunks, collectionsOf, IN_QUERY_LIMIT, isoOf, type FirestoreContext } from "./connection";
import { touchesOf } from "./dashboard";
import { historyEntryOf } from "./enquiry-work";
import { enquiryWebhookDeliveries } from "./webhooks";
import { isConfirmed, subscriberDocumentId } from "./subscribers";
import { FirestoreConversationStore } from "./conversations";
import { ANSWER_DAYS, MESSAGES, storedEnquiryOf } from "./documents";
import {
  ARRAY_CONTAINS_ANY_LIMIT,
  BUYER_KEYS_DONE,
  BUYER_KEYS_FIELD,
  buyerKeysField,
  buyerKeysOfDocument,
  buyerSecret,
} from "./buyers";
import { buyerKeyOfQuery } from "../buyer-keys";
import { dealOfDocument } from "./deals";
import { documentsOfEnquiries, documentsOfEnquiry } from "./issued-documents";
import { erasureOfDocuments } from "../../lifecycle/erasure";
import {
  erasureOutcome,
  pendingMailOf,
  pendingMailsInOrder,
  personalEnquiryOf,
} from "../../lifecycle/personal-data";

/** A mail of the person's still waiting in the outbox, as their report lists it; none when it is not waiting. */
function pendingMailsOf(mail: QueryDocumentSnapshot): PendingMail[] {
  const data = mail.data();
  if (data.status !== "pending") return [];
  return [
    pendingMailOf({
      id: mail.id,
      enquiryId: typeof data.enquiryId === "string" ? data.enquiryId : null,
      subscriberId: typeof data.subscriberId === "string" ? data.subscriberId : null,
      kind: (data.kind ?? "company") as PendingMail["kind"],
      attempts: Number(data.attempts ?? 0),
      nextAttemptAt: isoOf(data.nextAttemptAt),
      lastError: (data.lastError as string | null) ?? null,
    }),
  ];
}

/** Whether an enquiry's document is one of the person's: it holds their key (buyer-keys.ts). */
function holdsKey(data: DocumentData | undefined, key: string, secret: Buffer): boolean {
  return data ? buyerKeysField(buyerKeysOfDocument(data, secret)).includes(key) : false;
}

/** Oldest first, then by id, as SQLite lists them. */
function oldestFirst(a: DocumentSnapshot, b: DocumentSnapshot): number {
  return isoOf(a.get("receivedAt")).localeCompare(isoOf(b.get("receivedAt"))) || a.id.localeCompare(b.id);
}

/** The addresses whose subscriptions the request proves (`subscriptionAddressesOf`). */
function addressesOf(query: PersonQuery, enquiries: readonly DocumentSnapshot[]): string[] {
  return subscriptionAddressesOf(
    query,
    enquiries.map((doc) => String(doc.get("Email"))),
  );
}

/**
 * A person's data on Firestore: enquiries in `{product}_Form`, the staff's work in
 * `enquiryWork/{id}` with its `history` and `versions`, mails in `notifications` with their
 * `claims`, and `subscribers/{hash of the address}`.
 *
 * The person's enquiries are found by their buyer key (an array-contains query on `buyerKeys`).
 * Until the start-up's backfill has given every enquiry stored before keys existed its keys
 * (FirestoreBuyerStore.backfillKeys), those are looked for as before as well: by mobile with an
 * equality query, by e-mail by reading every enquiry's address. An erasure finds the enquiries
 * first, then reads them again and everything that hangs off them (the deal's figures included)
 * in one transaction, and deletes it all in that transaction's commit.
 */
export class FirestorePersonalDataStore implements PersonalDataStore {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return collectionsOf(this.context);
  }

  /** The documents of `collection` with these ids, in their order, read in `transaction` when given. */
  private async byIds(
    collection: CollectionReference,
    ids: readonly string[],
    transaction?: Transaction,
  ): Promise<DocumentSnapshot[]> {
    if (ids.length === 0) return [];
    const refs = ids.map((id) => collection.doc(id));
    return transaction ? transaction.getAll(...refs) : this.context.db.getAll(...refs);
  }

  /** Those of them that exist. */
  private async held(collection: CollectionReference, ids: readonly string[], transaction: Transaction) {
    return (await this.byIds(collection, ids, transaction)).filter((doc) => doc.exists);
  }

  /** The person's key, the key of buyer keys, and the ids of the person's enquiries. */
  private async lookUp(query: PersonQuery): Promise<{ key: string; secret: Buffer; ids: string[] }> {
    const secret = await buyerSecret(this.context);
    const key = buyerKeyOfQuery(query, secret);
    const marker = this.context.db.collection(BUYER_KEYS_DONE[0]).doc(BUYER_KEYS_DONE[1]);
    const [byKey, done] = await Promise.all([
      this.collections.enquiries.where(BUYER_KEYS_FIELD, "array-contains", key).select().get(),
      marker.get(),
    ]);
    const ids = new Set(byKey.docs.map((doc) => doc.id));
    if (done.get("done") !== true) {
      // Enquiries stored before buyer keys, not yet given theirs.
      const older =
        "mobile" in query
          ? await this.collections.enquiries.where("Mobile", "==", query.mobile).select().get()
          : await this.collections.enquiries.select("Email", "Mobile", BUYER_KEYS_FIELD).get();
      for (const doc of older.docs) {
        if ("mobile" in query || holdsKey(doc.data(), key, secret)) ids.add(doc.id);
      }
    }
    return { key, secret, ids: [...ids] };
  }

  async find(query: PersonQuery): Promise<PersonalDataReport> {
    return this.context.run(async () => {
      const { key, secret, ids } = await this.lookUp(query);
      const docs = (await this.byIds(this.collections.enquiries, ids)).filter((doc) =>
        holdsKey(doc.data(), key, secret),
      );
      docs.sort(oldestFirst);
      const enquiryIds = docs.map((doc) => doc.id);
      const works = await this.byIds(this.collections.work, enquiryIds);
      const deals = await this.byIds(this.collections.deals, enquiryIds);
      const dispatches = await this.byIds(dispatchCollection(this.context), enquiryIds);
      const documents = await Promise.all(docs.map((doc) => documentsOfEnquiry(this.context, doc.id)));
      const histories = await Promise.all(
        docs.map((doc) => this.collections.work.doc(doc.id).collection("history").orderBy("sortKey").get()),
      );
      const conversations = await new FirestoreConversationStore(this.context).conversationsOf(enquiryIds);
      const pendingMails: PendingMail[] = [];
      for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
        const snapshot = await this.collections.notifications.where("enquiryId", "in", part).get();
        pendingMails.push(...snapshot.docs.flatMap(pendingMailsOf));
      }
      const addresses = addressesOf(query, docs);
      const subscriberDocs = await this.byIds(
        this.collections.subscribers,
        addresses.map(subscriberDocumentId),
      );
      const subscriptions: PersonalSubscription[] = subscriberDocs
        .filter((doc) => doc.exists)
        .map((doc) => {
          const confirmedAt: unknown = doc.get("confirmedAt");
          return {
            id: doc.id,
            email: String(doc.get("email")),
            status: isConfirmed(doc.data() ?? {}) ? "confirmed" : "pending",
            subscribedAt: isoOf(doc.get("subscribedAt")),
            confirmedAt: confirmedAt ? isoOf(confirmedAt) : null,
          };
        });
      for (const part of chunks(
        subscriptions.map((subscription) => subscription.id),
        IN_QUERY_LIMIT,
      )) {
        const snapshot = await this.collections.notifications.where("subscriberId", "in", part).get();
        pendingMails.push(...snapshot.docs.flatMap(pendingMailsOf));
      }
      return {
        query,
        enquiries: docs.map((doc, index) => {
          const work = works[index];
          return personalEnquiryOf({
            // The enquiry's one codec (documents.ts), as every other read of it.
            stored: storedEnquiryOf(doc),
            work: work?.exists
              ? { status: work.get("status") as EnquiryStatus, lostReason: work.get("lostReason") }
              : undefined,
            history: histories[index]?.docs.map(historyEntryOf) ?? [],
            conversation: conversations.get(doc.id) ?? [],
            deal: deals[index]?.exists ? dealOfDocument(deals[index].data()) : null,
            dispatch: dispatches[index]?.exists ? dispatchOfDocument(dispatches[index].data()) : null,
            whatsappConsent: whatsappConsentOfDocument(doc.data() ?? {}),
            documents: documents[index],
          });
        }),
        subscriptions,
        pendingMails: pendingMailsInOrder(pendingMails),
      };
    });
  }

  async erase(query: PersonQuery, options: { actor: string | null; at?: Date }): Promise<ErasureReport> {
    const at = options.at ?? new Date();
    return this.context.run(async () => {
      const { key, secret, ids } = await this.lookUp(query);
      return this.context.db.runTransaction((transaction) =>
        this.eraseIn(transaction, query, { key, secret, ids }, options.actor, at),
      );
    });
  }

  /** Reads everything first (a transaction's rule), then deletes it all in the one commit. */
  private async eraseIn(
    transaction: Transaction,
    query: PersonQuery,
    { key, secret, ids }: { key: string; secret: Buffer; ids: string[] },
    actor: string | null,
    at: Date,
  ): Promise<ErasureReport> {
    const enquiries = (await this.byIds(this.collections.enquiries, ids, transaction)).filter((doc) =>
      holdsKey(doc.data(), key, secret),
    );
    const enquiryIds = enquiries.map((doc) => doc.id);
    const mails: QueryDocumentSnapshot[] = [];
    for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
      mails.push(
        ...(await transaction.get(this.collections.notifications.where("enquiryId", "in", part))).docs,
      );
    }
    // A digest, or a list of enquiries handed on, names its enquiries' buyers by first name: one
    // naming an erased enquiry goes too (both keep the ids they name in `enquiryIds`).
    for (const part of chunks(enquiryIds, ARRAY_CONTAINS_ANY_LIMIT)) {
      mails.push(
        ...(
          await transaction.get(
            this.collections.notifications.where("enquiryIds", "array-contains-any", part),
          )
        ).docs,
      );
    }
    const messages: DocumentReference[] = [];
    const answerDays: DocumentReference[] = [];
    for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
      messages.push(
        ...(
          await transaction.get(this.context.db.collection(MESSAGES).where("enquiryId", "in", part))
        ).docs.map((doc) => doc.ref),
      );
      // Each enquiry's answers counted per day (conversations.ts) go with its messages.
      answerDays.push(
        ...(
          await transaction.get(this.context.db.collection(ANSWER_DAYS).where("enquiryId", "in", part))
        ).docs.map((doc) => doc.ref),
      );
    }
    const claims: DocumentReference[] = [];
    for (const mail of mails) {
      claims.push(...(await transaction.get(mail.ref.collection("claims"))).docs.map((doc) => doc.ref));
    }
    const claimsRead = mails.length;
    const webhookDeliveries = await enquiryWebhookDeliveries(this.context, enquiryIds, (query) =>
      transaction.get(query),
    );
    const works = await this.held(this.collections.work, enquiryIds, transaction);
    const deals = await this.held(this.collections.deals, enquiryIds, transaction);
    const history: DocumentReference[] = [];
    const versions: DocumentReference[] = [];
    for (const id of enquiryIds) {
      const workRef = this.collections.work.doc(id);
      history.push(...(await transaction.get(workRef.collection("history"))).docs.map((doc) => doc.ref));
      versions.push(...(await transaction.get(workRef.collection("versions"))).docs.map((doc) => doc.ref));
    }
    for (const deal of deals) {
      versions.push(...(await transaction.get(deal.ref.collection("versions"))).docs.map((doc) => doc.ref));
    }
    const dispatches = await this.held(dispatchCollection(this.context), enquiryIds, transaction);
    for (const dispatch of dispatches) {
      versions.push(
        ...(await transaction.get(dispatch.ref.collection("versions"))).docs.map((doc) => doc.ref),
      );
    }
    // Which documents are kept for their statutory period and which go: erasure.ts's answer.
    const issued = await documentsOfEnquiries(this.context, transaction, enquiryIds);
    const { kept, erased: erasedIds } = erasureOfDocuments(issued.map(({ document }) => document));
    const issuedErased = issued
      .filter(({ document }) => erasedIds.includes(document.id))
      .map(({ ref }) => ref);
    const addresses = addressesOf(query, enquiries);
    const subscriptions = await this.held(
      this.collections.subscribers,
      addresses.map(subscriberDocumentId),
      transaction,
    );
    // The newsletter's mails to those addresses go with them.
    for (const part of chunks(
      subscriptions.map((doc) => doc.id),
      IN_QUERY_LIMIT,
    )) {
      mails.push(
        ...(await transaction.get(this.collections.notifications.where("subscriberId", "in", part))).docs,
      );
    }
    for (const mail of mails.slice(claimsRead)) {
      claims.push(...(await transaction.get(mail.ref.collection("claims"))).docs.map((doc) => doc.ref));
    }

    const counts: ErasureCounts = {
      enquiries: enquiries.length,
      notifications: mails.length,
      workRecords: works.length,
      historyEntries: history.length,
      messages: messages.length,
      subscriptions: subscriptions.length,
      deals: deals.length,
      documents: issuedErased.length,
      taxRecordsKept: kept.length,
    };
    const { report, activity } = erasureOutcome({
      enquiryIds: [...enquiries].sort(oldestFirst).map((doc) => doc.id),
      counts,
      kept,
      actor,
      at,
    });
    if (activity) {
      for (const ref of [
        ...claims,
        ...mails.map((doc) => doc.ref),
        ...messages,
        ...answerDays,
        ...webhookDeliveries,
        ...history,
        // The dashboard's copy of each history entry (same id).
        ...history.map((ref) => touchesOf(this.context).doc(ref.id)),
        ...versions,
        ...deals.map((doc) => doc.ref),
        ...dispatches.map((doc) => doc.ref),
        ...issuedErased,
        ...works.map((doc) => doc.ref),
        ...enquiries.map((doc) => doc.ref),
        ...subscriptions.map((doc) => doc.ref),
      ]) {
        transaction.delete(ref);
      }
      const entry = activityDocument(activity);
      transaction.create(this.collections.activity.doc(entry.id), entry.data);
    }
    return report;
  }
}
