import { expect, test } from "vitest";
import type { DocumentBuyer } from "../../domain/invoice";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { bothStores } from "../../tests/support/store-sandboxes";
import { confirmedSubscriber } from "../../tests/support/subscribers";
import type { DocumentRequest } from "./documents";
import type { Store } from "./store";

/**
 * A person's erasure and the retention sweep (server/work/erasure.ts, server/work/retention-sweep.ts)
 * scripted on both stores: the same enquiries, documents, subscriptions and measurements, the same
 * erasures and sweeps, and after each the whole state a person, a member or the operator can see,
 * store-neutral (ids become the buyers' names and the documents' numbers). The right answer is
 * written out below; both stores must give it.
 */

const onBothStores = bothStores("erasure-sequences");

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const STAFF = "asha@collarise.example";
const OWNER = "owner@collarise.example";
const DAY = 86_400_000;
const LATER = new Date("2099-01-01T00:00:00Z");

const buyerOf = (name: string, email: string, mobile: string): DocumentBuyer => ({
  name,
  address: { lines: ["Shop 4, Lajpat Nagar Market"], city: "New Delhi", stateCode: "07", pin: "110024" },
  shippingAddress: null,
  gstin: null,
  email,
  mobile,
});

const BUYERS = {
  meera: { Name: "Meera Stores", Email: "meera.stores@example.com", Mobile: "9811122233" },
  ravi: { Name: "Ravi Kumar", Email: "ravi.kumar@example.com", Mobile: "9811100001" },
  kiran: { Name: "Kiran Rao", Email: "kiran.rao@example.com", Mobile: "9811100002" },
  robot: { Name: "Cheap Pills", Email: "pills@example.com", Mobile: "9811100003" },
} as const;

