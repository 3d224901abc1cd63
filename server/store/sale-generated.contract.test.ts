import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { seeded } from "../../tests/support/seeded";
import { ENQUIRY_STATUSES, enquiryReference } from "../../domain/console";
import {
  DISPATCH_STEPS,
  NEXT_DISPATCH_STEPS,
  type DispatchInput,
  type DispatchStep,
} from "../../domain/dispatch";
import type { Enquiry } from "../../domain/enquiry";
import {
  DOCUMENT_KINDS,
  PAYMENT_METHODS,
  type DocumentBuyer,
  type DocumentKind,
  type IssuedDocument,
} from "../../domain/invoice";
import { LOST_REASONS, type LostReason } from "../../domain/deal";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { accountantMonth } from "../documents/accountant-month";
import type { DocumentRequest } from "./documents";
import type { Store } from "./store";

// Enquiries are stamped with the clock the test sets (the event clock would otherwise keep every
// stamp after the last one this process made, whatever the clock says).
vi.mock("./event-clock", () => ({ eventTime: () => new Date() }));

/**
 * A sale after confirmation, generated: a few days of enquiries confirmed (or not), their deals
 * recorded, quotations, pro-formas, tax invoices and credit notes drafted and issued across the
 * financial year's end, payments recorded against them (some above what is owed), documents
 * mailed and payments reminded, and the orders packed, dispatched, delivered or returned, with
 * stale versions, wrong states and unknown ids among them. The same seeded sequence runs on a
 * fresh store of each kind; every answer and the whole state the console, the accountant and the
 * outbox see afterwards are made store-neutral (ids become names) and must be the same.
 */

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);
/** The IST calendar day of an instant: "2027-03-30". */
const istDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

const OWNER = "owner@collarise.example";
const ASHA = "asha@collarise.example";
const BILAL = "bilal@collarise.example";
const STAFF = [OWNER, ASHA, BILAL] as const;

/** The first day: two days before the financial year ends, so documents are numbered in two years. */
const START = ist("2027-03-30T10:00:00");
const LATER = new Date("2099-01-01T00:00:00Z");

const BUYERS: { enquiry: Omit<Enquiry, "RetailerSelfUse">; document: DocumentBuyer }[] = [
  {
    enquiry: { Name: "Meera Stores", Email: "meera@example.com", Mobile: "9811122233", Quantity: 300 },
    document: {
      name: "Meera Stores",
      address: { lines: ["Shop 4, Lajpat Nagar Market"], city: "New Delhi", stateCode: "07", pin: "110024" },
      shippingAddress: null,
      gstin: "07AAGFF2194N1Z1",
      email: "meera.stores@example.com",
      mobile: "9811122233",
    },
  },
  {
    // No address on her documents: a mail goes to the enquiry's.
    enquiry: { Name: "Kavita Rao", Email: "kavita@example.com", Mobile: "9822233344", Quantity: 40 },
    document: {
      name: "Kavita Rao",
      address: { lines: ["12 MG Road"], city: "Pune", stateCode: "27", pin: "411001" },
      shippingAddress: null,
      gstin: null,
      email: null,
      mobile: "9822233344",
    },
  },
  {
    enquiry: { Name: "Imran Khan", Email: "imran@example.com", Mobile: "9833344455", Quantity: 120 },
    document: {
      name: "Imran Khan",
      address: { lines: ["B-7, Sector 62"], city: "Noida", stateCode: "09", pin: "201309" },
      shippingAddress: { lines: ["Shop 2, Raja Park"], city: "Jaipur", stateCode: "08", pin: "302004" },
      gstin: null,
      email: null,
      mobile: "9833344455",
    },
  },
  {
    enquiry: { Name: "Sunita Devi", Email: "sunita@example.com", Mobile: "9844455566", Quantity: 60 },
    document: {
      name: "Sunita Devi",
      address: { lines: ["House 3, Civil Lines"], city: "Lucknow", stateCode: "09", pin: "226001" },
      shippingAddress: null,
      gstin: null,
      email: "sunita@example.com",
      mobile: "9844455566",
    },
  },
];

