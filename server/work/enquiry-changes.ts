import type { WorkingHours } from "../../domain/working-hours";
import type { EnquiryChanges, StatusChangeResult } from "../store/enquiry-work";
import {
  step,
  WriteConflictError,
  type Actor,
  type Change,
  type WorkPort,
  type WorkRead,
} from "../store/work-port";
import {
  planContact,
  planNote,
  planRelease,
  planStatusChange,
  releaseTakesTurn,
  type DueFacts,
} from "../lifecycle/plan";
import type { WorkingHoursSource } from "./index";

type Input<K extends keyof EnquiryChanges> = Parameters<EnquiryChanges[K]>[1];

/**
 * What the due-time rule decides from for an enquiry as read, under the working hours in force
 * (server/lifecycle/plan.ts: DueFacts).
 */
export function dueFactsOf(read: WorkRead, hours: WorkingHours): DueFacts {
  return { receivedAt: read.stored.receivedAt, hours };
}

export function actorOf(change: { staffEmail: string; at: Date; requestId?: string }): Actor {
  return {
    staffEmail: change.staffEmail,
    at: change.at.toISOString(),
    ...(change.requestId ? { requestId: change.requestId } : {}),
  };
}

/** A change refused because another was written first answers `conflict`, as a stale version does. */
async function conflictAsOutcome<R>(change: Promise<R>): Promise<R | { outcome: "conflict" }> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof WriteConflictError) return { outcome: "conflict" };
    throw error;
  }
}

/**
 * The console's changes of an enquiry's work, each written once: read what the plan needs in one
 * transaction of the store, ask the plan (server/lifecycle/plan.ts), write what it answers.
 */
export class EnquiryWork implements EnquiryChanges {
  constructor(
    private readonly port: WorkPort,
    private readonly hours: WorkingHoursSource,
  ) {}

  async changeStatus(id: string, change: Input<"changeStatus">): Promise<StatusChangeResult> {
    const actor = actorOf(change);
    const hours = await this.hours();
    return conflictAsOutcome(
      this.port.run(
        function* (): Change<StatusChangeResult> {
          const read = yield* step("readWork", { enquiryId: id });
          if (!read) return { outcome: "not-found" };
          const plan = planStatusChange(read.work, {
            to: change.to,
            expectedVersion: change.expectedVersion,
            note: change.note ?? null,
            ...(change.nextStep !== undefined ? { nextStep: change.nextStep } : {}),
            ...(change.followUpAt !== undefined
              ? { followUpAt: change.followUpAt?.toISOString() ?? null }
              : {}),
            ...(change.lostReason !== undefined ? { lostReason: change.lostReason } : {}),
            ...(change.duplicateOf !== undefined ? { duplicateOf: change.duplicateOf } : {}),
            at: actor.at,
            due: dueFactsOf(read, hours),
          });
          if (plan.outcome === "conflict") return plan;
          yield* step("writePlan", { read, plan, actor });
          return { outcome: "changed", version: plan.work.version };
        },
        { events: ["enquiry.status_changed"] },
      ),
    );
  }

  async addNote(id: string, note: Input<"addNote">): Promise<boolean> {
    const actor = actorOf(note);
    const hours = await this.hours();
    return this.port.run(function* (): Change<boolean> {
      const read = yield* step("readWork", { enquiryId: id });
      if (!read) return false;
      const plan = planNote(read.work, { text: note.text, at: actor.at, due: dueFactsOf(read, hours) });
      yield* step("writePlan", { read, plan, actor });
      return true;
    });
  }

  async recordContact(id: string, contact: Input<"recordContact">): Promise<boolean> {
    const actor = actorOf(contact);
    const hours = await this.hours();
    return this.port.run(
      function* (): Change<boolean> {
        const read = yield* step("readWork", { enquiryId: id });
        if (!read) return false;
        const plan = planContact(read.work, {
          channel: contact.channel,
          ...(contact.outcome ? { outcome: contact.outcome } : {}),
          at: actor.at,
          due: dueFactsOf(read, hours),
        });
        yield* step("writePlan", { read, plan, actor });
        return true;
      },
      // The first contact moves New to Contacted, with its event.
      { events: ["enquiry.status_changed"] },
    );
  }

  async releaseFromSpam(
    id: string,
    release: Input<"releaseFromSpam">,
  ): Promise<StatusChangeResult | { outcome: "not-spam" }> {
    const actor = actorOf(release);
    const hours = await this.hours();
    return conflictAsOutcome(
      this.port.run(
        function* (): Change<StatusChangeResult | { outcome: "not-spam" }> {
          const read = yield* step("readWork", { enquiryId: id });
          if (!read) return { outcome: "not-found" };
          const team = yield* step("readTeam", {});
          const plan = planRelease(read.work, {
            expectedVersion: release.expectedVersion,
            at: actor.at,
            buyer: read.stored.enquiry.RetailerSelfUse,
            rule: team.rule,
            turn: team.turn,
            members: team.members,
            hours,
            companyMailQueued: yield* step("companyMailQueued", { enquiryId: id }),
          });
          // A refused release takes no turn: the next enquiry gets the one it would have had.
          if (plan.outcome !== "changed") return plan;
          if (releaseTakesTurn(read.work, team.rule))
            yield* step("takeTurn", { enquiryId: id, turn: team.turn });
          yield* step("writePlan", { read, plan, actor });
          if (plan.companyMail)
            yield* step("queueEnquiryMail", { stored: read.stored, kind: "company", actor });
          yield* step("clearSpamFiling", { stored: read.stored });
          return { outcome: "changed", version: plan.work.version };
        },
        { events: ["enquiry.not_spam"] },
      ),
    );
  }
}
