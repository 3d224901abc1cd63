/**
 * The company's own facts, as data: what the pages, the mails, the templates, the console and the
 * structured data state as the company's word. One record, typed and checked here once; the
 * console's Company page edits it, every published version is kept, and the build's defaults
 * (`PLACEHOLDER_FACTS`) are an obviously fictional company that the launch check refuses.
 *
 * No I/O: the pages, the console and the server all import it.
 */

/** A text the pages state in each language. */
export interface Bilingual {
  en: string;
  hi: string;
}

export interface FactsAddress {
  /** Building, street and area. */
  street: Bilingual;
  /** Locality or district, as the post addresses it (Okhla, Noida Sector 63). */
  locality: Bilingual;
  city: Bilingual;
  state: Bilingual;
  /** The state's two-digit GST state code (07 Delhi, 09 Uttar Pradesh). */
  gstStateCode: string;
  /** Six-digit PIN code. */
  pin: string;
}

/** The veg / non-veg mark of the Food Safety and Standards (Labelling and Display) Regulations. */
export type FoodMark = "veg" | "non-veg";

/** Days of the week as `Date.getUTCDay()` numbers of the IST calendar (0 Sunday … 6 Saturday). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface CompanyFacts {
  legalName: Bilingual;
  shortName: Bilingual;
  registeredAddress: FactsAddress;
  /** Where the product is made: printed with the FSSAI licence. */
  manufacturingAddress: FactsAddress;
  /** The company's phone, E.164 (+91 and ten digits). */
  phone: string;
  /** The WhatsApp Business number, E.164 (+91 and ten digits). */
  whatsapp: string;
  email: {
    /** Customer care: shown on the pages. */
    care: string;
    /** Where grievances under the privacy policy go. */
    grievance: string;
    /** The mailbox the console reads: buyers are asked to answer there. */
    mailbox: string;
  };
  /** Fifteen characters with its check digit; null until the company states it. */
  gstin: string | null;
  /** Fourteen digits. */
  fssaiLicence: string;
  product: {
    /** Net quantity of one sachet, in grams. */
    sachetGrams: number;
    /** Sachets in the unit of sale (1 when sachets are sold one by one). */
    sachetsPerUnit: number;
    /** Maximum retail price of one unit of sale, inclusive of all taxes, in paise. */
    mrpPaise: number;
    foodMark: FoodMark;
    /** Where the collagen comes from ("Fish (marine) collagen peptides"). */
    collagenSource: Bilingual;
    bestBeforeMonths: number;
  };
  trade: {
    /** Sachets a retailer orders at least to be offered a trade price; the "better price" template needs it. */
    minimumOrderSachets: number;
    terms: Bilingual;
  };
  delivery: {
    /** Working days from confirmation to delivery, fewest and most. */
    minDays: number;
    maxDays: number;
    /** Days from delivery in which a damaged, wrong or expired pack is replaced or refunded. */
    returnDays: number;
  };
  /** When customer care answers: the FAQ, the first-contact promise and the pages read this one figure. */
  workingHours: {
    days: Weekday[];
    /** "10:00", IST. */
    opens: string;
    /** "19:00", IST. */
    closes: string;
    /** Working hours within which a new enquiry is first contacted. */
    firstContactHours: number;
  };
  grievanceOfficer: {
    name: Bilingual;
    designation: Bilingual;
  };
  social: {
    facebook: string | null;
    instagram: string | null;
    linkedin: string | null;
  };
  /** Who confirmed the payment, delivery and return terms the FAQ states ("Name, role, date"); null until someone has. */
  termsConfirmedBy: string | null;
  /** What the quotations, invoices and credit notes state (docs/invoices.md). */
  billing: CompanyBilling;
}

/** A GST rate and the IST day it applies from, until the next one's. */
export interface DatedRate {
  /** "2025-09-22". */
  from: string;
  /** 500 = 5 %. */
  rateBasisPoints: number;
}

/** One step of the retailer price list: from this many sachets, this price per sachet. */
export interface PriceBreak {
  fromSachets: number;
  /** Per sachet, exclusive of GST. */
  pricePaise: number;
}

