import { ruleToSave, type AssignmentRule } from "../../domain/team";
import { withTouched } from "../lifecycle/inbox-listing";
import { stepsOf, type ChangeOf } from "../store/step-port";
import type { QueuedDigest, TeamStore } from "../store/team";
import type { TeamAdapter, TeamSteps } from "../store/team-port";
import { WriteConflictError } from "../store/work-port";
import { onceMore } from "./once-more";

const step = stepsOf<TeamSteps>();

/**
 * The team's settings that depend on who is on the staff, written once above the stores: a rule
 * naming someone not on the staff is refused, and a member removed since the digests were made
 * is queued none. Each reads the staff in the transaction that writes.
 */
export function teamStore(adapter: TeamAdapter): TeamStore {
  return {
    assignmentRule: () => adapter.assignmentRule(),
    setAssignmentRule: (rule) => onceMore(adapter, () => setAssignmentRule(rule)),
    alertChoices: () => adapter.alertChoices(),
    setAlertChoice: (staffId, choice) => adapter.setAlertChoice(staffId, choice),
    fieldsOf: async (enquiryIds) =>
      new Map([...(await adapter.fieldsOf(enquiryIds))].map(([id, kept]) => [id, withTouched(kept)])),
    viewCounts: (options) => adapter.viewCounts(options),
    digestParts: (reads) => adapter.digestParts(reads),
    queueDigests: (day, digests, now) => queueDigests(adapter, day, digests, now),
  };
}

function* setAssignmentRule(rule: AssignmentRule): ChangeOf<TeamSteps, boolean> {
  const saved = ruleToSave(rule);
  const onStaff = new Set(yield* step("readStaffIds", { ids: saved.members }));
  if (!saved.members.every((id) => onStaff.has(id))) return false;
  yield* step("writeAssignmentRule", { rule: saved.rule, turn: saved.turn });
  return true;
}

function* queueDigest(day: string, digest: QueuedDigest, at: string): ChangeOf<TeamSteps, boolean> {
  const [onStaff] = yield* step("readStaffIds", { ids: [digest.staffId] });
  if (onStaff === undefined) return false;
  return yield* step("writeDigest", { day, digest, at });
}

/** Each digest in a transaction of its own: one queued by another instance first leaves the rest. */
async function queueDigests(
  port: TeamAdapter,
  day: string,
  digests: readonly QueuedDigest[],
  now: Date,
): Promise<number> {
  let queued = 0;
  for (const digest of digests) {
    try {
      if (await port.run(() => queueDigest(day, digest, now.toISOString()))) queued += 1;
    } catch (error) {
      // Another instance queued this member's digest for the day first.
      if (!(error instanceof WriteConflictError)) throw error;
    }
  }
  return queued;
}
