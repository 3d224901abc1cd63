import { describe, expect, test } from "vitest";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import {
  dispatchMessages,
  dispatchRefusal,
  EWAY_BILL_THRESHOLD_RUPEES,
  needsEwayBill,
  NO_DISPATCH,
  type DispatchInput,
  type EnquiryDispatch,
} from "../../domain/dispatch";
import type { EnquiryStatus } from "../../domain/status";
import { planDispatch, type DispatchPlan } from "./dispatch";
import { untouchedWork, type WorkState } from "./plan";

/** IST wall-clock time as an ISO instant. */
const ist = (day: string, time = "11:00") => new Date(`${day}T${time}:00+05:30`).toISOString();
const at = ist("2026-11-20");
const due = { receivedAt: ist("2026-11-02"), hours: PLACEHOLDER_FACTS.workingHours };

const confirmed = (status: EnquiryStatus = "Confirmed"): WorkState => ({
  ...untouchedWork(),
  status,
  version: 3,
  ownerId: "priya",
  touchedAt: ist("2026-11-02", "12:00"),
  followUpAt: ist("2026-11-23"),
  dueAt: ist("2026-11-23"),
  nextStep: "Send the invoice",
});

const packed: EnquiryDispatch = {
  ...NO_DISPATCH,
  version: 1,
  step: "packed",
  batches: ["B2611"],
  bestBefore: "2027-11",
  packedAt: at,
};
const dispatched: EnquiryDispatch = {
  ...packed,
  version: 2,
  step: "dispatched",
  courier: "Delhivery",
  tracking: "1234567890",
  payment: "prepaid",
  dispatchedAt: at,
};

const pack = (batches = "B2611", bestBefore = "2027-11"): DispatchInput => ({
  step: "packed",
  batches,
  bestBefore,
});
const send = (overrides: Partial<Extract<DispatchInput, { step: "dispatched" }>> = {}): DispatchInput => ({
  step: "dispatched",
  courier: "Delhivery",
  tracking: "1234 5678 90",
  payment: "prepaid",
  ...overrides,
});

function plan(
  input: DispatchInput,
  options: { work?: WorkState; dispatch?: EnquiryDispatch; value?: number | null; expected?: number } = {},
): DispatchPlan {
  const dispatch = options.dispatch ?? NO_DISPATCH;
  return planDispatch(
    {
      work: options.work ?? confirmed(),
      dispatch,
      valueRupees: options.value === undefined ? 32_000 : options.value,
    },
    { expectedVersion: options.expected ?? dispatch.version, input, at, due },
  );
}

const refused = (field: string, error: string) => ({ outcome: "refused", field, error });