export interface CompanyBilling {
  /** The product's HSN code: 4, 6 or 8 digits. */
  hsn: string;
  /** The GST rates in force, each from its day, in order: data, because rates change. */
  gstRates: DatedRate[];
  /** The unit a document counts ("sachet") and its GST unit quantity code ("PCS"). */
  unitOfSale: Bilingual;
  uqc: string;
  /** The retailer price list, by quantity, exclusive of GST; below its first step the self-use price applies. */
  retailerPrices: PriceBreak[];
  /**
   * What a person buying for their own use pays per sachet, inclusive of GST as an MRP is: the
   * taxable value is derived from it at the rate in force.
   */
  selfUsePricePaise: number;
  /** The merchant (business) UPI ID payments are asked to, "name@bank"; null until set. */
  merchantUpiId: string | null;
  /** What every document number starts with: 1 to 4 capital letters or digits. */
  invoicePrefix: string;
  /** Who signs the documents for the company. */
  signatory: { name: Bilingual; designation: Bilingual };
  /** The account a bank transfer goes to; null until set. */
  bankAccount: { name: string; number: string; ifsc: string } | null;
}

/**
 * The placeholder company's billing facts. HSN 2106 90 99 ("food preparations not elsewhere
 * specified"), taxed at 18 % from GST's start (1 July 2017) and at 5 % from 22 September 2025,
 * when the rates of heading 2106 were rationalised: the company's CA confirms the heading and the
 * rate before the first invoice (docs/invoices.md).
 */
export const PLACEHOLDER_BILLING: CompanyBilling = {
  hsn: "21069099",
  gstRates: [
    { from: "2017-07-01", rateBasisPoints: 1800 },
    { from: "2025-09-22", rateBasisPoints: 500 },
  ],
  unitOfSale: { en: "sachet", hi: "सैशे" },
  uqc: "PCS",
  retailerPrices: [
    { fromSachets: 300, pricePaise: 3_400 },
    { fromSachets: 1_500, pricePaise: 3_200 },
    { fromSachets: 3_000, pricePaise: 3_000 },
  ],
  selfUsePricePaise: 4_997,
  merchantUpiId: null,
  invoicePrefix: "SH",
  signatory: {
    name: { en: "Signatory (name to be set)", hi: "हस्ताक्षरकर्ता (नाम भरा जाना है)" },
    designation: { en: "Director", hi: "निदेशक" },
  },
  bankAccount: null,
};

/**
 * A facts record as a store kept it: a version published before the billing facts existed reads
 * with the placeholder's, so every reader sees a whole record. The one place that fills it in.
 */
export function factsFromStored(stored: unknown): CompanyFacts {
  const facts = stored as Omit<CompanyFacts, "billing"> & { billing?: CompanyBilling };
  return { ...facts, billing: facts.billing ?? PLACEHOLDER_BILLING };
}

/**
 * The fictional company the project is built with: every value obviously a placeholder, refused by
 * the launch check (`launchProblems`).
 */
