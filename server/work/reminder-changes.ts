import type { ReminderChanges } from "../store/push";
import { step, type Change, type WorkPort } from "../store/work-port";
import { planReminder } from "../lifecycle/reminders";

/**
 * The follow-up reminders, written once: the records whose reminder has come are read, then each
 * in a transaction of its own is read again with its owner, planned (planReminder) and written.
 */
export class ReminderWork implements ReminderChanges {
  constructor(private readonly port: WorkPort) {}

  async queueDueReminders(options: { now: Date; limit: number }): Promise<{ seen: number; queued: number }> {
    const now = options.now.toISOString();
    const due = await this.port.run(function* (): Change<string[]> {
      return yield* step("readDueReminders", { now, limit: options.limit });
    });
    let queued = 0;
    for (const enquiryId of due) {
      queued += await this.port.run(function* (): Change<number> {
        const read = yield* step("readWork", { enquiryId });
        if (!read) return 0;
        const owner = read.work.ownerId ? yield* step("readMember", { staffId: read.work.ownerId }) : null;
        const plan = planReminder(read.stored.id, read.work, owner, options.now);
        if (!plan) return 0;
        return yield* step("writeReminder", { read, plan, at: now });
      });
    }
    return { seen: due.length, queued };
  }
}