describe("the order's steps in order", () => {
  test("packing records the batches and the best-before, with its history line and no status change", () => {
    const result = plan(pack("b2611, B2612 ,b2611", "2027-11"));
    expect(result).toMatchObject({
      outcome: "changed",
      dispatch: {
        version: 1,
        step: "packed",
        batches: ["B2611", "B2612"],
        bestBefore: "2027-11",
        packedAt: at,
      },
      plan: {
        history: [{ kind: "deal", text: "Packed: batches B2611, B2612, best before Nov 2027" }],
        webhooks: [],
      },
    });
    if (result.outcome !== "changed") return;
    expect(result.plan.work).toEqual(confirmed());
  });

  test("dispatch records the courier and tracking number", () => {
    expect(plan(send(), { dispatch: packed })).toMatchObject({
      outcome: "changed",
      dispatch: {
        version: 2,
        step: "dispatched",
        courier: "Delhivery",
        tracking: "1234567890",
        ewayBill: null,
      },
      plan: { history: [{ kind: "deal", text: "Dispatched by Delhivery, tracking 1234567890" }] },
    });
  });

  test("delivery closes a Confirmed enquiry as Fulfilled, as a status change does", () => {
    const result = plan({ step: "delivered" }, { dispatch: dispatched });
    expect(result).toMatchObject({
      outcome: "changed",
      dispatch: { version: 3, step: "delivered", deliveredAt: at },
      plan: {
        work: {
          status: "Fulfilled",
          version: 4,
          closedAt: at,
          followUpAt: null,
          nextStep: null,
          dueAt: null,
        },
        history: [
          { kind: "status", from: "Confirmed", to: "Fulfilled" },
          { kind: "deal", text: "Delivered" },
        ],
        webhooks: [{ type: "enquiry.status_changed", change: { from: "Confirmed", to: "Fulfilled" } }],
      },
    });
  });

  test("delivery of an enquiry already Fulfilled by hand changes no status", () => {
    const result = plan({ step: "delivered" }, { dispatch: dispatched, work: confirmed("Fulfilled") });
    expect(result).toMatchObject({
      outcome: "changed",
      plan: { history: [{ kind: "deal", text: "Delivered" }] },
    });
  });

  test("a return to origin declines the enquiry with the lost reason Returned to origin", () => {
    expect(
      plan({ step: "returned", reason: " address  not found " }, { dispatch: dispatched }),
    ).toMatchObject({
      outcome: "changed",
      dispatch: { step: "returned", returnReason: "address not found", returnedAt: at },
      plan: {
        work: { status: "Declined", lostReason: "returned-to-origin", closedAt: at },
        history: [
          { kind: "status", from: "Confirmed", to: "Declined" },
          { kind: "deal", text: "Lost: Returned to origin" },
          { kind: "deal", text: "Returned to origin: address not found" },
        ],
      },
    });
  });
});

describe("a returned order", () => {
  const returned: EnquiryDispatch = {
    ...dispatched,
    version: 3,
    step: "returned",
    ewayBill: "181123456789",
    returnedAt: at,
    returnReason: "address not found",
  };
  const declined: WorkState = {
    ...confirmed("Declined"),
    version: 4,
    lostReason: "returned-to-origin",
    closedAt: at,
    followUpAt: null,
    dueAt: null,
    nextStep: null,
  };

  test("is packed again: the sale is Confirmed again, the last round's courier and return make way for the new one", () => {
    const again = plan(pack("B2612", "2027-12"), { dispatch: returned, work: declined });
    expect(again).toMatchObject({
      outcome: "changed",
      dispatch: {
        ...NO_DISPATCH,
        version: 4,
        step: "packed",
        batches: ["B2612"],
        bestBefore: "2027-12",
        packedAt: at,
      },
      plan: {
        work: { status: "Confirmed", lostReason: null, closedAt: null },
        history: [
          { kind: "status", from: "Declined", to: "Confirmed" },
          { kind: "deal", text: "Packed again after its return: batch B2612, best before Dec 2027" },
        ],
      },
    });
    if (again.outcome !== "changed") throw new Error("not changed");
    // Then dispatched once more, with a new tracking number (and a new e-way bill when one is needed).
    expect(
      plan(send({ tracking: "AWB9988776655" }), { dispatch: again.dispatch, work: again.plan.work }),
    ).toMatchObject({
      outcome: "changed",
      dispatch: { step: "dispatched", tracking: "AWB9988776655", ewayBill: null, returnedAt: null },
    });
  });

  test("is not dispatched, delivered or returned again before it is packed again; the refusal says both ways on", () => {
    for (const input of [
      send(),
      { step: "delivered" as const },
      { step: "returned" as const, reason: "again" },
    ]) {
      expect(plan(input, { dispatch: returned, work: declined })).toEqual(
        refused("step", dispatchMessages.orderReturned),
      );
    }
    expect(dispatchMessages.orderReturned).toContain("credit note");
  });

  test("is packed again only from its return's Declined: not once the enquiry is spam or a duplicate", () => {
    expect(plan(pack(), { dispatch: returned, work: { ...declined, status: "Spam" } })).toEqual(
      refused("status", dispatchMessages.status),
    );
  });
});

