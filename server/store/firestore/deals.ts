import type { DocumentData } from "firebase-admin/firestore";
import {
  isLostReason,
  NO_DEAL_FIGURES,
  type DealFigures,
  type EnquiryDeal,
  type LostReason,
} from "../../../domain/deal";
import { planDeal } from "../../lifecycle/plan";
import type { DealChangeResult, DealOutcome, DealStore } from "../deals";
import { ALREADY_EXISTS, chunks, collectionsOf, grpcCode, type FirestoreContext } from "./connection";
import { readWork, writePlan } from "./work-record";

/** Documents read in one getAll. */
const GET_ALL_CHUNK = 100;

/** The deal of a document in `enquiryDeals` (none yet: version 0, no figures): the one codec. */
export function dealOfDocument(data: DocumentData | undefined): EnquiryDeal {
  if (!data) return { version: 0, ...NO_DEAL_FIGURES };
  const number = (value: unknown) => (typeof value === "number" ? value : null);
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return {
    version: Number(data.version ?? 0),
    quantity: number(data.quantity),
    valueRupees: number(data.valueRupees),
    city: text(data.city),
    pinCode: text(data.pinCode),
    gstin: text(data.gstin),
  };
}

function figuresOf(deal: EnquiryDeal): DealFigures {
  const { version: _, ...figures } = deal;
  return figures;
}

/**
 * The deal's figures on Firestore: `enquiryDeals/{enquiry id}` (with `receivedAt`, for the
 * dashboard's range reads), and a marker per version in its `versions`, which can be created once
 * only: of two saves based on one version exactly one is made, even where a transaction's reads are
 * not isolated (the emulator's). The plan decides (planDeal); the history line is written with it.
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

  async record(
    enquiryId: string,
    change: { expectedVersion: number; figures: DealFigures; staffEmail: string; at: Date },
  ): Promise<DealChangeResult> {
    const at = change.at.toISOString();
    const ref = this.collections.deals.doc(enquiryId);
    try {
      return await this.context.run(() =>
        this.context.db.runTransaction(async (transaction): Promise<DealChangeResult> => {
          const [read, snapshot] = await Promise.all([
            readWork(this.context, transaction, enquiryId),
            transaction.get(ref),
          ]);
          if (!read) return { outcome: "not-found" };
          const current = dealOfDocument(snapshot.data());
          const plan = planDeal(
            { version: current.version, figures: figuresOf(current) },
            { expectedVersion: change.expectedVersion, figures: change.figures },
          );
          if (plan.outcome !== "changed") return { outcome: plan.outcome, deal: current };
          const { version, figures } = plan.deal;
          transaction.set(ref, { version, ...figures, receivedAt: read.stored.receivedAt, updatedAt: at });
          transaction.create(ref.collection("versions").doc(String(version)), { at });
          writePlan(
            this.context,
            transaction,
            { stored: read.stored, before: read.recorded ? read.work : null },
            { work: read.work, history: plan.history, alerts: [], webhooks: [] },
            { staffEmail: change.staffEmail, at },
          );
          return { outcome: "changed", deal: { version, ...figures } };
        }),
      );
    } catch (error) {
      if (grpcCode(error) !== ALREADY_EXISTS) throw error;
      // Another save took this version first: theirs is what the person now sees.
      const now = await this.get(enquiryId);
      return now ? { outcome: "conflict", deal: now.deal } : { outcome: "not-found" };
    }
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
          outcomes.set(id, {
            figures: figuresOf(dealOfDocument(deal?.data())),
            lostReason: isLostReason(lostReason) ? lostReason : null,
          });
        });
      }
    });
    return outcomes;
  }
}