async function script(store: Store) {
  const published = await store.companyFacts.publish({
    facts: FILLED_FACTS,
    baseVersion: null,
    by: OWNER,
    now: new Date(),
  });
  if (published === "conflict") throw new Error("The facts could not be published");
  const names = new Map<string, string>();
  const name = (id: string | null) => (id === null ? null : (names.get(id) ?? "(unknown)"));

  const enquiry = async (buyer: (typeof BUYERS)[keyof typeof BUYERS]) => {
    const stored = await store.enquiries.add(
      { ...buyer, Quantity: 300, RetailerSelfUse: "Retailer" },
      { acknowledge: true },
    );
    names.set(stored.id, buyer.Name);
    return stored.id;
  };
  const status = async (id: string, to: "Confirmed" | "Contacted" | "Declined" | "Spam", at: Date) => {
    const record = await store.enquiryWork.get(id);
    const result = await store.work.changeStatus(id, {
      to,
      expectedVersion: record?.version ?? 0,
      staffEmail: STAFF,
      at,
      note: `${to} by phone`,
    });
    if (result.outcome !== "changed") throw new Error(`status change refused: ${result.outcome}`);
  };
  const issue = async (
    id: string,
    buyer: (typeof BUYERS)[keyof typeof BUYERS],
    request: Partial<DocumentRequest>,
    at: Date,
    clickKey: string,
  ) => {
    const result = await store.work.issueDocument(id, {
      kind: "tax-invoice",
      language: "en",
      buyer: buyerOf(buyer.Name, buyer.Email, buyer.Mobile),
      lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
      againstId: null,
      reason: null,
      ...request,
      staffEmail: STAFF,
      at,
      clickKey,
    });
    if (result.outcome !== "issued") throw new Error(`not issued: ${result.outcome}`);
    names.set(result.document.id, result.document.number);
    return result.document;
  };

  // Meera bought, paid part and returned some; she also reads the newsletter.
  const meera = await enquiry(BUYERS.meera);
  await status(meera, "Confirmed", ist("2026-11-18T10:00:00"));
  await issue(meera, BUYERS.meera, { kind: "quotation" }, ist("2026-11-18T11:00:00"), "meera-quote");
  const meeraInvoice = await issue(meera, BUYERS.meera, {}, ist("2026-11-20T11:00:00"), "meera-invoice");
  const paid = await store.work.recordPayment(meeraInvoice.id, {
    amountPaise: 50_000,
    method: "cash-on-delivery",
    reference: null,
    receivedOn: "2026-11-25",
    clickKey: "meera-cod",
    staffEmail: STAFF,
    at: ist("2026-11-25T18:00:00"),
  });
  if (paid.outcome !== "recorded") throw new Error(paid.outcome);
  await issue(
    meera,
    BUYERS.meera,
    {
      kind: "credit-note",
      lines: [{ quantity: 10, unitPricePaise: null, discountPaise: 0 }],
      againstId: meeraInvoice.id,
      reason: "Ten sachets returned damaged",
    },
    ist("2027-04-02T10:00:00"),
    "meera-credit",
  );
  await confirmedSubscriber(store, "Meera.Stores@example.com", ist("2026-11-18T09:00:00"));
  await confirmedSubscriber(store, "reader@example.com", ist("2026-11-18T09:00:00"));

  // Ravi was quoted and invoiced, then declined; Kiran is still being worked; a robot's is spam.
  const ravi = await enquiry(BUYERS.ravi);
  await status(ravi, "Confirmed", ist("2026-11-19T10:00:00"));
  await issue(ravi, BUYERS.ravi, { kind: "quotation" }, ist("2026-11-19T11:00:00"), "ravi-quote");
  await issue(ravi, BUYERS.ravi, {}, ist("2026-11-19T12:00:00"), "ravi-invoice");
  await status(ravi, "Declined", ist("2026-11-21T10:00:00"));
  const kiran = await enquiry(BUYERS.kiran);
  await status(kiran, "Contacted", ist("2026-11-21T10:00:00"));
  const robot = await enquiry(BUYERS.robot);
  await status(robot, "Spam", ist("2026-11-21T11:00:00"));
  const sample = { page: "/", metric: "LCP", value: 1200 } as const;
  await store.vitals.add([sample, sample, sample], ist("2026-11-21T00:00:00"));
  await store.vitals.add([{ ...sample, value: 900 }], ist("2027-11-01T00:00:00"));
  const ids = { meera, ravi, kiran, robot };

  /** What a person, a member and the operator see, ids as names. */
  const state = async () => {
    const documents = [];
    for (const [id, number] of [...names].filter(([, label]) => label.includes("/"))) {
      const held = await store.documents.get(id);
      if (held)
        documents.push({
          number,
          enquiry: name(held.document.enquiryId),
          payments: held.payments.map((payment) => payment.amountPaise),
          creditNotes: held.creditNotes.map((note) => note.number),
        });
    }
    const enquiries = [];
    for (const [who, id] of Object.entries(ids)) {
      const record = await store.enquiryWork.get(id);
      if (record)
        enquiries.push({
          who,
          status: record.status,
          history: record.history.map((line) => `${line.kind}: ${line.text}`),
        });
    }
    return {
      listed: (await store.enquiries.list()).map((stored) => stored.enquiry.Name).sort(),
      enquiries,
      documents: documents.sort((a, b) => a.number.localeCompare(b.number)),
      subscribers: (await store.subscribers.list()).map((subscriber) => subscriber.email),
      vitals: await store.vitals.summarize(),
      activity: (await store.activity.list({ limit: 50 })).items
        .filter((entry) => entry.action === "personal-data-erased")
        .map(({ actor, target }) => ({ actor, target })),
    };
  };
  const report = (found: Awaited<ReturnType<Store["personalData"]["find"]>>) => ({
    enquiries: found.enquiries.map((each) => ({
      name: each.enquiry.Name,
      status: each.status,
      history: each.history.map((line) => `${line.kind}: ${line.text}`),
      documents: each.documents.map((document) => `${document.kind} ${document.number}`),
      payments: each.payments.map((payment) => payment.amountPaise),
    })),
    subscriptions: found.subscriptions.map(({ email, status }) => ({ email, status })),
    pendingMails: found.pendingMails.map((mail) => ({
      kind: mail.kind,
      enquiry: name(mail.enquiryId),
      subscriber: mail.subscriberId === null ? null : "her address",
    })),
  });
  const erasure = (erased: Awaited<ReturnType<Store["personalData"]["erase"]>>) => ({
    erased: erased.erased,
    at: erased.at,
    enquiries: erased.enquiries.map((each) => name(each.id)),
    counts: erased.counts,
    kept: erased.kept,
  });
  const sweep = (now: Date) => store.retention.eraseExpired({ now, closedEnquiryDays: 365, vitalsDays: 90 });

  const steps = {
    foundByMail: report(await store.personalData.find({ email: "meera.stores@example.com" })),
    foundByMobile: report(await store.personalData.find({ mobile: BUYERS.ravi.Mobile })),
    erased: erasure(
      await store.personalData.erase(
        { email: "meera.stores@example.com" },
        { actor: OWNER, at: ist("2026-12-01T12:00:00") },
      ),
    ),
    afterErasure: await state(),
    // A year and a day after Ravi's and the robot's were closed.
    firstSweep: await sweep(new Date(ist("2026-11-21T11:00:00").getTime() + 366 * DAY)),
    afterFirstSweep: await state(),
    secondSweep: await sweep(ist("2034-01-01T00:00:00")),
    thirdSweep: await sweep(ist("2035-01-01T00:00:00")),
    afterSweeps: await state(),
    erasedAgain: erasure(
      await store.personalData.erase(
        { email: "meera.stores@example.com" },
        { actor: null, at: ist("2035-01-02T12:00:00") },
      ),
    ),
    // The mails still waiting.
    waiting: (
      await store.enquiries.claimDueNotifications({ worker: "test", now: LATER, limit: 50, leaseMs: 60_000 })
    )
      .map((mail) =>
        "subscriberId" in mail
          ? `${mail.kind} to ${mail.email}`
          : `${mail.kind} about ${"enquiryId" in mail ? name(mail.enquiryId) : "no enquiry"}`,
      )
      .sort(),
  };
  return steps;
}