export const PLACEHOLDER_FACTS: CompanyFacts = {
  legalName: { en: "Sanvera Healthcare Pvt. Ltd.", hi: "सानवेरा हेल्थकेयर प्रा. लि." },
  shortName: { en: "Sanvera Healthcare", hi: "सानवेरा हेल्थकेयर" },
  registeredAddress: {
    street: { en: "Plot 27, Okhla Industrial Estate, Phase III", hi: "प्लॉट 27, ओखला इंडस्ट्रियल एस्टेट, फ़ेज़ III" },
    locality: { en: "Okhla", hi: "ओखला" },
    city: { en: "New Delhi", hi: "नई दिल्ली" },
    state: { en: "Delhi", hi: "दिल्ली" },
    gstStateCode: "07",
    pin: "110020",
  },
  manufacturingAddress: {
    street: { en: "Plot 27, Okhla Industrial Estate, Phase III", hi: "प्लॉट 27, ओखला इंडस्ट्रियल एस्टेट, फ़ेज़ III" },
    locality: { en: "Okhla", hi: "ओखला" },
    city: { en: "New Delhi", hi: "नई दिल्ली" },
    state: { en: "Delhi", hi: "दिल्ली" },
    gstStateCode: "07",
    pin: "110020",
  },
  phone: "+911141552024",
  whatsapp: "+911141552024",
  email: {
    care: "care@collarise.example",
    grievance: "grievance@collarise.example",
    mailbox: "sales@collarise.example",
  },
  gstin: null,
  fssaiLicence: "10024011000123",
  product: {
    sachetGrams: 12.5,
    sachetsPerUnit: 30,
    mrpPaise: 149_900,
    foodMark: "non-veg",
    collagenSource: { en: "Fish (marine) collagen peptides", hi: "मछली (समुद्री) कोलेजन पेप्टाइड" },
    bestBeforeMonths: 18,
  },
  trade: {
    minimumOrderSachets: 300,
    terms: {
      en: "Retailers ordering at least 300 sachets (10 packs) are offered a trade price, confirmed on the call.",
      hi: "कम से कम 300 सैशे (10 पैक) लेने वाले रिटेलरों को कॉल पर ट्रेड क़ीमत बताई जाती है।",
    },
  },
  delivery: { minDays: 3, maxDays: 7, returnDays: 7 },
  workingHours: { days: [1, 2, 3, 4, 5, 6], opens: "10:00", closes: "19:00", firstContactHours: 4 },
  grievanceOfficer: {
    name: { en: "Grievance Officer (name to be set)", hi: "शिकायत अधिकारी (नाम भरा जाना है)" },
    designation: { en: "Grievance Officer", hi: "शिकायत अधिकारी" },
  },
  social: {
    facebook: "https://www.facebook.com/collarise.example",
    instagram: "https://www.instagram.com/collarise.example",
    linkedin: "https://www.linkedin.com/company/collarise-example",
  },
  termsConfirmedBy: null,
  billing: PLACEHOLDER_BILLING,
};

/** GST state codes and the states (and union territories) they stand for. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
};

const GSTIN_CHARSET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The check character of a GSTIN's first fourteen characters (GSTN's weighted mod-36 sum). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = GSTIN_CHARSET.indexOf(first14[index] ?? "");
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36] ?? "";
}

/** What is wrong with a GSTIN, or null when it is well formed with a right check character. */
export function gstinProblem(gstin: string): string | null {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) {
    return "A GSTIN is 15 characters: 2 digits of the state, the 10 of the PAN, an entity number, Z and a check character.";
  }
  if (!(gstin.slice(0, 2) in GST_STATE_CODES)) return `${gstin.slice(0, 2)} is not a GST state code.`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return "This GSTIN's last character does not match the others: check it for a typing slip.";
  }
  return null;
}

/** One problem of a facts record: the field's path ("registeredAddress.pin") and what to do. */
export interface FactsProblem {
  field: string;
  message: string;
}

const E164_INDIA = /^\+91[6-9]\d{9}$|^\+91[1-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function bilingualProblems(field: string, value: Bilingual, max: number): FactsProblem[] {
  const problems: FactsProblem[] = [];
  for (const language of ["en", "hi"] as const) {
    const text = value[language].trim();
    const name = language === "en" ? "English" : "Hindi";
    if (!text) problems.push({ field: `${field}.${language}`, message: `Write it in ${name}.` });
    else if (text.length > max)
      problems.push({ field: `${field}.${language}`, message: `Keep it within ${max} characters.` });
  }
  return problems;
}

function addressProblems(field: string, address: FactsAddress): FactsProblem[] {
  const problems = [
    ...bilingualProblems(`${field}.street`, address.street, 120),
    ...bilingualProblems(`${field}.locality`, address.locality, 60),
    ...bilingualProblems(`${field}.city`, address.city, 60),
    ...bilingualProblems(`${field}.state`, address.state, 60),
  ];
  if (!/^[1-9]\d{5}$/.test(address.pin))
    problems.push({ field: `${field}.pin`, message: "A PIN code is six digits and does not start with 0." });
  if (!(address.gstStateCode in GST_STATE_CODES))
    problems.push({ field: `${field}.gstStateCode`, message: "Choose the state's GST code from the list." });
  return problems;
}

function urlProblem(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? null : "A link starts with https://.";
  } catch {
    return "This is not a web address.";
  }
}

