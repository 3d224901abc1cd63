import { factsFromStored } from "../../../domain/company-facts";
import type { CompanyFactsAdapter, CompanyFactsSteps, PublishedFacts } from "../../company/facts-store";
import { driveStepsSync, type ChangeOf } from "../step-port";
import type { SqliteRun } from "./connection";
import { columnsOf, insertStatement } from "./row-codec";

/** The row of `company_facts` a version is stored as: the one place its columns are named. */
function rowOf(published: PublishedFacts) {
  return {
    version: published.version,
    facts: JSON.stringify(published.facts),
    published_at: published.publishedAt.toISOString(),
    published_by: published.publishedBy,
    restored_from: published.restoredFrom,
  };
}

type FactsRow = ReturnType<typeof rowOf>;

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

/**
 * The company's published facts on SQLite (`company_facts`): one row per version, the facts as
 * JSON; a publication's steps (server/work/company-facts-changes.ts) answered in one IMMEDIATE
 * transaction, so that the version is read and written under the write lock.
 */
export class SqliteCompanyFactsStore implements CompanyFactsAdapter {
  constructor(private readonly sqlite: SqliteRun) {}

  async current(): Promise<PublishedFacts | null> {
    return this.sqlite((db) => {
      const row = db
        .prepare<[], FactsRow>(`SELECT ${SUMMARY}, facts FROM company_facts ORDER BY version DESC LIMIT 1`)
        .get();
      return row ? publishedOf(row) : null;
    });
  }

  async version(version: number): Promise<PublishedFacts | null> {
    return this.sqlite((db) => {
      const row = db
        .prepare<[number], FactsRow>(`SELECT ${SUMMARY}, facts FROM company_facts WHERE version = ?`)
        .get(version);
      return row ? publishedOf(row) : null;
    });
  }

  async versions(): Promise<Omit<PublishedFacts, "facts">[]> {
    return this.sqlite((db) =>
      db
        .prepare<[], VersionRow>(`SELECT ${SUMMARY} FROM company_facts ORDER BY version DESC`)
        .all()
        .map(summaryOf),
    );
  }

  async run<R>(change: () => ChangeOf<CompanyFactsSteps, R>): Promise<R> {
    return this.sqlite((db) =>
      db
        .transaction(() =>
          driveStepsSync(change(), {
            readLatestVersion: () =>
              db
                .prepare<[], { version: number | null }>(`SELECT max(version) AS version FROM company_facts`)
                .get()?.version ?? null,
            createVersion: ({ published }) => {
              const row = rowOf(published);
              db.prepare(insertStatement("company_facts", columnsOf(row))).run(row);
            },
          }),
        )
        .immediate(),
    );
  }
}