describe("every refusal names its field and changes nothing", () => {
  test.each<[EnquiryStatus]>([["New"], ["Contacted"], ["Declined"], ["Spam"], ["Duplicate"]])(
    "no step on an enquiry at %s",
    (status) => {
      expect(plan(pack(), { work: confirmed(status) })).toEqual(refused("status", dispatchMessages.status));
    },
  );

  test("a step out of order", () => {
    expect(plan(send())).toEqual(refused("step", dispatchMessages.orderPacked));
    expect(plan({ step: "delivered" }, { dispatch: packed })).toEqual(
      refused("step", dispatchMessages.orderDispatched),
    );
    expect(plan({ step: "returned", reason: "refused" })).toEqual(
      refused("step", dispatchMessages.orderDispatched),
    );
    expect(plan(pack(), { dispatch: packed })).toEqual(refused("step", dispatchMessages.orderAgain));
    expect(plan(send(), { dispatch: dispatched })).toEqual(refused("step", dispatchMessages.orderAgain));
    const delivered = { ...dispatched, version: 3, step: "delivered" as const };
    expect(
      plan({ step: "returned", reason: "refused" }, { dispatch: delivered, work: confirmed("Fulfilled") }),
    ).toEqual(refused("step", dispatchMessages.orderDone));
  });

  test("a stale version is a conflict, before any check", () => {
    expect(plan(send(), { dispatch: packed, expected: 0 })).toEqual({ outcome: "conflict" });
  });

  test.each([[""], ["B 26"], ["B2611,A1,A2,A3,A4,A5"], ["ABCDEFGHIJKLMNOPQRSTU"]])(
    "batches %j",
    (batches) => {
      expect(plan(pack(batches))).toEqual(refused("batches", dispatchMessages.batches));
    },
  );

  test.each([["Nov 2027"], ["2027-13"], ["2027-02-30"], [""]])(
    "a best-before that is no date: %j",
    (bestBefore) => {
      expect(plan(pack("B2611", bestBefore))).toEqual(refused("bestBefore", dispatchMessages.bestBefore));
    },
  );

  test("a best-before already past", () => {
    expect(plan(pack("B2611", "2026-10"))).toEqual(refused("bestBefore", dispatchMessages.bestBeforePast));
    expect(plan(pack("B2611", "2026-11-19"))).toEqual(refused("bestBefore", dispatchMessages.bestBeforePast));
  });

  test("a best-before before the likely delivery, seven days on", () => {
    expect(plan(pack("B2611", "2026-11-20"))).toEqual(refused("bestBefore", dispatchMessages.bestBeforeSoon));
    expect(plan(pack("B2611", "2026-11-26"))).toEqual(refused("bestBefore", dispatchMessages.bestBeforeSoon));
    expect(plan(pack("B2611", "2026-11-27"))).toMatchObject({ outcome: "changed" });
    expect(plan(pack("B2611", "2026-11"))).toMatchObject({ outcome: "changed" });
  });

  test("courier and tracking", () => {
    expect(plan(send({ courier: "  " }), { dispatch: packed })).toEqual(
      refused("courier", dispatchMessages.courier),
    );
    expect(plan(send({ tracking: "12345" }), { dispatch: packed })).toEqual(
      refused("tracking", dispatchMessages.tracking),
    );
    expect(plan(send({ tracking: "AWB#1234567" }), { dispatch: packed })).toEqual(
      refused("tracking", dispatchMessages.tracking),
    );
  });

  test("no order value recorded: the e-way bill cannot be judged", () => {
    expect(plan(send(), { dispatch: packed, value: null })).toEqual(refused("value", dispatchMessages.value));
  });

  test("how it is paid", () => {
    expect(plan(send({ payment: "upi" }), { dispatch: packed })).toEqual(
      refused("payment", dispatchMessages.payment),
    );
  });

  test("cash on delivery without the buyer's confirmation: who, when and how", () => {
    const cod = {
      payment: "cod",
      codConfirmedBy: "Meera Gupta",
      codConfirmedOn: "2026-11-19",
      codChannel: "call",
    };
    expect(plan(send({ ...cod, codConfirmedBy: "" }), { dispatch: packed })).toEqual(
      refused("codConfirmedBy", dispatchMessages.codConfirmedBy),
    );
    expect(plan(send({ ...cod, codConfirmedOn: null }), { dispatch: packed })).toEqual(
      refused("codConfirmedOn", dispatchMessages.codConfirmedOn),
    );
    expect(plan(send({ ...cod, codConfirmedOn: "2026-11-21" }), { dispatch: packed })).toEqual(
      refused("codConfirmedOn", dispatchMessages.codConfirmedOn),
    );
    expect(plan(send({ ...cod, codChannel: "sms" }), { dispatch: packed })).toEqual(
      refused("codChannel", dispatchMessages.codChannel),
    );
    expect(plan(send(cod), { dispatch: packed })).toMatchObject({
      outcome: "changed",
      dispatch: { payment: "cod", cod: { by: "Meera Gupta", on: "2026-11-19", channel: "call" } },
      plan: {
        history: [
          {
            text: "Dispatched by Delhivery, tracking 1234567890, cash on delivery confirmed by Meera Gupta on 19 Nov 2026 (Phone call)",
          },
        ],
      },
    });
  });

  test("a return without a reason", () => {
    expect(plan({ step: "returned", reason: " " }, { dispatch: dispatched })).toEqual(
      refused("reason", dispatchMessages.reason),
    );
  });
});

