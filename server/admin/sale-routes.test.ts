import { afterEach, describe, expect, test } from "vitest";
import type { EnquirySaleFields } from "../../domain/buyer";
import {
  ADMIN_API_PREFIX,
  ADMIN_API_ROUTES,
  consoleMessages,
  enquiryReference,
  type InboxPage,
} from "../../domain/console";
import { DEAL_API_ROUTES, dealMessages } from "../../domain/deal";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../../tests/support/console-app";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const on = (route: string, id: string) => route.replace(":id", id);

/** An app with an owner and a member signed in, and one buyer's two enquiries (the same mobile). */
async function shop() {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  await addStaff(app, "sales@example.com", "member");
  const first = await app.store.enquiries.add(
    anEnquiry({ Name: "Meera Stores", Mobile: "9811122233", RetailerSelfUse: "Retailer", Quantity: 40 }),
  );
  const second = await app.store.enquiries.add(
    anEnquiry({ Name: "Meera Stores", Mobile: "9811122233", RetailerSelfUse: "Retailer", Quantity: 60 }),
  );
  return {
    app,
    first,
    second,
    owner: await signIn(app, "owner@example.com"),
    sales: await signIn(app, "sales@example.com"),
  };
}

const goodDeal = {
  quantity: "40",
  value: "₹ 32,000",
  city: "Mumbai",
  pinCode: "400 001",
  gstin: "27aapfu0939f1zv",
};

describe("the deal's figures", () => {
  test("a member records them, with a history line and an activity entry; the page shows them", async () => {
    const { app, first, sales, owner } = await shop();
    const saved = await consoleRequest(app, sales, "PUT", on(DEAL_API_ROUTES.deal, first.id), {
      version: 0,
      ...goodDeal,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      outcome: "changed",
      deal: {
        version: 1,
        quantity: 40,
        valueRupees: 32_000,
        city: "Mumbai",
        pinCode: "400001",
        gstin: "27AAPFU0939F1ZV",
      },
      history: [
        {
          kind: "deal",
          text: "Deal: 40 sachets, ₹ 32,000, Mumbai 400001, GSTIN 27AAPFU0939F1ZV",
          staffEmail: "sales@example.com",
        },
      ],
    });
    const page = (
      await consoleRequest(app, owner, "GET", on(ADMIN_API_ROUTES.enquiry, first.id))
    ).json<EnquirySaleFields>();
    expect(page.deal).toMatchObject({ version: 1, valueRupees: 32_000 });
    // An owner may change them too.
    const changed = await consoleRequest(app, owner, "PUT", on(DEAL_API_ROUTES.deal, first.id), {
      version: 1,
      ...goodDeal,
      value: 30000,
    });
    expect(changed.json()).toMatchObject({ deal: { version: 2, valueRupees: 30_000 } });
    const log = (await consoleRequest(app, owner, "GET", "/activity")).json<{
      items: { actor: string; action: string; target: string }[];
    }>();
    expect(
      log.items
        .filter((entry) => entry.action === "deal-recorded")
        .map(({ actor, target }) => ({ actor, target })),
    ).toEqual([
      { actor: "owner@example.com", target: enquiryReference(first.id) },
      { actor: "sales@example.com", target: enquiryReference(first.id) },
    ]);
  });

  test.each([
    [{ gstin: "27AAPFU0939F1ZX" }, "gstin", dealMessages.gstinCheck],
    [{ gstin: "45AAPFU0939F1ZV" }, "gstin", dealMessages.gstinState],
    [{ pinCode: "012345" }, "pinCode", dealMessages.pinCode],
    [{ value: "32000.50" }, "value", dealMessages.value],
    [{ quantity: "0" }, "quantity", dealMessages.quantity],
  ])("%o is refused with its message, and nothing changes", async (bad, field, error) => {
    const { app, first, sales } = await shop();
    const refused = await consoleRequest(app, sales, "PUT", on(DEAL_API_ROUTES.deal, first.id), {
      version: 0,
      ...goodDeal,
      ...bad,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error, field });
    expect(await app.store.deals.get(first.id)).toMatchObject({ deal: { version: 0, quantity: null } });
    expect((await app.store.enquiryWork.get(first.id))?.history).toEqual([]);
  });

  test("a save based on figures someone changed since is refused with 409 and their figures", async () => {
    const { app, first, sales, owner } = await shop();
    await consoleRequest(app, owner, "PUT", on(DEAL_API_ROUTES.deal, first.id), { version: 0, ...goodDeal });
    const late = await consoleRequest(app, sales, "PUT", on(DEAL_API_ROUTES.deal, first.id), {
      version: 0,
      ...goodDeal,
      value: "1",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: dealMessages.conflict,
      deal: {
        version: 1,
        quantity: 40,
        valueRupees: 32_000,
        city: "Mumbai",
        pinCode: "400001",
        gstin: "27AAPFU0939F1ZV",
      },
    });
    expect((await app.store.deals.get(first.id))?.deal.valueRupees).toBe(32_000);
  });

  test("no session, another site's page, a malformed body or no such enquiry: refused, and nothing changes", async () => {
    const { app, first, sales } = await shop();
    const put = (headers: Record<string, string>, payload: Record<string, unknown>, id = first.id) =>
      app.inject({
        method: "PUT",
        url: `${ADMIN_API_PREFIX}${on(DEAL_API_ROUTES.deal, id)}`,
        headers: { host: TEST_HOST, ...headers },
        payload,
      });
    expect((await put({ origin: TEST_ORIGIN }, { version: 0, ...goodDeal })).statusCode).toBe(401);
    const foreign = await put({ origin: "https://evil.example", cookie: sales }, { version: 0, ...goodDeal });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: consoleMessages.crossOrigin });
    expect((await put({ origin: TEST_ORIGIN, cookie: sales }, { ...goodDeal })).statusCode).toBe(400);
    expect(
      (await put({ origin: TEST_ORIGIN, cookie: sales }, { version: 0, quantity: { many: 1 } })).statusCode,
    ).toBe(400);
    const missing = await put(
      { origin: TEST_ORIGIN, cookie: sales },
      { version: 0, ...goodDeal },
      "no-such-enquiry",
    );
    expect(missing.statusCode).toBe(404);
    expect(await app.store.deals.get(first.id)).toMatchObject({ deal: { version: 0 } });
  });
});

