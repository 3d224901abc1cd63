import { dispatchCollection } from "./dispatch";
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type QueryDocumentSnapshot,
} from "firebase-admin/firestore";
import { mayErase } from "../../lifecycle/retention";
import { INITIAL_STATUS, type EnquiryStatus } from "../../../domain/status";
import {
  cutoffOf,
  ENQUIRIES_PER_BATCH,
  type ErasedCounts,
  type RetentionCutoffs,
  type RetentionStore,
  VITALS_PER_BATCH,
} from "../retention";
import { enquiryWebhookDeliveries } from "./webhooks";
import { collectionsOf, deleteInBatches, type FirestoreContext } from "./connection";
import { touchesOf } from "./dashboard";
import { ANSWER_DAYS, MESSAGES } from "./documents";
import { documentCollections } from "./issued-documents";
import { oldestKeptFinancialYear, type DocumentKind } from "../../../domain/invoice";
import { documentsErasedWithEnquiry, expiredTaxRecords, type TaxRecordFacts } from "../../lifecycle/erasure";

/** Firestore refuses a batch of more than 500 writes. */

/**
 * Erasure on Firestore. A closed enquiry's documents are its own in `{product}_Form`, its work in
 * `enquiryWork/{id}` with the subcollections `history` and `versions`, its deal's figures in
 * `enquiryDeals/{id}` with their `versions`, and its notifications in
 * `notifications` with their `claims`. They are deleted in batches of at most 500 writes, each
 * enquiry's `enquiryWork` document last: a sweep cut off half way finds the enquiry again by it
 * and finishes the erasure.
 */
export class FirestoreRetentionStore implements RetentionStore {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return collectionsOf(this.context);
  }

  async eraseExpired({ now, closedEnquiryDays, vitalsDays }: RetentionCutoffs): Promise<ErasedCounts> {
    return {
      enquiries: await this.eraseClosedEnquiries(cutoffOf(now, closedEnquiryDays).toISOString()),
      vitals: await this.eraseVitals(Timestamp.fromDate(cutoffOf(now, vitalsDays))),
      taxRecords: await this.eraseTaxRecords(oldestKeptFinancialYear(now)),
    };
  }

  /**
   * Tax invoices and credit notes of the years before `oldestKept`, with their payments: which of
   * them is expiredTaxRecords's answer (erasure.ts), from the documents of those years and the
   * credit notes against their invoices.
   */
  private async eraseTaxRecords(oldestKept: string): Promise<number> {
    const documents = documentCollections(this.context);
    const factsOf = (doc: QueryDocumentSnapshot): TaxRecordFacts => ({
      id: doc.id,
      kind: doc.get("kind") as DocumentKind,
      financialYear: String(doc.get("financialYear")),
      againstId: (doc.get("againstId") as string | null | undefined) ?? null,
    });
    return this.context.run(async () => {
      const old = (await documents.documents.where("financialYear", "<", oldestKept).get()).docs.map(factsOf);
      const against: TaxRecordFacts[] = [];
      for (const invoice of old.filter((record) => record.kind === "tax-invoice")) {
        against.push(
          ...(await documents.documents.where("againstId", "==", invoice.id).get()).docs.map(factsOf),
        );
      }
      const expired = expiredTaxRecords([...old, ...against], oldestKept);
      const refs: DocumentReference[] = [];
      // Credit notes first (the plan's order), each invoice with its payments.
      for (const id of expired) {
        const payments = await documents.payments.where("documentId", "==", id).select().get();
        refs.push(...payments.docs.map((payment) => payment.ref), documents.documents.doc(id));
      }
      await deleteInBatches(this.context, refs);
      return expired.length;
    });
  }

  private async eraseClosedEnquiries(closedBefore: string): Promise<number> {
    let erased = 0;
    let after: DocumentSnapshot | undefined;
    for (;;) {
      const page = await this.context.run(() => {
        // closedAt is set with a closing status and cleared when the enquiry is reopened.
        let query = this.collections.work
          .where("closedAt", "<", closedBefore)
          .orderBy("closedAt")
          .limit(ENQUIRIES_PER_BATCH);
        if (after) query = query.startAfter(after);
        return query.get();
      });
      const due = page.docs.filter((doc) =>
        mayErase(
          {
            status: (doc.get("status") as EnquiryStatus | undefined) ?? INITIAL_STATUS,
            closedAt: (doc.get("closedAt") as string | null) ?? null,
          },
          closedBefore,
        ),
      );
      if (due.length > 0) {
        const refs: DocumentReference[] = [];
        for (const doc of due) refs.push(...(await this.documentsOf(doc.id)));
        await deleteInBatches(this.context, refs);
        erased += due.length;
      }
      if (page.size < ENQUIRIES_PER_BATCH) return erased;
      after = page.docs.at(-1);
    }
  }

  /** Every document of one enquiry, its `enquiryWork` document last. */
  private documentsOf(id: string): Promise<DocumentReference[]> {
    return this.context.run(async () => {
      const workRef = this.collections.work.doc(id);
      const dealRef = this.collections.deals.doc(id);
      const dispatchRef = dispatchCollection(this.context).doc(id);
      const [
        history,
        versions,
        dealVersions,
        dispatchVersions,
        notifications,
        messages,
        answerDays,
        documents,
      ] = await Promise.all([
        workRef.collection("history").select().get(),
        workRef.collection("versions").select().get(),
        dealRef.collection("versions").select().get(),
        dispatchRef.collection("versions").select().get(),
        this.collections.notifications.where("enquiryId", "==", id).select().get(),
        this.context.db.collection(MESSAGES).where("enquiryId", "==", id).select().get(),
        this.context.db.collection(ANSWER_DAYS).where("enquiryId", "==", id).select().get(),
        documentCollections(this.context).documents.where("enquiryId", "==", id).select("kind").get(),
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
        // Its tax invoices and credit notes outlive it (eraseTaxRecords): erasure.ts says which go.
        ...documentsErasedWithEnquiry(
          documents.docs.map((doc) => ({ id: doc.id, kind: doc.get("kind") as DocumentKind })),
        ).map((documentId) => documentCollections(this.context).documents.doc(documentId)),
        this.collections.enquiries.doc(id),
        workRef,
      ];
    });
  }

  private async eraseVitals(receivedBefore: Timestamp): Promise<number> {
    let erased = 0;
    for (;;) {
      const page = await this.context.run(() =>
        this.collections.vitals
          .where("receivedAt", "<", receivedBefore)
          .limit(VITALS_PER_BATCH)
          .select()
          .get(),
      );
      if (page.empty) return erased;
      await deleteInBatches(
        this.context,
        page.docs.map((doc) => doc.ref),
      );
      erased += page.size;
      if (page.size < VITALS_PER_BATCH) return erased;
    }
  }
}
