/**
 * The deal's figures on an enquiry: what was agreed (sachets, the order's value in rupees), where it
 * goes (city, PIN code), a retailer's GSTIN, and why a sale was lost. Their checks and messages,
 * used by the console's form and by the API alike, and the one way each is written for people
 * (₹ with India's digit grouping, the history's line). No I/O.
 */
import { STATUS, statusesWhere, type EnquiryStatus } from "./status";
import { QUANTITY_MAX, hasControlCharacters } from "./enquiry";
import { quantityText } from "./company-facts";
import { hasUnreadableCharacters } from "./unreadable";

export const DEAL_API_ROUTES = {
  /** PUT { version, quantity, value, city, pinCode, gstin }: the deal's figures (empty clears one). */
  deal: "/enquiries/:id/deal",
} as const;

/**
 * Why a sale was lost, asked when an enquiry is set to Declined: a short list, so the dashboard
 * and the CSV can count them. Stored by key; shown by label.
 */
export const LOST_REASONS = {
  price: "Price",
  "bought-elsewhere": "Bought elsewhere",
  "no-response": "No response",
  "not-eligible": "Not eligible or medical advice",
  "only-asking": "Only asking",
  /** Set by the order's return to origin (domain/dispatch.ts), or chosen for one recorded elsewhere. */
  "returned-to-origin": "Returned to origin",
  other: "Other",
} as const;
export type LostReason = keyof typeof LOST_REASONS;
export const LOST_REASON_KEYS = Object.keys(LOST_REASONS) as LostReason[];

export function isLostReason(value: unknown): value is LostReason {
  return typeof value === "string" && Object.hasOwn(LOST_REASONS, value);
}

/**
 * A sale won or lost, as the status table says (domain/status.ts: Confirmed or Fulfilled is won,
 * Declined lost). A decided enquiry is won or lost; the win rate is won / decided (Spam is never
 * counted). An order is a won enquiry whose value is recorded.
 */
export const WON_STATUSES: readonly EnquiryStatus[] = statusesWhere("won");
export const DECIDED_STATUSES: readonly EnquiryStatus[] = [...WON_STATUSES, ...statusesWhere("lost")];
export const isWon = (status: EnquiryStatus) => STATUS[status].won;
export const isLost = (status: EnquiryStatus) => STATUS[status].lost;

/**
 * The reason a sale was lost, as shown: only while the enquiry stands at a lost status, whatever
 * its record still holds.
 */
export function shownLostReason(status: EnquiryStatus, stored: unknown): LostReason | null {
  return isLost(status) && isLostReason(stored) ? stored : null;
}

/** Above any order the company takes from one buyer: keeps a typo of extra digits out. */
export const ORDER_VALUE_MAX_RUPEES = 10_00_00_000;
export const CITY_MAX_LENGTH = 60;

/** What was agreed with the buyer; null where nothing is recorded. The order's value is in whole rupees. */
export interface DealFigures {
  quantity: number | null;
  valueRupees: number | null;
  city: string | null;
  pinCode: string | null;
  gstin: string | null;
}

export const NO_DEAL_FIGURES: DealFigures = {
  quantity: null,
  valueRupees: null,
  city: null,
  pinCode: null,
  gstin: null,
};

/** The deal as the enquiry's page shows it; `version` increases with each change of its figures. */
export interface EnquiryDeal extends DealFigures {
  version: number;
}

export function figuresOf(deal: EnquiryDeal): DealFigures {
  const { version: _, ...figures } = deal;
  return figures;
}

export const DEAL_FIELDS = ["quantity", "value", "city", "pinCode", "gstin"] as const;
export type DealField = (typeof DEAL_FIELDS)[number];

const rupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** "₹ 3,20,000": whole rupees with India's digit grouping (lakh, crore). */
export function formatRupees(value: number): string {
  return `₹ ${rupees.format(value)}`;
}

