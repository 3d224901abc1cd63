import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { DocumentBuyer, IssuedDocument } from "../../domain/invoice";
import { paymentPageOf } from "../../domain/payment-page";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { PaymentLinks } from "../documents/payment-links";
import { SqliteStore } from "./index";
import type { Store } from "./store";

/** Two stores on one database: what two server instances have. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  openTwo(): Promise<[Store, Store]>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("payment-page-contract");
  return {
    ...sandbox,
    async openTwo() {
      const { store, path } = await sandbox.openStore();
      return [store, await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION })];
    },
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("payment-page");
  return {
    ...sandbox,
    async openTwo() {
      const { store, projectId } = await sandbox.openStore();
      return [store, await sandbox.reopenStore(projectId)];
    },
  };
}

const STAFF = "asha@collarise.example";
const PUBLIC_URL = "https://collarise.example";

const buyer: DocumentBuyer = {
  name: "Meera Stores",
  address: { lines: ["Shop 4, Lajpat Nagar Market"], city: "New Delhi", stateCode: "07", pin: "110024" },
  shippingAddress: null,
  gstin: "07AAGFF2194N1Z1",
  email: "meera.stores@example.com",
  mobile: "9811122233",
};

describe.each([sqliteAdapter(), firestoreAdapter()])(
  "the payment page's reading on the $name store",
  (adapter) => {
    let stores: Store[] = [];
    beforeAll(() => adapter.setUp());
    afterAll(() => adapter.tearDown());
    afterEach(async () => {
      for (const store of stores.splice(0)) await store.close();
    });

    test("both instances make the same link and read the same balance through it, as payments and a credit note change it, until the retention sweep erases it", async () => {
      const [first, second] = await adapter.openTwo();
      stores = [first, second];
      const published = await first.companyFacts.publish({
        facts: FILLED_FACTS,
        baseVersion: null,
        by: STAFF,
        now: new Date(),
      });
      if (published === "conflict") throw new Error("The facts could not be published");
      const enquiry = await first.enquiries.add({
        Name: "Meera Stores",
        Email: "meera.stores@example.com",
        Mobile: "9811122233",
        Quantity: 300,
        RetailerSelfUse: "Retailer",
      });
      await first.work.changeStatus(enquiry.id, {
        to: "Confirmed",
        expectedVersion: 0,
        staffEmail: STAFF,
        at: new Date(),
      });
      const issue = async (
        clickKey: string,
        extra: Partial<Parameters<Store["work"]["issueDocument"]>[1]> = {},
      ) => {
        const result = await first.work.issueDocument(enquiry.id, {
          kind: "tax-invoice",
          language: "en",
          buyer,
          lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
          againstId: null,
          reason: null,
          staffEmail: STAFF,
          at: new Date(),
          clickKey,
          ...extra,
        });
        if (result.outcome !== "issued") throw new Error(result.outcome);
        return result.document;
      };
      const invoice = await issue("click-invoice");
      const cancelled = await issue("click-cancelled");

      // Two instances, each with its own links object: the key is the store's, so the link is one.
      const links = [new PaymentLinks(first.keys, PUBLIC_URL), new PaymentLinks(second.keys, PUBLIC_URL)];
      const [made, madeElsewhere] = await Promise.all(links.map((each) => each.url(invoice.id)));
      expect(made).toBe(madeElsewhere);
      const token = new URL(made!).pathname.split("/").pop()!;
      const read = async (store: Store, through: PaymentLinks, document: IssuedDocument) => {
        const id = await through.documentIdOf(
          new URL(await through.url(document.id)).pathname.split("/").pop(),
        );
        const account = id ? await store.documents.get(id) : null;
        return account ? paymentPageOf(account) : null;
      };
      expect(await links[1]!.documentIdOf(token)).toBe(invoice.id);
      expect((await read(second, links[1]!, invoice))?.balancePaise).toBe(invoice.totals.totalPaise);

      const paid = await second.work.recordPayment(invoice.id, {
        amountPaise: 100_000,
        method: "upi",
        reference: "412345678901",
        receivedOn: new Date().toISOString().slice(0, 10),
        clickKey: "click-pay",
        staffEmail: STAFF,
        at: new Date(),
      });
      expect(paid.outcome).toBe("recorded");
      expect(await read(first, links[0]!, invoice)).toMatchObject({
        receivedPaise: 100_000,
        balancePaise: invoice.totals.totalPaise - 100_000,
      });

      // A credit note for the whole of the other invoice revokes its page.
      await issue("click-credit", {
        kind: "credit-note",
        againstId: cancelled.id,
        reason: "Returned unopened",
      });
      expect(await read(second, links[1]!, cancelled)).toBeNull();
      expect(await read(second, links[1]!, invoice)).not.toBeNull();

      // Past the statutory period the sweep erases the invoice; its link reads nothing.
      const later = new Date(Date.now() + 8 * 366 * 24 * 60 * 60 * 1000);
      await first.retention.eraseExpired({ now: later, closedEnquiryDays: 365, vitalsDays: 90 });
      expect(await read(second, links[1]!, invoice)).toBeNull();
    });
  },
);
