import { dispatchCollection, dispatchOfDocument } from "./dispatch";
import type {
  DocumentData,
  DocumentSnapshot,
  QueryDocumentSnapshot,
  Transaction,
} from "firebase-admin/firestore";
import { whatsappConsentOfDocument } from "./enquiry-meta";
import type { EnquiryStatus } from "../../../domain/console";
import type { PendingMail, PersonalSubscription, PersonQuery } from "../../../domain/personal-data";
import type { PersonalDataPort, PersonalDataSteps } from "../personal-data";
import { driveStepsAsync, type AnswersOf, type ChangeOf } from "../step-port";
import { activityDocument } from "./activity";
import {
  ARRAY_CONTAINS_ANY_LIMIT,
  collectionsOf,
  IN_QUERY_LIMIT,
  isoOf,
  type FirestoreContext,
} from "./connection";
import { historyEntryOf } from "./enquiry-work";
import { isConfirmed, subscriberDocumentId } from "./subscribers";
import { FirestoreConversationStore } from "./conversations";
import { storedEnquiryOf } from "./documents";
import { BUYER_KEYS_FIELD, buyerKeysDone, buyerKeysField, buyerKeysOfDocument, buyerSecret } from "./buyers";
import { buyerKeyOfQuery } from "../buyer-keys";
import { dealOfDocument } from "./deals";
import { documentsOfEnquiries, documentsOfEnquiry } from "./issued-documents";
import { runStepsInTransaction, type HoldWrite } from "./step-transaction";
import { enquiryDocuments, readsIn, refsOf } from "./retention";

