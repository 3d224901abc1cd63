import { expect, test } from "vitest";
import { enquiryReference } from "../../domain/console";
import type { DocumentBuyer } from "../../domain/invoice";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { bothStores } from "../../tests/support/store-sandboxes";
import type { Store } from "./store";

/**
 * The documents' changes (server/work/document-changes.ts) scripted on both stores: a tax invoice
 * issued (and its click again), mailed, part paid, reminded, paid and reminded again. After them,
 * every answer, the activity log's entries, the mails queued and the enquiry's history, store-
 * neutral (the enquiry's reference becomes "REF"). The right answer is written out below; both
 * stores must give it.
 */

const onBothStores = bothStores("document-sequences");

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const STAFF = "asha@collarise.example";

const buyer: DocumentBuyer = {
  name: "Meera Stores",
  address: { lines: ["Shop 4, Lajpat Nagar Market"], city: "New Delhi", stateCode: "07", pin: "110024" },
  shippingAddress: null,
  gstin: "07AAGFF2194N1Z1",
  email: "meera.stores@example.com",
  mobile: "9811122233",
};

async function script(store: Store) {
  const published = await store.companyFacts.publish({
    facts: FILLED_FACTS,
    baseVersion: null,
    by: "owner@collarise.example",
    now: ist("2026-11-20T09:00:00"),
  });
  if (published === "conflict") throw new Error("The facts could not be published");
  const stored = await store.enquiries.add({
    Name: "Meera Stores",
    Email: "meera.stores@example.com",
    Mobile: "9811122233",
    Quantity: 300,
    RetailerSelfUse: "Retailer",
  });
  const changed = await store.work.changeStatus(stored.id, {
    to: "Confirmed",
    expectedVersion: 0,
    staffEmail: STAFF,
    at: ist("2026-11-20T10:00:00"),
  });
  if (changed.outcome !== "changed") throw new Error(`status change refused: ${changed.outcome}`);
  const neutral = (text: string) => text.replaceAll(enquiryReference(stored.id), "REF");

  const issue = () =>
    store.work.issueDocument(stored.id, {
      kind: "tax-invoice",
      language: "en",
      buyer,
      lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
      againstId: null,
      reason: null,
      staffEmail: STAFF,
      at: ist("2026-11-20T11:00:00"),
      clickKey: "invoice",
    });
  const issued = await issue();
  if (issued.outcome !== "issued") throw new Error(`not issued: ${issued.outcome}`);
  const invoice = issued.document;
  const again = await issue();
  const pay = (amountPaise: number, day: string, clickKey: string) =>
    store.work.recordPayment(invoice.id, {
      amountPaise,
      method: "upi",
      reference: "412345678901",
      receivedOn: day,
      clickKey,
      staffEmail: STAFF,
      at: ist(`${day}T12:00:00`),
    });
  const remind = (clickKey: string, day: string) =>
    store.work.remindPayment(invoice.id, {
      channel: "email",
      clickKey,
      staffEmail: STAFF,
      at: ist(`${day}T13:00:00`),
    });
  const steps = [
    { issued: issued.document.number, repeated: issued.repeated },
    again.outcome === "issued" ? { issued: again.document.number, repeated: again.repeated } : again,
    await store.work.mailDocument(invoice.id, {
      clickKey: "mail",
      staffEmail: STAFF,
      at: ist("2026-11-20T11:30:00"),
    }),
    await pay(100_000, "2026-11-25", "part"),
    await remind("remind", "2026-12-30"),
    await remind("remind", "2026-12-30"),
    await pay(invoice.totals.totalPaise - 100_000, "2026-12-31", "rest"),
    await remind("remind-again", "2027-01-02"),
  ].map((answer) => ("payment" in answer ? { ...answer, payment: answer.payment.amountPaise } : answer));

  const activity = (await store.activity.list({ limit: 50 })).items
    .filter((entry) => entry.action.startsWith("document") || entry.action.startsWith("payment"))
    .map((entry) => ({
      at: entry.at,
      actor: entry.actor,
      action: entry.action,
      target: neutral(entry.target ?? ""),
    }));
  const mails = (
    await store.enquiries.claimDueNotifications({
      worker: "w",
      now: ist("2027-01-03T00:00:00"),
      limit: 50,
      leaseMs: 60_000,
    })
  )
    .filter((mail) => mail.kind === "document")
    .map((mail) =>
      mail.kind === "document"
        ? {
            to: mail.to,
            document: mail.document.number,
            reminder: mail.reminder ? neutral(mail.reminder.subject) : null,
          }
        : null,
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const history = ((await store.enquiryWork.get(stored.id))?.history ?? [])
    .filter((line) => line.kind === "deal")
    .map((line) => ({ at: line.at, by: line.staffEmail, text: line.text }));
  const account = await store.documents.get(invoice.id);
  return {
    number: invoice.number,
    total: invoice.totals.totalPaise,
    steps,
    activity,
    mails,
    history,
    payments: account?.payments.map((payment) => payment.amountPaise),
  };
}

test("an invoice issued, mailed, part paid, reminded, paid and reminded again gives the same state on both stores", async () => {
  const states = await onBothStores(script);
  expect(states[1]).toEqual(states[0]);
  expect(states[0]).toMatchInlineSnapshot(`
    {
      "activity": [
        {
          "action": "payment-recorded",
          "actor": "asha@collarise.example",
          "at": "2026-12-31T06:30:00.000Z",
          "target": "REF: AN/2627/T0001",
        },
        {
          "action": "payment-reminder-sent",
          "actor": "asha@collarise.example",
          "at": "2026-12-30T07:30:00.000Z",
          "target": "REF: AN/2627/T0001",
        },
        {
          "action": "payment-recorded",
          "actor": "asha@collarise.example",
          "at": "2026-11-25T06:30:00.000Z",
          "target": "REF: AN/2627/T0001",
        },
        {
          "action": "document-sent",
          "actor": "asha@collarise.example",
          "at": "2026-11-20T06:00:00.000Z",
          "target": "REF: AN/2627/T0001",
        },
        {
          "action": "document-issued",
          "actor": "asha@collarise.example",
          "at": "2026-11-20T05:30:00.000Z",
          "target": "REF: AN/2627/T0001",
        },
      ],
      "history": [
        {
          "at": "2026-11-20T05:30:00.000Z",
          "by": "asha@collarise.example",
          "text": "Tax invoice AN/2627/T0001 issued: ₹10,710.00",
        },
        {
          "at": "2026-11-20T06:00:00.000Z",
          "by": "asha@collarise.example",
          "text": "Tax invoice AN/2627/T0001 sent by e-mail",
        },
        {
          "at": "2026-11-25T06:30:00.000Z",
          "by": "asha@collarise.example",
          "text": "Payment ₹1,000.00 by UPI (ref 412345678901) against AN/2627/T0001",
        },
        {
          "at": "2026-12-30T07:30:00.000Z",
          "by": "asha@collarise.example",
          "text": "Payment reminder sent by e-mail for AN/2627/T0001, ₹9,710.00 owed",
        },
        {
          "at": "2026-12-31T06:30:00.000Z",
          "by": "asha@collarise.example",
          "text": "Payment ₹9,710.00 by UPI (ref 412345678901) against AN/2627/T0001",
        },
      ],
      "mails": [
        {
          "document": "AN/2627/T0001",
          "reminder": "Payment reminder: invoice AN/2627/T0001 from Aarogya Nutrition Pvt. Ltd.",
          "to": "meera.stores@example.com",
        },
        {
          "document": "AN/2627/T0001",
          "reminder": null,
          "to": "meera.stores@example.com",
        },
      ],
      "number": "AN/2627/T0001",
      "payments": [
        100000,
        971000,
      ],
      "steps": [
        {
          "issued": "AN/2627/T0001",
          "repeated": false,
        },
        {
          "issued": "AN/2627/T0001",
          "repeated": true,
        },
        {
          "outcome": "queued",
          "repeated": false,
        },
        {
          "balancePaise": 971000,
          "outcome": "recorded",
          "payment": 100000,
          "repeated": false,
        },
        {
          "outcome": "queued",
          "repeated": false,
        },
        {
          "outcome": "queued",
          "repeated": true,
        },
        {
          "balancePaise": 0,
          "outcome": "recorded",
          "payment": 971000,
          "repeated": false,
        },
        {
          "outcome": "not-owed",
        },
      ],
      "total": 1071000,
    }
  `);
});
