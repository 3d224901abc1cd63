import {
  ownerChangeResult,
  OWNER_BATCH_MAX,
  type FollowUpResult,
  type OwnerChangeResult,
  type TeamChanges,
} from "../store/team";
import { step, WriteConflictError, type Actor, type Change, type WorkPort } from "../store/work-port";
import { dueFactsOf } from "./enquiry-changes";
import { planFollowUp, planOwnerBatch, planOwnerChange } from "../lifecycle/plan";
import type { WorkingHoursSource } from "./index";

type Input<K extends keyof TeamChanges> = Parameters<TeamChanges[K]>[1];

function actorOf(change: { staffEmail: string; at: Date; requestId?: string }): Actor {
  return {
    staffEmail: change.staffEmail,
    at: change.at.toISOString(),
    ...(change.requestId ? { requestId: change.requestId } : {}),
  };
}

/**
 * A change refused because another was written first (on Firestore, two first changes of an
 * enquiry never worked both creating its record) answers `conflict`, as a stale version does:
 * nothing of it was written.
 */
async function conflictAs<R>(change: Promise<R>, conflict: () => R): Promise<R> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof WriteConflictError) return conflict();
    throw error;
  }
}

/**
 * The team's changes of an enquiry's work, each written once: read what the plan needs in one
 * transaction of the store, ask the plan (server/lifecycle/plan.ts), write what it answers.
 */
export class TeamWork implements TeamChanges {
  constructor(
    private readonly port: WorkPort,
    private readonly hours: WorkingHoursSource,
  ) {}

  setOwner(enquiryId: string, change: Input<"setOwner">): Promise<OwnerChangeResult> {
    const actor = actorOf(change);
    return conflictAs(
      this.port.run(function* (): Change<OwnerChangeResult> {
        const read = yield* step("readWork", { enquiryId });
        if (!read) return "not-found";
        const plan = planOwnerChange(read.work, {
          ownerId: change.ownerId,
          ...(change.expectedOwnerId !== undefined ? { expectedOwnerId: change.expectedOwnerId } : {}),
          actor: { id: change.actorId ?? null, email: change.staffEmail },
          members: yield* step("readMembers", {}),
          at: actor.at,
        });
        if (plan.outcome === "changed") yield* step("writePlan", { read, plan, actor });
        return ownerChangeResult(plan);
      }),
      () => "conflict",
    );
  }

  async setOwners(
    items: Parameters<TeamChanges["setOwners"]>[0],
    change: Input<"setOwners">,
  ): Promise<OwnerChangeResult[]> {
    if (items.length > OWNER_BATCH_MAX)
      throw new RangeError(`At most ${OWNER_BATCH_MAX} owner changes at once`);
    const actor = actorOf(change);
    return conflictAs(
      // One transaction: every read before the first write, then each change planned alone. A
      // store's retry (someone changed one of them meanwhile) plans them all again.
      this.port.run(function* (): Change<OwnerChangeResult[]> {
        const reads = yield* step("readWorks", { enquiryIds: items.map((item) => item.enquiryId) });
        const plan = planOwnerBatch(
          items.map((item, index) => {
            const read = reads[index];
            return { ...item, found: read ? { work: read.work, ...read.stored } : null };
          }),
          {
            ownerId: change.ownerId,
            actor: { id: change.actorId, email: change.staffEmail },
            members: yield* step("readMembers", {}),
            at: actor.at,
          },
        );
        const results: OwnerChangeResult[] = [];
        for (const [index, outcome] of plan.outcomes.entries()) {
          const read = reads[index];
          if (outcome.outcome === "changed" && read) yield* step("writePlan", { read, plan: outcome, actor });
          results.push(ownerChangeResult(outcome));
        }
        const storedOf = new Map(
          reads.flatMap((read) => (read ? [[read.stored.id, read.stored] as const] : [])),
        );
        for (const { enquiryId, alert } of plan.alerts) {
          const stored = storedOf.get(enquiryId);
          if (stored) yield* step("writeAlerts", { stored, alerts: [alert], actor });
        }
        yield* step("writeHandedOnLists", { lists: plan.lists, actor });
        return results;
      }),
      () => items.map(() => "conflict" as const),
    );
  }

  async setFollowUp(enquiryId: string, change: Input<"setFollowUp">): Promise<FollowUpResult> {
    const actor = actorOf(change);
    const hours = await this.hours();
    return this.port.run(function* (): Change<FollowUpResult> {
      const read = yield* step("readWork", { enquiryId });
      if (!read) return "not-found";
      const plan = planFollowUp(read.work, {
        followUpAt: change.followUpAt?.toISOString() ?? null,
        nextStep: change.nextStep,
        at: actor.at,
        due: dueFactsOf(read, hours),
      });
      if (plan.outcome === "closed") return "closed";
      yield* step("writePlan", { read, plan, actor });
      return "changed";
    });
  }
}
