/**
 * The brand details a launch depends on, read from where they are written (domain/brand.ts,
 * domain/brand.hi.ts, app/content/site.ts and app/content/site.hi.ts), each with its file and field. The build writes them beside the compiled
 * server (`<build>/server/launch-content.json`) for `npm run check-launch` and the server's
 * start-up in production, which read nothing from `app/` themselves.
 */
import "./facts-for-build";
import { brand } from "../domain/brand";
import { brandHi } from "../domain/brand.hi";
import { company, declarations, product, site, social } from "../app/content/site";
import { companyHi } from "../app/content/site.hi";
import { faqFacts } from "../app/content/faq";
import type { LaunchContent, LaunchFact } from "../server/launch/launch-check";

export const LAUNCH_CONTENT_FILE = "launch-content.json";

export function launchContent(): LaunchContent {
  const brandFile = "domain/brand.ts";
  const siteFile = "app/content/site.ts";
  const brandHiFile = "domain/brand.hi.ts";
  const siteHiFile = "app/content/site.hi.ts";
  const facts: LaunchFact[] = [
    { file: brandFile, field: "companyName", value: brand.companyName, kind: "text" },
    { file: brandFile, field: "companyShortName", value: brand.companyShortName, kind: "text" },
    // The Hindi pages and mails name the company in their own words, written apart.
    { file: brandHiFile, field: "brandHi.companyName", value: brandHi.companyName, kind: "text" },
    { file: brandHiFile, field: "brandHi.companyShortName", value: brandHi.companyShortName, kind: "text" },
    { file: brandFile, field: "companyEmail", value: brand.companyEmail, kind: "email" },
    { file: brandFile, field: "companyPhone.display", value: brand.companyPhone.display, kind: "phone" },
    { file: brandFile, field: "companyPhone.tel", value: brand.companyPhone.tel, kind: "phone" },
    { file: siteFile, field: "company.whatsapp", value: company.whatsapp, kind: "phone" },
    { file: siteFile, field: "company.address.street", value: company.address.street, kind: "text" },
    { file: siteFile, field: "company.address.locality", value: company.address.locality, kind: "text" },
    { file: siteFile, field: "company.address.region", value: company.address.region, kind: "text" },
    { file: siteFile, field: "company.address.postalCode", value: company.address.postalCode, kind: "text" },
    ...companyHi.addressLines.map((line, index): LaunchFact => ({
      file: siteHiFile,
      field: `addressLines[${index}]`,
      value: line,
      kind: "text",
    })),
    { file: siteFile, field: "product.fssaiLicence", value: product.fssaiLicence, kind: "fssai-licence" },
    { file: brandFile, field: "mrpRupees", value: brand.mrpRupees, kind: "price" },
    { file: siteFile, field: "declarations.gstin", value: declarations.gstin, kind: "gstin" },
    { file: siteFile, field: "site.url", value: site.url, kind: "url" },
    ...social.map((link): LaunchFact => ({
      file: siteFile,
      field: `social[${link.name}].href`,
      value: link.href,
      kind: "url",
    })),
    // The privacy policy's Grievance Officer is reached at the company's e-mail, set in brand.ts.
    {
      file: brandFile,
      field: "companyEmail (the privacy policy's Grievance Officer)",
      value: company.email,
      kind: "grievance-officer",
    },
    // The buyer's questions state how payment, delivery and returns work: the company's word.
    {
      file: "app/content/faq.ts",
      field: "faqFacts.confirmedBy (payment, delivery and return terms)",
      value: faqFacts.confirmedBy,
      kind: "confirmation",
    },
  ];
  return { facts };
}
