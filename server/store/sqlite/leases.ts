import type { LeaseStore } from "../leases";
import type { SqliteRun } from "./connection";

/** Leases in the `leases` table, one row per job: each step is one statement. */
export class SqliteLeaseStore implements LeaseStore {
  constructor(private readonly run: SqliteRun) {}

  async take(job: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
    const until = new Date(now.getTime() + leaseMs).toISOString();
    // Inserted, or taken over when it ran out or is the holder's own; RETURNING says which.
    const taken = this.run((db) =>
      db
        .prepare(
          `INSERT INTO leases (job, holder, lease_until) VALUES (@job, @holder, @until)
           ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, lease_until = excluded.lease_until
             WHERE leases.lease_until <= @now OR leases.holder = excluded.holder
           RETURNING job`,
        )
        .get({ job, holder, until, now: now.toISOString() }),
    );
    return taken !== undefined;
  }

  async renew(job: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
    const until = new Date(now.getTime() + leaseMs).toISOString();
    return this.run(
      (db) =>
        db.prepare(`UPDATE leases SET lease_until = ? WHERE job = ? AND holder = ?`).run(until, job, holder)
          .changes === 1,
    );
  }

  async release(job: string, holder: string, now: Date): Promise<void> {
    this.run((db) =>
      db
        .prepare(`UPDATE leases SET lease_until = ? WHERE job = ? AND holder = ? AND lease_until > ?`)
        .run(now.toISOString(), job, holder, now.toISOString()),
    );
  }
}
