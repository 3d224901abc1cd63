/**
 * The order enquiry: its fields, the specification's checks in their order, and their
 * messages. The browser form and the server's API both use this module; it does no I/O.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email";
import { hasUnreadableCharacters } from "./unreadable";

/** The enquiry's field names, in the form's order (ENQUIRY_FIELD_SPECS, below, gives each one's row). */
export type EnquiryField = (typeof FIELD_ROWS)[number]["name"];

export const BUYER_TYPES = ["Retailer", "Self Use"] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];
/** The select's first option: chosen by default, and not an answer. */
export const BUYER_TYPE_PLACEHOLDER = "retailer/self use";

export const MOBILE_DIGITS = 10;
export const QUANTITY_MIN = 1;
/** Beyond any real order; keeps a typo of extra digits from becoming an order. */
export const QUANTITY_MAX = 100_000;
export const NAME_MAX_LENGTH = 100;
/** The longest text an optional field of the form takes (a company's name, say). */
export const OPTIONAL_TEXT_MAX_LENGTH = 100;

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
  optionalText: `Please enter at most ${OPTIONAL_TEXT_MAX_LENGTH} characters, without control or unreadable characters, or leave it empty.`,
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
 * How a field is shown on the console's enquiry page: as a name (or that none was given), an
 * address to copy, a number to call, a quantity in sachets, or as it was typed.
 */
export type EnquiryFieldDisplay = "name" | "email" | "mobile" | "quantity" | "text";

/**
 * One field of the order enquiry and every place it goes, in one row: the form, the retry's
 * fingerprint, the mails, the CSV exports, the console's enquiry page and both stores. The places
 * read these rows instead of listing the fields, so a new field is a row here (with its type above,
 * its labels in the form's content and its SQLite column in a migration); enquiry-fields.test.ts
 * checks every place takes each row.
 */
export interface EnquiryFieldSpec<Name extends string = EnquiryField> {
  name: Name;
  /**
   * The form refuses the enquiry without it ("Please fill the data"). An optional field is left
   * out of the stored enquiry when empty, and out of the fingerprint and the mails when not given,
   * so enquiries without it keep their fingerprint, mails and documents as they were.
   */
  required: boolean;
  /** The form's input: its type and the browser's hints (the words are in app/content, by `name`). */
  input: {
    type: "text" | "email" | "tel" | "number" | "select";
    autoComplete: string;
    inputMode?: "text" | "email" | "tel" | "numeric";
  };
  /**
   * How the retry's fingerprint (server/store/idempotency.ts) takes it: its value as stored, as
   * text (String(value), "null" when not given), or not at all.
   */
  fingerprint: "value" | "text" | false;
  /** Its label in the mails to the company and to members. */
  mailLabel: string;
  /** Its label and how its value is shown on the console's enquiry page (and Personal data). */
  console: { label: string; display: EnquiryFieldDisplay };
  /** Its column's header in the console's CSV export and in the command line's (`export enquiries`). */
  csvHeader: { console: string; cli: string };
  /** Its column in the enquiries' table (SQLite) and its field in the enquiry's document (Firestore). */
  sqliteColumn: string;
  firestoreField: string;
}

const FIELD_ROWS = [
  {
    name: "Name",
    required: true,
    fingerprint: "value",
    input: { type: "text", autoComplete: "name", inputMode: "text" },
    mailLabel: "Name",
    console: { label: "Name", display: "name" },
    csvHeader: { console: "Name", cli: "Name" },
    sqliteColumn: "Name",
    firestoreField: "Name",
  },
  {
    name: "Email",
    required: true,
    fingerprint: "value",
    input: { type: "email", autoComplete: "email", inputMode: "email" },
    mailLabel: "Email",
    console: { label: "Email", display: "email" },
    csvHeader: { console: "Email", cli: "Email" },
    sqliteColumn: "Email",
    firestoreField: "Email",
  },
  {
    name: "Mobile",
    required: true,
    fingerprint: "value",
    // No pattern or maxlength: what is typed reaches the specification's checks and messages.
    input: { type: "tel", autoComplete: "tel-national", inputMode: "tel" },
    mailLabel: "Mobile",
    console: { label: "Mobile", display: "mobile" },
    csvHeader: { console: "Mobile", cli: "Mobile" },
    sqliteColumn: "Mobile",
    firestoreField: "Mobile",
  },
  {
    name: "Quantity",
    required: true,
    fingerprint: "text",
    input: { type: "number", autoComplete: "off", inputMode: "numeric" },
    mailLabel: "Quantity",
    console: { label: "Quantity", display: "quantity" },
    csvHeader: { console: "Quantity (sachets)", cli: "Quantity" },
    sqliteColumn: "Quantity",
    firestoreField: "Quantity",
  },
  {
    name: "RetailerSelfUse",
    required: true,
    fingerprint: "value",
    input: { type: "select", autoComplete: "off" },
    mailLabel: "Retailer / Self Use",
    console: { label: "Retailer/Self Use", display: "text" },
    csvHeader: { console: "RetailerSelfUse", cli: "RetailerSelfUse" },
    sqliteColumn: "RetailerSelfUse",
    firestoreField: "RetailerSelfUse",
  },
] as const satisfies readonly EnquiryFieldSpec<string>[];

/** The SQLite columns of the optional fields (each a text or null): a row's type takes them from here. */
export type OptionalEnquiryColumn = Extract<(typeof FIELD_ROWS)[number], { required: false }>["sqliteColumn"];

