/**
 * The Company page's form: the company's facts (domain/company-facts.ts) as the texts an owner
 * types, field by field, and back. Each field's key is its path in the facts ("product.mrpPaise"),
 * the same path the server's problems name, so a message finds its field either way.
 */
import {
  paiseToRupees,
  rupeesToPaise,
  type Bilingual,
  type CompanyFacts,
  type DatedRate,
  type FactsAddress,
  type PriceBreak,
  type Weekday,
} from "../domain/company-facts";

/** The form's texts, by the facts' path; the working days as a comma-separated list ("1,2,3"). */
export type FactsForm = Record<string, string>;

const BILINGUAL_PATHS = [
  "legalName",
  "shortName",
  "product.collagenSource",
  "trade.terms",
  "grievanceOfficer.name",
  "grievanceOfficer.designation",
  "billing.unitOfSale",
  "billing.signatory.name",
  "billing.signatory.designation",
] as const;
const ADDRESS_PATHS = ["registeredAddress", "manufacturingAddress"] as const;
const ADDRESS_TEXTS = ["street", "locality", "city", "state"] as const;

function at(facts: CompanyFacts, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], facts);
}

const optional = (value: string | null) => value ?? "";
const orNull = (text: string) => (text.trim() === "" ? null : text.trim());
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/** The facts as the form shows them. */
export function formOf(facts: CompanyFacts): FactsForm {
  const form: FactsForm = {};
  for (const path of BILINGUAL_PATHS) {
    const value = at(facts, path) as Bilingual;
    form[`${path}.en`] = value.en;
    form[`${path}.hi`] = value.hi;
  }
  for (const address of ADDRESS_PATHS) {
    for (const part of ADDRESS_TEXTS) {
      form[`${address}.${part}.en`] = facts[address][part].en;
      form[`${address}.${part}.hi`] = facts[address][part].hi;
    }
    form[`${address}.gstStateCode`] = facts[address].gstStateCode;
    form[`${address}.pin`] = facts[address].pin;
  }
  Object.assign(form, {
    phone: facts.phone,
    whatsapp: facts.whatsapp,
    "email.care": facts.email.care,
    "email.grievance": facts.email.grievance,
    "email.mailbox": facts.email.mailbox,
    gstin: optional(facts.gstin),
    fssaiLicence: facts.fssaiLicence,
    "product.sachetGrams": String(facts.product.sachetGrams),
    "product.sachetsPerUnit": String(facts.product.sachetsPerUnit),
    "product.mrpPaise": paiseToRupees(facts.product.mrpPaise),
    "product.foodMark": facts.product.foodMark,
    "product.bestBeforeMonths": String(facts.product.bestBeforeMonths),
    "trade.minimumOrderSachets": String(facts.trade.minimumOrderSachets),
    "delivery.minDays": String(facts.delivery.minDays),
    "delivery.maxDays": String(facts.delivery.maxDays),
    "delivery.returnDays": String(facts.delivery.returnDays),
    "workingHours.days": facts.workingHours.days.join(","),
    "workingHours.opens": facts.workingHours.opens,
    "workingHours.closes": facts.workingHours.closes,
    "workingHours.firstContactHours": String(facts.workingHours.firstContactHours),
    "social.facebook": optional(facts.social.facebook),
    "social.instagram": optional(facts.social.instagram),
    "social.linkedin": optional(facts.social.linkedin),
    termsConfirmedBy: optional(facts.termsConfirmedBy),
    "billing.hsn": facts.billing.hsn,
    "billing.gstRates": ratesText(facts.billing.gstRates),
    "billing.uqc": facts.billing.uqc,
    "billing.retailerPrices": pricesText(facts.billing.retailerPrices),
    "billing.selfUsePricePaise": paiseToRupees(facts.billing.selfUsePricePaise),
    "billing.merchantUpiId": optional(facts.billing.merchantUpiId),
    "billing.invoicePrefix": facts.billing.invoicePrefix,
    "billing.bankAccount.name": facts.billing.bankAccount?.name ?? "",
    "billing.bankAccount.number": facts.billing.bankAccount?.number ?? "",
    "billing.bankAccount.ifsc": facts.billing.bankAccount?.ifsc ?? "",
  });
  return form;
}

/** The dated rates as an owner reads and types them, one a line: "2025-09-22 5%". */
export function ratesText(rates: readonly DatedRate[]): string {
  return rates.map((rate) => `${rate.from} ${rate.rateBasisPoints / 100}%`).join("\n");
}

/** "2025-09-22 5%" lines back into rates; a line that is not one keeps NaN for the check to name. */
export function ratesOf(text: string): DatedRate[] {
  return lines(text).map((line) => {
    const match = /^(\S+)\s*[=:]?\s*(\d+(?:\.\d{1,2})?)\s*%?$/.exec(line);
    return match
      ? { from: match[1] ?? "", rateBasisPoints: Math.round(Number(match[2]) * 100) }
      : { from: line, rateBasisPoints: Number.NaN };
  });
}

