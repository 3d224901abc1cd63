import { PLACEHOLDER_FACTS, type Bilingual, type CompanyFacts } from "../../domain/company-facts";
import { COMPANY_PAGE_PATH } from "../../domain/company-facts-api";
import type { LaunchItem } from "./launch-check";

/** Where an operator puts right the company's facts: the console's Company page. */
export const COMPANY_PAGE = `Company page (${COMPANY_PAGE_PATH})`;

/**
 * An address on a domain reserved for examples and tests (RFC 2606, RFC 6761), or naming
 * "example" anywhere (`facebook.com/collarise.example`): never a real company's.
 */
export function isReserved(text: string): boolean {
  const lower = text.toLowerCase();
  return (
    /(^|[^a-z0-9])example([^a-z0-9]|$)/.test(lower) ||
    /\.(test|invalid|localhost)(?=$|[/:?#>])/.test(lower) ||
    /(\/\/|@)localhost(?=$|[/:?#>])/.test(lower)
  );
}

/**
 * The facts that name the company itself: still the build's fictional value, never filled in. The
 * product's own facts (a 12.5 g sachet, 30 to a pack), the delivery days, the working hours and
 * the states and cities of the addresses are not among them: the build's values may be the
 * company's too. The MRP is not either: ₹1,499 may well be the real one.
 */
const BILINGUAL_IDENTITY = [
  "legalName",
  "shortName",
  "registeredAddress.street",
  "manufacturingAddress.street",
  "grievanceOfficer.name",
  "billing.signatory.name",
] as const;
const SINGLE_IDENTITY = [
  "registeredAddress.pin",
  "manufacturingAddress.pin",
  "phone",
  "whatsapp",
  "email.care",
  "email.grievance",
  "email.mailbox",
  "fssaiLicence",
  "social.facebook",
  "social.instagram",
  "social.linkedin",
] as const;
const LANGUAGE_NAMES = { en: "English", hi: "Hindi" } as const;

function at(facts: CompanyFacts, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], facts);
}

/**
 * Everything in the company's facts in force that still stands between the site and its launch,
 * field by field and language by language: a value still the build's placeholder, an example
 * address, no GSTIN, terms nobody confirmed. Empty for a company's own facts.
 */
export function factsLaunchItems(facts: CompanyFacts): LaunchItem[] {
  const items: LaunchItem[] = [];
  const add = (field: string, problem: string) => items.push({ file: COMPANY_PAGE, field, problem });
  for (const path of BILINGUAL_IDENTITY) {
    const value = at(facts, path) as Bilingual;
    const placeholder = at(PLACEHOLDER_FACTS, path) as Bilingual;
    for (const language of ["en", "hi"] as const) {
      if (value[language] === placeholder[language])
        add(`${path} (${LANGUAGE_NAMES[language]})`, `is still the placeholder '${value[language]}'`);
    }
  }
  for (const path of SINGLE_IDENTITY) {
    const value = at(facts, path) as string | null;
    if (value === null) continue;
    if (value === at(PLACEHOLDER_FACTS, path)) add(path, `is still the placeholder '${value}'`);
    else if (isReserved(value)) add(path, `'${value}' is an example address`);
  }
  if (facts.gstin === null) add("gstin", "no GSTIN is stated");
  if (facts.billing.merchantUpiId === null)
    add("billing.merchantUpiId", "no merchant UPI ID is stated: invoices cannot ask for payment by UPI");
  if (facts.termsConfirmedBy === null)
    add("termsConfirmedBy", "nobody has confirmed the payment, delivery and return terms yet");
  return items;
}
