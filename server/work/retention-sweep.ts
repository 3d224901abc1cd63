// nextTurn: requests waiting on the event loop run between two batches (a SQLite batch blocks it).
import { setImmediate as nextTurn } from "node:timers/promises";
import { oldestKeptFinancialYear, TAX_RECORD_KINDS } from "../../domain/invoice";
import { documentsErasedWithEnquiry, expiredTaxRecords } from "../lifecycle/erasure";
import { mayErase } from "../lifecycle/retention";
import {
  cutoffOf,
  ENQUIRIES_PER_BATCH,
  VITALS_PER_BATCH,
  type ErasedCounts,
  type RetentionPort,
  type RetentionSteps,
  type RetentionStore,
} from "../store/retention";
import { stepsOf, type ChangeOf } from "../store/step-port";

const step = stepsOf<RetentionSteps>();

/**
 * The retention sweep, written once above the stores (domain/retention.ts keeps the periods): the
 * closed enquiries whose period is over, a batch at a time, each with everything of it but its tax
 * records; then the page-speed measurements, a batch at a time; then the tax records whose
 * statutory period is over, with their payments. Each batch is a change of its own, so a large
 * backlog never holds the store for long; an interrupted sweep leaves whole enquiries or none, and
 * the next sweep finishes the rest.
 */
export function retentionStore(port: RetentionPort): RetentionStore {
  return {
    async eraseExpired({ now, closedEnquiryDays, vitalsDays }) {
      const closedBefore = cutoffOf(now, closedEnquiryDays).toISOString();
      const receivedBefore = cutoffOf(now, vitalsDays).toISOString();
      const erased: ErasedCounts = { enquiries: 0, vitals: 0, taxRecords: 0 };
      for (let after: unknown = null; ;) {
        const batch = await port.run(() => eraseClosedBatch(closedBefore, after));
        erased.enquiries += batch.erased;
        if (batch.read < ENQUIRIES_PER_BATCH) break;
        after = batch.after;
        await nextTurn();
      }
      for (;;) {
        const count = await port.run(() => eraseVitalsBatch(receivedBefore));
        erased.vitals += count;
        if (count < VITALS_PER_BATCH) break;
        await nextTurn();
      }
      erased.taxRecords = await port.run(() => eraseTaxRecords(now));
      return erased;
    },
  };
}

/** One batch of closed enquiries: how many records were read, how many enquiries erased. */
function* eraseClosedBatch(
  closedBefore: string,
  after: unknown,
): ChangeOf<RetentionSteps, { read: number; erased: number; after: unknown }> {
  const page = yield* step("readClosedPage", { closedBefore, after, limit: ENQUIRIES_PER_BATCH });
  const ids = page.records.filter((record) => mayErase(record, closedBefore)).map((record) => record.id);
  if (ids.length > 0) {
    const documents = yield* step("readEnquiryDocuments", { ids });
    // Its quotations and pro-formas go with it; its tax records outlive it (eraseTaxRecords).
    const enquiries = ids.map((id) => ({
      id,
      documentIds: documentsErasedWithEnquiry(documents.filter((document) => document.enquiryId === id)),
    }));
    yield* step("eraseEnquiries", { enquiries });
  }
  return { read: page.records.length, erased: ids.length, after: page.after };
}

function* eraseVitalsBatch(receivedBefore: string): ChangeOf<RetentionSteps, number> {
  const ids = yield* step("readVitalsPage", { receivedBefore, limit: VITALS_PER_BATCH });
  if (ids.length > 0) yield* step("eraseVitals", { ids });
  return ids.length;
}

/** The tax invoices and credit notes whose statutory period is over, credit notes first. */
function* eraseTaxRecords(now: Date): ChangeOf<RetentionSteps, number> {
  const oldestKept = oldestKeptFinancialYear(now);
  const read = yield* step("readTaxRecords", { before: oldestKept, kinds: [...TAX_RECORD_KINDS] });
  const expired = expiredTaxRecords(read, oldestKept);
  if (expired.length > 0) yield* step("eraseTaxRecords", { ids: expired });
  return expired.length;
}
