/**
 * The brand details a launch depends on, read from where they are written (domain/brand.ts and
 * app/content/site.ts), each with its file and field. The build writes them beside the compiled
 * server (`<build>/server/launch-content.json`) for `npm run check-launch` and the server's
 * start-up in production, which read nothing from `app/` themselves.
 */
import { brand } from "../domain/brand";
import { company, declarations, product, site, social } from "../app/content/site";
import { faqFacts } from "../app/content/faq";
import type { LaunchContent, LaunchFact } from "../server/launch/launch-check";

export const LAUNCH_CONTENT_FILE = "launch-content.json";

export function launchContent(): LaunchContent {
  const brandFile = "domain/brand.ts";
  const siteFile = "app/content/site.ts";
  const optional = declarations as { gstin?: string };
  const facts: LaunchFact[] = [
    { file: brandFile, field: "companyName", value: brand.companyName, kind: "text" },
    { file: brandFile, field: "companyShortName", value: brand.companyShortName, kind: "text" },
    { file: brandFile, field: "companyEmail", value: brand.companyEmail, kind: "email" },
    { file: brandFile, field: "companyPhone.display", value: brand.companyPhone.display, kind: "phone" },
    { file: brandFile, field: "companyPhone.tel", value: brand.companyPhone.tel, kind: "phone" },
    { file: siteFile, field: "company.whatsapp", value: company.whatsapp, kind: "phone" },
    { file: siteFile, field: "company.address.street", value: company.address.street, kind: "text" },
    { file: siteFile, field: "product.fssaiLicence", value: product.fssaiLicence, kind: "fssai-licence" },
    { file: brandFile, field: "mrpRupees", value: brand.mrpRupees, kind: "price" },
    { file: siteFile, field: "declarations.gstin", value: optional.gstin ?? null, kind: "gstin" },
    { file: siteFile, field: "site.url", value: site.url, kind: "url" },
    ...social.map((link): LaunchFact => ({
      file: siteFile,
      field: `social[${link.name}].href`,
      value: link.href,
      kind: "url",
    })),
    // The privacy policy's Grievance Officer is reached at the company's address and phone.
    {
      file: "app/content/privacy-policy.ts",
      field: "grievance-officer (company email)",
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
