import type { DispatchChangeResult, DispatchChanges } from "../store/dispatch";
import { step, WriteConflictError, type Change, type WorkPort } from "../store/work-port";
import { planDispatch } from "../lifecycle/dispatch";
import { actorOf, dueFactsOf } from "./enquiry-changes";
import type { WorkingHoursSource } from "./index";

/**
 * The order's steps after Confirmed, written once: the work record, the dispatch and the deal's
 * value read in one transaction, planned (planDispatch), written together.
 */
export class DispatchWork implements DispatchChanges {
  constructor(
    private readonly port: WorkPort,
    private readonly hours: WorkingHoursSource,
  ) {}

  async recordDispatch(
    enquiryId: string,
    change: Parameters<DispatchChanges["recordDispatch"]>[1],
  ): Promise<DispatchChangeResult> {
    const actor = actorOf(change);
    const hours = await this.hours();
    try {
      return await this.port.run(
        function* (): Change<DispatchChangeResult> {
          const read = yield* step("readWork", { enquiryId });
          if (!read) return { outcome: "not-found" };
          const dispatch = yield* step("readDispatch", { enquiryId });
          const deal = yield* step("readDeal", { enquiryId });
          const planned = planDispatch(
            { work: read.work, dispatch, valueRupees: deal.valueRupees },
            {
              expectedVersion: change.expectedVersion,
              input: change.input,
              at: actor.at,
              due: dueFactsOf(read, hours),
            },
          );
          if (planned.outcome === "conflict") return { outcome: "conflict", dispatch };
          if (planned.outcome === "refused") return { ...planned, dispatch };
          yield* step("writeDispatch", { read, dispatch: planned.dispatch, plan: planned.plan, actor });
          return { outcome: "changed", dispatch: planned.dispatch };
        },
        { events: ["enquiry.status_changed"] },
      );
    } catch (error) {
      if (!(error instanceof WriteConflictError)) throw error;
      // Another step took this version first: theirs is what the person now sees.
      return this.port.run(function* (): Change<DispatchChangeResult> {
        if (!(yield* step("readWork", { enquiryId }))) return { outcome: "not-found" };
        return { outcome: "conflict", dispatch: yield* step("readDispatch", { enquiryId }) };
      });
    }
  }
}