test("an erasure by e-mail, then sweeps a year and years later, give the same answers and leave the same state on both stores", async () => {
  const states = await onBothStores(script);
  // The activity log records the erasure by its counts only, and nothing for the sweeps.
  const erasure = {
    actor: OWNER,
    target:
      "1 enquiries, 3 mails, 1 statuses, 5 history entries, 0 conversation messages, 1 subscriptions, 0 deals, 1 quotations and pro-formas, 2 tax invoices and credit notes kept",
  };
  const expected = {
    foundByMail: {
      enquiries: [
        {
          name: "Meera Stores",
          status: "Confirmed",
          history: [
            "status: Confirmed by phone",
            "deal: Quotation AN/2627/Q0001 issued: ₹10,710.00",
            "deal: Tax invoice AN/2627/T0001 issued: ₹10,710.00",
            "deal: Payment ₹500.00 by cash on delivery against AN/2627/T0001",
            "deal: Credit note AN/2728/C0001 against AN/2627/T0001 issued: ₹357.00",
          ],
          documents: ["quotation AN/2627/Q0001", "tax-invoice AN/2627/T0001", "credit-note AN/2728/C0001"],
          payments: [50000],
        },
      ],
      subscriptions: [{ email: "meera.stores@example.com", status: "confirmed" }],
      // Her mails still waiting, the next to go first.
      pendingMails: [
        { kind: "newsletter-welcome", enquiry: null, subscriber: "her address" },
        { kind: "company", enquiry: "Meera Stores", subscriber: null },
        { kind: "acknowledgement", enquiry: "Meera Stores", subscriber: null },
      ],
    },
    foundByMobile: {
      enquiries: [
        {
          name: "Ravi Kumar",
          status: "Declined",
          history: [
            "status: Confirmed by phone",
            "deal: Quotation AN/2627/Q0002 issued: ₹10,710.00",
            "deal: Tax invoice AN/2627/T0002 issued: ₹10,710.00",
            "status: Declined by phone",
          ],
          documents: ["quotation AN/2627/Q0002", "tax-invoice AN/2627/T0002"],
          payments: [],
        },
      ],
      subscriptions: [],
      pendingMails: [
        { kind: "company", enquiry: "Ravi Kumar", subscriber: null },
        { kind: "acknowledgement", enquiry: "Ravi Kumar", subscriber: null },
      ],
    },
    // Her enquiry, its mails and her subscription go with its quotation; the invoice, its payment
    // and the credit note are kept for their statutory period.
    erased: {
      erased: true,
      at: "2026-12-01T06:30:00.000Z",
      enquiries: ["Meera Stores"],
      counts: {
        enquiries: 1,
        notifications: 3,
        workRecords: 1,
        historyEntries: 5,
        messages: 0,
        subscriptions: 1,
        deals: 0,
        documents: 1,
        taxRecordsKept: 2,
      },
      kept: [
        { number: "AN/2627/T0001", kind: "tax-invoice", keptUntil: "2033-12-31" },
        { number: "AN/2728/C0001", kind: "credit-note", keptUntil: "2034-12-31" },
      ],
    },
    afterErasure: {
      listed: ["Cheap Pills", "Kiran Rao", "Ravi Kumar"],
      enquiries: [
        {
          who: "ravi",
          status: "Declined",
          history: [
            "status: Confirmed by phone",
            "deal: Quotation AN/2627/Q0002 issued: ₹10,710.00",
            "deal: Tax invoice AN/2627/T0002 issued: ₹10,710.00",
            "status: Declined by phone",
          ],
        },
        { who: "kiran", status: "Contacted", history: ["status: Contacted by phone"] },
        { who: "robot", status: "Spam", history: ["status: Spam by phone"] },
      ],
      documents: [
        { number: "AN/2627/Q0002", enquiry: "Ravi Kumar", payments: [], creditNotes: [] },
        {
          number: "AN/2627/T0001",
          enquiry: "Meera Stores",
          payments: [50000],
          creditNotes: ["AN/2728/C0001"],
        },
        { number: "AN/2627/T0002", enquiry: "Ravi Kumar", payments: [], creditNotes: [] },
        { number: "AN/2728/C0001", enquiry: "Meera Stores", payments: [], creditNotes: [] },
      ],
      subscribers: ["reader@example.com"],
      vitals: [{ page: "/", metric: "LCP", count: 4, p75: 1200 }],
      activity: [erasure],
    },
    // Ravi's and the robot's enquiries go with Ravi's quotation; Kiran's is open and stays.
    firstSweep: { enquiries: 2, vitals: 3, taxRecords: 0 },
    afterFirstSweep: {
      listed: ["Kiran Rao"],
      enquiries: [{ who: "kiran", status: "Contacted", history: ["status: Contacted by phone"] }],
      documents: [
        {
          number: "AN/2627/T0001",
          enquiry: "Meera Stores",
          payments: [50000],
          creditNotes: ["AN/2728/C0001"],
        },
        { number: "AN/2627/T0002", enquiry: "Ravi Kumar", payments: [], creditNotes: [] },
        { number: "AN/2728/C0001", enquiry: "Meera Stores", payments: [], creditNotes: [] },
      ],
      subscribers: ["reader@example.com"],
      vitals: [{ page: "/", metric: "LCP", count: 1, p75: 900 }],
      activity: [erasure],
    },
    // Ravi's invoice in 2034; Meera's stays while its credit note of the next year is kept, then both go.
    secondSweep: { enquiries: 0, vitals: 1, taxRecords: 1 },
    thirdSweep: { enquiries: 0, vitals: 0, taxRecords: 2 },
    afterSweeps: {
      listed: ["Kiran Rao"],
      enquiries: [{ who: "kiran", status: "Contacted", history: ["status: Contacted by phone"] }],
      documents: [],
      subscribers: ["reader@example.com"],
      vitals: [],
      activity: [erasure],
    },
    erasedAgain: {
      erased: false,
      at: "2035-01-02T06:30:00.000Z",
      enquiries: [],
      counts: {
        enquiries: 0,
        notifications: 0,
        workRecords: 0,
        historyEntries: 0,
        messages: 0,
        subscriptions: 0,
        deals: 0,
        documents: 0,
        taxRecordsKept: 0,
      },
      kept: [],
    },
    // Meera's and Ravi's mails were withdrawn with their enquiries.
    waiting: [
      "acknowledgement about Kiran Rao",
      "company about Kiran Rao",
      "newsletter-welcome to reader@example.com",
    ],
  };
  expect(states[0]).toEqual(expected);
  expect(states[1]).toEqual(expected);
});
