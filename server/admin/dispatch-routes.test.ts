import { afterEach, describe, expect, test } from "vitest";
import type { EnquirySaleFields } from "../../domain/buyer";
import { ADMIN_API_PREFIX, ADMIN_API_ROUTES, consoleMessages, type InboxPage } from "../../domain/console";
import { DISPATCH_API_ROUTES, dispatchMessages } from "../../domain/dispatch";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../../tests/support/console-app";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const on = (route: string, id: string) => route.replace(":id", id);

/** An app with an owner and a member signed in, and a confirmed order worth `valueRupees`. */
async function shop(valueRupees = 32_000) {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  await addStaff(app, "sales@example.com", "member");
  const order = await app.store.enquiries.add(
    anEnquiry({ Name: "Meera Stores", Mobile: "9811122233", RetailerSelfUse: "Retailer", Quantity: 40 }),
  );
  await app.store.work.changeStatus(order.id, {
    to: "Confirmed",
    expectedVersion: 0,
    staffEmail: "sales@example.com",
    at: new Date(),
  });
  await app.store.work.recordDeal(order.id, {
    expectedVersion: 0,
    figures: { quantity: 40, valueRupees, city: "Jaipur", pinCode: "302001", gstin: null },
    staffEmail: "sales@example.com",
    at: new Date(),
  });
  return {
    app,
    order,
    owner: await signIn(app, "owner@example.com"),
    sales: await signIn(app, "sales@example.com"),
  };
}

const packed = { step: "packed", batches: "b2611", bestBefore: "2099-11" };
const dispatched = { step: "dispatched", courier: "Delhivery", tracking: "1234567890", payment: "prepaid" };

