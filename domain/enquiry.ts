/**
 * The order enquiry: its fields, the specification's checks in their order, and their
 * messages. The browser form and the server's API both use this module; it does no I/O.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email";
import { hasUnreadableCharacters } from "./unreadable";

export const ENQUIRY_FIELDS = ["Name", "Email", "Mobile", "Quantity", "RetailerSelfUse"] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

export const BUYER_TYPES = ["Retailer", "Self Use"] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];
/** The select's first option: chosen by default, and not an answer. */
export const BUYER_TYPE_PLACEHOLDER = "retailer/self use";

export const MOBILE_DIGITS = 10;
export const QUANTITY_MIN = 1;
/** Beyond any real order; keeps a typo of extra digits from becoming an order. */
export const QUANTITY_MAX = 100_000;
export const NAME_MAX_LENGTH = 100;

export const enquiryMessages = {
  missing: "Please fill the data",
  email: "Please enter a valid email address",
  mobileDigits: "Please enter only number.",
  mobileLength: "Please enter 10 digit Mobile number.",
  quantity: "Please enter a quantity of at least 1 sachet.",
  quantityTooLarge: `Please enter a quantity of at most ${QUANTITY_MAX.toLocaleString("en-IN")} sachets.`,
  nameTooLong: `Please enter a name of at most ${NAME_MAX_LENGTH} characters.`,
  nameInvalid: "Please enter a name without control or unreadable characters.",
  buyerType: "Please choose Retailer or Self Use.",
  stored: "Order Received Successfully",
  notStored: "Error adding document",
} as const;

// The address rule lives in a module of its own, so that the newsletter box on every page
// does not bring the whole enquiry check into the pages' first scripts.
export { EMAIL_MAX_LENGTH, EMAIL_PATTERN };

export interface Enquiry {
  Name: string;
  Email: string;
  Mobile: string;
  Quantity: number;
  RetailerSelfUse: BuyerType;
}

/**
 * An enquiry a buyer started by writing on WhatsApp from a number with no open enquiry
 * (docs/decisions/042). WhatsApp gives a mobile number and perhaps a profile name, never an
 * e-mail address, a quantity or a buyer type: those are not given (null), never invented. The
 * form's enquiries are `Enquiry`, where all five are given; code that reads a stored enquiry
 * (`StoredEnquiryFields`) must say what it does when they are not (`isWhatsAppEnquiry`).
 */
export interface WhatsAppEnquiry {
  /** The sender's WhatsApp profile name, cleaned as the form's names are; null when none was usable. */
  Name: string | null;
  Email: null;
  /** An Indian number as the form keeps it (10 digits); any other as its digits with the country code. */
  Mobile: string;
  Quantity: null;
  RetailerSelfUse: null;
}

/** Any stored enquiry: the form's, with its five fields given, or one started on WhatsApp. */
export type StoredEnquiryFields = Enquiry | WhatsAppEnquiry;

/** Whether a stored enquiry was started on WhatsApp (no e-mail address, quantity or buyer type given). */
export function isWhatsAppEnquiry(enquiry: StoredEnquiryFields): enquiry is WhatsAppEnquiry {
  return enquiry.Email === null;
}

/** What a member reads where a field was not given (an enquiry started on WhatsApp). */
export const NOT_GIVEN = "not given";

/** What stands for the buyer's name where WhatsApp gave none usable. */
export const NO_WHATSAPP_NAME = "No name on WhatsApp";

/** The buyer's name as a member reads it: the name, or that WhatsApp gave none. */
export function buyerName(enquiry: Pick<StoredEnquiryFields, "Name">): string {
  return enquiry.Name ?? NO_WHATSAPP_NAME;
}

/** One field as a member reads it in a mail or an export: its value, or "not given". */
export function enquiryFieldText(enquiry: StoredEnquiryFields, field: EnquiryField): string {
  if (field === "Name") return enquiry.Name ?? `${NOT_GIVEN} (${NO_WHATSAPP_NAME.toLowerCase()})`;
  const value = enquiry[field];
  return value === null ? NOT_GIVEN : String(value);
}

/**
 * A WhatsApp profile name as an enquiry keeps it, by the form's rule for names: trimmed, its
 * runs of white space made one, at most NAME_MAX_LENGTH characters; a name the form would refuse
 * for control or unreadable characters is not kept (null), since the buyer cannot be asked to
 * type it again, and the console says the name was not given.
 */
