import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { EnquiryStatus } from "../../domain/console";
import type { DocumentBuyer } from "../../domain/invoice";
import { balancePaise } from "../../domain/accounts";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { firestoreWorkRecord, sqliteWorkRecord, teamViews } from "../../tests/support/work-record";
import { digestMail } from "../notify/team-mail";
import { dayDigests } from "../team/digest-schedule";
import { SqliteStore } from "./index";
import type { DocumentRequest } from "./documents";
import { accountantMonth } from "../documents/accountant-month";
import type { Store } from "./store";

/** Two stores on one database: what two server instances have. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  openTwo(): Promise<[Store, Store]>;
  /**
   * Removes the enquiry's work record behind the store's back, or tells whether it has one: an
   * enquiry stored before work records were kept has none.
   */
  workRecord(enquiryId: string, drop?: "drop"): Promise<boolean>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("documents-contract");
  let path = "";
  return {
    ...sandbox,
    async openTwo() {
      const opened = await sandbox.openStore();
      path = opened.path;
      return [opened.store, await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION })];
    },
    workRecord: async (enquiryId, drop) => sqliteWorkRecord(path, enquiryId, drop),
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("documents");
  let projectId = "";
  return {
    ...sandbox,
    async openTwo() {
      const opened = await sandbox.openStore();
      projectId = opened.projectId;
      return [opened.store, await sandbox.reopenStore(projectId)];
    },
    workRecord: (enquiryId, drop) => firestoreWorkRecord(projectId, enquiryId, drop),
  };
}

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const STAFF = "asha@collarise.example";

const delhiShop: DocumentBuyer = {
  name: "Meera Stores",
  address: { lines: ["Shop 4, Lajpat Nagar Market"], city: "New Delhi", stateCode: "07", pin: "110024" },
  shippingAddress: null,
  gstin: "07AAGFF2194N1Z1",
  email: "meera.stores@example.com",
  mobile: "9811122233",
};

const invoiceOf = (lines: DocumentRequest["lines"]): DocumentRequest => ({
  kind: "tax-invoice",
  language: "en",
  buyer: delhiShop,
  lines,
  againstId: null,
  reason: null,
});

