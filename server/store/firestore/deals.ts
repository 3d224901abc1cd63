import type { DocumentData, Transaction } from "firebase-admin/firestore";
import { isLostReason, NO_DEAL_FIGURES, type EnquiryDeal, type LostReason } from "../../../domain/deal";
import type { DealState, HistoryLine } from "../../lifecycle/plan";
import { dealOutcomeOf, type DealOutcome, type DealStore } from "../deals";
import type { Actor, WorkRead } from "../work-port";
import { chunks, collectionsOf, GET_ALL_CHUNK, type FirestoreContext } from "./connection";
import { text, writeLinesOfUnchangedWork } from "./work-record";

/** The deal of a document in `enquiryDeals` (none yet: version 0, no figures): the one codec. */
export function dealOfDocument(data: DocumentData | undefined): EnquiryDeal {
  if (!data) return { version: 0, ...NO_DEAL_FIGURES };
  const number = (value: unknown) => (typeof value === "number" ? value : null);
  return {
    version: Number(data.version ?? 0),
    quantity: number(data.quantity),
    valueRupees: number(data.valueRupees),
    city: text(data.city),
    pinCode: text(data.pinCode),
    gstin: text(data.gstin),
  };
}

/** The enquiry's deal, read in the transaction. */
export async function readDeal(
  context: FirestoreContext,
  transaction: Transaction,
  enquiryId: string,
): Promise<EnquiryDeal> {
  return dealOfDocument((await transaction.get(collectionsOf(context).deals.doc(enquiryId))).data());
}

/**
 * Writes the deal's figures under their version, with its marker in `versions` (created once only:
 * another save of this version fails the commit) and the history's lines by the actor. The marker
 * is the first write: a save that lost the race is refused before its figures or its history line
 * are written, even where a commit applies its writes in turn (the emulator's), as the dispatch's
 * steps are (decision 047).
 */
export function writeDeal(
  context: FirestoreContext,
  writer: Pick<Transaction, "create" | "set" | "update">,
  read: WorkRead,
  deal: DealState,
  history: HistoryLine[],
  actor: Actor,
): void {
  const ref = collectionsOf(context).deals.doc(read.stored.id);
  const { version, figures } = deal;
  writer.create(ref.collection("versions").doc(String(version)), { at: actor.at });
  writer.set(ref, { version, ...figures, receivedAt: read.stored.receivedAt, updatedAt: actor.at });
  // A deal changes nothing of the work record, and makes none.
  writeLinesOfUnchangedWork(context, writer, read, history, actor);
}

/**
 * The deal's figures on Firestore: `enquiryDeals/{enquiry id}` (with `receivedAt`, for the
 * dashboard's range reads), and a marker per version in its `versions`, which can be created once
 * only: of two saves based on one version exactly one is made, even where a transaction's reads are
 * not isolated (the emulator's). They are recorded through the work layer (server/work/).
 */
export class FirestoreDealStore implements DealStore {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return collectionsOf(this.context);
  }

  async get(enquiryId: string): Promise<{ deal: EnquiryDeal; lostReason: LostReason | null } | null> {
    return this.context.run(async () => {
      const [enquiry, deal, work] = await this.context.db.getAll(
        this.collections.enquiries.doc(enquiryId),
        this.collections.deals.doc(enquiryId),
        this.collections.work.doc(enquiryId),
      );
      if (!enquiry?.exists) return null;
      const lostReason: unknown = work?.get("lostReason");
      return { deal: dealOfDocument(deal?.data()), lostReason: isLostReason(lostReason) ? lostReason : null };
    });
  }

  async outcomesOf(enquiryIds: readonly string[]): Promise<Map<string, DealOutcome>> {
    const outcomes = new Map<string, DealOutcome>();
    await this.context.run(async () => {
      for (const part of chunks(enquiryIds, GET_ALL_CHUNK)) {
        const [works, deals] = await Promise.all([
          this.context.db.getAll(...part.map((id) => this.collections.work.doc(id)), {
            fieldMask: ["lostReason"],
          }),
          this.context.db.getAll(...part.map((id) => this.collections.deals.doc(id))),
        ]);
        part.forEach((id, index) => {
          const lostReason: unknown = works[index]?.get("lostReason");
          const deal = deals[index];
          if (!deal?.exists && !isLostReason(lostReason)) return;
          outcomes.set(id, dealOutcomeOf(dealOfDocument(deal?.data()), lostReason));
        });
      }
    });
    return outcomes;
  }
}
