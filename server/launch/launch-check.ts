import { PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";
import type { Config } from "../config";
import { UNITS_ENVIRONMENT_FILE } from "../environment-file";
import { mailboxAddress } from "../../domain/email";
import { COMPANY_PAGE, factsLaunchItems, isReserved } from "./facts-launch";

/**
 * The brand details a launch depends on, each with the file and field it comes from. The build
 * writes them (scripts/launch-content.ts) beside the compiled server, which reads nothing from
 * `app/` itself (docs/decisions/010).
 */
export interface LaunchContent {
  facts: LaunchFact[];
}

export interface LaunchFact {
  /** `domain/brand.ts`, `app/content/site.ts`. */
  file: string;
  /** `companyEmail`, `company.address.street`, `social[Facebook].href`. */
  field: string;
  /** What it says now; null when the content has no such field. */
  value: string | number | null;
  /** What kind of fact it is, and so how it is checked. */
  kind: LaunchFactKind;
}

export type LaunchFactKind =
  | "text"
  | "email"
  | "url"
  | "phone"
  | "fssai-licence"
  | "gstin"
  | "price"
  | "grievance-officer"
  /** Terms the site states on the company's behalf: who confirmed them, null until someone has. */
  | "confirmation";

/** One thing to put right before launch: where it is, and what is wrong with it. */
export interface LaunchItem {
  file: string;
  field: string;
  problem: string;
}

export const ENVIRONMENT_FILE = `environment (${UNITS_ENVIRONMENT_FILE})`;

/**
 * The fictional details the project was written with (docs/decisions/005): still one of these,
 * the field was never filled in.
 */
export const SHIPPED_PLACEHOLDERS: ReadonlySet<string> = new Set([
  "Sanvera Healthcare Pvt. Ltd.",
  "Sanvera Healthcare",
  "+91 11 4155 2024",
  "+911141552024",
  "911141552024",
  "10024011000123",
  "Plot 27, Okhla Industrial Estate, Phase III",
  "110020",
  "1499",
  // The Hindi pages' own words for the same company and address (domain/brand.hi.ts, app/content/site.hi.ts).
  "सानवेरा हेल्थकेयर प्रा. लि.",
  "सानवेरा हेल्थकेयर",
  "प्लॉट 27, ओखला इंडस्ट्रियल एस्टेट, फ़ेज़ III",
  "नई दिल्ली 110020",
]);

const isShipped = (value: string | number) => SHIPPED_PLACEHOLDERS.has(String(value));

/** What is wrong with one fact, or null when it looks launch-ready. */
function factProblem(fact: LaunchFact): string | null {
  const { value, kind } = fact;
  if (value === null || value === "") {
    if (kind === "gstin") return "no GSTIN is stated";
    if (kind === "confirmation") return "the company has not confirmed these terms yet";
    return "is empty";
  }
  if (isShipped(value)) return `is still the placeholder '${value}'`;
  const text = String(value);
  switch (kind) {
    case "email":
    case "url":
    case "grievance-officer":
      return isReserved(text) ? `'${text}' is an example address` : null;
    case "fssai-licence":
      return /^\d{14}$/.test(text) ? null : `'${text}' is not a 14-digit FSSAI licence number`;
    case "gstin":
      return /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(text) ? null : `'${text}' is not a GSTIN`;
    case "price":
      return Number(value) > 0 ? null : `'${text}' is not a price`;
    default:
      return null;
  }
}

/** Where Meta's Graph API answers; anything else is a stand-in of it (tests) or a mistake. */
export const META_GRAPH_ORIGIN = "https://graph.facebook.com";

/**
 * Everything that still says example or placeholder, or that production lacks: the company's
 * facts in force (the Company page's, the build's placeholders when none was ever published),
 * field by field, then each detail the build recorded with its file and field, then the
 * configuration. Empty when the site is ready to launch.
 */
export function launchCheck(
  config: Pick<
    Config,
    | "PUBLIC_URL"
    | "DATABASE_URL"
    | "SMTP_URL"
    | "NOTIFY_TO"
    | "MAIL_FROM"
    | "EMAILJS_SERVICE_ID"
    | "BACKUP_INTERVAL_HOURS"
    | "FIRESTORE_INDEXES_DEPLOYED"
    | "IMAP_URL"
    | "IMAP_AUTHSERV_ID"
    | "VAPID_PUBLIC_KEY"
    | "VAPID_SUBJECT"
    | "WHATSAPP_GRAPH_URL"
  >,
  content: LaunchContent,
  facts: CompanyFacts | null,
): LaunchItem[] {
  const items: LaunchItem[] = factsLaunchItems(facts ?? PLACEHOLDER_FACTS);
  // The acknowledgement asks buyers to write to the facts' mailbox: it must be the one the console reads.
  const mailbox = (facts ?? PLACEHOLDER_FACTS).email.mailbox;
  const mailboxSet = mailbox !== PLACEHOLDER_FACTS.email.mailbox;
  if (mailboxSet && mailbox.toLowerCase() !== mailboxAddress(config.MAIL_FROM).toLowerCase()) {
    items.push({
      file: COMPANY_PAGE,
      field: "email.mailbox",
      problem: `'${mailbox}' is not MAIL_FROM's address '${mailboxAddress(config.MAIL_FROM)}': buyers would write to a mailbox the console does not read`,
    });
  }
  for (const fact of content.facts) {
    const problem = factProblem(fact);
    if (problem) items.push({ file: fact.file, field: fact.field, problem });
  }

  const env = (field: string, problem: string) => items.push({ file: ENVIRONMENT_FILE, field, problem });
  if (!config.PUBLIC_URL) env("PUBLIC_URL", "is not set: links in mail point at the server's own address");
  else if (!config.PUBLIC_URL.startsWith("https://"))
    env("PUBLIC_URL", `'${config.PUBLIC_URL}' is not https`);
  else if (isReserved(config.PUBLIC_URL)) env("PUBLIC_URL", `'${config.PUBLIC_URL}' is an example address`);
  if (!config.SMTP_URL && !config.EMAILJS_SERVICE_ID) {
    env("SMTP_URL", "no mail is configured (SMTP_URL or the EMAILJS_ variables): enquiries are not mailed");
  }
  if (config.SMTP_URL && isReserved(new URL(config.SMTP_URL).host)) {
    env("SMTP_URL", "points at an example mail server");
  }
  if (config.NOTIFY_TO && isReserved(config.NOTIFY_TO)) {
    env("NOTIFY_TO", `'${config.NOTIFY_TO}' is an example address`);
  }
  if (isReserved(config.MAIL_FROM)) env("MAIL_FROM", `'${config.MAIL_FROM}' is an example address`);
  if (!config.IMAP_URL) {
    env(
      "IMAP_URL",
      "is not set: buyers' answers to the console's replies stay in the mailbox and never reach their enquiries",
    );
  } else if (isReserved(new URL(config.IMAP_URL).host)) {
    env("IMAP_URL", "points at an example mail server");
  } else if (config.IMAP_AUTHSERV_ID.length === 0) {
    env(
      "IMAP_AUTHSERV_ID",
      "is not set: an answer found only by the enquiry's reference in its subject is shown 'Not verified' (name the receiving mail server whose Authentication-Results to believe)",
    );
  }
  if (config.DATABASE_URL.startsWith("firestore://") && !config.FIRESTORE_INDEXES_DEPLOYED) {
    env(
      "FIRESTORE_INDEXES_DEPLOYED",
      "is not true: deploy firestore.indexes.json (firebase deploy --only firestore:indexes), then set it",
    );
  }
  if (!config.VAPID_PUBLIC_KEY) {
    env(
      "VAPID_PUBLIC_KEY",
      "is not set: members get no reminders on their phones, only mail (npx web-push generate-vapid-keys gives VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)",
    );
  }
  if (config.VAPID_SUBJECT && isReserved(config.VAPID_SUBJECT)) {
    env("VAPID_SUBJECT", `'${config.VAPID_SUBJECT}' is an example address`);
  }
  // WhatsApp is optional; half set, the server does not start (config.ts names what is missing).
  if (config.WHATSAPP_GRAPH_URL && new URL(config.WHATSAPP_GRAPH_URL).origin !== META_GRAPH_ORIGIN) {
    env(
      "WHATSAPP_GRAPH_URL",
      `'${new URL(config.WHATSAPP_GRAPH_URL).origin}' is not Meta's Graph API (${META_GRAPH_ORIGIN}): WhatsApp messages go nowhere real (docs/whatsapp.md)`,
    );
  }
  if (config.DATABASE_URL.startsWith("sqlite:") && !config.BACKUP_INTERVAL_HOURS) {
    env("BACKUP_INTERVAL_HOURS", "is not set: the SQLite database is never backed up on a schedule");
  }
  return items;
}

/** The list as an operator reads it: one line per item, `file  field: problem`. */
export function formatLaunchItems(items: readonly LaunchItem[]): string {
  return items.map((item) => `${item.file}  ${item.field}: ${item.problem}`).join("\n");
}