/** The enquiry's fields in the form's order: every place that lists them reads this. */
export const ENQUIRY_FIELD_SPECS: readonly EnquiryFieldSpec[] = FIELD_ROWS;
export const ENQUIRY_FIELDS: readonly EnquiryField[] = ENQUIRY_FIELD_SPECS.map((spec) => spec.name);

/** A field's value as stored: absent (an optional field left empty), null (not given on WhatsApp) or given. */
export function enquiryFieldValue(
  enquiry: StoredEnquiryFields,
  field: EnquiryField,
): string | number | null | undefined {
  return (enquiry as unknown as Partial<Record<EnquiryField, string | number | null>>)[field];
}

/** The fields a mail or the fingerprint lists for an enquiry: every required one, and the optional ones given. */
export function shownFields(enquiry: StoredEnquiryFields): EnquiryFieldSpec[] {
  return ENQUIRY_FIELD_SPECS.filter(
    (spec) => spec.required || (enquiryFieldValue(enquiry, spec.name) ?? null) !== null,
  );
}

/**
 * The enquiry's fields and nothing else, as they are stored: every described field, an optional one
 * only when given (what the intake stores of what the route checked, extra keys dropped).
 */
export function keptFields<Fields extends StoredEnquiryFields>(enquiry: Fields): Fields {
  const kept: Partial<Record<EnquiryField, string | number | null>> = {};
  for (const spec of ENQUIRY_FIELD_SPECS) {
    const value = enquiryFieldValue(enquiry, spec.name);
    if (spec.required) kept[spec.name] = value ?? null;
    else if (value !== null && value !== undefined) kept[spec.name] = value;
  }
  return kept as Fields;
}

/**
 * The enquiry's fields from a stored record (a SQLite row by its columns, a Firestore document by
 * its fields): the one decoding of them for both stores. A record with no address is an enquiry
 * started on WhatsApp, with no quantity or buyer type and perhaps no name; with one, every required
 * field is given. An optional field is there only when a text was stored.
 */
export function enquiryFieldsFromRecord(
  record: Readonly<Record<string, unknown>>,
  key: "sqliteColumn" | "firestoreField",
): StoredEnquiryFields {
  const read = (field: EnquiryField) => record[fieldSpec(field)[key]];
  const optional: Record<string, string> = {};
  for (const spec of ENQUIRY_FIELD_SPECS) {
    const value = record[spec[key]];
    if (!spec.required && typeof value === "string") optional[spec.name] = value;
  }
  if (read("Email") === null) {
    const name = read("Name");
    return {
      Name: typeof name === "string" ? name : null,
      Email: null,
      Mobile: String(read("Mobile")),
      Quantity: null,
      RetailerSelfUse: null,
      ...optional,
    };
  }
  return {
    Name: String(read("Name")),
    Email: String(read("Email")),
    Mobile: String(read("Mobile")),
    Quantity: Number(read("Quantity")),
    RetailerSelfUse: String(read("RetailerSelfUse")) as BuyerType,
    ...optional,
  };
}

/**
 * The enquiry's fields as a stored record takes them, keyed by column or document field: null for
 * what WhatsApp did not give; an optional field left empty is null in a row (`absent: null`) and
 * left out of a document (`absent: "omit"`), as it was before the field existed.
 */
export function enquiryFieldsRecord(
  enquiry: StoredEnquiryFields,
  key: "sqliteColumn" | "firestoreField",
  absent: "null" | "omit",
): Record<string, string | number | null> {
  const record: Record<string, string | number | null> = {};
  for (const spec of ENQUIRY_FIELD_SPECS) {
    const value = enquiryFieldValue(enquiry, spec.name) ?? null;
    if (value === null && !spec.required && absent === "omit") continue;
    record[spec[key]] = value;
  }
  return record;
}

/** A field's row. */
export function fieldSpec(field: EnquiryField): EnquiryFieldSpec {
  const spec = ENQUIRY_FIELD_SPECS.find((each) => each.name === field);
  if (!spec) throw new Error(`No row for the enquiry field ${field}.`);
  return spec;
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
  const value = enquiryFieldValue(enquiry, field) ?? null;
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

/** What an optional text field takes: at most OPTIONAL_TEXT_MAX_LENGTH characters, none a control or unreadable one. */
export function isOptionalText(value: string): boolean {
  return (
    Array.from(value).length <= OPTIONAL_TEXT_MAX_LENGTH &&
    !CONTROL_CHARACTERS.test(value) &&
    !hasUnreadableCharacters(value)
  );
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

  for (const { name: field, required } of ENQUIRY_FIELD_SPECS) {
    if (required && !isFilled(field, read(field)))
      return { ok: false, error: enquiryMessages.missing, field };
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

  // An optional field is checked only when filled in, and left out of the enquiry when it is not.
  const optional: Partial<Record<EnquiryField, string>> = {};
  for (const { name: field, required } of ENQUIRY_FIELD_SPECS) {
    const value = text(read(field));
    if (required || !value) continue;
    if (!isOptionalText(value)) return { ok: false, error: enquiryMessages.optionalText, field };
    optional[field] = value;
  }

  return {
    ok: true,
    enquiry: {
      Name: name,
      Email: email,
      Mobile: mobile,
      Quantity: quantity,
      RetailerSelfUse: buyerType as BuyerType,
      ...(optional as Partial<Enquiry>),
    },
  };
}
