import type Database from "better-sqlite3";
import { isLostReason, NO_DEAL_FIGURES, type EnquiryDeal, type LostReason } from "../../../domain/deal";
import type { DealState, HistoryLine } from "../../lifecycle/plan";
import { dealOutcomeOf, type DealOutcome, type DealStore } from "../deals";
import type { Actor } from "../work-port";
import { prepared, type SqliteRun } from "./connection";
import { columnsOf, upsertStatement } from "./row-codec";
import { writeHistoryLines } from "./work-record";

/**
 * The row of `enquiry_deals` a deal's figures are stored as: the one place its columns are named
 * (the SELECT and the upsert are made from it, with `updated_at` beside them).
 */
function rowOf(deal: DealState) {
  return {
    version: deal.version,
    quantity: deal.figures.quantity,
    value_rupees: deal.figures.valueRupees,
    city: deal.figures.city,
    pin_code: deal.figures.pinCode,
    gstin: deal.figures.gstin,
  };
}

const ROW_COLUMNS = columnsOf(rowOf({ version: 0, figures: NO_DEAL_FIGURES }));
const UPSERT = upsertStatement("enquiry_deals", "enquiry_id", [...ROW_COLUMNS, "updated_at"]);

/**
 * A row of `enquiry_deals` as the one codec reads it, its version as `deal_version` (a LEFT JOIN
 * gives nulls where none is recorded).
 */
export type DealRow = Omit<ReturnType<typeof rowOf>, "version"> & { deal_version: number | null };

/** The columns to select, from the table aliased `d`. */
export const DEAL_COLUMNS = ROW_COLUMNS.map((column) =>
  column === "version" ? "d.version AS deal_version" : `d.${column}`,
).join(", ");

export function dealOf(row: DealRow | undefined): EnquiryDeal {
  if (!row || row.deal_version === null) return { version: 0, ...NO_DEAL_FIGURES };
  return {
    version: row.deal_version,
    quantity: row.quantity,
    valueRupees: row.value_rupees,
    city: row.city,
    pinCode: row.pin_code,
    gstin: row.gstin,
  };
}

/** The enquiry's deal, read in the caller's transaction (none yet: version 0, no figures). */
export function readDeal(db: Database.Database, enquiryId: string): EnquiryDeal {
  return dealOf(
    prepared<[string], DealRow>(db, `SELECT ${DEAL_COLUMNS} FROM enquiry_deals d WHERE d.enquiry_id = ?`).get(
      enquiryId,
    ),
  );
}

/**
 * Writes the deal's figures under their version with the history's lines, in the caller's
 * transaction (IMMEDIATE: the version read is the version written over).
 */
export function writeDeal(
  db: Database.Database,
  enquiry: { id: string; receivedAt: string },
  deal: DealState,
  history: readonly HistoryLine[],
  actor: Actor,
): void {
  prepared(db, UPSERT).run({ enquiry_id: enquiry.id, ...rowOf(deal), updated_at: actor.at });
  writeHistoryLines(db, enquiry, history, actor);
}

/** The deal's figures on SQLite, in `enquiry_deals` beside the enquiry, as the console reads them. */
export class SqliteDealStore implements DealStore {
  constructor(
    private readonly run: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async get(enquiryId: string): Promise<{ deal: EnquiryDeal; lostReason: LostReason | null } | null> {
    return this.run((db) => {
      const row = prepared<[string], DealRow & { id: string; lost_reason: string | null }>(
        db,
        `SELECT e.id, w.lost_reason, ${DEAL_COLUMNS} FROM ${this.table} e
           LEFT JOIN enquiry_deals d ON d.enquiry_id = e.id
           LEFT JOIN enquiry_work w ON w.enquiry_id = e.id
         WHERE e.id = ?`,
      ).get(enquiryId);
      if (!row) return null;
      return { deal: dealOf(row), lostReason: isLostReason(row.lost_reason) ? row.lost_reason : null };
    });
  }

  async outcomesOf(enquiryIds: readonly string[]): Promise<Map<string, DealOutcome>> {
    if (enquiryIds.length === 0) return new Map();
    const rows = this.run((db) =>
      db
        .prepare<[string], DealRow & { id: string; lost_reason: string | null }>(
          `SELECT j.value AS id, w.lost_reason, ${DEAL_COLUMNS}
           FROM json_each(?) j
             LEFT JOIN enquiry_work w ON w.enquiry_id = j.value
             LEFT JOIN enquiry_deals d ON d.enquiry_id = j.value
           WHERE w.lost_reason IS NOT NULL OR d.enquiry_id IS NOT NULL`,
        )
        .all(JSON.stringify(enquiryIds)),
    );
    return new Map(rows.map((row) => [row.id, dealOutcomeOf(dealOf(row), row.lost_reason)]));
  }
}
