import { enquiryReference } from "../../domain/console";
import type {
  BatchRecipient,
  DispatchField,
  DispatchInput,
  DispatchSummary,
  EnquiryDispatch,
} from "../../domain/dispatch";

export type DispatchChangeResult =
  | { outcome: "changed"; dispatch: EnquiryDispatch }
  /** Someone recorded a step since `expectedVersion`: nothing was written; `dispatch` is theirs. */
  | { outcome: "conflict"; dispatch: EnquiryDispatch }
  /** The step was refused (domain/dispatch.ts's message, naming its field): nothing was written. */
  | { outcome: "refused"; field: DispatchField; error: string; dispatch: EnquiryDispatch }
  | { outcome: "not-found" };

/**
 * The order's dispatch on each enquiry (domain/dispatch.ts), with a version of its own, as the
 * console reads it; its steps are recorded through DispatchChanges. Erased with the enquiry.
 */
export interface DispatchStore {
  /** The enquiry's dispatch (version 0, no step, until one is recorded); null when there is no such enquiry. */
  get(enquiryId: string): Promise<EnquiryDispatch | null>;
  /** The last step, courier and tracking of each enquiry that has a step; absent for the others. */
  summariesOf(enquiryIds: readonly string[]): Promise<Map<string, DispatchSummary>>;
  /**
   * Who received a batch (an FSSAI recall): every order packed with it and dispatched (delivered
   * included, returned to origin not), newest dispatch first, at most `limit`.
   */
  recipientsOf(batch: string, limit: number): Promise<BatchRecipient[]>;
}

/**
 * A recall's recipient, made once from what a store reads: the enquiry's buyer (with the city and
 * PIN code of its deal) and its dispatch.
 */
export function batchRecipientOf(
  enquiryId: string,
  buyer: Pick<BatchRecipient, "name" | "mobile" | "email" | "city" | "pinCode">,
  dispatch: EnquiryDispatch,
): BatchRecipient {
  const { batches, bestBefore, courier, tracking, dispatchedAt } = dispatch;
  const step = dispatch.step ?? "dispatched";
  return {
    enquiryId,
    reference: enquiryReference(enquiryId),
    ...buyer,
    step,
    batches,
    bestBefore,
    courier,
    tracking,
    dispatchedAt,
  };
}

/**
 * The order's steps recorded, written once above the stores (server/work/dispatch-changes.ts):
 * the one plan (server/lifecycle/dispatch.ts: planDispatch) decides, the adapters read and write.
 */
export interface DispatchChanges {
  /**
   * Records the order's next step if `expectedVersion` is still the current one, in one
   * transaction with its history lines by `staffEmail` (and the enquiry's status when the step
   * closes it).
   */
  recordDispatch(
    enquiryId: string,
    change: {
      expectedVersion: number;
      input: DispatchInput;
      staffEmail: string;
      at: Date;
      requestId?: string;
    },
  ): Promise<DispatchChangeResult>;
}
