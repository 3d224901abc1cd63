import { dispatchCollection } from "./dispatch";
import {
  Timestamp,
  type CollectionReference,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QueryDocumentSnapshot,
  type Transaction,
} from "firebase-admin/firestore";
import { INITIAL_STATUS, type EnquiryStatus } from "../../../domain/status";
import type { DocumentKind } from "../../../domain/invoice";
import type { TaxRecordFacts } from "../../lifecycle/erasure";
import type { RetentionPort, RetentionSteps } from "../retention";
import { driveStepsAsync, type AnswersOf, type ChangeOf } from "../step-port";
import { enquiryWebhookDeliveries } from "./webhooks";
import {
  chunks,
  collectionsOf,
  deleteInBatches,
  IN_QUERY_LIMIT,
  pageByField,
  type FirestoreContext,
} from "./connection";
import { touchesOf } from "./dashboard";
import { ANSWER_DAYS, MESSAGES } from "./documents";
import { documentCollections } from "./issued-documents";

/** Reads made in `transaction` when given, else outside one. */
export function readsIn(context: FirestoreContext, transaction?: Transaction) {
  const get = (query: Query) => (transaction ? transaction.get(query) : query.get());
  return {
    get,
    /** The documents of `collection` with these ids, in their order. */
    byIds: async (collection: CollectionReference, ids: readonly string[]): Promise<DocumentSnapshot[]> =>
      ids.length === 0 ? [] : (transaction ?? context.db).getAll(...ids.map((id) => collection.doc(id))),
    /** The documents `query` finds for each part of `ids` (of at most `size`: what one query takes). */
    each: async (ids: readonly string[], size: number, query: (part: string[]) => Query) =>
      (await Promise.all(chunks(ids, size).map((part) => get(query(part))))).flatMap((found) => found.docs),
    /** The documents of each one's subcollection `name`. */
    below: async (refs: readonly DocumentReference[], name: string) =>
      (await Promise.all(refs.map((ref) => get(ref.collection(name).select())))).flatMap(
        (found) => found.docs,
      ),
  };
}

/** The references of these documents. */
export function refsOf(docs: readonly { ref: DocumentReference }[]): DocumentReference[] {
  return docs.map((doc) => doc.ref);
}

/**
 * Every document of these enquiries, for the sweep and a person's erasure alike, read in
 * `transaction` when given: their mails with their claims, conversations and answers counted per
 * day, webhook deliveries, history with the dashboard's copy of each line, versions, deals' figures
 * and dispatches, the issued documents named, the enquiries' own documents and, last, their work
 * records. Answers them in that order, and how many of each.
 */
export async function enquiryDocuments(
  context: FirestoreContext,
  ids: readonly string[],
  documentIds: readonly string[],
  transaction?: Transaction,
) {
  const { work, deals, notifications, enquiries } = collectionsOf(context);
  const reads = readsIn(context, transaction);
  const byEnquiry = async (collection: CollectionReference) =>
    refsOf(
      await reads.each(ids, IN_QUERY_LIMIT, (part) => collection.where("enquiryId", "in", part).select()),
    );
  const held = async (collection: CollectionReference) =>
    refsOf((await reads.byIds(collection, ids)).filter((doc) => doc.exists));
  const below = async (refs: DocumentReference[], name: string) => refsOf(await reads.below(refs, name));
  const [mails, messages, answerDays, deliveries, works, dealRefs, dispatches] = await Promise.all([
    byEnquiry(notifications),
    byEnquiry(context.db.collection(MESSAGES)),
    // Its answers counted per day (conversations.ts).
    byEnquiry(context.db.collection(ANSWER_DAYS)),
    enquiryWebhookDeliveries(context, ids, reads.get),
    held(work),
    held(deals),
    held(dispatchCollection(context)),
  ]);
  const workRefs = ids.map((id) => work.doc(id));
  const [claims, history, versions] = await Promise.all([
    below(mails, "claims"),
    below(workRefs, "history"),
    // The work's, the deal's figures' and the dispatch's.
    below([...workRefs, ...dealRefs, ...dispatches], "versions"),
  ]);
  return {
    refs: [
      ...[claims, mails, messages, answerDays, deliveries, history].flat(),
      // The dashboard's copy of each history entry (same id).
      ...history.map((ref) => touchesOf(context).doc(ref.id)),
      ...[versions, dealRefs, dispatches].flat(),
      ...documentIds.map((id) => documentCollections(context).documents.doc(id)),
      ...ids.map((id) => enquiries.doc(id)),
      ...works,
    ],
    counts: {
      notifications: mails.length,
      workRecords: works.length,
      historyEntries: history.length,
      messages: messages.length,
      deals: dealRefs.length,
    },
  };
}

