import { dispatchCollection } from "./dispatch";
import { Timestamp, type DocumentReference, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import { INITIAL_STATUS, type EnquiryStatus } from "../../../domain/status";
import type { DocumentKind } from "../../../domain/invoice";
import type { TaxRecordFacts } from "../../lifecycle/erasure";
import type { RetentionPort, RetentionSteps } from "../retention";
import { driveStepsAsync, type AnswersOf, type ChangeOf } from "../step-port";
import { enquiryWebhookDeliveries } from "./webhooks";
import { collectionsOf, deleteInBatches, type FirestoreContext } from "./connection";
import { touchesOf } from "./dashboard";
import { ANSWER_DAYS, MESSAGES } from "./documents";
import { documentCollections } from "./issued-documents";

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
        // closedAt is set with a closing status and cleared when the enquiry is reopened.
        let query = this.collections.work
          .where("closedAt", "<", closedBefore)
          .orderBy("closedAt")
          .limit(limit);
        if (after) query = query.startAfter(after as QueryDocumentSnapshot);
        const page = await this.context.run(() => query.get());
        return {
          records: page.docs.map((doc) => ({
            id: doc.id,
            status: (doc.get("status") as EnquiryStatus | undefined) ?? INITIAL_STATUS,
            closedAt: (doc.get("closedAt") as string | null) ?? null,
          })),
          after: page.docs.at(-1) ?? after,
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
        for (const { id, documentIds } of enquiries) refs.push(...(await this.documentsOf(id, documentIds)));
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
      readTaxRecords: ({ before }) =>
        this.context.run(async () => {
          const old = (await documents.documents.where("financialYear", "<", before).get()).docs.map(factsOf);
          const against: TaxRecordFacts[] = [];
          for (const invoice of old.filter((record) => record.kind === "tax-invoice")) {
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

  /** Every document of one enquiry, and of its issued documents those named, its `enquiryWork` document last. */
  private documentsOf(id: string, documentIds: readonly string[]): Promise<DocumentReference[]> {
    return this.context.run(async () => {
      const workRef = this.collections.work.doc(id);
      const dealRef = this.collections.deals.doc(id);
      const dispatchRef = dispatchCollection(this.context).doc(id);
      const [history, versions, dealVersions, dispatchVersions, notifications, messages, answerDays] =
        await Promise.all([
          workRef.collection("history").select().get(),
          workRef.collection("versions").select().get(),
          dealRef.collection("versions").select().get(),
          dispatchRef.collection("versions").select().get(),
          this.collections.notifications.where("enquiryId", "==", id).select().get(),
          this.context.db.collection(MESSAGES).where("enquiryId", "==", id).select().get(),
          this.context.db.collection(ANSWER_DAYS).where("enquiryId", "==", id).select().get(),
        ]);
      const claims = await Promise.all(
        notifications.docs.map((notification) => notification.ref.collection("claims").select().get()),
      );
      return [
        ...history.docs.map((doc) => doc.ref),
        // The dashboard's copy of each history entry (same id).
        ...history.docs.map((doc) => touchesOf(this.context).doc(doc.id)),
        ...versions.docs.map((doc) => doc.ref),
        // The deal's figures, with their versions (the enquiry's buyer keys are in its own document).
        ...dealVersions.docs.map((doc) => doc.ref),
        dealRef,
        // The order's dispatch, with its versions.
        ...dispatchVersions.docs.map((doc) => doc.ref),
        dispatchRef,
        ...claims.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref)),
        ...notifications.docs.map((doc) => doc.ref),
        ...messages.docs.map((doc) => doc.ref),
        // Its answers counted per day (conversations.ts).
        ...answerDays.docs.map((doc) => doc.ref),
        ...(await enquiryWebhookDeliveries(this.context, [id], (query) => query.get())),
        ...documentIds.map((documentId) => documentCollections(this.context).documents.doc(documentId)),
        this.collections.enquiries.doc(id),
        workRef,
      ];
    });
  }
}
