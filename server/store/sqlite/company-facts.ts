import { factsFromStored, type CompanyFacts } from "../../../domain/company-facts";
import type { CompanyFactsStore, PublishedFacts } from "../../company/facts-store";
import type { SqliteRun } from "./connection";

interface FactsRow {
  version: number;
  facts: string;
  published_at: string;
  published_by: string;
  restored_from: number | null;
}

type VersionRow = Omit<FactsRow, "facts">;

function summaryOf(row: VersionRow): Omit<PublishedFacts, "facts"> {
  return {
    version: row.version,
    publishedAt: new Date(row.published_at),
    publishedBy: row.published_by,
    restoredFrom: row.restored_from,
  };
}

function publishedOf(row: FactsRow): PublishedFacts {
  return { ...summaryOf(row), facts: factsFromStored(JSON.parse(row.facts)) };
}

const SUMMARY = `version, published_at, published_by, restored_from`;

/** The company's published facts on SQLite (`company_facts`): one row per version, the facts as JSON. */
export class SqliteCompanyFactsStore implements CompanyFactsStore {
  constructor(private readonly run: SqliteRun) {}

  async current(): Promise<PublishedFacts | null> {
    return this.run((db) => {
      const row = db
        .prepare<[], FactsRow>(`SELECT ${SUMMARY}, facts FROM company_facts ORDER BY version DESC LIMIT 1`)
        .get();
      return row ? publishedOf(row) : null;
    });
  }

  async version(version: number): Promise<PublishedFacts | null> {
    return this.run((db) => {
      const row = db
        .prepare<[number], FactsRow>(`SELECT ${SUMMARY}, facts FROM company_facts WHERE version = ?`)
        .get(version);
      return row ? publishedOf(row) : null;
    });
  }

  async versions(): Promise<Omit<PublishedFacts, "facts">[]> {
    return this.run((db) =>
      db
        .prepare<[], VersionRow>(`SELECT ${SUMMARY} FROM company_facts ORDER BY version DESC`)
        .all()
        .map(summaryOf),
    );
  }

  async publish(input: {
    facts: CompanyFacts;
    baseVersion: number | null;
    by: string;
    now: Date;
    restoredFrom?: number;
  }): Promise<PublishedFacts | "conflict"> {
    return this.run((db) =>
      db
        .transaction((): PublishedFacts | "conflict" => {
          // Read and written under the write lock: of two publications on one base, one is refused.
          const latest = db
            .prepare<[], { version: number | null }>(`SELECT max(version) AS version FROM company_facts`)
            .get();
          const current = latest?.version ?? null;
          if (current !== input.baseVersion) return "conflict";
          const row: FactsRow = {
            version: (current ?? 0) + 1,
            facts: JSON.stringify(input.facts),
            published_at: input.now.toISOString(),
            published_by: input.by,
            restored_from: input.restoredFrom ?? null,
          };
          db.prepare(
            `INSERT INTO company_facts (version, facts, published_at, published_by, restored_from)
             VALUES (@version, @facts, @published_at, @published_by, @restored_from)`,
          ).run(row);
          return publishedOf(row);
        })
        .immediate(),
    );
  }
}
