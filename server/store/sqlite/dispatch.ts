import type Database from "better-sqlite3";
import { enquiryReference } from "../../../domain/console";
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
import type { DispatchStore } from "../dispatch";
import type { Actor } from "../work-port";
import type { StoredEnquiry } from "../store";
import { prepared, type SqliteRun } from "./connection";
import { writePlan } from "./work-record";

/** A row of `enquiry_dispatch`, the one codec's input. */
interface DispatchRow {
  version: number;
  step: string;
  batches: string;
  best_before: string | null;
  packed_at: string | null;
  courier: string | null;
  tracking: string | null;
  eway_bill: string | null;
  payment: string | null;
  cod_confirmed_by: string | null;
  cod_confirmed_on: string | null;
  cod_channel: string | null;
  dispatched_at: string | null;
  delivered_at: string | null;
  returned_at: string | null;
  return_reason: string | null;
}

const COLUMNS = `x.version, x.step, x.batches, x.best_before, x.packed_at, x.courier, x.tracking, x.eway_bill,
  x.payment, x.cod_confirmed_by, x.cod_confirmed_on, x.cod_channel, x.dispatched_at, x.delivered_at,
  x.returned_at, x.return_reason`;

function dispatchOf(row: DispatchRow | undefined): EnquiryDispatch {
  if (!row) return { ...NO_DISPATCH };
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
  return dispatchOf(
    prepared<[string], DispatchRow>(
      db,
      `SELECT ${COLUMNS} FROM enquiry_dispatch x WHERE x.enquiry_id = ?`,
    ).get(enquiryId),
  );
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
  prepared(
    db,
    `INSERT INTO enquiry_dispatch (enquiry_id, version, step, batches, best_before, packed_at, courier, tracking,
       eway_bill, payment, cod_confirmed_by, cod_confirmed_on, cod_channel, dispatched_at, delivered_at,
       returned_at, return_reason, updated_at)
     VALUES (@enquiryId, @version, @step, @batches, @bestBefore, @packedAt, @courier, @tracking, @ewayBill,
       @payment, @codBy, @codOn, @codChannel, @dispatchedAt, @deliveredAt, @returnedAt, @returnReason, @at)
     ON CONFLICT (enquiry_id) DO UPDATE SET version = excluded.version, step = excluded.step,
       batches = excluded.batches, best_before = excluded.best_before, packed_at = excluded.packed_at,
       courier = excluded.courier, tracking = excluded.tracking, eway_bill = excluded.eway_bill,
       payment = excluded.payment, cod_confirmed_by = excluded.cod_confirmed_by,
       cod_confirmed_on = excluded.cod_confirmed_on, cod_channel = excluded.cod_channel,
       dispatched_at = excluded.dispatched_at, delivered_at = excluded.delivered_at,
       returned_at = excluded.returned_at, return_reason = excluded.return_reason, updated_at = excluded.updated_at`,
  ).run({
    enquiryId: stored.id,
    version: dispatch.version,
    step: dispatch.step,
    batches: JSON.stringify(dispatch.batches),
    bestBefore: dispatch.bestBefore,
    packedAt: dispatch.packedAt,
    courier: dispatch.courier,
    tracking: dispatch.tracking,
    ewayBill: dispatch.ewayBill,
    payment: dispatch.payment,
    codBy: dispatch.cod?.by ?? null,
    codOn: dispatch.cod?.on ?? null,
    codChannel: dispatch.cod?.channel ?? null,
    dispatchedAt: dispatch.dispatchedAt,
    deliveredAt: dispatch.deliveredAt,
    returnedAt: dispatch.returnedAt,
    returnReason: dispatch.returnReason,
    at: actor.at,
  });
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
    if (enquiryIds.length === 0) return new Map();
    const rows = this.run((db) =>
      prepared<
        [string],
        { enquiry_id: string; step: string; courier: string | null; tracking: string | null }
      >(
        db,
        `SELECT enquiry_id, step, courier, tracking FROM enquiry_dispatch
         WHERE enquiry_id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(enquiryIds)),
    );
    return new Map(
      rows.flatMap(({ enquiry_id, step, courier, tracking }) =>
        isDispatchStep(step) ? [[enquiry_id, { step, courier, tracking }]] : [],
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
    return rows.map((row) => {
      const dispatch = dispatchOf(row);
      return {
        enquiryId: row.enquiry_id,
        reference: enquiryReference(row.enquiry_id),
        name: row.Name,
        mobile: row.Mobile,
        email: row.Email,
        city: row.city,
        pinCode: row.pin_code,
        step: dispatch.step ?? "dispatched",
        batches: dispatch.batches,
        bestBefore: dispatch.bestBefore,
        courier: dispatch.courier,
        tracking: dispatch.tracking,
        dispatchedAt: dispatch.dispatchedAt,
      };
    });
  }
}