describe("a sale lost", () => {
  test("Declined asks why; without a reason nothing changes; with one, the page and the CSV say it", async () => {
    const { app, first, sales } = await shop();
    const url = on(ADMIN_API_ROUTES.enquiryStatus, first.id);
    const refused = await consoleRequest(app, sales, "POST", url, { status: "Declined", version: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: dealMessages.lostReasonRequired, field: "lostReason" });
    expect(
      (await consoleRequest(app, sales, "POST", url, { status: "Declined", version: 0, lostReason: "cheap" }))
        .statusCode,
    ).toBe(400);
    expect((await app.store.enquiryWork.get(first.id))?.status).toBe("New");

    const declined = await consoleRequest(app, sales, "POST", url, {
      status: "Declined",
      version: 0,
      lostReason: "not-eligible",
      note: "Pregnant; her doctor said to wait",
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: "Declined", lostReason: "not-eligible" });
    const csv = await consoleRequest(app, sales, "GET", "/enquiries.csv?status=Declined");
    const [header, row] = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    // The deal's columns, then the dispatch's (none here).
    expect(header?.split(",").slice(-9)).toEqual([
      "quantityAgreed (sachets)",
      "orderValue (INR)",
      "city",
      "pinCode",
      "gstin",
      "lostReason",
      "dispatch",
      "courier",
      "tracking",
    ]);
    expect(row?.split(",").slice(-9)).toEqual([
      "",
      "",
      "",
      "",
      "",
      "Not eligible or medical advice",
      "",
      "",
      "",
    ]);
  });
});

describe("one buyer", () => {
  test("the page lists the buyer's other enquiries with how each went; the inbox and the team's views count the earlier ones", async () => {
    const { app, first, second, sales } = await shop();
    await consoleRequest(app, sales, "POST", on(ADMIN_API_ROUTES.enquiryStatus, first.id), {
      status: "Confirmed",
      version: 0,
    });
    await consoleRequest(app, sales, "PUT", on(DEAL_API_ROUTES.deal, first.id), { version: 0, ...goodDeal });
    const page = (
      await consoleRequest(app, sales, "GET", on(ADMIN_API_ROUTES.enquiry, second.id))
    ).json<EnquirySaleFields>();
    expect(page.buyer).toEqual({
      total: 1,
      earlier: 1,
      enquiries: [
        {
          id: first.id,
          reference: enquiryReference(first.id),
          receivedAt: first.receivedAt,
          status: "Confirmed",
          quantity: 40,
          sameMobile: true,
          sameMailbox: false,
          orderValue: 32_000,
          lostReason: null,
        },
      ],
    });
    const inbox = (await consoleRequest(app, sales, "GET", ADMIN_API_ROUTES.enquiries)).json<InboxPage>();
    expect(Object.fromEntries(inbox.items.map((item) => [item.id, item.earlierEnquiries]))).toEqual({
      [first.id]: 0,
      [second.id]: 1,
    });
    const view = (
      await consoleRequest(app, sales, "GET", `${ADMIN_API_ROUTES.enquiries}?view=unassigned`)
    ).json<InboxPage>();
    expect(view.items.find((item) => item.id === second.id)?.earlierEnquiries).toBe(1);

    const csv = await consoleRequest(app, sales, "GET", "/enquiries.csv?status=Confirmed");
    const row = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")[1];
    expect(row?.split(",").slice(-9, -3)).toEqual(["40", "32000", "Mumbai", "400001", "27AAPFU0939F1ZV", ""]);
    const dashboard = await consoleRequest(app, sales, "GET", `${ADMIN_API_ROUTES.dashboardCsv}?days=30`);
    expect(dashboard.body).toContain(`Orders and value per month,${new Date().toISOString().slice(0, 4)}`);
    expect(dashboard.body).toMatch(/Win rate per buyer type,[^,]+,Retailer: win rate \(%\),100/);
  });
});
