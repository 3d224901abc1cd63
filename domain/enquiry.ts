/**
 * The order enquiry: its fields, the specification's checks in their order, and their
 * messages. The browser form and the server's API both use this module; it does no I/O.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email";

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
  quantity: "Please enter a quantity of at least 1.",
  quantityTooLarge: `Please enter a quantity of at most ${QUANTITY_MAX.toLocaleString("en-IN")}.`,
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

export type EnquiryCheck = { ok: true; enquiry: Enquiry } | { ok: false; error: string; field: EnquiryField };

/**
 * Control characters (C0 from NUL, DEL, and C1): not text anyone types. No text the server takes
 * may hold one (every field, search and note), but a note may have lines.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;
/**
 * Characters that cannot be seen, or that change how the text around them reads: Unicode's format
 * characters (Cf: direction overrides, embeddings, isolates and marks, zero-width characters, the
 * soft hyphen, U+180E, tag characters) and default-ignorable code points (the Hangul fillers
 * U+115F, U+1160, U+3164 and U+FFA0, which draw as blanks yet count as letters, the combining
 * grapheme joiner U+034F, variation selectors), the braille blank U+2800 (a pattern of no dots,
 * drawn as a space), and the line and paragraph separators. The one definition of what a Name
 * and an enquiry's source may not hold (domain/enquiry-source-check.ts), since staff, mails and
 * CSV show them.
 */
const UNREADABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\u2028\u2029]/u;
/**
 * The zero-width joiner and non-joiner shape Indic conjuncts (in Devanagari, क् ZWJ ष keeps the
 * half form; कि ZWNJ रण keeps the letters apart), Persian words and emoji sequences: taken between
 * two characters that are neither ASCII, space nor unreadable (an emoji's variation selector may
 * come before one), and nowhere else.
 */
const JOINERS = /^[\u200C\u200D]$/u;
/**
 * Variation selectors choose how the character before them is drawn (U+FE0F draws ❤ as an emoji): taken right
 * after a character that can be seen, and nowhere else (alone, or stacked on another selector).
 */
const SELECTORS = /^[\uFE00-\uFE0F\u180B-\u180D\u180F\u{E0100}-\u{E01EF}]$/u;

function seen(char: string | undefined): char is string {
  return char !== undefined && !/\s/u.test(char) && !UNREADABLE.test(char);
}

/**
 * True when `value` holds a character no reader can see or that changes how the text reads
 * (UNREADABLE), other than a joiner inside a word of a script such as Devanagari or an emoji, or
 * a variation selector after what it styles.
 */
export function hasUnreadableCharacters(value: string): boolean {
  const chars = Array.from(value);
  return chars.some((char, i) => {
    if (!UNREADABLE.test(char)) return false;
    const before = chars[i - 1];
    const after = chars[i + 1];
    if (JOINERS.test(char)) {
      const beforeTakes =
        (seen(before) && !/\p{ASCII}/u.test(before)) ||
        (before !== undefined && SELECTORS.test(before) && seen(chars[i - 2]));
      return !(beforeTakes && seen(after) && !/\p{ASCII}/u.test(after));
    }
    if (SELECTORS.test(char)) return !seen(before);
    return true;
  });
}

export const textMessages = {
  control: "Please remove control characters (such as NUL or tab) from the text.",
} as const;

/** True when `value` holds a control character; with `lines`, a newline (LF or CRLF) is allowed. */
export function hasControlCharacters(value: string, options: { lines?: boolean } = {}): boolean {
  return options.lines
    ? CONTROL_CHARACTERS_BUT_NEWLINE.test(value.replace(/\r\n/g, "\n"))
    : CONTROL_CHARACTERS.test(value);
}
/** Half of a UTF-16 pair without its other half: not text, and no store can keep it as it came. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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
  if (CONTROL_CHARACTERS.test(name) || hasUnreadableCharacters(name) || LONE_SURROGATE.test(name)) {
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
