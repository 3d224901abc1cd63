/**
 * The order's own steps after Confirmed (issue 42): packed with its batches and best-before date,
 * dispatched with a courier and tracking number (an e-way bill above ₹50,000, cash on delivery
 * confirmed with the buyer first), then delivered or returned to origin. The checks and their
 * messages, used by the console's forms and by the API alike, and the history's lines. No I/O.
 */
import { STATUS, statusesWhere, type EnquiryStatus } from "./status";
import { hasControlCharacters } from "./enquiry";
import { hasUnreadableCharacters } from "./unreadable";
import { formatRupees } from "./deal";
import { istDate } from "./working-hours";

export const DISPATCH_API_ROUTES = {
  /** POST { version, step, … }: the order's next step (DispatchInput). */
  dispatch: "/enquiries/:id/dispatch",
  /** GET: who received a batch (an FSSAI recall), newest dispatch first. */
  recall: "/dispatch/batches/:batch",
} as const;

/**
 * Above this value of a consignment an e-way bill must be generated before it moves: Rule 138(1)
 * of the CGST Rules, 2017 (₹50,000, the consignment's value with its tax). The order's value is
 * the deal's (domain/deal.ts), whole rupees.
 */
export const EWAY_BILL_THRESHOLD_RUPEES = 50_000;

/** Whether an order of this value needs an e-way bill: above the threshold, not at it. */
export function needsEwayBill(valueRupees: number): boolean {
  return valueRupees > EWAY_BILL_THRESHOLD_RUPEES;
}

/**
 * How many days a parcel is taken to travel, at most, from Delhi to a buyer anywhere in India by
 * surface: what "the delivery's likely date" is counted by. Stock whose best-before comes before
 * it is not sent.
 */
export const LIKELY_DELIVERY_DAYS = 7;

/** Couriers the company uses most, offered as a list; any other is typed. */
export const COMMON_COURIERS = [
  "Delhivery",
  "Blue Dart",
  "DTDC",
  "Ecom Express",
  "Xpressbees",
  "Shadowfax",
  "Ekart",
  "India Post (Speed Post)",
  "Professional Couriers",
  "Gati",
] as const;

export const DISPATCH_STEPS = ["packed", "dispatched", "delivered", "returned"] as const;
export type DispatchStep = (typeof DISPATCH_STEPS)[number];

export function isDispatchStep(value: unknown): value is DispatchStep {
  return typeof value === "string" && (DISPATCH_STEPS as readonly string[]).includes(value);
}

/** The step's name as the inbox's badge and the enquiry's page show it. */
export const DISPATCH_STEP_LABELS: Record<DispatchStep, string> = {
  packed: "Packed",
  dispatched: "Dispatched",
  delivered: "Delivered",
  returned: "Returned to origin",
};

/**
 * Which step may follow which: packed → dispatched → delivered, or dispatched → returned to
 * origin; a returned order may be packed again, to be dispatched once more (decision 047).
 */
export const NEXT_DISPATCH_STEPS: Record<DispatchStep | "none", readonly DispatchStep[]> = {
  none: ["packed"],
  packed: ["dispatched"],
  dispatched: ["delivered", "returned"],
  delivered: [],
  returned: ["packed"],
};

/**
 * The steps at which a recall (an FSSAI batch recall) counts an order as received: the parcel left
 * the warehouse and did not come back.
 */
export const RECALL_STEPS: readonly DispatchStep[] = ["dispatched", "delivered"];

export const PAYMENT_TERMS = ["prepaid", "cod"] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  prepaid: "Paid before dispatch",
  cod: "Cash on delivery",
};

/** How the buyer confirmed a cash-on-delivery order. */
export const COD_CHANNELS = ["call", "whatsapp", "email"] as const;
export type CodChannel = (typeof COD_CHANNELS)[number];
export const COD_CHANNEL_LABELS: Record<CodChannel, string> = {
  call: "Phone call",
  whatsapp: "WhatsApp",
  email: "E-mail",
};

/** Who confirmed a cash-on-delivery order, on which IST day, and how. */
export interface CodConfirmation {
  by: string;
  on: string;
  channel: CodChannel;
}

