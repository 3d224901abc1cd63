import type { MetaDescriptor } from "react-router";
import { type Language, LANGUAGES, type PageKey, pagePath } from "../../domain/contract";
import { languageSettings } from "../content/languages";
import { companyFacts } from "./company-facts";
import { company, declarations, product, site, social } from "../content/site";
import type { SiteText } from "../content/site.en";

export function absoluteUrl(path: string): string {
  return new URL(path, site.url).toString();
}

const organization = {
  "@type": "Organization",
  "@id": absoluteUrl("/#organization"),
  name: company.name,
  alternateName: [company.shortName, companyFacts.legalName.hi, companyFacts.shortName.hi],
  url: absoluteUrl("/"),
  email: company.email,
  telephone: company.phone.display,
  logo: absoluteUrl("/icon-512.png"),
  address: {
    "@type": "PostalAddress",
    streetAddress: company.address.street,
    addressLocality: company.address.city,
    addressRegion: company.address.region,
    postalCode: company.address.postalCode,
    addressCountry: company.address.countryCode,
  },
  contactPoint: {
    "@type": "ContactPoint",
    contactType: "customer service",
    telephone: company.phone.tel,
    email: company.email,
    areaServed: company.address.countryCode,
    availableLanguage: ["English", "Hindi"],
    hoursAvailable: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: declarations.customerCare.days,
      opens: declarations.customerCare.opens,
      closes: declarations.customerCare.closes,
    },
  },
  sameAs: social.filter((link) => !link.href.startsWith("https://wa.me")).map((link) => link.href),
};

/** The product with the declarations the landing page shows (app/content/site.ts). */
const productJsonLd = {
  "@type": "Product",
  name: product.fullName,
  description: `${product.flavour}-flavour collagen peptide sachet of ${product.sachet}. ${product.mainClaim}. No additives besides the orange flavour; gluten-, nut-, dairy- and soy-free.`,
  brand: { "@type": "Brand", name: product.name },
  manufacturer: { "@id": organization["@id"] },
  image: absoluteUrl(site.ogImage),
  category: "Health supplement",
  countryOfOrigin: { "@type": "Country", name: declarations.countryOfOrigin },
  weight: {
    "@type": "QuantitativeValue",
    value: declarations.sachetsPerPack * declarations.sachetGrams,
    unitCode: "GRM",
  },
  offers: {
    "@type": "Offer",
    price: declarations.mrpRupees.toFixed(2),
    priceCurrency: "INR",
    availability: "https://schema.org/InStock",
    url: absoluteUrl(pagePath("home", "en")),
    seller: { "@id": organization["@id"] },
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      price: declarations.mrpRupees.toFixed(2),
      priceCurrency: "INR",
      valueAddedTaxIncluded: true,
    },
  },
  additionalProperty: [
    {
      "@type": "PropertyValue",
      name: "Net quantity",
      value: `${declarations.sachetsPerPack} × ${declarations.sachetGrams} g`,
    },
    { "@type": "PropertyValue", name: "Manufacturer and packer", value: company.name },
    {
      "@type": "PropertyValue",
      name: "Veg or non-veg",
      value: companyFacts.product.foodMark === "veg" ? "Vegetarian" : "Non-vegetarian",
    },
    { "@type": "PropertyValue", name: "Source of collagen", value: companyFacts.product.collagenSource.en },
    {
      "@type": "PropertyValue",
      name: "Best before",
      value: `${declarations.bestBeforeMonths} months from manufacture`,
    },
    { "@type": "PropertyValue", name: "FSSAI licence", value: product.fssaiLicence },
  ],
};

/**
 * Title, description, canonical URL, the page's twins in every language (hreflang, with English as
 * x-default), Open Graph, Twitter card and JSON-LD for one page in one language.
 */
export function pageMeta(page: PageKey, language: Language, text: SiteText): MetaDescriptor[] {
  const { title, description } = text.pages[page];
  const url = absoluteUrl(pagePath(page, language));
  const image = absoluteUrl(site.ogImage);
  const alternates: MetaDescriptor[] = [
    ...LANGUAGES.map((other) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: languageSettings[other].hreflang,
      href: absoluteUrl(pagePath(page, other)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(pagePath(page, "en")) },
  ];
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...alternates,
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: product.fullName },
    { property: "og:locale", content: languageSettings[language].ogLocale },
    ...LANGUAGES.filter((other) => other !== language).map((other) => ({
      property: "og:locale:alternate",
      content: languageSettings[other].ogLocale,
    })),
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: text.ogImageAlt },
    // X takes the card's title, description and image from the og: tags above when the page has
    // no twitter: ones (as every other reader of these tags does); the card's kind has no fallback.
    { name: "twitter:card", content: "summary_large_image" },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@graph": [organization, productJsonLd],
      },
    },
  ];
}