/**
 * Everything wrong with a facts record, each with its field and a message a person can act on;
 * empty when it may be published. Checks the form of each fact, not whether it is a placeholder
 * (that is the launch check's question).
 */
export function factsProblems(facts: CompanyFacts): FactsProblem[] {
  const problems: FactsProblem[] = [
    ...bilingualProblems("legalName", facts.legalName, 120),
    ...bilingualProblems("shortName", facts.shortName, 60),
    ...addressProblems("registeredAddress", facts.registeredAddress),
    ...addressProblems("manufacturingAddress", facts.manufacturingAddress),
    ...bilingualProblems("product.collagenSource", facts.product.collagenSource, 120),
    ...bilingualProblems("trade.terms", facts.trade.terms, 400),
    ...bilingualProblems("grievanceOfficer.name", facts.grievanceOfficer.name, 80),
    ...bilingualProblems("grievanceOfficer.designation", facts.grievanceOfficer.designation, 80),
  ];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!E164_INDIA.test(facts.phone))
    add("phone", "Write the phone as +91 and its ten digits, e.g. +911141552024.");
  if (!E164_INDIA.test(facts.whatsapp))
    add("whatsapp", "Write the WhatsApp number as +91 and its ten digits, e.g. +919812345678.");
  for (const key of ["care", "grievance", "mailbox"] as const) {
    if (!EMAIL.test(facts.email[key])) add(`email.${key}`, "This is not an e-mail address.");
  }
  if (facts.gstin !== null) {
    const problem = gstinProblem(facts.gstin);
    if (problem) add("gstin", problem);
    else if (facts.gstin.slice(0, 2) !== facts.registeredAddress.gstStateCode) {
      add(
        "gstin",
        `This GSTIN is registered in ${GST_STATE_CODES[facts.gstin.slice(0, 2)]}, but the registered address is in ${GST_STATE_CODES[facts.registeredAddress.gstStateCode] ?? "another state"}.`,
      );
    }
  }
  if (!/^\d{14}$/.test(facts.fssaiLicence)) add("fssaiLicence", "An FSSAI licence number is 14 digits.");
  const { product } = facts;
  if (!(product.sachetGrams > 0 && product.sachetGrams <= 1000))
    add("product.sachetGrams", "Give one sachet's net quantity in grams.");
  if (
    !Number.isInteger(product.sachetsPerUnit) ||
    product.sachetsPerUnit < 1 ||
    product.sachetsPerUnit > 1000
  )
    add("product.sachetsPerUnit", "Give the sachets in one unit of sale, a whole number from 1.");
  if (!Number.isInteger(product.mrpPaise) || product.mrpPaise <= 0 || product.mrpPaise > 10_000_000)
    add("product.mrpPaise", "Give the MRP in rupees and paise, more than ₹0, e.g. 1499.00.");
  if (product.foodMark !== "veg" && product.foodMark !== "non-veg")
    add("product.foodMark", "Choose the veg or the non-veg mark.");
  if (
    !Number.isInteger(product.bestBeforeMonths) ||
    product.bestBeforeMonths < 1 ||
    product.bestBeforeMonths > 120
  )
    add("product.bestBeforeMonths", "Give the months to best before, a whole number.");
  if (!Number.isInteger(facts.trade.minimumOrderSachets) || facts.trade.minimumOrderSachets < 1)
    add("trade.minimumOrderSachets", "Give the minimum order in sachets, a whole number from 1.");
  const { delivery } = facts;
  if (!Number.isInteger(delivery.minDays) || delivery.minDays < 1)
    add("delivery.minDays", "Give the fewest working days to deliver, a whole number from 1.");
  if (!Number.isInteger(delivery.maxDays) || delivery.maxDays < delivery.minDays)
    add("delivery.maxDays", "The most days to deliver cannot be fewer than the fewest.");
  if (!Number.isInteger(delivery.returnDays) || delivery.returnDays < 1)
    add("delivery.returnDays", "Give the days to report a damaged pack, a whole number from 1.");
  const hours = facts.workingHours;
  if (hours.days.length === 0 || hours.days.some((day) => !Number.isInteger(day) || day < 0 || day > 6))
    add("workingHours.days", "Choose at least one working day.");
  if (!TIME.test(hours.opens)) add("workingHours.opens", "Write the opening time as HH:MM, e.g. 10:00.");
  if (!TIME.test(hours.closes)) add("workingHours.closes", "Write the closing time as HH:MM, e.g. 19:00.");
  else if (TIME.test(hours.opens) && hours.closes <= hours.opens)
    add("workingHours.closes", "Closing time comes after opening time.");
  if (
    !Number.isInteger(hours.firstContactHours) ||
    hours.firstContactHours < 1 ||
    hours.firstContactHours > 72
  )
    add(
      "workingHours.firstContactHours",
      "Give the working hours to first contact, a whole number from 1 to 72.",
    );
  for (const key of ["facebook", "instagram", "linkedin"] as const) {
    const problem = urlProblem(facts.social[key]);
    if (problem) add(`social.${key}`, problem);
  }
  problems.push(...billingProblems(facts.billing));
  return problems;
}