export const dealMessages = {
  saved: "Deal saved.",
  unchanged: "Nothing to save: the figures are as they were.",
  conflict: "Someone else changed this deal just now. Their figures are shown: check them and save again.",
  quantity: `Enter the sachets agreed as a whole number from 1 to ${QUANTITY_MAX.toLocaleString("en-IN")}.`,
  value: `Enter the order's value in whole rupees (no paise), at most ${formatRupees(ORDER_VALUE_MAX_RUPEES)}.`,
  city: `Enter the city's name: letters, at most ${CITY_MAX_LENGTH} characters.`,
  pinCode: "Enter the 6-digit PIN code; it does not start with 0.",
  gstinLength: "A GSTIN has 15 characters, letters and digits.",
  gstinState: "A GSTIN starts with a GST state code (01 to 38, 97 or 99); these two digits are not one.",
  gstinPan: "Characters 3 to 12 of a GSTIN are the PAN: 5 letters, 4 digits, then a letter.",
  gstinHolder:
    "The PAN's fourth letter says who holds it: one of A, B, C, F, G, H, J, L, P or T. Check the GSTIN for a typing mistake.",
  gstinEntity: "The 13th character of a GSTIN is a digit from 1 to 9 or a letter.",
  gstinZ: "The 14th character of a GSTIN is Z.",
  gstinCheck: "This GSTIN's last character does not match the others: check it for a typing mistake.",
  lostReasonRequired: "Say why the sale was lost: choose a reason.",
} as const;

/**
 * GST state codes: 01–38 (25 was Daman and Diu, 28 Andhra Pradesh before 37; registrations with
 * them may still be quoted), 97 Other Territory and 99 Centre Jurisdiction.
 */
export const GST_STATE_CODES: ReadonlySet<string> = new Set([
  ...Array.from({ length: 38 }, (_, index) => String(index + 1).padStart(2, "0")),
  "97",
  "99",
]);

/** The PAN's fourth character: who holds it (Individual, Company, HUF, Firm, AOP, Trust, BOI, Local authority, Artificial juridical person, Government). */
export const PAN_HOLDER_TYPES = "ABCFGHJLPT";

const GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The GSTIN's check character from its first 14: each character's value (0–9, A–Z as 10–35)
 * weighted 1, 2, 1, 2… from the left, each product folded as quotient + remainder of 36, summed;
 * the check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = GSTIN_ALPHABET.indexOf(first14[index] ?? "") * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] as string;
}

export type FieldCheck<T> = { ok: true; value: T } | { ok: false; error: string };

/** A GSTIN as typed: spaces and case do not matter; its parts are checked in order, each with its message. */
export function checkGstin(input: string): FieldCheck<string> {
  const gstin = input.replace(/\s+/g, "").toUpperCase();
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return { ok: false, error: dealMessages.gstinLength };
  if (!GST_STATE_CODES.has(gstin.slice(0, 2))) return { ok: false, error: dealMessages.gstinState };
  const pan = gstin.slice(2, 12);
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) return { ok: false, error: dealMessages.gstinPan };
  if (!PAN_HOLDER_TYPES.includes(pan[3] as string)) return { ok: false, error: dealMessages.gstinHolder };
  if (!/^[1-9A-Z]$/.test(gstin[12] as string)) return { ok: false, error: dealMessages.gstinEntity };
  if (gstin[13] !== "Z") return { ok: false, error: dealMessages.gstinZ };
  if (gstinCheckCharacter(gstin) !== gstin[14]) return { ok: false, error: dealMessages.gstinCheck };
  return { ok: true, value: gstin };
}

/** A PIN code as typed ("302 001" is 302001): six digits, the first not 0. */
export function checkPinCode(input: string): FieldCheck<string> {
  const pin = input.replace(/\s+/g, "");
  return /^[1-9]\d{5}$/.test(pin) ? { ok: true, value: pin } : { ok: false, error: dealMessages.pinCode };
}