describe.each([sqliteAdapter(), firestoreAdapter()])(
  "documents and payments on the $name store",
  (adapter) => {
    let stores: Store[] = [];
    beforeAll(() => adapter.setUp());
    afterAll(() => adapter.tearDown());
    afterEach(async () => {
      for (const store of stores.splice(0)) await store.close();
    });

    async function open(): Promise<[Store, Store]> {
      const two = await adapter.openTwo();
      stores = [...two];
      const [store] = two;
      const published = await store.companyFacts.publish({
        facts: FILLED_FACTS,
        baseVersion: null,
        by: "owner@collarise.example",
        now: new Date(),
      });
      if (published === "conflict") throw new Error("The facts could not be published");
      return two;
    }

    async function confirmedEnquiry(store: Store, status: EnquiryStatus = "Confirmed") {
      const stored = await store.enquiries.add({
        Name: "Meera Stores",
        Email: "meera.stores@example.com",
        Mobile: "9811122233",
        Quantity: 300,
        RetailerSelfUse: "Retailer",
      });
      if (status !== "New") {
        const result = await store.work.changeStatus(stored.id, {
          to: status,
          expectedVersion: 0,
          staffEmail: STAFF,
          at: new Date(),
        });
        if (result.outcome !== "changed") throw new Error(`status change refused: ${result.outcome}`);
      }
      return stored;
    }

    const issue = (
      store: Store,
      enquiryId: string,
      at: Date,
      clickKey: string,
      request = invoiceOf([{ quantity: 300, unitPricePaise: null, discountPaise: 0 }]),
    ) => store.work.issueDocument(enquiryId, { ...request, staffEmail: STAFF, at, clickKey });

    test("twenty tax invoices issued at once by two instances are numbered 1 to 20, none repeated or skipped", async () => {
      const [first, second] = await open();
      const enquiry = await confirmedEnquiry(first);
      const at = ist("2026-11-20T11:00:00");
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          issue(index % 2 === 0 ? first : second, enquiry.id, at, `click-${index}`),
        ),
      );
      const sequences = results.map((result) => (result.outcome === "issued" ? result.document.sequence : 0));
      expect([...sequences].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, index) => index + 1),
      );
      const numbers = new Set(
        results.map((result) => (result.outcome === "issued" ? result.document.number : "")),
      );
      expect(numbers.size).toBe(20);
      const { documents } = await second.documents.ofEnquiry(enquiry.id);
      expect(documents.map((document) => document.sequence)).toEqual(
        Array.from({ length: 20 }, (_, index) => index + 1),
      );
      expect(documents.every((document) => document.financialYear === "2026-27")).toBe(true);
    });

    test("the series restarts on 1 April IST: the last second of March and the first of April are each number 1", async () => {
      const [store] = await open();
      const enquiry = await confirmedEnquiry(store);
      const march = await issue(store, enquiry.id, ist("2027-03-31T23:59:59"), "march");
      const april = await issue(store, enquiry.id, ist("2027-04-01T00:00:00"), "april");
      if (march.outcome !== "issued" || april.outcome !== "issued") throw new Error("not issued");
      expect([march.document.financialYear, march.document.sequence]).toEqual(["2026-27", 1]);
      expect([april.document.financialYear, april.document.sequence]).toEqual(["2027-28", 1]);
      expect(march.document.number).not.toBe(april.document.number);
    });

    test("a quotation is numbered in its own series, not the tax invoices'", async () => {
      const [store] = await open();
      const enquiry = await confirmedEnquiry(store);
      const at = ist("2026-11-20T11:00:00");
      const quotation = await issue(store, enquiry.id, at, "quote", {
        ...invoiceOf([{ quantity: 300, unitPricePaise: null, discountPaise: 0 }]),
        kind: "quotation",
      });
      const invoice = await issue(store, enquiry.id, at, "invoice");
      if (quotation.outcome !== "issued" || invoice.outcome !== "issued") throw new Error("not issued");
      expect([quotation.document.sequence, invoice.document.sequence]).toEqual([1, 1]);
      expect(quotation.document.number).not.toBe(invoice.document.number);
    });

    test("a quotation made and mailed on an enquiry with no work record writes none: it still reads as New, in no view of the team's work", async () => {
      const [store] = await open();
      const enquiry = await confirmedEnquiry(store, "New");
      expect(await adapter.workRecord(enquiry.id, "drop")).toBe(false);
      const before = await teamViews(store);

      const at = ist("2026-11-20T11:00:00");
      const quotation = await issue(store, enquiry.id, at, "quote", {
        ...invoiceOf([{ quantity: 300, unitPricePaise: null, discountPaise: 0 }]),
        kind: "quotation",
      });
      if (quotation.outcome !== "issued") throw new Error("not issued");
      const sent = await store.work.mailDocument(quotation.document.id, {
        clickKey: "send",
        staffEmail: STAFF,
        at: new Date(at.getTime() + 1_000),
      });
      expect(sent.outcome).toBe("queued");

      expect(await adapter.workRecord(enquiry.id)).toBe(false);
      const record = await store.enquiryWork.get(enquiry.id);
      expect([record?.status, record?.version]).toEqual(["New", 0]);
      expect(record?.history.map((line) => line.text)).toEqual([
        expect.stringMatching(/^Quotation .* issued: ₹/),
        expect.stringMatching(/^Quotation .* sent by e-mail$/),
      ]);
      const after = await teamViews(store);
      expect(after).toEqual(before);
      expect([after.waiting, after.open, after.unassigned]).toEqual([
        [[], 0],
        [[], 0],
        [[], 0],
      ]);

      // The next change of its work makes its record, from version 0.
      const changed = await store.work.changeStatus(enquiry.id, {
        to: "Contacted",
        expectedVersion: 0,
        staffEmail: STAFF,
        at: new Date(at.getTime() + 2_000),
      });
      expect(changed.outcome).toBe("changed");
      expect(await adapter.workRecord(enquiry.id)).toBe(true);
      expect((await store.enquiryWork.get(enquiry.id))?.history.map((line) => line.kind)).toEqual([
        "deal",
        "deal",
        "status",
      ]);
    });

    test("a tax invoice is issued only once the sale is Confirmed; a field missing is named and nothing is stored", async () => {
      const [store] = await open();
      const contacted = await confirmedEnquiry(store, "Contacted");
      const at = ist("2026-11-20T11:00:00");
      expect(await issue(store, contacted.id, at, "early")).toEqual({
        outcome: "refused",
        reason: "not-confirmed",
      });
      // A quotation may be sent before.
      const quotation = await issue(store, contacted.id, at, "quote", {
        ...invoiceOf([{ quantity: 300, unitPricePaise: null, discountPaise: 0 }]),
        kind: "quotation",
      });
      expect(quotation.outcome).toBe("issued");

      const confirmed = await confirmedEnquiry(store);
      const nameless = await issue(
        store,
        confirmed.id,
        at,
        "nameless",
        invoiceOf([{ quantity: 300, unitPricePaise: null, discountPaise: 0 }]),
      );
      expect(nameless.outcome).toBe("issued");
      const refused = await store.work.issueDocument(confirmed.id, {
        ...invoiceOf([{ quantity: 300, unitPricePaise: null, discountPaise: 0 }]),
        buyer: { ...delhiShop, name: "", address: { ...delhiShop.address, pin: "" } },
        staffEmail: STAFF,
        at,
        clickKey: "missing",
      });
      expect(refused.outcome).toBe("missing");
      if (refused.outcome !== "missing") return;
      expect(refused.missing.map((missing) => missing.field)).toEqual(
        expect.arrayContaining([expect.stringMatching(/name/i), expect.stringMatching(/pin/i)]),
      );
      const { documents } = await store.documents.ofEnquiry(confirmed.id);
      expect(documents).toHaveLength(1);
    });

    test("the same click issues once; the document, its history line and the activity entry are stored together", async () => {
      const [store, other] = await open();
      const enquiry = await confirmedEnquiry(store);
      const at = ist("2026-11-20T11:00:00");
      const [once, twice] = await Promise.all([
        issue(store, enquiry.id, at, "same"),
        issue(other, enquiry.id, at, "same"),
      ]);
      if (once.outcome !== "issued" || twice.outcome !== "issued") throw new Error("not issued");
      expect(twice.document).toEqual(once.document);
      expect([once.repeated, twice.repeated].sort()).toEqual([false, true]);
      const { documents } = await store.documents.ofEnquiry(enquiry.id);
      expect(documents).toEqual([once.document]);
      expect((await store.documents.get(once.document.id))?.document).toEqual(once.document);

      const history = (await store.enquiryWork.get(enquiry.id))?.history ?? [];
      expect(history.filter((line) => line.text?.startsWith("Tax invoice"))).toEqual([
        expect.objectContaining({
          kind: "deal",
          staffEmail: STAFF,
          text: expect.stringMatching(
            new RegExp(`^Tax invoice ${once.document.number.replace(/[/]/g, "\\/")} issued: ₹`),
          ),
        }),
      ]);
      const activity = await store.activity.list({ limit: 10 });
      expect(activity.items.filter((entry) => entry.action === "document-issued")).toEqual([
        expect.objectContaining({ actor: STAFF, target: expect.stringContaining(once.document.number) }),
      ]);
    });

    test("part payments bring the balance to zero; more than the balance is refused; a credit note reduces it", async () => {
      const [store] = await open();
      const enquiry = await confirmedEnquiry(store);
      const at = ist("2026-11-20T11:00:00");
      const issued = await issue(store, enquiry.id, at, "invoice");
      if (issued.outcome !== "issued") throw new Error("not issued");
      const invoice = issued.document;
      const total = invoice.totals.totalPaise;
      expect((await store.documents.unpaidInvoices()).map((each) => each.document.id)).toEqual([invoice.id]);

      const pay = (amountPaise: number, clickKey: string, day: string) =>
        store.work.recordPayment(invoice.id, {
          amountPaise,
          method: "upi",
          reference: "412345678901",
          receivedOn: day,
          clickKey,
          staffEmail: STAFF,
          at: ist(`${day}T10:00:00`),
        });
      const firstPart = 100_000;
      const first = await pay(firstPart, "pay-1", "2026-11-21");
      expect(first).toMatchObject({ outcome: "recorded", balancePaise: total - firstPart, repeated: false });
      // The same click again records nothing more.
      expect(await pay(firstPart, "pay-1", "2026-11-21")).toMatchObject({
        outcome: "recorded",
        balancePaise: total - firstPart,
        repeated: true,
      });
      expect(await pay(total, "too-much", "2026-11-21")).toEqual({
        outcome: "over-balance",
        balancePaise: total - firstPart,
      });

      // A credit note for a returned part.
      const credit = await store.work.issueDocument(enquiry.id, {
        kind: "credit-note",
        language: "en",
        buyer: delhiShop,
        lines: [{ quantity: 10, unitPricePaise: null, discountPaise: 0 }],
        againstId: invoice.id,
        reason: "Ten sachets returned damaged",
        staffEmail: STAFF,
        at: ist("2026-11-22T10:00:00"),
        clickKey: "credit",
      });
      if (credit.outcome !== "issued") throw new Error(`credit note ${credit.outcome}`);
      const owed = total - firstPart - credit.document.totals.totalPaise;
      const account = await store.documents.get(invoice.id);
      expect(account?.creditNotes.map((note) => note.id)).toEqual([credit.document.id]);

      const rest = await pay(owed, "pay-2", "2026-11-23");
      expect(rest).toMatchObject({ outcome: "recorded", balancePaise: 0 });
      expect(await store.documents.unpaidInvoices()).toEqual([]);
      const { payments } = await store.documents.ofEnquiry(enquiry.id);
      expect(payments.map((payment) => payment.amountPaise)).toEqual([firstPart, owed]);
      const history = (await store.enquiryWork.get(enquiry.id))?.history ?? [];
      expect(history.map((line) => line.text)).toContain(
        `Payment ₹1,000.00 by UPI (ref 412345678901) against ${invoice.number}`,
      );
      // The month's file has the invoice and the credit note, not a quotation.
      const month = await accountantMonth(store, "2026-11");
      expect(month.map((document) => document.kind)).toEqual(["tax-invoice", "credit-note"]);
    });

    const creditNote = (
      store: Store,
      enquiryId: string,
      invoiceId: string,
      quantity: number,
      clickKey: string,
    ) =>
      store.work.issueDocument(enquiryId, {
        kind: "credit-note",
        language: "en",
        buyer: delhiShop,
        lines: [{ quantity, unitPricePaise: null, discountPaise: 0 }],
        againstId: invoiceId,
        reason: `${quantity} sachets returned`,
        staffEmail: STAFF,
        at: ist("2026-11-24T10:00:00"),
        clickKey,
      });

    test("the accountant's month lists the tax invoices and credit notes issued in it, oldest first: no quotation or proforma, nothing of the months beside it", async () => {
      const [store] = await open();
      const lines = [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }];
      const issued = async (at: string, clickKey: string, request = invoiceOf(lines)) => {
        const enquiry = await confirmedEnquiry(store);
        const result = await issue(store, enquiry.id, ist(at), clickKey, request);
        if (result.outcome !== "issued") throw new Error(`not issued: ${result.outcome}`);
        return result.document;
      };
      await issued("2026-10-31T23:59:00", "october");
      await issued("2026-11-02T10:00:00", "quotation", { ...invoiceOf(lines), kind: "quotation" });
      await issued("2026-11-03T10:00:00", "proforma", { ...invoiceOf(lines), kind: "proforma" });
      const invoice = await issued("2026-11-05T10:00:00", "invoice");
      const credit = await creditNote(store, invoice.enquiryId, invoice.id, 10, "credit");
      if (credit.outcome !== "issued") throw new Error("not issued");
      await issued("2026-12-01T00:00:00", "december");

      const month = await accountantMonth(store, "2026-11");
      expect(month.map((document) => [document.kind, document.id])).toEqual([
        ["tax-invoice", invoice.id],
        ["credit-note", credit.document.id],
      ]);
    });

    test("credit notes together never come to more than their invoice, paid or not, the sale declined or not: the one too many is refused with what can still be credited", async () => {
      const [store] = await open();
      const enquiry = await confirmedEnquiry(store);
      const issued = await issue(store, enquiry.id, ist("2026-11-20T11:00:00"), "invoice");
      if (issued.outcome !== "issued") throw new Error("not issued");
      const invoice = issued.document;
      // 300 sachets at ₹34.00 with 5 % GST: ₹10,710.00, paid in full.
      expect(invoice.totals.totalPaise).toBe(1_071_000);
      const paid = await store.work.recordPayment(invoice.id, {
        amountPaise: 1_071_000,
        method: "bank-transfer",
        reference: "HDFCN52026112012",
        receivedOn: "2026-11-21",
        clickKey: "paid",
        staffEmail: STAFF,
        at: ist("2026-11-21T10:00:00"),
      });
      expect(paid).toMatchObject({ outcome: "recorded", balancePaise: 0 });
      // The parcel came back and the sale is declined (as a return to origin does, decision 047):
      // its invoice is still credited.
      const declined = await store.work.changeStatus(enquiry.id, {
        to: "Declined",
        expectedVersion: (await store.enquiryWork.get(enquiry.id))?.version ?? 0,
        staffEmail: STAFF,
        at: ist("2026-11-23T10:00:00"),
      });
      expect(declined.outcome).toBe("changed");

      // A return after payment is still credited: 200 sachets, ₹7,140.00.
      const first = await creditNote(store, enquiry.id, invoice.id, 200, "first-return");
      expect(first).toMatchObject({ outcome: "issued", document: { totals: { totalPaise: 714_000 } } });
      // 150 more would credit ₹5,355.00 where ₹3,570.00 is left: refused, nothing stored.
      const tooMany = await creditNote(store, enquiry.id, invoice.id, 150, "too-many");
      expect(tooMany).toEqual({
        outcome: "over-credit",
        invoiceNumber: invoice.number,
        creditablePaise: 357_000,
      });
      // The draft says so before the click.
      const drafted = await store.work.draftDocument(enquiry.id, {
        kind: "credit-note",
        language: "en",
        buyer: delhiShop,
        lines: [{ quantity: 150, unitPricePaise: null, discountPaise: 0 }],
        againstId: invoice.id,
        reason: "150 sachets returned",
        staffEmail: STAFF,
        at: ist("2026-11-24T10:00:00"),
      });
      expect(drafted).toEqual(tooMany);
      // The last 100 sachets come to exactly what is left; then nothing more can be credited.
      const last = await creditNote(store, enquiry.id, invoice.id, 100, "last-return");
      expect(last).toMatchObject({ outcome: "issued", document: { totals: { totalPaise: 357_000 } } });
      expect(await creditNote(store, enquiry.id, invoice.id, 1, "one-more")).toEqual({
        outcome: "over-credit",
        invoiceNumber: invoice.number,
        creditablePaise: 0,
      });
      const account = await store.documents.get(invoice.id);
      expect(account?.creditNotes.map((note) => note.totals.totalPaise)).toEqual([714_000, 357_000]);
      // The buyer paid for goods all returned: the company owes the whole invoice back.
      expect(balancePaise(invoice, account?.payments ?? [], account?.creditNotes ?? [])).toBe(-1_071_000);
      expect(await store.documents.unpaidInvoices()).toEqual([]);
    });

    test("two credit notes at once on two instances that together pass the invoice's value: one is issued, the other refused with what is left", async () => {
      const [first, second] = await open();
      const enquiry = await confirmedEnquiry(first);
      const issued = await issue(first, enquiry.id, ist("2026-11-20T11:00:00"), "invoice");
      if (issued.outcome !== "issued") throw new Error("not issued");
      const invoice = issued.document;
      // Each returns 200 of the 300 sachets: ₹7,140.00 of ₹10,710.00; both would come to ₹14,280.00.
      const results = await Promise.all([
        creditNote(first, enquiry.id, invoice.id, 200, "return-on-first"),
        creditNote(second, enquiry.id, invoice.id, 200, "return-on-second"),
      ]);
      const outcomes = results.map((result) => result.outcome).sort();
      expect(outcomes).toEqual(["issued", "over-credit"]);
      expect(results.find((result) => result.outcome === "over-credit")).toEqual({
        outcome: "over-credit",
        invoiceNumber: invoice.number,
        creditablePaise: 357_000,
      });
      const account = await second.documents.get(invoice.id);
      expect(account?.creditNotes.map((note) => note.number)).toEqual(["AN/2627/C0001"]);
      const history = (await first.enquiryWork.get(enquiry.id))?.history ?? [];
      expect(history.filter((line) => /^Credit note/.test(String(line.text)))).toHaveLength(1);
    });

    test("the owner's 09:00 digest says what is owed in each age and names the invoices owed over 30 days; a member's does not", async () => {
      const [store] = await open();
      const owner = await store.staff.add({
        email: "owner@collarise.example",
        role: "owner",
        passwordHash: "h",
      });
      const member = await store.staff.add({
        email: "member@collarise.example",
        role: "member",
        passwordHash: "h",
      });
      const enquiry = await confirmedEnquiry(store);
      const one = [{ quantity: 100, unitPricePaise: null, discountPaise: 0 }];
      const invoiceAt = async (at: Date, clickKey: string, name = delhiShop.name) => {
        const issued = await issue(store, enquiry.id, at, clickKey, {
          ...invoiceOf(one),
          buyer: { ...delhiShop, name },
        });
        if (issued.outcome !== "issued") throw new Error(`not issued: ${issued.outcome}`);
        return issued.document;
      };
      // Paid in full: owed nothing, in no age.
      const paid = await invoiceAt(ist("2026-11-01T10:00:00"), "paid");
      const old = await invoiceAt(ist("2026-11-20T10:00:00"), "old", "Asha Verma");
      const middle = await invoiceAt(ist("2026-12-10T10:00:00"), "middle");
      const recent = await invoiceAt(ist("2026-12-27T10:00:00"), "recent");
      const total = paid.totals.totalPaise;
      const pay = (documentId: string, amountPaise: number, clickKey: string) =>
        store.work.recordPayment(documentId, {
          amountPaise,
          method: "bank-transfer",
          reference: null,
          receivedOn: "2026-12-15",
          clickKey,
          staffEmail: STAFF,
          at: ist("2026-12-15T10:00:00"),
        });
      expect(await pay(paid.id, total, "pay-paid")).toMatchObject({ outcome: "recorded", balancePaise: 0 });
      expect(await pay(middle.id, 100_000, "pay-middle")).toMatchObject({ outcome: "recorded" });

      const due = await dayDigests(store, ist("2026-12-30T09:05:00"));
      const digestOf = (staffId: string) => due?.digests.find((each) => each.staffId === staffId)?.content;
      expect(digestOf(member.id)?.owed).toBeUndefined();
      const content = digestOf(owner.id)!;
      expect(content.owed?.buckets).toEqual({
        "0-7": { count: 1, balancePaise: total },
        "8-30": { count: 1, balancePaise: total - 100_000 },
        "over-30": { count: 1, balancePaise: total },
      });
      expect(content.owed?.over30).toEqual([
        expect.objectContaining({ id: old.id, number: old.number, firstName: "Asha", daysOwed: 40 }),
      ]);

      const { text, html } = digestMail(content, "https://collarise.example");
      const money = (paise: number) =>
        new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(paise / 100);
      expect(text).toContain(`Invoices owed (3, ${money(3 * total - 100_000)})`);
      expect(text).toContain(`- 0–7 days: 1 invoice, ${money(total)}`);
      expect(text).toContain(`- 8–30 days: 1 invoice, ${money(total - 100_000)}`);
      expect(text).toContain(`- Over 30 days: 1 invoice, ${money(total)}`);
      expect(text).toContain(
        `- ${old.number} (${content.owed!.over30[0]!.reference}, Asha): ${money(total)} owed for 40 days: ` +
          `https://collarise.example/admin/enquiries/${enquiry.id}`,
      );
      // Only the over-30 are named; the buyer by first name, never the whole name or contact.
      expect(text).not.toContain(middle.number);
      expect(text).not.toContain(recent.number);
      expect(text).not.toContain(paid.number);
      expect(text + html).not.toContain("Verma");
      expect(text + html).not.toContain(delhiShop.mobile ?? "");
      expect(html).toContain(`<h2>Owed for over 30 days (1)</h2>`);
    });

    test("a payment reminder is queued once per click with its text in the invoice's language, its history line and activity; a paid invoice is not reminded", async () => {
      const [store, second] = await open();
      const enquiry = await confirmedEnquiry(store);
      const issued = await issue(store, enquiry.id, ist("2026-11-20T11:00:00"), "invoice", {
        ...invoiceOf([{ quantity: 300, unitPricePaise: null, discountPaise: 0 }]),
        language: "hi",
      });
      if (issued.outcome !== "issued") throw new Error("not issued");
      const invoice = issued.document;
      const remind = (on: Store, clickKey: string, at = ist("2026-12-30T10:00:00")) =>
        on.work.remindPayment(invoice.id, { channel: "email", clickKey, staffEmail: STAFF, at });
      // The same click on two instances at once reminds once.
      const both = await Promise.all([remind(store, "remind-1"), remind(second, "remind-1")]);
      expect(both.map((result) => result.outcome)).toEqual(["queued", "queued"]);
      expect(both.filter((result) => result.outcome === "queued" && !result.repeated)).toHaveLength(1);

      const claimed = (
        await store.enquiries.claimDueNotifications({
          worker: "w",
          now: ist("2026-12-30T10:01:00"),
          limit: 50,
          leaseMs: 60_000,
        })
      ).filter((notification) => notification.kind === "document");
      expect(claimed).toHaveLength(1);
      const [queued] = claimed;
      if (queued?.kind !== "document") throw new Error("no reminder queued");
      expect(queued.to).toBe(delhiShop.email);
      expect(queued.document.id).toBe(invoice.id);
      expect(queued.reminder?.subject).toContain(`इनवॉइस ${invoice.number}`);
      expect(queued.reminder?.text).toContain("(40 दिन पहले)");

      const owed = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(
        invoice.totals.totalPaise / 100,
      );
      const history = (await second.enquiryWork.get(enquiry.id))?.history ?? [];
      expect(history.map((line) => line.text)).toContain(
        `Payment reminder sent by e-mail for ${invoice.number}, ${owed} owed`,
      );
      const activity = await second.activity.list({ limit: 10 });
      expect(activity.items.filter((entry) => entry.action === "payment-reminder-sent")).toEqual([
        expect.objectContaining({ actor: STAFF, target: expect.stringContaining(invoice.number) }),
      ]);

      const paid = await store.work.recordPayment(invoice.id, {
        amountPaise: invoice.totals.totalPaise,
        method: "upi",
        reference: "412345678901",
        receivedOn: "2026-12-30",
        clickKey: "pay-all",
        staffEmail: STAFF,
        at: ist("2026-12-30T11:00:00"),
      });
      expect(paid).toMatchObject({ outcome: "recorded", balancePaise: 0 });
      expect(await remind(store, "remind-2")).toEqual({ outcome: "not-owed" });
    });

    test("one buyer's unpaid tax invoices are read by their enquiries, oldest first, without another's or a paid one", async () => {
      const [store] = await open();
      const first = await confirmedEnquiry(store);
      const second = await confirmedEnquiry(store);
      const other = await confirmedEnquiry(store);
      const issued = async (enquiryId: string, at: Date, clickKey: string) => {
        const result = await issue(store, enquiryId, at, clickKey);
        if (result.outcome !== "issued") throw new Error(`not issued: ${result.outcome}`);
        return result.document;
      };
      const older = await issued(second.id, ist("2026-10-02T10:00:00"), "older");
      const paid = await issued(first.id, ist("2026-10-20T10:00:00"), "paid");
      const newer = await issued(first.id, ist("2026-11-25T10:00:00"), "newer");
      await issued(other.id, ist("2026-11-01T10:00:00"), "another-buyer");
      await issue(store, first.id, ist("2026-11-26T10:00:00"), "quote", {
        ...invoiceOf([{ quantity: 10, unitPricePaise: null, discountPaise: 0 }]),
        kind: "quotation",
      });
      const settled = await store.work.recordPayment(paid.id, {
        amountPaise: paid.totals.totalPaise,
        method: "cash-on-delivery",
        reference: null,
        receivedOn: "2026-10-25",
        clickKey: "settle",
        staffEmail: STAFF,
        at: ist("2026-10-25T10:00:00"),
      });
      expect(settled).toMatchObject({ outcome: "recorded", balancePaise: 0 });
      const owed = await store.documents.unpaidInvoicesOf([first.id, second.id]);
      expect(owed.map((account) => account.document.number)).toEqual([older.number, newer.number]);
      expect(await store.documents.unpaidInvoicesOf([])).toEqual([]);
    });

    test("a person's data shows their documents and payments; erasing them keeps the tax invoice and credit note with its payments until 72 months after the year's annual return, and says so", async () => {
      const [store] = await open();
      const enquiry = await confirmedEnquiry(store);
      const quoteRequest = {
        ...invoiceOf([{ quantity: 300, unitPricePaise: null, discountPaise: 0 }]),
        kind: "quotation" as const,
      };
      const quotation = await issue(store, enquiry.id, ist("2026-11-18T11:00:00"), "quote", quoteRequest);
      const invoice = await issue(store, enquiry.id, ist("2026-11-20T11:00:00"), "invoice");
      if (quotation.outcome !== "issued" || invoice.outcome !== "issued") throw new Error("not issued");
      const paid = await store.work.recordPayment(invoice.document.id, {
        amountPaise: 50_000,
        method: "cash-on-delivery",
        reference: null,
        receivedOn: "2026-11-25",
        clickKey: "cod",
        staffEmail: STAFF,
        at: ist("2026-11-25T18:00:00"),
      });
      if (paid.outcome !== "recorded") throw new Error(paid.outcome);
      const credit = await store.work.issueDocument(enquiry.id, {
        kind: "credit-note",
        language: "en",
        buyer: delhiShop,
        lines: [{ quantity: 10, unitPricePaise: null, discountPaise: 0 }],
        againstId: invoice.document.id,
        reason: "Ten sachets returned damaged",
        staffEmail: STAFF,
        at: ist("2027-04-02T10:00:00"),
        clickKey: "credit",
      });
      if (credit.outcome !== "issued") throw new Error(credit.outcome);

      const person = { email: "meera.stores@example.com" };
      const report = await store.personalData.find(person);
      expect(report.enquiries).toHaveLength(1);
      expect(report.enquiries[0]?.documents).toEqual([quotation.document, invoice.document, credit.document]);
      expect(report.enquiries[0]?.payments).toEqual([paid.payment]);

      const erased = await store.personalData.erase(person, { actor: "owner@collarise.example" });
      expect(erased.counts).toMatchObject({ enquiries: 1, documents: 1, taxRecordsKept: 2 });
      expect(erased.kept).toEqual([
        { number: invoice.document.number, kind: "tax-invoice", keptUntil: "2033-12-31" },
        { number: credit.document.number, kind: "credit-note", keptUntil: "2034-12-31" },
      ]);
      expect(await store.documents.get(quotation.document.id)).toBeNull();
      const kept = await store.documents.get(invoice.document.id);
      expect(kept?.document).toEqual(invoice.document);
      expect(kept?.payments).toEqual([paid.payment]);
      expect(kept?.creditNotes).toEqual([credit.document]);
      // The month's file still has them; the enquiry is gone.
      const month = await accountantMonth(store, "2026-11");
      expect(month.map((document) => document.id)).toEqual([invoice.document.id]);
      expect(await store.enquiryWork.get(enquiry.id)).toBeNull();

      // The retention sweep erases each year's records once its period is over: the invoice stays
      // while the credit note against it is kept, then both go with the payment.
      const sweep = (now: string) =>
        store.retention.eraseExpired({ now: ist(now), closedEnquiryDays: 365, vitalsDays: 90 });
      expect((await sweep("2033-12-31T23:59:00")).taxRecords).toBe(0);
      expect((await sweep("2034-01-01T00:00:00")).taxRecords).toBe(0);
      expect((await store.documents.get(invoice.document.id))?.payments).toEqual([paid.payment]);
      expect((await sweep("2035-01-01T00:00:00")).taxRecords).toBe(2);
      expect(await store.documents.get(invoice.document.id)).toBeNull();
      expect(await store.documents.get(credit.document.id)).toBeNull();
      expect(await store.documents.ofEnquiry(enquiry.id)).toEqual({ documents: [], payments: [] });
    });
  },
);