/** An HSN code: 4, 6 or 8 digits. */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;
const UPI_ID = /^[A-Za-z0-9.\-_]{2,256}@[A-Za-z]{2,64}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** With "/2627/T" and five digits of sequence, a prefix of 4 keeps every number within Rule 46's 16. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;

function billingProblems(billing: CompanyBilling): FactsProblem[] {
  const problems: FactsProblem[] = [
    ...bilingualProblems("billing.unitOfSale", billing.unitOfSale, 30),
    ...bilingualProblems("billing.signatory.name", billing.signatory.name, 80),
    ...bilingualProblems("billing.signatory.designation", billing.signatory.designation, 80),
  ];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!HSN_PATTERN.test(billing.hsn)) add("billing.hsn", "An HSN code is 4, 6 or 8 digits, e.g. 21069099.");
  if (billing.gstRates.length === 0)
    add("billing.gstRates", "Give the GST rate and the date it applies from.");
  billing.gstRates.forEach((rate, index) => {
    const line = index + 1;
    const previous = billing.gstRates[index - 1];
    if (!DAY.test(rate.from) || Number.isNaN(Date.parse(rate.from)) || Number.isNaN(rate.rateBasisPoints))
      add(
        "billing.gstRates",
        `Write each rate as its date and percent, e.g. "2025-09-22 5%" (line ${line}).`,
      );
    else if (previous && rate.from <= previous.from)
      add("billing.gstRates", `Put the rates in date order, each date after the one before (line ${line}).`);
    else if (
      !Number.isInteger(rate.rateBasisPoints) ||
      rate.rateBasisPoints < 0 ||
      rate.rateBasisPoints > 4_000
    )
      add("billing.gstRates", `A GST rate is a percent from 0 to 40 (line ${line}).`);
  });
  if (!/^[A-Z]{3}$/.test(billing.uqc))
    add("billing.uqc", "A unit quantity code is three capital letters, e.g. PCS.");
  billing.retailerPrices.forEach((step, index) => {
    const previous = billing.retailerPrices[index - 1];
    if (
      !Number.isInteger(step.fromSachets) ||
      step.fromSachets < 1 ||
      (previous && step.fromSachets <= previous.fromSachets)
    )
      add(
        "billing.retailerPrices",
        `Give each step as sachets and price, e.g. "300 34.00", in increasing quantities (line ${index + 1}).`,
      );
    if (!Number.isInteger(step.pricePaise) || step.pricePaise <= 0)
      add("billing.retailerPrices", `Give the price per sachet in rupees and paise (line ${index + 1}).`);
  });
  if (!Number.isInteger(billing.selfUsePricePaise) || billing.selfUsePricePaise <= 0)
    add("billing.selfUsePricePaise", "Give the price per sachet for own use, inclusive of GST, e.g. 49.97.");
  if (billing.merchantUpiId !== null && !UPI_ID.test(billing.merchantUpiId))
    add("billing.merchantUpiId", "A UPI ID is handle@bank, e.g. sanverahealth@icici.");
  if (!INVOICE_PREFIX_PATTERN.test(billing.invoicePrefix))
    add(
      "billing.invoicePrefix",
      "Give 1 to 4 capital letters or digits: every number then stays within 16 characters.",
    );
  const account = billing.bankAccount;
  if (account) {
    if (!account.name.trim()) add("billing.bankAccount.name", "Write the account's name as the bank has it.");
    if (!/^\d{9,18}$/.test(account.number))
      add("billing.bankAccount.number", "An account number is 9 to 18 digits.");
    if (!IFSC.test(account.ifsc))
      add("billing.bankAccount.ifsc", "An IFSC is 11 characters: 4 letters, 0 and 6 letters or digits.");
  }
  return problems;
}