/** The order's dispatch as both stores keep it beside the enquiry; `version` increases with each step. */
export interface EnquiryDispatch {
  version: number;
  /** The last step taken; null before the order is packed. */
  step: DispatchStep | null;
  /** Batch numbers as printed on the packs, upper case. */
  batches: string[];
  /** The earliest best-before of the batches: "2027-11" (the month's end) or "2027-11-30". */
  bestBefore: string | null;
  packedAt: string | null;
  courier: string | null;
  tracking: string | null;
  /** The e-way bill's 12 digits; null when the order's value did not need one. */
  ewayBill: string | null;
  payment: PaymentTerms | null;
  cod: CodConfirmation | null;
  dispatchedAt: string | null;
  deliveredAt: string | null;
  returnedAt: string | null;
  returnReason: string | null;
}

export const NO_DISPATCH: EnquiryDispatch = {
  version: 0,
  step: null,
  batches: [],
  bestBefore: null,
  packedAt: null,
  courier: null,
  tracking: null,
  ewayBill: null,
  payment: null,
  cod: null,
  dispatchedAt: null,
  deliveredAt: null,
  returnedAt: null,
  returnReason: null,
};

/** A step as the form or the API sends it: text as typed. */
export type DispatchInput =
  | { step: "packed"; batches: string; bestBefore: string }
  | {
      step: "dispatched";
      courier: string;
      tracking: string;
      ewayBill?: string | null;
      payment: string;
      codConfirmedBy?: string | null;
      codConfirmedOn?: string | null;
      codChannel?: string | null;
    }
  | { step: "delivered" }
  | { step: "returned"; reason: string };

export const DISPATCH_FIELDS = [
  "step",
  "status",
  "batches",
  "bestBefore",
  "courier",
  "tracking",
  "value",
  "ewayBill",
  "payment",
  "codConfirmedBy",
  "codConfirmedOn",
  "codChannel",
  "reason",
] as const;
export type DispatchField = (typeof DISPATCH_FIELDS)[number];

export const BATCHES_MAX = 5;
export const BATCH_MAX_LENGTH = 20;
export const COURIER_MAX_LENGTH = 40;
export const NAME_MAX_LENGTH = 60;
export const RETURN_REASON_MAX_LENGTH = 120;

export const dispatchMessages = {
  saved: "Dispatch saved.",
  conflict: "Someone else recorded a step of this order just now. It is shown: check it and try again.",
  status: "Dispatch starts once the enquiry is Confirmed; a declined, duplicate or spam enquiry has none.",
  orderPacked: "Pack the order first: record its batch and best-before date.",
  orderDispatched: "Only a dispatched order can be delivered or returned to origin.",
  orderDone: "This order was delivered: its dispatch is finished.",
  orderReturned:
    "This order came back: pack it again to dispatch it once more, or issue a credit note for its invoice to close the return.",
  orderAgain: "This step is already recorded.",
  batches: `Enter the batch number printed on the packs (letters, digits, - or /, at most ${BATCH_MAX_LENGTH} characters); several are separated by commas, at most ${BATCHES_MAX}.`,
  bestBefore: "Enter the best-before date printed on the packs, as a month (2027-11) or a day (2027-11-30).",
  bestBeforePast: "This best-before date has passed: these packs cannot be sent.",
  bestBeforeSoon: `These packs reach their best-before date before the likely delivery (${LIKELY_DELIVERY_DAYS} days from today): send a later batch.`,
  courier: `Choose the courier, or type its name (at most ${COURIER_MAX_LENGTH} characters).`,
  tracking: "Enter the courier's tracking number: 6 to 30 letters, digits or hyphens.",
  value: `Record the order's value in the deal first: an e-way bill is needed above ${formatRupees(EWAY_BILL_THRESHOLD_RUPEES)}.`,
  ewayBill: `This order is worth more than ${formatRupees(EWAY_BILL_THRESHOLD_RUPEES)}: enter its e-way bill number, 12 digits.`,
  ewayBillFormat: "An e-way bill number has 12 digits.",
  payment: "Say how the order is paid: before dispatch or cash on delivery.",
  codConfirmedBy: `Cash on delivery: enter who confirmed the order (a name, at most ${NAME_MAX_LENGTH} characters).`,
  codConfirmedOn: "Cash on delivery: enter the day the buyer confirmed the order (today or earlier).",
  codChannel: "Cash on delivery: say how the buyer confirmed it (call, WhatsApp or e-mail).",
  reason: `Say why the order came back (at most ${RETURN_REASON_MAX_LENGTH} characters).`,
} as const;

