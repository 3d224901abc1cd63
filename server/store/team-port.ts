import type { PortOf } from "./step-port";
import type { QueuedDigest, StoredTeamFields, TeamStore } from "./team";

/**
 * The steps the team's settings ask of a store (server/work/team-settings.ts): who is on the staff,
 * read in the same transaction as the write that depends on it, so a member removed meanwhile is
 * seen. Reads come first: a store may hold the writes back until the change has returned.
 */
export type TeamSteps = {
  /** Which of these ids are members of the staff now (invited or not). */
  readStaffIds: { args: { ids: string[] }; result: string[] };
  /** Saves the rule as stored (domain/team.ts: ruleToSave), its turns counted again from `turn`. */
  writeAssignmentRule: { args: { rule: string; turn: number }; result: void };
  /**
   * Queues the member's digest for `day` (its id made of both: digestNotificationId) unless one is
   * queued already; answers whether it was. One another instance queues at the same moment may
   * end the change as WriteConflictError instead (Firestore).
   */
  writeDigest: { args: { day: string; digest: QueuedDigest; at: string }; result: boolean };
};

/** What a store keeps of the team beside the settings' changes written above it. */
export type TeamAdapter = PortOf<TeamSteps> &
  Omit<TeamStore<StoredTeamFields>, "setAssignmentRule" | "queueDigests">;