/** The MRP of one unit of sale, in rupees. */
export function mrpRupees(facts: Pick<CompanyFacts, "product">): number {
  return facts.product.mrpPaise / 100;
}

/** Net quantity of one unit of sale, in grams. */
export function unitGrams(facts: Pick<CompanyFacts, "product">): number {
  return facts.product.sachetGrams * facts.product.sachetsPerUnit;
}

/** The unit sale price Legal Metrology asks for: rupees per gram, to two places. */
export function pricePerGram(facts: Pick<CompanyFacts, "product">): number {
  return Math.round(facts.product.mrpPaise / unitGrams(facts)) / 100;
}

/** The MRP of one sachet, in paise, rounded: what a quantity of sachets is priced by. */
export function sachetPricePaise(facts: Pick<CompanyFacts, "product">): number {
  return Math.round(facts.product.mrpPaise / facts.product.sachetsPerUnit);
}

/** "+91 11 4155 2024" / "+91 98123 45678": an E.164 Indian number as people write it. */
export function displayPhone(e164: string): string {
  const digits = e164.replace(/^\+91/, "");
  if (!/^\d{10}$/.test(digits)) return e164;
  // Mobile numbers (6–9) are written 5 + 5; landlines with a two-digit city code 2 + 4 + 4.
  return /^[6-9]/.test(digits)
    ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`
    : `+91 ${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
}

/**
 * The one unit a quantity is counted in, on the form, in the console, the mails, the templates and
 * the CSV: the sachet, the unit the visitor has always been asked for. The MRP is per unit of sale
 * (`sachetsPerUnit` sachets), so a quantity of sachets is priced by `sachetPricePaise`.
 */
export const QUANTITY_UNIT = {
  en: { one: "sachet", other: "sachets" },
  hi: { one: "सैशे", other: "सैशे" },
} as const;

/** A quantity with its unit, as the form asked for it: "1 sachet", "300 sachets", "300 सैशे". */
export function quantityText(quantity: number, language: "en" | "hi"): string {
  const unit = QUANTITY_UNIT[language];
  return `${quantity.toLocaleString("en-IN")} ${quantity === 1 ? unit.one : unit.other}`;
}

/**
 * An MRP as an owner types it, in rupees ("1499.00", "₹1,499", "Rs. 1,499.5"), in paise: NaN when
 * it is not a number of rupees with at most two places (`factsProblems` then says so), negative
 * when it is (the check refuses it too).
 */
export function rupeesToPaise(typed: string): number {
  const text = typed
    .trim()
    .replace(/^(?:₹|rs\.?|inr)\s*/i, "")
    .replace(/,/g, "")
    .trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  const paise = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -paise : paise;
}

/** Paise as an owner reads and types rupees: 149900 → "1499.00". */
export function paiseToRupees(paise: number): string {
  return Number.isFinite(paise) ? (paise / 100).toFixed(2) : "";
}
