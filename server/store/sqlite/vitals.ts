import type { VitalSample, VitalSummary, VitalsStore } from "../store";
import type { SqliteConnection } from "./connection";

/** Page-speed measurements on SQLite; percentiles computed by the database. */
export class SqliteVitalsStore implements VitalsStore {
  constructor(private readonly connection: SqliteConnection) {}

  async add(samples: readonly VitalSample[], received = new Date()): Promise<void> {
    if (samples.length === 0) return;
    const receivedAt = received.toISOString();
    this.connection.run((db) => {
      const insert = db.prepare(`INSERT INTO vitals (page, metric, value, received_at) VALUES (?, ?, ?, ?)`);
      db.transaction(() => {
        for (const sample of samples) insert.run(sample.page, sample.metric, sample.value, receivedAt);
      }).immediate();
    });
  }

  async summarize(): Promise<VitalSummary[]> {
    // Nearest rank: the value at position ceil(0.75 n) in ascending order; (3n + 3) / 4 is that ceiling in integers.
    return this.connection.run((db) =>
      db
        .prepare<[], VitalSummary>(
          `WITH ranked AS (
             SELECT page, metric, value,
                    row_number() OVER (PARTITION BY page, metric ORDER BY value) AS rank,
                    count(*) OVER (PARTITION BY page, metric) AS n
             FROM vitals
           )
           SELECT page, metric, n AS count, value AS p75
           FROM ranked WHERE rank = (3 * n + 3) / 4
           ORDER BY page, metric`,
        )
        .all(),
    );
  }
}
