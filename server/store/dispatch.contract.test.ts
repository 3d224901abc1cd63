import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { EnquiryStatus } from "../../domain/console";
import { dispatchMessages, NO_DISPATCH, type DispatchInput } from "../../domain/dispatch";
import type { Enquiry } from "../../domain/enquiry";
import { storeAdapters } from "../../tests/support/store-sandboxes";
import type { Store } from "./store";
import { dashboardData } from "../work/dashboard-figures";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";

const STAFF = "asha@collarise.example";
const OTHER = "bilal@collarise.example";

const meera = (overrides: Partial<Enquiry> = {}): Enquiry => ({
  Name: "Meera Stores",
  Email: "meera.stores@gmail.com",
  Mobile: "9811122233",
  Quantity: 40,
  RetailerSelfUse: "Retailer",
  ...overrides,
});

const pack: DispatchInput = { step: "packed", batches: "B2611", bestBefore: "2099-11" };
const send: DispatchInput = {
  step: "dispatched",
  courier: "Delhivery",
  tracking: "1234567890",
  payment: "prepaid",
};

describe.each(storeAdapters("dispatch"))("the order's dispatch on the $name store", (adapter) => {
  let store: Store;
  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await store?.close();
  });

  async function setStatus(id: string, to: EnquiryStatus) {
    const version = (await store.enquiryWork.get(id))?.version ?? 0;
    const result = await store.work.changeStatus(id, {
      to,
      expectedVersion: version,
      staffEmail: STAFF,
      at: new Date(),
    });
    if (result.outcome !== "changed") throw new Error(`status change refused: ${result.outcome}`);
  }

  /** A confirmed order worth `valueRupees`. */
  async function confirmedOrder(enquiry: Enquiry, valueRupees = 32_000) {
    const stored = await store.enquiries.add(enquiry);
    await setStatus(stored.id, "Confirmed");
    await store.work.recordDeal(stored.id, {
      expectedVersion: 0,
      figures: { quantity: 40, valueRupees, city: "Jaipur", pinCode: "302001", gstin: null },
      staffEmail: STAFF,
      at: new Date(),
    });
    return stored;
  }

  const step = (id: string, expectedVersion: number, input: DispatchInput, staffEmail = STAFF) =>
    store.work.recordDispatch(id, { expectedVersion, input, staffEmail, at: new Date() });

  const lines = async (id: string) =>
    ((await store.enquiryWork.get(id))?.history ?? []).map((entry) =>
      entry.kind === "status" ? `${entry.from} → ${entry.to}` : (entry.text ?? ""),
    );

  test("packed, dispatched, delivered in order: each a history line; delivery fulfils the enquiry", async () => {
    store = await adapter.open();
    const order = await confirmedOrder(meera());
    expect(await store.dispatch.get(order.id)).toEqual(NO_DISPATCH);

    const packed = await step(order.id, 0, pack);
    expect(packed).toMatchObject({
      outcome: "changed",
      dispatch: { version: 1, step: "packed", batches: ["B2611"] },
    });

    // A page still showing version 0 is refused and shown the step recorded since.
    const stale = await step(order.id, 0, send, OTHER);
    expect(stale).toMatchObject({ outcome: "conflict", dispatch: { version: 1, step: "packed" } });

    // Two members mark it dispatched at once: one wins, the other is shown the winner's.
    const both = await Promise.all([
      step(order.id, 1, send, STAFF),
      step(order.id, 1, { ...send, courier: "Blue Dart", tracking: "BD99887766" }, OTHER),
    ]);
    expect(both.map((result) => result.outcome).sort()).toEqual(["changed", "conflict"]);
    const winner = (await store.dispatch.get(order.id))!;
    expect(winner).toMatchObject({ version: 2, step: "dispatched" });
    expect(both.find((result) => result.outcome === "conflict")).toMatchObject({ dispatch: winner });

    expect(await step(order.id, 2, { step: "delivered" })).toMatchObject({
      outcome: "changed",
      dispatch: { version: 3, step: "delivered" },
    });
    expect((await store.enquiryWork.get(order.id))?.status).toBe("Fulfilled");
    const history = await lines(order.id);
    expect(history.filter((line) => /^(Packed|Dispatched|Delivered)|→/.test(line))).toEqual([
      "New → Confirmed",
      "Packed: batch B2611, best before Nov 2099",
      `Dispatched by ${winner.courier}, tracking ${winner.tracking}`,
      "Confirmed → Fulfilled",
      "Delivered",
    ]);
    expect(await store.dispatch.summariesOf([order.id, "no-such-enquiry"])).toEqual(
      new Map([[order.id, { step: "delivered", courier: winner.courier, tracking: winner.tracking }]]),
    );
  });

  test("a refused step writes nothing: out of order, or without the e-way bill above ₹50,000", async () => {
    store = await adapter.open();
    const order = await confirmedOrder(meera(), 75_000);
    expect(await step(order.id, 0, send)).toMatchObject({ outcome: "refused", field: "step" });
    await step(order.id, 0, pack);
    expect(await step(order.id, 1, send)).toEqual({
      outcome: "refused",
      field: "ewayBill",
      error: dispatchMessages.ewayBill,
      dispatch: expect.objectContaining({ version: 1, step: "packed" }),
    });
    expect((await store.dispatch.get(order.id))?.step).toBe("packed");
    expect((await lines(order.id)).filter((line) => line.startsWith("Dispatched"))).toEqual([]);
    expect(await step(order.id, 1, { ...send, ewayBill: "181123456789" })).toMatchObject({
      outcome: "changed",
      dispatch: { ewayBill: "181123456789" },
    });
  });

  test("a return to origin declines the enquiry as Returned to origin; a recall finds who received a batch", async () => {
    store = await adapter.open();
    const received = await confirmedOrder(meera());
    const returned = await confirmedOrder(
      meera({ Name: "Kavita Rao", Mobile: "9822233344", Email: "kavita@example.com" }),
    );
    const otherBatch = await confirmedOrder(
      meera({ Name: "Imran Khan", Mobile: "9833344455", Email: "imran@example.com" }),
    );
    for (const order of [received, returned]) {
      await step(order.id, 0, { ...pack, batches: "B2611, B2612" });
      await step(order.id, 1, send);
    }
    await step(otherBatch.id, 0, { ...pack, batches: "C0001" });
    await step(otherBatch.id, 1, send);
    await step(returned.id, 2, { step: "returned", reason: "address not found" });

    expect((await store.enquiryWork.get(returned.id))?.status).toBe("Declined");
    expect((await store.deals.get(returned.id))?.lostReason).toBe("returned-to-origin");
    expect(await lines(returned.id)).toEqual(
      expect.arrayContaining([
        "Confirmed → Declined",
        "Lost: Returned to origin",
        "Returned to origin: address not found",
      ]),
    );

    // The dashboard counts the return among the lost sales, by its reason.
    const dashboard = await dashboardData(store.dashboard, {
      now: new Date(),
      days: 30,
      hours: PLACEHOLDER_FACTS.workingHours,
    });
    expect(dashboard.sales.lostReasons).toEqual([{ key: "returned-to-origin", enquiries: 1 }]);

    const recipients = await store.dispatch.recipientsOf("B2612", 50);
    expect(recipients).toEqual([
      expect.objectContaining({
        enquiryId: received.id,
        name: "Meera Stores",
        mobile: "9811122233",
        city: "Jaipur",
        step: "dispatched",
        batches: ["B2611", "B2612"],
      }),
    ]);
    expect(await store.dispatch.recipientsOf("Z9999", 50)).toEqual([]);
  });

  test("a returned order is packed again and dispatched once more: the sale is Confirmed again, no longer lost, and its batch is the new one's", async () => {
    store = await adapter.open();
    const order = await confirmedOrder(meera());
    await step(order.id, 0, pack);
    await step(order.id, 1, send);
    await step(order.id, 2, { step: "returned", reason: "address not found" });
    expect((await store.enquiryWork.get(order.id))?.status).toBe("Declined");
    // Nothing but packing again is taken from a return.
    expect(await step(order.id, 3, { ...send, tracking: "AWB5544332211" })).toMatchObject({
      outcome: "refused",
      field: "step",
      error: dispatchMessages.orderReturned,
    });

    const again = await step(order.id, 3, { ...pack, batches: "B2620" });
    expect(again).toMatchObject({
      outcome: "changed",
      dispatch: {
        ...NO_DISPATCH,
        version: 4,
        step: "packed",
        batches: ["B2620"],
        bestBefore: "2099-11",
        packedAt: expect.any(String),
      },
    });
    expect((await store.enquiryWork.get(order.id))?.status).toBe("Confirmed");
    expect((await store.deals.get(order.id))?.lostReason ?? null).toBeNull();
    const dashboard = await dashboardData(store.dashboard, {
      now: new Date(),
      days: 30,
      hours: PLACEHOLDER_FACTS.workingHours,
    });
    expect(dashboard.sales.lostReasons).toEqual([]);

    await step(order.id, 4, { ...send, tracking: "AWB5544332211" });
    expect(await step(order.id, 5, { step: "delivered" })).toMatchObject({
      outcome: "changed",
      dispatch: { version: 6, step: "delivered", tracking: "AWB5544332211", returnedAt: null },
    });
    expect((await store.enquiryWork.get(order.id))?.status).toBe("Fulfilled");
    expect(
      (await lines(order.id)).filter((line) => /^(Packed|Dispatched|Delivered|Returned)|→/.test(line)),
    ).toEqual([
      "New → Confirmed",
      "Packed: batch B2611, best before Nov 2099",
      "Dispatched by Delhivery, tracking 1234567890",
      "Confirmed → Declined",
      "Returned to origin: address not found",
      "Declined → Confirmed",
      "Packed again after its return: batch B2620, best before Nov 2099",
      "Dispatched by Delhivery, tracking AWB5544332211",
      "Confirmed → Fulfilled",
      "Delivered",
    ]);
    // A recall of the batch that came back finds nobody; the one delivered finds the buyer.
    expect(await store.dispatch.recipientsOf("B2611", 50)).toEqual([]);
    expect(await store.dispatch.recipientsOf("B2620", 50)).toEqual([
      expect.objectContaining({ enquiryId: order.id, step: "delivered", batches: ["B2620"] }),
    ]);
  });

  test("a person's data shows their order's dispatch, and erasing it erases the dispatch", async () => {
    store = await adapter.open();
    const order = await confirmedOrder(meera());
    await step(order.id, 0, pack);
    await step(order.id, 1, {
      ...send,
      payment: "cod",
      codConfirmedBy: "Meera Gupta",
      codConfirmedOn: new Date().toISOString().slice(0, 10),
      codChannel: "whatsapp",
    });
    const report = await store.personalData.find({ mobile: "9811122233" });
    expect(report.enquiries[0]?.dispatch).toMatchObject({
      step: "dispatched",
      batches: ["B2611"],
      courier: "Delhivery",
      cod: { by: "Meera Gupta", channel: "whatsapp" },
    });
    await store.personalData.erase({ mobile: "9811122233" }, { actor: STAFF });
    expect(await store.dispatch.get(order.id)).toBeNull();
    expect(await store.dispatch.recipientsOf("B2611", 50)).toEqual([]);
  });
});