/**
 * The retention sweep's steps on Firestore. A closed enquiry's documents are its own in
 * `{product}_Form`, its work in `enquiryWork/{id}` with the subcollections `history` and
 * `versions`, its deal's figures in `enquiryDeals/{id}` with their `versions`, and its
 * notifications in `notifications` with their `claims`. Reads are answered as asked; an erasure
 * is written in batches of at most 500 deletes, each enquiry's `enquiryWork` document last: a
 * sweep cut off half way finds the enquiry again by it and finishes the erasure.
 */
export class FirestoreRetentionPort implements RetentionPort {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return collectionsOf(this.context);
  }

  run<R>(change: () => ChangeOf<RetentionSteps, R>): Promise<R> {
    return driveStepsAsync(change(), this.answers());
  }

  private answers(): AnswersOf<RetentionSteps, true> {
    const documents = documentCollections(this.context);
    const factsOf = (doc: QueryDocumentSnapshot): TaxRecordFacts => ({
      id: doc.id,
      kind: doc.get("kind") as DocumentKind,
      financialYear: String(doc.get("financialYear")),
      againstId: (doc.get("againstId") as string | null | undefined) ?? null,
    });
    return {
      readClosedPage: async ({ closedBefore, after, limit }) => {
        // closedAt is set with a closing status and cleared when the enquiry is reopened; many
        // closed at once share it, so a page ends with all of its last time.
        const page = await this.context.run(() =>
          pageByField(this.collections.work, "closedAt", {
            after,
            within: (query) => query.where("closedAt", "<", closedBefore),
            limit,
          }),
        );
        return {
          records: page.docs.map((doc) => ({
            id: doc.id,
            status: (doc.get("status") as EnquiryStatus | undefined) ?? INITIAL_STATUS,
            closedAt: (doc.get("closedAt") as string | null) ?? null,
          })),
          after: page.end,
        };
      },
      readEnquiryDocuments: async ({ ids }) =>
        (
          await this.context.run(() =>
            Promise.all(
              ids.map((id) => documents.documents.where("enquiryId", "==", id).select("kind").get()),
            ),
          )
        ).flatMap((snapshot, index) =>
          snapshot.docs.map((doc) => ({
            id: doc.id,
            kind: doc.get("kind") as DocumentKind,
            enquiryId: ids[index] ?? "",
          })),
        ),
      eraseEnquiries: async ({ enquiries }) => {
        const refs: DocumentReference[] = [];
        for (const { id, documentIds } of enquiries) {
          refs.push(
            ...(await this.context.run(() => enquiryDocuments(this.context, [id], documentIds))).refs,
          );
        }
        await deleteInBatches(this.context, refs);
      },
      readVitalsPage: async ({ receivedBefore, limit }) =>
        (
          await this.context.run(() =>
            this.collections.vitals
              .where("receivedAt", "<", Timestamp.fromDate(new Date(receivedBefore)))
              .limit(limit)
              .select()
              .get(),
          )
        ).docs.map((doc) => doc.id),
      eraseVitals: ({ ids }) =>
        deleteInBatches(
          this.context,
          ids.map((id) => this.collections.vitals.doc(id)),
        ),
      readTaxRecords: ({ before, kinds }) =>
        this.context.run(async () => {
          const found = await documents.documents.where("financialYear", "<", before).get();
          const old = found.docs.map(factsOf).filter((record) => kinds.includes(record.kind));
          const against: TaxRecordFacts[] = [];
          // Only a document not itself against another may have credit notes against it.
          for (const invoice of old.filter((record) => record.againstId === null)) {
            against.push(
              ...(await documents.documents.where("againstId", "==", invoice.id).get()).docs.map(factsOf),
            );
          }
          return [...old, ...against];
        }),
      eraseTaxRecords: ({ ids }) =>
        this.context.run(async () => {
          const refs: DocumentReference[] = [];
          // In the order given, each document with its payments.
          for (const id of ids) {
            const payments = await documents.payments.where("documentId", "==", id).select().get();
            refs.push(...payments.docs.map((payment) => payment.ref), documents.documents.doc(id));
          }
          await deleteInBatches(this.context, refs);
        }),
    };
  }
}
