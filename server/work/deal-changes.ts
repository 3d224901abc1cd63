import type { DealFigures } from "../../domain/deal";
import type { DealChangeResult, DealChanges } from "../store/deals";
import { step, WriteConflictError, type Change, type WorkPort } from "../store/work-port";
import { planDeal } from "../lifecycle/plan";
import { actorOf } from "./enquiry-changes";

/** The deal's figures recorded, written once: read in one transaction, planned (planDeal), written. */
export class DealWork implements DealChanges {
  constructor(private readonly port: WorkPort) {}

  async recordDeal(
    enquiryId: string,
    change: { expectedVersion: number; figures: DealFigures; staffEmail: string; at: Date },
  ): Promise<DealChangeResult> {
    const actor = actorOf(change);
    try {
      return await this.port.run(function* (): Change<DealChangeResult> {
        const read = yield* step("readWork", { enquiryId });
        if (!read) return { outcome: "not-found" };
        const current = yield* step("readDeal", { enquiryId });
        const { version, ...figures } = current;
        const plan = planDeal(
          { version, figures },
          { expectedVersion: change.expectedVersion, figures: change.figures },
        );
        if (plan.outcome !== "changed") return { outcome: plan.outcome, deal: current };
        yield* step("writeDeal", { read, deal: plan.deal, history: plan.history, actor });
        return { outcome: "changed", deal: { version: plan.deal.version, ...plan.deal.figures } };
      });
    } catch (error) {
      if (!(error instanceof WriteConflictError)) throw error;
      // Another save took this version first: theirs is what the person now sees.
      return this.port.run(function* (): Change<DealChangeResult> {
        if (!(yield* step("readWork", { enquiryId }))) return { outcome: "not-found" };
        return { outcome: "conflict", deal: yield* step("readDeal", { enquiryId }) };
      });
    }
  }
}