/** A whole number as typed, with India's or anyone's thousands separators ("1,00,000", "32 000"); else null. */
function wholeNumberOf(input: string | number, prefix?: RegExp): number | null {
  if (typeof input === "number") return Number.isSafeInteger(input) ? input : null;
  const text = (prefix ? input.replace(prefix, "") : input).replace(/[\s,]/g, "");
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** What a field of the deal's form holds: absent, null or blank is "not recorded". */
type DealInputValue = string | number | null | undefined;

function blank(value: DealInputValue): value is null | undefined | "" {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

export type DealCheck = { ok: true; figures: DealFigures } | { ok: false; field: DealField; error: string };

/**
 * Checks the deal's form as typed (strings from the form, or numbers from the API), field by field
 * in the form's order, stopping at the first that is wrong. A blank field clears that figure.
 */
export function checkDeal(input: Partial<Record<DealField, DealInputValue>>): DealCheck {
  const figures: DealFigures = { ...NO_DEAL_FIGURES };
  const { quantity, value, city, pinCode, gstin } = input;
  if (!blank(quantity)) {
    const sachets = wholeNumberOf(quantity);
    if (sachets === null || sachets < 1 || sachets > QUANTITY_MAX) {
      return { ok: false, field: "quantity", error: dealMessages.quantity };
    }
    figures.quantity = sachets;
  }
  if (!blank(value)) {
    const amount = wholeNumberOf(value, /^\s*(₹|rs\.?|inr)\s*/i);
    if (amount === null || amount < 1 || amount > ORDER_VALUE_MAX_RUPEES) {
      return { ok: false, field: "value", error: dealMessages.value };
    }
    figures.valueRupees = amount;
  }
  if (!blank(city)) {
    const name = String(city).trim().replace(/\s+/g, " ");
    if (
      name.length > CITY_MAX_LENGTH ||
      !/\p{L}/u.test(name) ||
      hasControlCharacters(name) ||
      hasUnreadableCharacters(name)
    ) {
      return { ok: false, field: "city", error: dealMessages.city };
    }
    figures.city = name;
  }
  if (!blank(pinCode)) {
    const pin = checkPinCode(String(pinCode));
    if (!pin.ok) return { ok: false, field: "pinCode", error: pin.error };
    figures.pinCode = pin.value;
  }
  if (!blank(gstin)) {
    const checked = checkGstin(String(gstin));
    if (!checked.ok) return { ok: false, field: "gstin", error: checked.error };
    figures.gstin = checked.value;
  }
  return { ok: true, figures };
}

export function sameFigures(a: DealFigures, b: DealFigures): boolean {
  return (
    a.quantity === b.quantity &&
    a.valueRupees === b.valueRupees &&
    a.city === b.city &&
    a.pinCode === b.pinCode &&
    a.gstin === b.gstin
  );
}

export function hasFigures(figures: DealFigures): boolean {
  return !sameFigures(figures, NO_DEAL_FIGURES);
}

/** The history's line for the figures: "Deal: 40 sachets, ₹ 32,000, Jaipur 302001, GSTIN 08…". */
export function dealSummary(figures: DealFigures): string {
  if (!hasFigures(figures)) return "Deal figures cleared";
  const place = [figures.city, figures.pinCode].filter(Boolean).join(" ");
  const parts = [
    figures.quantity === null ? null : quantityText(figures.quantity, "en"),
    figures.valueRupees === null ? null : formatRupees(figures.valueRupees),
    place || null,
    figures.gstin ? `GSTIN ${figures.gstin}` : null,
  ];
  return `Deal: ${parts.filter(Boolean).join(", ")}`;
}

/**
 * Declined needs the reason the sale was lost (the dashboard and the CSV count lost sales by it),
 * on an enquiry's page and in bulk alike; any other status takes none.
 */
export function checkLostReason(to: EnquiryStatus, given: unknown): FieldCheck<LostReason | undefined> {
  if (!isLost(to)) return { ok: true, value: undefined };
  return isLostReason(given)
    ? { ok: true, value: given }
    : { ok: false, error: dealMessages.lostReasonRequired };
}

/** The history's line when a sale is lost: "Lost: Price". */
export function lostReasonLine(reason: LostReason): string {
  return `Lost: ${LOST_REASONS[reason]}`;
}