export function cleanProfileName(name: string | null): string | null {
  if (name === null) return null;
  const cleaned = name.replace(/[ \t\r\n]+/g, " ").trim();
  if (cleaned === "" || CONTROL_CHARACTERS.test(cleaned) || hasUnreadableCharacters(cleaned)) return null;
  return Array.from(cleaned).slice(0, NAME_MAX_LENGTH).join("").trim();
}

export type EnquiryCheck = { ok: true; enquiry: Enquiry } | { ok: false; error: string; field: EnquiryField };

/**
 * Control characters (C0 from NUL, DEL, and C1): not text anyone types. No text the server takes
 * may hold one (every field, search and note), but a note may have lines.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;

export const textMessages = {
  control: "Please remove control characters (such as NUL or tab) from the text.",
} as const;

/** True when `value` holds a control character; with `lines`, a newline (LF or CRLF) is allowed. */
export function hasControlCharacters(value: string, options: { lines?: boolean } = {}): boolean {
  return options.lines
    ? CONTROL_CHARACTERS_BUT_NEWLINE.test(value.replace(/\r\n/g, "\n"))
    : CONTROL_CHARACTERS.test(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value.trim() : undefined;
}

function isFilled(field: EnquiryField, value: unknown): boolean {
  if (field === "Quantity") {
    return (
      (typeof value === "number" && !Number.isNaN(value)) ||
      (typeof value === "string" && value.trim() !== "")
    );
  }
  const filled = text(value);
  if (!filled) return false;
  return field !== "RetailerSelfUse" || filled !== BUYER_TYPE_PLACEHOLDER;
}

/** A whole number, or undefined; one too long to be exact is still whole, and caught by the upper limit. */
function quantityOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) ? value : undefined;
  if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Checks an enquiry as the visitor typed it (form values as strings, or the API's JSON).
 * The specification's checks run first, in its order, and stop at the first failure:
 * every field filled; the e-mail address; the mobile number's digits; its length.
 * The quantity and the choice are checked after them. Unknown keys are ignored.
 */
export function checkEnquiry(input: unknown): EnquiryCheck {
  const values = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const read = (field: EnquiryField) => (Object.hasOwn(values, field) ? values[field] : undefined);

  for (const field of ENQUIRY_FIELDS) {
    if (!isFilled(field, read(field))) return { ok: false, error: enquiryMessages.missing, field };
  }

  const email = text(read("Email"));
  if (email === undefined || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    return { ok: false, error: enquiryMessages.email, field: "Email" };
  }

  const mobile = text(read("Mobile"));
  if (mobile === undefined || !/^\d+$/.test(mobile)) {
    return { ok: false, error: enquiryMessages.mobileDigits, field: "Mobile" };
  }
  if (mobile.length !== MOBILE_DIGITS) {
    return { ok: false, error: enquiryMessages.mobileLength, field: "Mobile" };
  }

  const name = text(read("Name"));
  if (name === undefined) return { ok: false, error: enquiryMessages.missing, field: "Name" };
  if (name.length > NAME_MAX_LENGTH) return { ok: false, error: enquiryMessages.nameTooLong, field: "Name" };
  // A lone half of a UTF-16 pair is unreadable too: not text, and no store keeps it as it came.
  if (CONTROL_CHARACTERS.test(name) || hasUnreadableCharacters(name)) {
    return { ok: false, error: enquiryMessages.nameInvalid, field: "Name" };
  }

  const quantity = quantityOf(read("Quantity"));
  if (quantity === undefined || quantity < QUANTITY_MIN) {
    return { ok: false, error: enquiryMessages.quantity, field: "Quantity" };
  }
  if (quantity > QUANTITY_MAX)
    return { ok: false, error: enquiryMessages.quantityTooLarge, field: "Quantity" };

  const buyerType = text(read("RetailerSelfUse"));
  if (!BUYER_TYPES.includes(buyerType as BuyerType)) {
    return { ok: false, error: enquiryMessages.buyerType, field: "RetailerSelfUse" };
  }

  return {
    ok: true,
    enquiry: {
      Name: name,
      Email: email,
      Mobile: mobile,
      Quantity: quantity,
      RetailerSelfUse: buyerType as BuyerType,
    },
  };
}