interface Day {
  answers: string[];
  /** Ids and references, each with the name the state shows for it. */
  names: Map<string, string>;
  enquiries: { id: string; name: string }[];
  documents: IssuedDocument[];
  endpointId: string;
}

const CHANGES = [
  "receive",
  "status",
  "status",
  "deal",
  "deal",
  "draft",
  "issue",
  "issue",
  "issue",
  "issue",
  "pay",
  "pay",
  "pay",
  "mail",
  "remind",
  "dispatch",
  "dispatch",
  "dispatch",
  "dispatch",
] as const;

/** Text with every id and reference the day made named; ids first, as a reference is part of one. */
function named(text: string, names: Map<string, string>): string {
  let said = text;
  for (const [id, name] of names) said = said.replaceAll(id, name);
  return said;
}

/**
 * The generated days on one store. Each step is a minute or more after the one before; now and
 * then the clock moves on to the next morning. Every store reads its own versions, documents and
 * balances, so a stale version, an amount above what is owed or an unknown id is asked of each in
 * the same place; every answer is kept, named.
 */
async function generatedDays(seed: number, steps: number, store: Store): Promise<Day> {
  const random = seeded(seed);
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const names = new Map<string, string>();
  const enquiries: { id: string; name: string }[] = [];
  const documents: IssuedDocument[] = [];
  const answers: string[] = [];
  const clicks: string[] = [];
  let payments = 0;
  /** Each enquiry's status as the store last answered it. */
  const statuses = new Map<string, string>();

  vi.setSystemTime(new Date(START.getTime() - 3_600_000));
  const published = await store.companyFacts.publish({
    facts: FILLED_FACTS,
    baseVersion: null,
    by: OWNER,
    now: new Date(),
  });
  if (published === "conflict") throw new Error("The facts could not be published");
  const endpoint = await store.webhooks.addEndpoint({
    url: "https://hooks.example.com/sales",
    events: ["enquiry.status_changed"],
    now: new Date(),
  });
  names.set(endpoint.id, "the endpoint");

  let at = START;
  for (let step = 0; step < steps; step++) {
    const minutes = chance(0.04) ? 20 * 60 : 1 + Math.floor(random() * 3);
    at = new Date(at.getTime() + minutes * 60_000);
    vi.setSystemTime(at);
    const by = pick(STAFF);
    const change = enquiries.length < 2 ? "receive" : pick(CHANGES);
    if (change === "receive" && enquiries.length >= 6) continue;
    // The sale's steps mostly on a confirmed enquiry, as each store has it; now and then on any.
    const confirmed = enquiries.filter((each) => statuses.get(each.id) === "Confirmed");
    const target =
      confirmed.length > 0 && change !== "status" && chance(0.7)
        ? pick(confirmed)
        : enquiries.length > 0
          ? pick(enquiries)
          : undefined;
    // Now and then an id no store has.
    const enquiryId = chance(0.04) ? "no-such-enquiry" : (target?.id ?? "no-such-enquiry");
    // Payments and reminders mostly against a tax invoice; now and then another document, or none.
    const invoices = documents.filter((each) => each.kind === "tax-invoice");
    const document =
      invoices.length > 0 && chance(0.75)
        ? pick(invoices)
        : documents.length > 0 && !chance(0.1)
          ? pick(documents)
          : undefined;
    const documentId = document?.id ?? "no-such-document";
    const click = (prefix: string) => {
      // Now and then a click already made (a double click, or a retry).
      const earlier = clicks.filter((each) => each.startsWith(prefix));
      const key = earlier.length > 0 && chance(0.15) ? pick(earlier) : `${prefix}-${step}`;
      clicks.push(key);
      return key;
    };
    let answer: unknown;
    try {
      if (change === "receive" || !target) {
        const buyer = BUYERS[enquiries.length % BUYERS.length]!;
        const name = `${buyer.enquiry.Name} ${enquiries.length + 1}`;
        const stored = await store.enquiries.add({
          ...buyer.enquiry,
          Name: name,
          RetailerSelfUse: chance(0.5) ? "Retailer" : "Self Use",
        });
        enquiries.push({ id: stored.id, name });
        names.set(stored.id, name);
        names.set(enquiryReference(stored.id), `${name}'s reference`);
        answer = name;
      } else if (change === "status") {
        const kept = (await store.enquiryWork.get(enquiryId))?.version ?? 0;
        // Mostly confirmed; now and then declined, fulfilled by hand or set back.
        const to = chance(0.75)
          ? "Confirmed"
          : pick(ENQUIRY_STATUSES.filter((status) => status !== "Duplicate"));
        answer = await store.work.changeStatus(enquiryId, {
          to,
          expectedVersion: chance(0.1) ? Math.max(0, kept - 1) : kept,
          staffEmail: by,
          at,
          ...(chance(0.5) ? { lostReason: pick(Object.keys(LOST_REASONS) as LostReason[]) } : {}),
        });
      } else if (change === "deal") {
        const kept = (await store.deals.get(enquiryId))?.deal.version ?? 0;
        answer = await store.work.recordDeal(enquiryId, {
          expectedVersion: chance(0.1) ? Math.max(0, kept - 1) : kept,
          figures: {
            quantity: 10 * (1 + Math.floor(random() * 40)),
            // Now and then above the e-way bill's threshold, now and then none.
            valueRupees: chance(0.1) ? null : pick([8_000, 32_000, 49_999, 64_000]),
            city: pick(["Jaipur", "Pune", null]),
            pinCode: pick(["302001", "411001", null]),
            gstin: null,
          },
          staffEmail: by,
          at,
        });
      } else if (change === "draft" || change === "issue") {
        const kind: DocumentKind =
          invoices.length > 0 && chance(0.25)
            ? "credit-note"
            : chance(0.4)
              ? "tax-invoice"
              : pick(DOCUMENT_KINDS);
        // A credit note against an invoice of this enquiry, mostly; now and then another's, or none.
        const own = invoices.filter((each) => each.enquiryId === enquiryId);
        const against =
          kind !== "credit-note"
            ? null
            : own.length > 0 && !chance(0.2)
              ? pick(own).id
              : invoices.length > 0 && chance(0.7)
                ? pick(invoices).id
                : "no-such-document";
        const buyer =
          BUYERS[
            Math.max(
              0,
              enquiries.findIndex((each) => each.id === enquiryId),
            ) % BUYERS.length
          ]!;
        const request: DocumentRequest = {
          kind,
          language: chance(0.3) ? "hi" : "en",
          // Now and then without the buyer's PIN code: refused as missing.
          buyer: chance(0.08)
            ? { ...buyer.document, address: { ...buyer.document.address, pin: "" } }
            : buyer.document,
          lines: [
            {
              quantity: kind === "credit-note" ? pick([10, 50, 300]) : 10 * (1 + Math.floor(random() * 40)),
              unitPricePaise: chance(0.5) ? null : pick([9_900, 12_500, 15_000]),
              discountPaise: chance(0.2) ? 5_000 : 0,
            },
          ],
          againstId: against,
          reason: kind === "credit-note" ? pick(["Sachets returned", "Damaged in transit"]) : null,
        };
        if (change === "draft") {
          answer = await store.work.draftDocument(enquiryId, { ...request, staffEmail: by, at });
        } else {
          const issued = await store.work.issueDocument(enquiryId, {
            ...request,
            staffEmail: by,
            at,
            clickKey: click("issue"),
          });
          if (issued.outcome === "issued" && !issued.repeated) {
            documents.push(issued.document);
            names.set(issued.document.id, issued.document.number);
          }
          answer = issued;
        }
      } else if (change === "pay") {
        const account = document ? await store.documents.get(document.id) : null;
        const owed = account
          ? account.document.totals.totalPaise -
            account.payments.reduce((sum, each) => sum + each.amountPaise, 0) -
            account.creditNotes.reduce((sum, each) => sum + each.totals.totalPaise, 0)
          : 10_000;
        // Part of what is owed, all of it, or more.
        const amountPaise = pick([
          Math.max(1, Math.floor(owed / 3)),
          Math.max(1, owed),
          Math.max(1, owed) + 100,
          50_000,
        ]);
        const paid = await store.work.recordPayment(documentId, {
          amountPaise,
          method: pick(PAYMENT_METHODS),
          reference: chance(0.5) ? `41234567${String(step).padStart(4, "0")}` : null,
          receivedOn: istDay(at),
          clickKey: click("pay"),
          staffEmail: by,
          at,
        });
        if (paid.outcome === "recorded" && !paid.repeated) {
          payments += 1;
          names.set(paid.payment.id, `payment ${payments}`);
        }
        answer = paid;
      } else if (change === "mail") {
        answer = await store.work.mailDocument(documentId, { clickKey: click("mail"), staffEmail: by, at });
      } else if (change === "remind") {
        answer = await store.work.remindPayment(documentId, {
          channel: chance(0.85) ? "email" : "whatsapp",
          clickKey: click("remind"),
          staffEmail: by,
          at,
        });
      } else {
        // Mostly a step that may follow the last one; now and then any.
        const current = await store.dispatch.get(enquiryId);
        const kept = current?.version ?? 0;
        const allowed = NEXT_DISPATCH_STEPS[current?.step ?? "none"];
        const next = allowed.length > 0 && chance(0.8) ? pick(allowed) : pick(DISPATCH_STEPS);
        const inputs: Record<DispatchStep, DispatchInput> = {
          packed: {
            step: "packed",
            batches: chance(0.9) ? pick(["B2703", "b2703, B2704", "B2704"]) : "not a batch!",
            bestBefore: chance(0.85) ? "2099-11" : pick(["2027-04-02", "2020-01"]),
          },
          dispatched: {
            step: "dispatched",
            courier: chance(0.9) ? pick(["Delhivery", "Blue Dart"]) : "",
            tracking: `TRK${String(step).padStart(6, "0")}`,
            ewayBill: chance(0.8) ? "1811 2345 6789" : null,
            ...(chance(0.7)
              ? { payment: "prepaid" }
              : {
                  payment: "cod",
                  codConfirmedBy: "Asha",
                  codConfirmedOn: chance(0.8) ? istDay(at) : "2099-01-01",
                  codChannel: pick(["call", "whatsapp", "fax"]),
                }),
          },
          delivered: { step: "delivered" },
          returned: {
            step: "returned",
            reason: chance(0.9) ? pick(["address not found", "refused by the buyer"]) : "",
          },
        };
        answer = await store.work.recordDispatch(enquiryId, {
          expectedVersion: chance(0.1) ? kept + 1 : kept,
          input: inputs[next],
          staffEmail: by,
          at,
        });
      }
      if (change === "status" || change === "dispatch") {
        statuses.set(enquiryId, (await store.enquiryWork.get(enquiryId))?.status ?? "none");
      }
    } catch (error) {
      answer = `refused: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    }
    answers.push(named(`${step} ${change} ${target?.name ?? ""} by ${by}: ${JSON.stringify(answer)}`, names));
  }
  return { answers, names, enquiries, documents, endpointId: endpoint.id };
}

/** Everything the console, the accountant and the outbox show of the days, store-neutral. */
async function observe(store: Store, day: Day) {
  const ids = day.enquiries.map((each) => each.id);
  const perEnquiry: Record<string, unknown> = {};
  for (const { id, name } of day.enquiries) {
    const record = await store.enquiryWork.get(id);
    perEnquiry[name] = {
      status: record?.status,
      version: record?.version,
      history: record?.history.map(({ id: _id, ...line }) => line),
      deal: await store.deals.get(id),
      dispatch: await store.dispatch.get(id),
      documents: await store.documents.ofEnquiry(id),
    };
  }
  const accounts: Record<string, unknown> = {};
  for (const document of [...day.documents, { id: "no-such-document", number: "no such document" }]) {
    accounts[document.number] = await store.documents.get(document.id);
  }
  const activity = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<Store["activity"]["list"]>> = await store.activity.list({
      cursor,
      limit: 7,
    });
    activity.push(...page.items.map(({ id: _id, ...entry }) => entry));
    cursor = page.nextCursor;
  } while (cursor);
  // In an order of their own (a store claims due notifications in its own order).
  const notifications = (
    await store.enquiries.claimDueNotifications({ worker: "test", now: LATER, limit: 500, leaseMs: 60_000 })
  )
    .map(({ id: _id, ...each }) => named(JSON.stringify(each), day.names))
    .sort();
  const deliveries = (await store.webhooks.listDeliveries(day.endpointId, 500)).map(
    ({ id: _id, ...delivery }) => delivery,
  );
  const state = {
    perEnquiry,
    accounts,
    unpaid: await store.documents.unpaidInvoices(),
    unpaidOfTwo: await store.documents.unpaidInvoicesOf(ids.slice(0, 2)),
    accountantMarch: await accountantMonth(store, "2027-03"),
    accountantApril: await accountantMonth(store, "2027-04"),
    quotationsAndProformas: await store.documents.issuedBetween(START, LATER, ["quotation", "proforma"]),
    dealOutcomes: [...(await store.deals.outcomesOf([...ids, "no-such-enquiry"]))],
    dispatchSummaries: [...(await store.dispatch.summariesOf([...ids, "no-such-enquiry"]))],
    recalls: {
      B2703: await store.dispatch.recipientsOf("B2703", 50),
      B2704: await store.dispatch.recipientsOf("B2704", 2),
    },
    activity,
    notifications,
    deliveries,
  };
  return JSON.parse(named(JSON.stringify(state), day.names)) as unknown;
}

const sandboxes = [sqliteSandbox("sale-generated-contract"), firestoreSandbox("sale-generated")];
beforeAll(() => Promise.all(sandboxes.map((sandbox) => sandbox.setUp())));
afterAll(() => Promise.all(sandboxes.map((sandbox) => sandbox.tearDown())));

async function onBothStores(seed: number, steps: number) {
  const results: { day: Day; state: unknown }[] = [];
  for (const sandbox of sandboxes) {
    const { store } = await sandbox.openStore();
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    try {
      const day = await generatedDays(seed, steps, store);
      results.push({ day, state: await observe(store, day) });
    } finally {
      vi.useRealTimers();
      await store.close();
    }
  }
  return results;
}

describe("generated days of a sale after confirmation leave the same answers and state on both stores", () => {
  test.each([20270330, 7])("seed %i", async (seed) => {
    const [sqlite, firestore] = await onBothStores(seed, 100);
    const answers = sqlite!.day.answers;
    // The days did what they are for: documents issued and refused, payments recorded and
    // refused, dispatch steps taken and refused, stale versions met.
    const count = (pattern: RegExp) => answers.filter((line) => pattern.test(line)).length;
    expect(count(/"outcome":"issued"/)).toBeGreaterThan(5);
    expect(count(/ issue .*"outcome":"(refused|missing|over-credit|not-found)"/)).toBeGreaterThan(0);
    expect(count(/"outcome":"recorded"/)).toBeGreaterThan(2);
    expect(count(/"outcome":"(over-balance|not-an-invoice)"/)).toBeGreaterThan(0);
    expect(count(/ dispatch .*"outcome":"changed"/)).toBeGreaterThan(3);
    expect(count(/ dispatch .*"outcome":"refused"/)).toBeGreaterThan(0);
    expect(count(/"outcome":"conflict"/)).toBeGreaterThan(0);
    expect(firestore!.day.answers).toEqual(answers);
    expect(firestore!.state).toEqual(sqlite!.state);
  });
});
