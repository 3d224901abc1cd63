/**
 * The order's dispatch, decided once (docs/decisions/047-dispatch.md): what a step writes, from
 * what the work layer read in its transaction. No I/O.
 */
import {
  checkBatches,
  checkBestBefore,
  checkDispatched,
  checkReturnReason,
  checkStepOrder,
  DELIVERED_LINE,
  DELIVERED_STATUS,
  dispatchedLine,
  NO_DISPATCH,
  packedLine,
  REDISPATCH_STATUS,
  RETURNED_LOST_REASON,
  RETURNED_STATUS,
  returnedLine,
  type DispatchField,
  type DispatchInput,
  type EnquiryDispatch,
} from "../../domain/dispatch";
import { STATUS } from "../../domain/status";
import { planStatusChange, type DueFacts, type HistoryLine, type WorkPlan, type WorkState } from "./plan";

export type DispatchPlan =
  | { outcome: "conflict" }
  | { outcome: "refused"; field: DispatchField; error: string }
  | { outcome: "changed"; dispatch: EnquiryDispatch; plan: WorkPlan };

/**
 * One step of the order based on `expectedVersion` (refused when someone recorded a step since,
 * so of two people marking it dispatched at once one wins): checked in the order of the form,
 * each refusal naming its field and changing nothing. Packing records the batches and their
 * best-before; dispatch the courier, tracking, the e-way bill above the threshold and a cash on
 * delivery's confirmation; delivery closes a Confirmed enquiry as Fulfilled; a return to origin
 * sets it to Declined with the lost reason "Returned to origin" (a status change as planStatusChange
 * decides it, with its history line and event); packing a returned order again sets it back to
 * Confirmed and starts a new round of the steps. Each step is a history line that is not contact.
 */
export function planDispatch(
  current: { work: WorkState; dispatch: EnquiryDispatch; valueRupees: number | null },
  change: { expectedVersion: number; input: DispatchInput; at: string; due: DueFacts },
): DispatchPlan {
  const { work, dispatch } = current;
  if (dispatch.version !== change.expectedVersion) return { outcome: "conflict" };
  const order = checkStepOrder(work.status, dispatch.step, change.input.step);
  if (!order.ok) return { outcome: "refused", field: order.field, error: order.error };
  const at = new Date(change.at);
  const next: EnquiryDispatch = { ...dispatch, version: dispatch.version + 1, step: change.input.step };
  const only = (line: string): WorkPlan => ({
    work,
    history: [{ kind: "deal", text: line }],
    alerts: [],
    webhooks: [],
  });
  const input = change.input;
  switch (input.step) {
    case "packed": {
      const batches = checkBatches(input.batches);
      if (!batches.ok) return { outcome: "refused", field: batches.field, error: batches.error };
      const bestBefore = checkBestBefore(input.bestBefore, at);
      if (!bestBefore.ok) return { outcome: "refused", field: bestBefore.field, error: bestBefore.error };
      const packed = { batches: batches.value, bestBefore: bestBefore.value, packedAt: change.at };
      if (dispatch.step === "returned") {
        // Packed again after a return: a new round from the packing on (the last round's courier,
        // tracking, e-way bill and return are in the history), the sale won again.
        const line = packedLine(batches.value, bestBefore.value, true);
        return {
          outcome: "changed",
          dispatch: { ...NO_DISPATCH, version: next.version, step: "packed", ...packed },
          plan: withLine(statusTo(work, REDISPATCH_STATUS, change), line),
        };
      }
      return {
        outcome: "changed",
        dispatch: { ...next, ...packed },
        plan: only(packedLine(batches.value, bestBefore.value)),
      };
    }
    case "dispatched": {
      const facts = checkDispatched(input, { valueRupees: current.valueRupees, at });
      if (!facts.ok) return { outcome: "refused", field: facts.field, error: facts.error };
      const { courier, tracking, ewayBill, payment, cod } = facts.value;
      return {
        outcome: "changed",
        dispatch: { ...next, courier, tracking, ewayBill, payment, cod, dispatchedAt: change.at },
        plan: only(dispatchedLine(facts.value)),
      };
    }
    case "delivered": {
      const closes = STATUS[work.status].open;
      return {
        outcome: "changed",
        dispatch: { ...next, deliveredAt: change.at },
        plan: closes
          ? withLine(statusTo(work, DELIVERED_STATUS, change), DELIVERED_LINE)
          : only(DELIVERED_LINE),
      };
    }
    case "returned": {
      const reason = checkReturnReason(input.reason);
      if (!reason.ok) return { outcome: "refused", field: reason.field, error: reason.error };
      return {
        outcome: "changed",
        dispatch: { ...next, returnedAt: change.at, returnReason: reason.value },
        plan: withLine(
          statusTo(work, RETURNED_STATUS, change, RETURNED_LOST_REASON),
          returnedLine(reason.value),
        ),
      };
    }
  }
}

/** The enquiry's status changed by a step, as a status change by hand would be. */
function statusTo(
  work: WorkState,
  to: WorkState["status"],
  change: { at: string; due: DueFacts },
  lostReason?: typeof RETURNED_LOST_REASON,
): WorkPlan {
  const plan = planStatusChange(work, {
    to,
    expectedVersion: work.version,
    at: change.at,
    due: change.due,
    ...(lostReason ? { lostReason } : {}),
  });
  if (plan.outcome !== "changed") throw new Error("A status change at the version read cannot conflict.");
  const { outcome: _, ...written } = plan;
  return written;
}

function withLine(plan: WorkPlan, line: string): WorkPlan {
  const history: HistoryLine[] = [...plan.history, { kind: "deal", text: line }];
  return { ...plan, history };
}