export type DispatchCheck<T> = { ok: true; value: T } | { ok: false; field: DispatchField; error: string };

const refuse = (field: DispatchField, error: string): { ok: false; field: DispatchField; error: string } => ({
  ok: false,
  field,
  error,
});

/** A step may be taken only on a won enquiry (Confirmed, or Fulfilled): never on Spam, Declined or a duplicate. */
export function mayDispatch(status: EnquiryStatus): boolean {
  return STATUS[status].won;
}

/** What delivery closes an open won enquiry as (the status table's won and closed one: Fulfilled). */
export const DELIVERED_STATUS: EnquiryStatus = onlyStatus((s) => STATUS[s].won && !STATUS[s].open);
/** What a return to origin sets the enquiry to (the status table's lost one: Declined). */
export const RETURNED_STATUS: EnquiryStatus = onlyStatus((s) => STATUS[s].lost);
/** What packing a returned order again sets the enquiry back to (the status table's open won one: Confirmed). */
export const REDISPATCH_STATUS: EnquiryStatus = onlyStatus((s) => STATUS[s].won && STATUS[s].open);
/** The lost reason a return to origin records (domain/deal.ts: LOST_REASONS). */
export const RETURNED_LOST_REASON = "returned-to-origin" as const;

function onlyStatus(test: (status: EnquiryStatus) => boolean): EnquiryStatus {
  const [status, ...others] = statusesWhere("work").filter(test);
  if (!status || others.length > 0) throw new Error("The status table must name exactly one such status.");
  return status;
}

const clean = (value: string | null | undefined): string => (value ?? "").trim().replace(/\s+/g, " ");
const readable = (value: string): boolean => !hasControlCharacters(value) && !hasUnreadableCharacters(value);