/** The retailer price list, one step a line: "300 34.00" (from 300 sachets, ₹34.00 a sachet). */
export function pricesText(prices: readonly PriceBreak[]): string {
  return prices.map((step) => `${step.fromSachets} ${paiseToRupees(step.pricePaise)}`).join("\n");
}

export function pricesOf(text: string): PriceBreak[] {
  return lines(text).map((line) => {
    const match = /^(\d+)\s*[=:]?\s*(.+)$/.exec(line);
    return match
      ? { fromSachets: Number(match[1]), pricePaise: rupeesToPaise(match[2] ?? "") }
      : { fromSachets: Number.NaN, pricePaise: Number.NaN };
  });
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

function bilingualOf(form: FactsForm, path: string): Bilingual {
  return { en: (form[`${path}.en`] ?? "").trim(), hi: (form[`${path}.hi`] ?? "").trim() };
}

function addressOf(form: FactsForm, path: string): FactsAddress {
  return {
    street: bilingualOf(form, `${path}.street`),
    locality: bilingualOf(form, `${path}.locality`),
    city: bilingualOf(form, `${path}.city`),
    state: bilingualOf(form, `${path}.state`),
    gstStateCode: (form[`${path}.gstStateCode`] ?? "").trim(),
    pin: (form[`${path}.pin`] ?? "").trim(),
  };
}

/**
 * The facts the form says, as they are published: texts trimmed, an empty optional field null,
 * the MRP typed in rupees turned into paise. Not checked here: `factsProblems` says what is wrong.
 */
export function factsOf(form: FactsForm): CompanyFacts {
  const text = (path: string) => (form[path] ?? "").trim();
  const days = text("workingHours.days")
    .split(",")
    .filter((day) => day !== "")
    .map((day) => Number(day) as Weekday)
    .sort((a, b) => a - b);
  return {
    legalName: bilingualOf(form, "legalName"),
    shortName: bilingualOf(form, "shortName"),
    registeredAddress: addressOf(form, "registeredAddress"),
    manufacturingAddress: addressOf(form, "manufacturingAddress"),
    phone: text("phone").replace(/[\s-]/g, ""),
    whatsapp: text("whatsapp").replace(/[\s-]/g, ""),
    email: { care: text("email.care"), grievance: text("email.grievance"), mailbox: text("email.mailbox") },
    gstin: orNull(text("gstin").toUpperCase()),
    fssaiLicence: text("fssaiLicence").replace(/\s/g, ""),
    product: {
      sachetGrams: numberOf(text("product.sachetGrams")),
      sachetsPerUnit: numberOf(text("product.sachetsPerUnit")),
      mrpPaise: rupeesToPaise(text("product.mrpPaise")),
      foodMark: text("product.foodMark") === "veg" ? "veg" : "non-veg",
      collagenSource: bilingualOf(form, "product.collagenSource"),
      bestBeforeMonths: numberOf(text("product.bestBeforeMonths")),
    },
    trade: {
      minimumOrderSachets: numberOf(text("trade.minimumOrderSachets")),
      terms: bilingualOf(form, "trade.terms"),
    },
    delivery: {
      minDays: numberOf(text("delivery.minDays")),
      maxDays: numberOf(text("delivery.maxDays")),
      returnDays: numberOf(text("delivery.returnDays")),
    },
    workingHours: {
      days,
      opens: text("workingHours.opens"),
      closes: text("workingHours.closes"),
      firstContactHours: numberOf(text("workingHours.firstContactHours")),
    },
    grievanceOfficer: {
      name: bilingualOf(form, "grievanceOfficer.name"),
      designation: bilingualOf(form, "grievanceOfficer.designation"),
    },
    social: {
      facebook: orNull(text("social.facebook")),
      instagram: orNull(text("social.instagram")),
      linkedin: orNull(text("social.linkedin")),
    },
    termsConfirmedBy: orNull(text("termsConfirmedBy")),
    billing: {
      hsn: text("billing.hsn").replace(/\s/g, ""),
      gstRates: ratesOf(form["billing.gstRates"] ?? ""),
      unitOfSale: bilingualOf(form, "billing.unitOfSale"),
      uqc: text("billing.uqc").toUpperCase(),
      retailerPrices: pricesOf(form["billing.retailerPrices"] ?? ""),
      selfUsePricePaise: rupeesToPaise(text("billing.selfUsePricePaise")),
      merchantUpiId: orNull(text("billing.merchantUpiId")),
      invoicePrefix: text("billing.invoicePrefix").toUpperCase(),
      signatory: {
        name: bilingualOf(form, "billing.signatory.name"),
        designation: bilingualOf(form, "billing.signatory.designation"),
      },
      bankAccount:
        text("billing.bankAccount.name") ||
        text("billing.bankAccount.number") ||
        text("billing.bankAccount.ifsc")
          ? {
              name: text("billing.bankAccount.name"),
              number: text("billing.bankAccount.number").replace(/\s/g, ""),
              ifsc: text("billing.bankAccount.ifsc").toUpperCase(),
            }
          : null,
    },
  };
}
