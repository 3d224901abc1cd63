import { brand } from "../../domain/brand";
import { ANCHORS, PAGE_PATHS, PRODUCT_KEY } from "../../domain/contract";

/**
 * The brand: every name, contact detail, link and page-wide constant of the site.
 * Brand details are fictional placeholders (docs/decisions/005-content-in-one-place.md):
 * the company replaces them here, in one place; the names and the e-mail that the server's
 * mails use too live in `domain/brand.ts`.
 */

export const product = {
  /** Key of the product: names the enquiry collection `{key}_Form` (domain/contract.ts). */
  key: PRODUCT_KEY,
  name: brand.productName,
  fullName: brand.productFullName,
  flavour: "Orange",
  sachet: "12.5 gm",
  tagline: "200% more productive collagen, in one orange sachet a day.",
  mainClaim: "200% more productive collagen",
  category: "Health supplement. Not for medicinal use.",
  dosageNote: "Take as directed by your physician.",
  fssaiLicence: "10024011000123",
} as const;

export const company = {
  name: brand.companyName,
  shortName: brand.companyShortName,
  phone: brand.companyPhone,
  whatsapp: "911141552024",
  email: brand.companyEmail,
  address: {
    street: "Plot 27, Okhla Industrial Estate, Phase III",
    locality: "New Delhi",
    region: "Delhi",
    postalCode: "110020",
    country: "India",
    countryCode: "IN",
  },
} as const;

/**
 * What the Legal Metrology (Packaged Commodities) Rules ask a seller to show online, as facts;
 * each page words them in its language (the `declarations` of landing.ts and landing.hi.ts).
 * Placeholders, like the other brand details.
 */
export const declarations = {
  /** Maximum retail price of one pack, in rupees, inclusive of all taxes (domain/brand.ts). */
  mrpRupees: brand.mrpRupees,
  sachetsPerPack: brand.sachetsPerPack,
  sachetGrams: 12.5,
  bestBeforeMonths: 18,
  countryOfOrigin: "IN",
  /**
   * The company's GST registration (15 characters), shown among the declarations of both pages
   * once set; `npm run check-launch` asks for it until then.
   */
  gstin: null as string | null,
  customerCare: {
    /** ISO days and 24-hour times, for the Product data; the pages say them in words. */
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    opens: "10:00",
    closes: "18:00",
  },
} as const;

/** "₹1,499.00": a price in rupees with Indian digit grouping, the same on both pages. */
export function rupees(amount: number): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(amount);
}

/** A number with Indian digit grouping (1,00,000). */
export function indianNumber(value: number): string {
  return value.toLocaleString("en-IN");
}

export const postalAddressLines = [
  company.address.street,
  `${company.address.locality} ${company.address.postalCode}`,
  company.address.country,
] as const;

export const social = [
  { name: "Facebook", href: "https://www.facebook.com/collarise.example" },
  { name: "Instagram", href: "https://www.instagram.com/collarise.example" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/collarise-example" },
  { name: "WhatsApp chat", href: `https://wa.me/${company.whatsapp}` },
] as const;

export type SocialName = (typeof social)[number]["name"];

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
  ogImageAlt: "Collarise Collagen Peptide, orange-flavour 12.5 gm sachet",
} as const;

export const notFound = {
  title: "Unexpected Application Error!",
  message: "We could not find the page you asked for. It may have moved, or the address may be mistyped.",
  failure: "Something went wrong while showing this page. Please go back to the home page and try again.",
  homeLink: "Back to the home page",
} as const;

// The English words around a page live with the English routes (site.en.ts, with their type
// SiteText), so the Hindi pages do not carry them.