/** Batch numbers as typed ("b2611, B2612"): upper case, each once, at most BATCHES_MAX. */
export function checkBatches(input: string): DispatchCheck<string[]> {
  const batches = [
    ...new Set(
      input
        .split(/[,;\n]/)
        .map((part) => part.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  const shaped = new RegExp(`^[A-Z0-9][A-Z0-9/-]{0,${BATCH_MAX_LENGTH - 1}}$`);
  if (batches.length === 0 || batches.length > BATCHES_MAX || !batches.every((batch) => shaped.test(batch))) {
    return refuse("batches", dispatchMessages.batches);
  }
  return { ok: true, value: batches };
}

/** One batch number as a recall asks for it; null when it cannot be one. */
export function batchKey(input: string): string | null {
  const checked = checkBatches(input);
  return checked.ok && checked.value.length === 1 ? (checked.value[0] ?? null) : null;
}

/** The last IST day a best-before covers: a month's last day, or the day itself; null when not a date. */
export function lastGoodDay(bestBefore: string): string | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(bestBefore);
  if (month) {
    const end = new Date(Date.UTC(Number(month[1]), Number(month[2]), 0));
    return end.toISOString().slice(0, 10);
  }
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(bestBefore);
  if (!day) return null;
  const date = new Date(`${bestBefore}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== bestBefore ? null : bestBefore;
}

/** The IST day `days` after `at`'s. */
function istDayAfter(at: Date, days: number): string {
  return istDate(new Date(at.getTime() + days * 86_400_000));
}

/** A best-before as typed, checked against the day of packing: not past, not before the likely delivery. */
export function checkBestBefore(input: string, at: Date): DispatchCheck<string> {
  const bestBefore = input.trim();
  const last = lastGoodDay(bestBefore);
  if (last === null) return refuse("bestBefore", dispatchMessages.bestBefore);
  if (last < istDate(at)) return refuse("bestBefore", dispatchMessages.bestBeforePast);
  if (last < istDayAfter(at, LIKELY_DELIVERY_DAYS))
    return refuse("bestBefore", dispatchMessages.bestBeforeSoon);
  return { ok: true, value: bestBefore };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 2027" for a month, "30 Nov 2027" for a day. */
export function bestBeforeText(bestBefore: string): string {
  const [year, month, day] = bestBefore.split("-");
  const name = MONTHS[Number(month) - 1] ?? month;
  return day ? `${Number(day)} ${name} ${year}` : `${name} ${year}`;
}

/** An e-way bill number as typed ("1811 2345 6789"): 12 digits. */
export function checkEwayBill(input: string): DispatchCheck<string> {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d{12}$/.test(digits)
    ? { ok: true, value: digits }
    : refuse("ewayBill", dispatchMessages.ewayBillFormat);
}

/** What a dispatched step records, checked. */
export interface DispatchedFacts {
  courier: string;
  tracking: string;
  ewayBill: string | null;
  payment: PaymentTerms;
  cod: CodConfirmation | null;
}

/**
 * The dispatched step's fields as typed, in the form's order: the courier, the tracking number,
 * the e-way bill (required above the threshold, checked when given below it), how it is paid and,
 * for cash on delivery, who confirmed it with the buyer, when (not after `at`) and how.
 */
export function checkDispatched(
  input: Extract<DispatchInput, { step: "dispatched" }>,
  context: { valueRupees: number | null; at: Date },
): DispatchCheck<DispatchedFacts> {
  const courier = clean(input.courier);
  if (!courier || courier.length > COURIER_MAX_LENGTH || !readable(courier)) {
    return refuse("courier", dispatchMessages.courier);
  }
  const tracking = clean(input.tracking).replace(/\s/g, "").toUpperCase();
  if (!/^[A-Z0-9-]{6,30}$/.test(tracking)) return refuse("tracking", dispatchMessages.tracking);
  if (context.valueRupees === null) return refuse("value", dispatchMessages.value);
  let ewayBill: string | null = null;
  const typed = clean(input.ewayBill);
  if (needsEwayBill(context.valueRupees) && !typed) return refuse("ewayBill", dispatchMessages.ewayBill);
  if (typed) {
    const checked = checkEwayBill(typed);
    if (!checked.ok) return checked;
    ewayBill = checked.value;
  }
  const payment = input.payment;
  if (payment !== "prepaid" && payment !== "cod") return refuse("payment", dispatchMessages.payment);
  if (payment === "prepaid") return { ok: true, value: { courier, tracking, ewayBill, payment, cod: null } };
  const by = clean(input.codConfirmedBy);
  if (!by || by.length > NAME_MAX_LENGTH || !/\p{L}/u.test(by) || !readable(by)) {
    return refuse("codConfirmedBy", dispatchMessages.codConfirmedBy);
  }
  const on = clean(input.codConfirmedOn);
  if (lastGoodDay(on) !== on || on.length !== 10 || on > istDate(context.at)) {
    return refuse("codConfirmedOn", dispatchMessages.codConfirmedOn);
  }
  const channel = input.codChannel;
  if (!(COD_CHANNELS as readonly unknown[]).includes(channel)) {
    return refuse("codChannel", dispatchMessages.codChannel);
  }
  return {
    ok: true,
    value: { courier, tracking, ewayBill, payment, cod: { by, on, channel: channel as CodChannel } },
  };
}

/** Why an order came back, as typed. */
export function checkReturnReason(input: string): DispatchCheck<string> {
  const reason = clean(input);
  if (!reason || reason.length > RETURN_REASON_MAX_LENGTH || !readable(reason)) {
    return refuse("reason", dispatchMessages.reason);
  }
  return { ok: true, value: reason };
}

/**
 * Whether `next` may follow the dispatch as it stands on an enquiry at `status`: the status first
 * (won, as the status table says), then the order of the steps.
 */
export function checkStepOrder(
  status: EnquiryStatus,
  current: DispatchStep | null,
  next: DispatchStep,
): DispatchCheck<DispatchStep> {
  // A returned order's enquiry is lost by its return: packing it again is what wins it back.
  if (current === "returned" && STATUS[status].lost) {
    return next === "packed" ? { ok: true, value: next } : refuse("step", dispatchMessages.orderReturned);
  }
  if (!mayDispatch(status)) return refuse("status", dispatchMessages.status);
  if (NEXT_DISPATCH_STEPS[current ?? "none"].includes(next)) return { ok: true, value: next };
  if (current === next) return refuse("step", dispatchMessages.orderAgain);
  if (current === "delivered") return refuse("step", dispatchMessages.orderDone);
  if (current === "returned") return refuse("step", dispatchMessages.orderReturned);
  if (next === "dispatched") return refuse("step", dispatchMessages.orderPacked);
  return refuse("step", next === "packed" ? dispatchMessages.orderAgain : dispatchMessages.orderDispatched);
}

/**
 * The steps the console offers next for an order on an enquiry at `status`, as checkStepOrder
 * allows them: none on an enquiry not won, except packing again a returned order (its return
 * declined the sale).
 */
export function nextDispatchSteps(
  status: EnquiryStatus,
  current: DispatchStep | null,
): readonly DispatchStep[] {
  return NEXT_DISPATCH_STEPS[current ?? "none"].filter((next) => checkStepOrder(status, current, next).ok);
}

/**
 * The first refusal of a step as typed, by the same checks the plan makes (server/lifecycle/
 * dispatch.ts), so the console's form can say it before sending; null when the step would be taken.
 */
export function dispatchRefusal(
  input: DispatchInput,
  context: { status: EnquiryStatus; step: DispatchStep | null; valueRupees: number | null; at: Date },
): { field: DispatchField; error: string } | null {
  const checks: (() => DispatchCheck<unknown>)[] = [
    () => checkStepOrder(context.status, context.step, input.step),
  ];
  if (input.step === "packed") {
    checks.push(
      () => checkBatches(input.batches),
      () => checkBestBefore(input.bestBefore, context.at),
    );
  }
  if (input.step === "dispatched") checks.push(() => checkDispatched(input, context));
  if (input.step === "returned") checks.push(() => checkReturnReason(input.reason));
  for (const check of checks) {
    const checked = check();
    if (!checked.ok) return { field: checked.field, error: checked.error };
  }
  return null;
}

/**
 * The history's line for packing: "Packed: batch B2611, best before Nov 2027", or after a return
 * "Packed again after its return: batch B2611, best before Nov 2027".
 */
export function packedLine(batches: readonly string[], bestBefore: string, again = false): string {
  const label = batches.length === 1 ? "batch" : "batches";
  return `${again ? "Packed again after its return" : "Packed"}: ${label} ${batches.join(", ")}, best before ${bestBeforeText(bestBefore)}`;
}

/** "Dispatched by Delhivery, tracking 1234…, e-way bill …, cash on delivery confirmed by … on … by call". */
export function dispatchedLine(facts: DispatchedFacts): string {
  const parts = [`Dispatched by ${facts.courier}`, `tracking ${facts.tracking}`];
  if (facts.ewayBill) parts.push(`e-way bill ${facts.ewayBill}`);
  if (facts.cod) {
    parts.push(
      `cash on delivery confirmed by ${facts.cod.by} on ${bestBeforeText(facts.cod.on)} (${COD_CHANNEL_LABELS[facts.cod.channel]})`,
    );
  }
  return parts.join(", ");
}

export const DELIVERED_LINE = "Delivered";

/** "Returned to origin: address not found". */
export function returnedLine(reason: string): string {
  return `Returned to origin: ${reason}`;
}

/** An order's dispatch as the inbox's badge and the CSV show it. */
export interface DispatchSummary {
  step: DispatchStep;
  courier: string | null;
  tracking: string | null;
}

/** A dispatch the recall query found: who received the batch. */
export interface BatchRecipient {
  enquiryId: string;
  reference: string;
  /** Null for an enquiry started on WhatsApp without a name or address (decision 042). */
  name: string | null;
  mobile: string;
  email: string | null;
  city: string | null;
  pinCode: string | null;
  step: DispatchStep;
  batches: string[];
  bestBefore: string | null;
  courier: string | null;
  tracking: string | null;
  dispatchedAt: string | null;
}