/** A mail of the person's still waiting in the outbox, as their report lists it; none when it is not waiting. */
function pendingMailsOf(mail: QueryDocumentSnapshot): Omit<PendingMail, "reference">[] {
  const data = mail.data();
  if (data.status !== "pending") return [];
  return [
    {
      id: mail.id,
      enquiryId: typeof data.enquiryId === "string" ? data.enquiryId : null,
      subscriberId: typeof data.subscriberId === "string" ? data.subscriberId : null,
      kind: (data.kind ?? "company") as PendingMail["kind"],
      attempts: Number(data.attempts ?? 0),
      nextAttemptAt: isoOf(data.nextAttemptAt),
      lastError: (data.lastError as string | null) ?? null,
    },
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

/**
 * A person's data on Firestore: enquiries in `{product}_Form`, the staff's work in
 * `enquiryWork/{id}` with its `history` and `versions`, mails in `notifications` with their
 * `claims`, and `subscribers/{hash of the address}`.
 *
 * The person's enquiries are found by their buyer key (an array-contains query on `buyerKeys`).
 * Until the start-up's backfill has given every enquiry stored before keys existed its keys
 * (FirestoreBuyerStore.backfillKeys), those are looked for as before as well: by mobile with an
 * equality query, by e-mail by reading every enquiry's address. An erasure finds the enquiries by
 * those queries, then reads them again and everything that hangs off them (the deal's figures
 * included) in one transaction (step-transaction.ts), and deletes it all in that transaction's
 * commit. A report reads outside a transaction.
 */
export class FirestorePersonalDataPort implements PersonalDataPort {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return collectionsOf(this.context);
  }

  run<R>(change: () => ChangeOf<PersonalDataSteps, R>): Promise<R> {
    return runStepsInTransaction(this.context, change, (transaction, hold) =>
      this.answers(transaction, hold),
    );
  }

  read<R>(change: () => ChangeOf<PersonalDataSteps, R>): Promise<R> {
    return this.context.run(() =>
      driveStepsAsync(
        change(),
        this.answers(undefined, () => {
          throw new Error("A person's data report writes nothing");
        }),
      ),
    );
  }

  /** The person's key, the key of buyer keys, and the ids of the person's enquiries. */
  private async lookUp(query: PersonQuery): Promise<{ key: string; secret: Buffer; ids: string[] }> {
    const secret = await buyerSecret(this.context);
    const key = buyerKeyOfQuery(query, secret);
    const marker = buyerKeysDone(this.context);
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

  private answers(transaction: Transaction | undefined, hold: HoldWrite): AnswersOf<PersonalDataSteps, true> {
    const { get, byIds, each, below } = readsIn(this.context, transaction);
    return {
      readEnquiries: async ({ query }) => {
        // The buyer keys' queries are read beside the transaction; the enquiries found, in it.
        const { key, secret, ids } = await this.lookUp(query);
        const docs = (await byIds(this.collections.enquiries, ids)).filter((doc) =>
          holdsKey(doc.data(), key, secret),
        );
        return docs.sort(oldestFirst).map((doc) => ({
          id: doc.id,
          email: typeof doc.get("Email") === "string" ? (doc.get("Email") as string) : null,
        }));
      },
      readEnquiryRecords: async ({ ids }) => {
        const docs = await byIds(this.collections.enquiries, ids);
        const works = await byIds(this.collections.work, ids);
        const deals = await byIds(this.collections.deals, ids);
        const dispatches = await byIds(dispatchCollection(this.context), ids);
        const documents = await Promise.all(ids.map((id) => documentsOfEnquiry(this.context, id)));
        const histories = await Promise.all(
          ids.map((id) => get(this.collections.work.doc(id).collection("history").orderBy("sortKey"))),
        );
        const conversations = await new FirestoreConversationStore(this.context).conversationsOf(ids);
        return docs.map((doc, index) => {
          const work = works[index];
          return {
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
          };
        });
      },
      readSubscriptions: async ({ addresses }) =>
        (await byIds(this.collections.subscribers, addresses.map(subscriberDocumentId)))
          .filter((doc) => doc.exists)
          .map((doc): PersonalSubscription => {
            const confirmedAt: unknown = doc.get("confirmedAt");
            return {
              id: doc.id,
              email: String(doc.get("email")),
              status: isConfirmed(doc.data() ?? {}) ? "confirmed" : "pending",
              subscribedAt: isoOf(doc.get("subscribedAt")),
              confirmedAt: confirmedAt ? isoOf(confirmedAt) : null,
            };
          }),
      readPendingMails: async ({ enquiryIds, subscriberIds }) => {
        const { notifications } = this.collections;
        return [
          ...(await each(enquiryIds, IN_QUERY_LIMIT, (part) => notifications.where("enquiryId", "in", part))),
          ...(await each(subscriberIds, IN_QUERY_LIMIT, (part) =>
            notifications.where("subscriberId", "in", part),
          )),
        ].flatMap(pendingMailsOf);
      },
      // Asked only by an erasure, which runs in a transaction: the documents it keeps or erases.
      readDocuments: ({ enquiryIds }) =>
        documentsOfEnquiries(this.context, inTransaction(transaction), enquiryIds),
      eraseHeld: async ({ enquiryIds, subscriberIds, documentIds }) => {
        const { notifications } = this.collections;
        const held = await enquiryDocuments(this.context, enquiryIds, documentIds, transaction);
        const mails = [
          // A digest, or a list of enquiries handed on, names its enquiries' buyers by first name:
          // one naming an erased enquiry goes too (both keep the ids they name in `enquiryIds`).
          ...(await each(enquiryIds, ARRAY_CONTAINS_ANY_LIMIT, (part) =>
            notifications.where("enquiryIds", "array-contains-any", part),
          )),
          // The newsletter's mails to the addresses go with them.
          ...(await each(subscriberIds, IN_QUERY_LIMIT, (part) =>
            notifications.where("subscriberId", "in", part),
          )),
        ];
        const claims = await below(refsOf(mails), "claims");
        hold(() => {
          for (const ref of [
            ...refsOf(claims),
            ...refsOf(mails),
            ...held.refs,
            ...subscriberIds.map((id) => this.collections.subscribers.doc(id)),
          ])
            transaction?.delete(ref);
        });
        return { ...held.counts, notifications: held.counts.notifications + mails.length };
      },
      recordActivity: (activity) => {
        const entry = activityDocument(activity);
        hold(() => transaction?.create(this.collections.activity.doc(entry.id), entry.data));
      },
    };
  }
}

/** The erasure's transaction: a step only an erasure asks for is never answered outside one. */
function inTransaction(transaction: Transaction | undefined): Transaction {
  if (!transaction) throw new Error("A person's documents are read for an erasure, in its transaction");
  return transaction;
}
