import type { DocumentData, Transaction } from "firebase-admin/firestore";
import {
  COD_CHANNELS,
  isDispatchStep,
  NO_DISPATCH,
  RECALL_STEPS,
  PAYMENT_TERMS,
  type BatchRecipient,
  type CodChannel,
  type DispatchSummary,
  type EnquiryDispatch,
  type PaymentTerms,
} from "../../../domain/dispatch";
import type { WorkPlan } from "../../lifecycle/plan";
import { batchRecipientOf, type DispatchStore } from "../dispatch";
import type { Actor, WorkRead } from "../work-port";
import { chunks, collectionsOf, GET_ALL_CHUNK, type FirestoreContext } from "./connection";
import { text, writePlan } from "./work-record";
import { enquiryFromDocument } from "./documents";
import { dealOfDocument } from "./deals";

/** The order's dispatch of each enquiry, by the enquiry's id, with a marker per version in its `versions`. */
export function dispatchCollection(context: FirestoreContext) {
  return context.db.collection("enquiryDispatch");
}

/** The dispatch of a document in `enquiryDispatch` (none yet: version 0, no step): the one codec. */
export function dispatchOfDocument(data: DocumentData | undefined): EnquiryDispatch {
  if (!data) return { ...NO_DISPATCH };
  const cod = data.cod as { by?: unknown; on?: unknown; channel?: unknown } | null | undefined;
  return {
    version: Number(data.version ?? 0),
    step: isDispatchStep(data.step) ? data.step : null,
    batches: Array.isArray(data.batches)
      ? data.batches.filter((b): b is string => typeof b === "string")
      : [],
    bestBefore: text(data.bestBefore),
    packedAt: text(data.packedAt),
    courier: text(data.courier),
    tracking: text(data.tracking),
    ewayBill: text(data.ewayBill),
    payment: (PAYMENT_TERMS as readonly unknown[]).includes(data.payment)
      ? (data.payment as PaymentTerms)
      : null,
    cod:
      cod &&
      typeof cod.by === "string" &&
      typeof cod.on === "string" &&
      COD_CHANNELS.includes(cod.channel as CodChannel)
        ? { by: cod.by, on: cod.on, channel: cod.channel as CodChannel }
        : null,
    dispatchedAt: text(data.dispatchedAt),
    deliveredAt: text(data.deliveredAt),
    returnedAt: text(data.returnedAt),
    returnReason: text(data.returnReason),
  };
}

/** The enquiry's dispatch, read in the transaction. */
export async function readDispatch(
  context: FirestoreContext,
  transaction: Transaction,
  enquiryId: string,
): Promise<EnquiryDispatch> {
  return dispatchOfDocument((await transaction.get(dispatchCollection(context).doc(enquiryId))).data());
}

/**
 * Writes the dispatch under its version, with its marker in `versions` (created once only: another
 * step based on the same version fails the commit), and what the plan says of the work record.
 */
export function writeDispatch(
  context: FirestoreContext,
  writer: Transaction,
  read: WorkRead,
  dispatch: EnquiryDispatch,
  plan: WorkPlan,
  actor: Actor,
  queues?: Parameters<typeof writePlan>[5],
): void {
  const ref = dispatchCollection(context).doc(read.stored.id);
  // The version's marker first: taken by another step meanwhile, the commit is refused before
  // anything else is written, even where a commit applies its writes in turn (the emulator's).
  writer.create(ref.collection("versions").doc(String(dispatch.version)), { at: actor.at });
  writer.set(ref, { ...dispatch, receivedAt: read.stored.receivedAt, updatedAt: actor.at });
  writePlan(
    context,
    writer,
    { stored: read.stored, before: read.recorded ? read.work : null },
    plan,
    actor,
    queues,
  );
}

/**
 * The order's dispatch on Firestore: `enquiryDispatch/{enquiry id}` (its `batches` an array, which
 * a recall reads by Firestore's automatic index on the field), recorded through the work layer.
 */
export class FirestoreDispatchStore implements DispatchStore {
  constructor(private readonly context: FirestoreContext) {}

  async get(enquiryId: string): Promise<EnquiryDispatch | null> {
    return this.context.run(async () => {
      const [enquiry, dispatch] = await this.context.db.getAll(
        collectionsOf(this.context).enquiries.doc(enquiryId),
        dispatchCollection(this.context).doc(enquiryId),
      );
      if (!enquiry?.exists) return null;
      return dispatchOfDocument(dispatch?.data());
    });
  }

  async summariesOf(enquiryIds: readonly string[]): Promise<Map<string, DispatchSummary>> {
    const summaries = new Map<string, DispatchSummary>();
    if (enquiryIds.length === 0) return summaries;
    await this.context.run(async () => {
      for (const part of chunks(enquiryIds, GET_ALL_CHUNK)) {
        const docs = await this.context.db.getAll(
          ...part.map((id) => dispatchCollection(this.context).doc(id)),
          {
            fieldMask: ["step", "courier", "tracking"],
          },
        );
        docs.forEach((doc, index) => {
          const { step, courier, tracking } = dispatchOfDocument(doc.data());
          const id = part[index];
          if (id && step) summaries.set(id, { step, courier, tracking });
        });
      }
    });
    return summaries;
  }

  async recipientsOf(batch: string, limit: number): Promise<BatchRecipient[]> {
    return this.context.run(async () => {
      const snapshot = await dispatchCollection(this.context).where("batches", "array-contains", batch).get();
      const received = snapshot.docs
        .map((doc) => ({ id: doc.id, dispatch: dispatchOfDocument(doc.data()) }))
        .filter(({ dispatch }) => dispatch.step !== null && RECALL_STEPS.includes(dispatch.step))
        .sort(
          (a, b) =>
            (b.dispatch.dispatchedAt ?? "").localeCompare(a.dispatch.dispatchedAt ?? "") ||
            a.id.localeCompare(b.id),
        )
        .slice(0, limit);
      if (received.length === 0) return [];
      const collections = collectionsOf(this.context);
      const [enquiries, deals] = await Promise.all([
        this.context.db.getAll(...received.map(({ id }) => collections.enquiries.doc(id))),
        this.context.db.getAll(...received.map(({ id }) => collections.deals.doc(id))),
      ]);
      return received.flatMap(({ id, dispatch }, index) => {
        const enquiry = enquiries[index];
        if (!enquiry?.exists) return [];
        const { Name, Mobile, Email } = enquiryFromDocument(enquiry.data() ?? {});
        const { city, pinCode } = dealOfDocument(deals[index]?.data());
        return [batchRecipientOf(id, { name: Name, mobile: Mobile, email: Email, city, pinCode }, dispatch)];
      });
    });
  }
}
