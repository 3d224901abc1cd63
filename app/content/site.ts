import { brand } from "../../domain/brand";
import { type FactsAddress, displayPhone, mrpRupees } from "../../domain/company-facts";
import { ANCHORS, type Language, PAGE_PATHS, PRODUCT_KEY } from "../../domain/contract";
import { companyFacts as facts } from "../lib/company-facts";

/**
 * The brand: every name, contact detail, link and page-wide constant of the site. The company's
 * own facts (its names, address, phone, licence, MRP, hours…) come from the one record the console
 * publishes (domain/company-facts.ts), read as the page is rendered (app/lib/company-facts.ts);
 * the product's names and the page-wide constants are written here.
 */

/** "12.5", "375": grams as a number, without trailing zeros. */
export function grams(value: number): string {
  return Number(value.toFixed(2)).toString();
}

export const product = {
  /** Key of the product: names the enquiry collection `{key}_Form` (domain/contract.ts). */
  key: PRODUCT_KEY,
  name: brand.productName,
  fullName: brand.productFullName,
  flavour: "Orange",
  /** The specification's claim, "a sachet of 12.5 gm", with the sachet's weight from the facts. */
  sachet: `${grams(facts.product.sachetGrams)} gm`,
  tagline: "200% more productive collagen, in one orange sachet a day.",
  mainClaim: "200% more productive collagen",
  category: "Health supplement. Not for medicinal use.",
  dosageNote: "Take as directed by your physician.",
  fssaiLicence: facts.fssaiLicence,
} as const;

/** An address's lines in one language: street, "locality, city PIN" (locality once), state, country. */
export function addressLines(address: FactsAddress, language: Language): string[] {
  const street = address.street[language];
  const locality = address.locality[language];
  const city = address.city[language];
  const state = address.state[language];
  const place = street.includes(locality) || city.includes(locality) ? city : `${locality}, ${city}`;
  return [
    street,
    `${place} ${address.pin}`,
    ...(city.includes(state) ? [] : [state]),
    language === "en" ? "India" : "भारत",
  ];
}

const registered = facts.registeredAddress;

export const company = {
  name: facts.legalName.en,
  shortName: facts.shortName.en,
  phone: { display: displayPhone(facts.phone), tel: facts.phone },
  /** The WhatsApp number as wa.me links write it: digits only. */
  whatsapp: facts.whatsapp.replace(/^\+/, ""),
  email: facts.email.care,
  grievanceEmail: facts.email.grievance,
  address: {
    street: registered.street.en,
    locality: registered.locality.en,
    city: registered.city.en,
    region: registered.state.en,
    postalCode: registered.pin,
    country: "India",
    countryCode: "IN",
  },
} as const;

const ISO_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * What the Legal Metrology (Packaged Commodities) Rules and FSSAI ask a seller to show online, as
 * facts; each page words them in its language (the `declarations` of landing.ts and landing.hi.ts).
 */
export const declarations = {
  /** Maximum retail price of one unit of sale, in rupees, inclusive of all taxes. */
  mrpRupees: mrpRupees(facts),
  sachetsPerPack: facts.product.sachetsPerUnit,
  sachetGrams: facts.product.sachetGrams,
  bestBeforeMonths: facts.product.bestBeforeMonths,
  countryOfOrigin: "IN",
  /** The company's GST registration (15 characters), shown among the declarations once set. */
  gstin: facts.gstin,
  customerCare: {
    /** ISO days and 24-hour times, for the Product data; the pages say them in words. */
    days: facts.workingHours.days.map((day) => ISO_DAYS[day]),
    opens: facts.workingHours.opens,
    closes: facts.workingHours.closes,
  },
} as const;

/** "₹1,499.00": a price in rupees, written as the mails and templates write it (domain/money.ts). */
export { rupees } from "../../domain/money";

/** A number with Indian digit grouping (1,00,000). */
export function indianNumber(value: number): string {
  return value.toLocaleString("en-IN");
}

export const postalAddressLines = addressLines(registered, "en");

export const social = [
  ...(facts.social.facebook ? [{ name: "Facebook" as const, href: facts.social.facebook }] : []),
  ...(facts.social.instagram ? [{ name: "Instagram" as const, href: facts.social.instagram }] : []),
  ...(facts.social.linkedin ? [{ name: "LinkedIn" as const, href: facts.social.linkedin }] : []),
  { name: "WhatsApp chat" as const, href: `https://wa.me/${company.whatsapp}` },
];

export type SocialName = "Facebook" | "Instagram" | "LinkedIn" | "WhatsApp chat";

/** Ids of the landing page's anchors, used by the header's links and the sections. */
export const anchors = ANCHORS;

export const navigation = [
  { label: "Home", href: PAGE_PATHS.home, target: "top" },
  { label: "About", href: `${PAGE_PATHS.home}#${anchors.about}`, target: anchors.about },
  { label: "Contact Us", href: `${PAGE_PATHS.home}#${anchors.contact}`, target: anchors.contact },
  { label: "Buy Now", href: `${PAGE_PATHS.home}#${anchors.buyNow}`, target: anchors.buyNow },
] as const;

/**
 * The widths, in CSS pixels, at which the layout changes. Stylesheets cannot import them, so
 * `app/styles/breakpoints.test.ts` checks that every media query uses one of these.
 */
export const breakpointsPx = {
  /** Below it, the smallest phones get tighter spacing. */
  smallPhone: 360,
  /** Carousels and grids go from 1 to 2 columns (the specification's carousel breakpoint). */
  twoColumns: 568,
  largePhone: 640,
  tablet: 768,
  /** From here the header shows its links instead of the menu button. */
  desktopNav: 900,
  /** Carousels and grids go to 3 columns (the specification's carousel breakpoint). */
  threeColumns: 1024,
} as const;

/** Behaviour constants of the specification (section 9), written once. */
export const behaviour = {
  headerScrollThresholdPx: 200,
  smoothScrollMs: 100,
  carouselAutoplayMs: 1500,
  zoomAnimationMs: 2000,
} as const;

export const site = {
  /** Public origin of the site: canonical URLs, sitemap, Open Graph. */
  url: "https://www.collarise.example",
  themeColor: "#f7efe3",
  ogImage: "/og-image.png",
  ogImageAlt: `${product.fullName}, orange-flavour ${product.sachet} sachet`,
} as const;

export const notFound = {
  title: "Unexpected Application Error!",
  message: "We could not find the page you asked for. It may have moved, or the address may be mistyped.",
  failure: "Something went wrong while showing this page. Please go back to the home page and try again.",
  homeLink: "Back to the home page",
} as const;

// The English words around a page live with the English routes (site.en.ts, with their type
// SiteText), so the Hindi pages do not carry them.