describe("the e-way bill above ₹50,000 (Rule 138, CGST Rules)", () => {
  test("the threshold itself needs none; a paisa above it does", () => {
    expect(EWAY_BILL_THRESHOLD_RUPEES).toBe(50_000);
    expect(needsEwayBill(50_000)).toBe(false);
    expect(needsEwayBill(50_000.01)).toBe(true);
  });

  test("at exactly ₹50,000 the order is dispatched without one", () => {
    expect(plan(send(), { dispatch: packed, value: 50_000 })).toMatchObject({
      outcome: "changed",
      dispatch: { ewayBill: null },
    });
  });

  test("above it the e-way bill is required, as 12 digits", () => {
    expect(plan(send(), { dispatch: packed, value: 50_001 })).toEqual(
      refused("ewayBill", dispatchMessages.ewayBill),
    );
    expect(plan(send({ ewayBill: "12345678901" }), { dispatch: packed, value: 50_001 })).toEqual(
      refused("ewayBill", dispatchMessages.ewayBillFormat),
    );
    expect(plan(send({ ewayBill: "1811 2345 6789" }), { dispatch: packed, value: 50_001 })).toMatchObject({
      outcome: "changed",
      dispatch: { ewayBill: "181123456789" },
      plan: { history: [{ text: "Dispatched by Delhivery, tracking 1234567890, e-way bill 181123456789" }] },
    });
  });
});

describe("the console's form says the plan's refusal before it sends", () => {
  test.each<[string, DispatchInput, EnquiryDispatch, number | null]>([
    ["a good packing", pack(), NO_DISPATCH, 32_000],
    ["a past best-before", pack("B2611", "2026-10"), NO_DISPATCH, 32_000],
    ["dispatch before packing", send(), NO_DISPATCH, 32_000],
    ["no e-way bill above the threshold", send(), packed, 75_000],
    ["no order value", send(), packed, null],
    ["cash on delivery unconfirmed", send({ payment: "cod" }), packed, 32_000],
    ["a good dispatch", send(), packed, 32_000],
    ["a return without a reason", { step: "returned", reason: "" }, dispatched, 32_000],
  ])("%s", (_, input, dispatch, value) => {
    const planned = plan(input, { dispatch, value });
    const said = dispatchRefusal(input, {
      status: "Confirmed",
      step: dispatch.step,
      valueRupees: value,
      at: new Date(at),
    });
    expect(said).toEqual(
      planned.outcome === "refused" ? { field: planned.field, error: planned.error } : null,
    );
  });
});
