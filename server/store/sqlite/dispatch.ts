import type Database from "better-sqlite3";
import {
  isDispatchStep,
  NO_DISPATCH,
  RECALL_STEPS,
  type BatchRecipient,
  type CodChannel,
  type DispatchSummary,
  type EnquiryDispatch,
  type PaymentTerms,
} from "../../../domain/dispatch";
import type { WorkPlan } from "../../lifecycle/plan";
import { batchRecipientOf, type DispatchStore } from "../dispatch";
import type { Actor } from "../work-port";
import type { StoredEnquiry } from "../store";
import { prepared, type SqliteRun } from "./connection";
import { columnsOf, selectList, upsertStatement } from "./row-codec";
import { writePlan } from "./work-record";

/**
 * The row of `enquiry_dispatch` a dispatch is stored as: the one place its columns are named (the
 * SELECT and the upsert are made from it, with `updated_at` beside them).
 */
function rowOf(dispatch: EnquiryDispatch) {
  return {
    version: dispatch.version,
    step: dispatch.step as string | null,
    batches: JSON.stringify(dispatch.batches),
    best_before: dispatch.bestBefore,
    packed_at: dispatch.packedAt,
    courier: dispatch.courier,
    tracking: dispatch.tracking,
    eway_bill: dispatch.ewayBill,
    payment: dispatch.payment as string | null,
    cod_confirmed_by: dispatch.cod?.by ?? null,
    cod_confirmed_on: dispatch.cod?.on ?? null,
    cod_channel: (dispatch.cod?.channel ?? null) as string | null,
    dispatched_at: dispatch.dispatchedAt,
    delivered_at: dispatch.deliveredAt,
    returned_at: dispatch.returnedAt,
    return_reason: dispatch.returnReason,
  };
}

/** A row of `enquiry_dispatch`, the one codec's input. */
type DispatchRow = ReturnType<typeof rowOf>;

const ROW_COLUMNS = columnsOf(rowOf(NO_DISPATCH));
const COLUMNS = selectList("x", ROW_COLUMNS);
const UPSERT = upsertStatement("enquiry_dispatch", "enquiry_id", [...ROW_COLUMNS, "updated_at"]);

function dispatchOf(row: DispatchRow): EnquiryDispatch {
  return {
    version: row.version,
    step: isDispatchStep(row.step) ? row.step : null,
    batches: JSON.parse(row.batches) as string[],
    bestBefore: row.best_before,
    packedAt: row.packed_at,
    courier: row.courier,
    tracking: row.tracking,
    ewayBill: row.eway_bill,
    payment: row.payment as PaymentTerms | null,
    cod:
      row.cod_confirmed_by && row.cod_confirmed_on && row.cod_channel
        ? { by: row.cod_confirmed_by, on: row.cod_confirmed_on, channel: row.cod_channel as CodChannel }
        : null,
    dispatchedAt: row.dispatched_at,
    deliveredAt: row.delivered_at,
    returnedAt: row.returned_at,
    returnReason: row.return_reason,
  };
}

/** The enquiry's dispatch, read in the caller's transaction (none yet: version 0, no step). */
export function readDispatch(db: Database.Database, enquiryId: string): EnquiryDispatch {
  return readDispatches(db, [enquiryId]).get(enquiryId) ?? { ...NO_DISPATCH };
}

/** The dispatches of several enquiries, read in the caller's transaction, by enquiry id. */
export function readDispatches(
  db: Database.Database,
  enquiryIds: readonly string[],
): Map<string, EnquiryDispatch> {
  return new Map(
    prepared<[string], DispatchRow & { enquiry_id: string }>(
      db,
      `SELECT x.enquiry_id, ${COLUMNS} FROM enquiry_dispatch x WHERE x.enquiry_id IN (SELECT value FROM json_each(?))`,
    )
      .all(JSON.stringify(enquiryIds))
      .map((row) => [row.enquiry_id, dispatchOf(row)]),
  );
}

/**
 * Writes the dispatch under its version and what the plan says of the work record, in the
 * caller's transaction (IMMEDIATE: the version read is the version written over).
 */
export function writeDispatch(
  db: Database.Database,
  stored: StoredEnquiry,
  dispatch: EnquiryDispatch,
  plan: WorkPlan,
  actor: Actor,
): void {
  prepared(db, UPSERT).run({ enquiry_id: stored.id, ...rowOf(dispatch), updated_at: actor.at });
  writePlan(db, stored, plan, actor);
}

/** The order's dispatch on SQLite, in `enquiry_dispatch` beside the enquiry. */
export class SqliteDispatchStore implements DispatchStore {
  constructor(
    private readonly run: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async get(enquiryId: string): Promise<EnquiryDispatch | null> {
    return this.run((db) => {
      const exists = prepared(db, `SELECT 1 FROM ${this.table} WHERE id = ?`).get(enquiryId);
      return exists ? readDispatch(db, enquiryId) : null;
    });
  }

  async summariesOf(enquiryIds: readonly string[]): Promise<Map<string, DispatchSummary>> {
    const dispatches = enquiryIds.length === 0 ? [] : this.run((db) => readDispatches(db, enquiryIds));
    return new Map(
      [...dispatches].flatMap(([id, { step, courier, tracking }]) =>
        step ? [[id, { step, courier, tracking }]] : [],
      ),
    );
  }

  async recipientsOf(batch: string, limit: number): Promise<BatchRecipient[]> {
    const rows = this.run((db) =>
      prepared<
        [string, string, number],
        DispatchRow & {
          enquiry_id: string;
          Name: string;
          Mobile: string;
          Email: string;
          city: string | null;
          pin_code: string | null;
        }
      >(
        db,
        `SELECT x.enquiry_id, ${COLUMNS}, e.Name, e.Mobile, e.Email, d.city, d.pin_code
         FROM enquiry_dispatch x
           JOIN ${this.table} e ON e.id = x.enquiry_id
           LEFT JOIN enquiry_deals d ON d.enquiry_id = x.enquiry_id
         WHERE x.step IN (SELECT value FROM json_each(?))
           AND EXISTS (SELECT 1 FROM json_each(x.batches) b WHERE b.value = ?)
         ORDER BY x.dispatched_at DESC, x.enquiry_id
         LIMIT ?`,
      ).all(JSON.stringify(RECALL_STEPS), batch, limit),
    );
    return rows.map((row) =>
      batchRecipientOf(
        row.enquiry_id,
        { name: row.Name, mobile: row.Mobile, email: row.Email, city: row.city, pinCode: row.pin_code },
        dispatchOf(row),
      ),
    );
  }
}
