import {
  figuresOf,
  isLostReason,
  type DealFigures,
  type EnquiryDeal,
  type LostReason,
} from "../../domain/deal";

export type DealChangeResult =
  /** `unchanged`: the figures were already these; nothing was written. */
  | { outcome: "changed" | "unchanged"; deal: EnquiryDeal }
  /** Someone changed the figures since `expectedVersion`: nothing was written; `deal` is theirs. */
  | { outcome: "conflict"; deal: EnquiryDeal }
  | { outcome: "not-found" };

/** How an enquiry ended, as the CSV and a buyer's history show it. */
export interface DealOutcome {
  figures: DealFigures;
  lostReason: LostReason | null;
}

/** An enquiry's outcome, from its deal and the lost reason its work record holds. */
export function dealOutcomeOf(deal: EnquiryDeal, lostReason: unknown): DealOutcome {
  return { figures: figuresOf(deal), lostReason: isLostReason(lostReason) ? lostReason : null };
}

/**
 * The deal's figures on each enquiry (domain/deal.ts), with a version of their own, as the console
 * reads them; they are recorded through DealChanges. Erased with the enquiry.
 */
export interface DealStore {
  /**
   * The enquiry's deal (version 0 and no figures until one is recorded) and why it was lost (set
   * with Declined); null when there is no such enquiry.
   */
  get(enquiryId: string): Promise<{ deal: EnquiryDeal; lostReason: LostReason | null } | null>;
  /** The figures and lost reason of each enquiry that has either; absent for the others. */
  outcomesOf(enquiryIds: readonly string[]): Promise<Map<string, DealOutcome>>;
}

/**
 * The deal's figures recorded, written once above the stores (server/work/): the one plan
 * (server/lifecycle/plan.ts: planDeal) decides, the adapters read and write.
 */
export interface DealChanges {
  /**
   * Records the figures if `expectedVersion` is still the current one, in one transaction with the
   * history's line ("Deal: 40 sachets, ₹ 32,000, Jaipur 302001") by `staffEmail`.
   */
  recordDeal(
    enquiryId: string,
    change: { expectedVersion: number; figures: DealFigures; staffEmail: string; at: Date },
  ): Promise<DealChangeResult>;
}