describe("the order's dispatch", () => {
  test("a member records packed, dispatched and delivered; the page, the inbox's badge, the CSV and the activity log show it", async () => {
    const { app, order, sales, owner } = await shop();
    const post = (version: number, body: Record<string, unknown>) =>
      consoleRequest(app, sales, "POST", on(DISPATCH_API_ROUTES.dispatch, order.id), { version, ...body });

    const first = await post(0, packed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      outcome: "changed",
      dispatch: { version: 1, step: "packed", batches: ["B2611"], bestBefore: "2099-11" },
      status: "Confirmed",
    });
    expect((await post(1, dispatched)).statusCode).toBe(200);

    const inbox = (await consoleRequest(app, sales, "GET", ADMIN_API_ROUTES.enquiries)).json<InboxPage>();
    expect(inbox.items.find((item) => item.id === order.id)?.dispatchStep).toBe("dispatched");

    const delivered = await post(2, { step: "delivered" });
    expect(delivered.json()).toMatchObject({
      dispatch: { version: 3, step: "delivered" },
      status: "Fulfilled",
    });
    const texts = (delivered.json() as { history: { text: string | null }[] }).history.map(
      (line) => line.text,
    );
    expect(texts).toEqual(
      expect.arrayContaining([
        "Packed: batch B2611, best before Nov 2099",
        "Dispatched by Delhivery, tracking 1234567890",
        "Delivered",
      ]),
    );

    const page = (
      await consoleRequest(app, owner, "GET", on(ADMIN_API_ROUTES.enquiry, order.id))
    ).json<EnquirySaleFields>();
    expect(page.dispatch).toMatchObject({ step: "delivered", courier: "Delhivery", tracking: "1234567890" });

    const csv = (await consoleRequest(app, owner, "GET", "/enquiries.csv")).body
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(csv[0]).toMatch(/,dispatch,courier,tracking$/);
    expect(csv[1]).toMatch(/,Delivered,Delhivery,1234567890$/);

    const log = (await consoleRequest(app, owner, "GET", "/activity")).json<{
      items: { actor: string; action: string; target: string }[];
    }>();
    expect(
      log.items.filter((entry) => entry.action === "dispatch-recorded").map((entry) => entry.target),
    ).toEqual([
      expect.stringMatching(/: delivered$/),
      expect.stringMatching(/: dispatched$/),
      expect.stringMatching(/: packed$/),
    ]);
  });

  test("a refusal names its field with the form's message and changes nothing; a stale version is 409", async () => {
    const { app, order, sales } = await shop(75_000);
    const post = (version: number, body: Record<string, unknown>) =>
      consoleRequest(app, sales, "POST", on(DISPATCH_API_ROUTES.dispatch, order.id), { version, ...body });

    const early = await post(0, dispatched);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ field: "step", error: dispatchMessages.orderPacked });
    const past = await post(0, { ...packed, bestBefore: "2020-01" });
    expect(past.json()).toMatchObject({ field: "bestBefore", error: dispatchMessages.bestBeforePast });
    await post(0, packed);
    const noBill = await post(1, dispatched);
    expect(noBill.statusCode).toBe(422);
    expect(noBill.json()).toMatchObject({ field: "ewayBill", error: dispatchMessages.ewayBill });
    const cod = await post(1, { ...dispatched, ewayBill: "181123456789", payment: "cod" });
    expect(cod.json()).toMatchObject({ field: "codConfirmedBy", error: dispatchMessages.codConfirmedBy });
    expect(await app.store.dispatch.get(order.id)).toMatchObject({ version: 1, step: "packed" });

    const stale = await post(0, { ...dispatched, ewayBill: "181123456789" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: dispatchMessages.conflict,
      dispatch: { version: 1, step: "packed" },
    });
  });

  test("a return to origin declines the enquiry with its lost reason", async () => {
    const { app, order, sales } = await shop();
    const post = (version: number, body: Record<string, unknown>) =>
      consoleRequest(app, sales, "POST", on(DISPATCH_API_ROUTES.dispatch, order.id), { version, ...body });
    await post(0, packed);
    await post(1, dispatched);
    const returned = await post(2, { step: "returned", reason: "address not found" });
    expect(returned.json()).toMatchObject({ status: "Declined", dispatch: { step: "returned" } });
    const page = (
      await consoleRequest(app, sales, "GET", on(ADMIN_API_ROUTES.enquiry, order.id))
    ).json<EnquirySaleFields>();
    expect(page.lostReason).toBe("returned-to-origin");
  });

  test("no session, another site's page, a malformed body or no such enquiry: refused, and nothing changes", async () => {
    const { app, order, sales } = await shop();
    const post = (headers: Record<string, string>, payload: Record<string, unknown>, id = order.id) =>
      app.inject({
        method: "POST",
        url: `${ADMIN_API_PREFIX}${on(DISPATCH_API_ROUTES.dispatch, id)}`,
        headers: { host: TEST_HOST, ...headers },
        payload,
      });
    expect((await post({ origin: TEST_ORIGIN }, { version: 0, ...packed })).statusCode).toBe(401);
    const foreign = await post({ origin: "https://evil.example", cookie: sales }, { version: 0, ...packed });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: consoleMessages.crossOrigin });
    expect((await post({ origin: TEST_ORIGIN, cookie: sales }, { ...packed })).statusCode).toBe(400);
    expect(
      (await post({ origin: TEST_ORIGIN, cookie: sales }, { version: 0, step: "lost" })).statusCode,
    ).toBe(400);
    const missing = await post(
      { origin: TEST_ORIGIN, cookie: sales },
      { version: 0, ...packed },
      "no-such-enquiry",
    );
    expect(missing.statusCode).toBe(404);
    expect(await app.store.dispatch.get(order.id)).toMatchObject({ version: 0, step: null });
  });
});

describe("who received a batch", () => {
  test("owners only: a member is refused; the owner sees each buyer dispatched with it, and the log says which batch, not who", async () => {
    const { app, order, sales, owner } = await shop();
    const post = (version: number, body: Record<string, unknown>) =>
      consoleRequest(app, sales, "POST", on(DISPATCH_API_ROUTES.dispatch, order.id), { version, ...body });
    await post(0, packed);
    await post(1, dispatched);
    const path = DISPATCH_API_ROUTES.recall.replace(":batch", "b2611");

    const member = await consoleRequest(app, sales, "GET", path);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: consoleMessages.forbidden });
    expect(
      (await app.inject({ method: "GET", url: `${ADMIN_API_PREFIX}${path}`, headers: { host: TEST_HOST } }))
        .statusCode,
    ).toBe(401);

    const found = await consoleRequest(app, owner, "GET", path);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      batch: "B2611",
      recipients: [{ enquiryId: order.id, name: "Meera Stores", mobile: "9811122233", courier: "Delhivery" }],
    });
    expect(
      (await consoleRequest(app, owner, "GET", DISPATCH_API_ROUTES.recall.replace(":batch", "B 26")))
        .statusCode,
    ).toBe(400);
    const log = (await consoleRequest(app, owner, "GET", "/activity")).json<{
      items: { action: string; target: string }[];
    }>();
    expect(log.items.find((entry) => entry.action === "batch-recall")?.target).toBe(
      "Batch B2611: 1 recipients",
    );
  });
});
