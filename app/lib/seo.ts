import type { MetaDescriptor } from "react-router";
import { company, product, site, social } from "../content/site";

interface PageSeo {
  path: string;
  title: string;
  description: string;
}

export function absoluteUrl(path: string): string {
  return new URL(path, site.url).toString();
}

const organization = {
  "@type": "Organization",
  "@id": absoluteUrl("/#organization"),
  name: company.name,
  url: absoluteUrl("/"),
  email: company.email,
  telephone: company.phone.display,
  logo: absoluteUrl("/icon-512.png"),
  address: {
    "@type": "PostalAddress",
    streetAddress: company.address.street,
    addressLocality: company.address.locality,
    addressRegion: company.address.region,
    postalCode: company.address.postalCode,
    addressCountry: company.address.countryCode,
  },
  sameAs: social.filter((link) => !link.href.startsWith("https://wa.me")).map((link) => link.href),
};

const productJsonLd = {
  "@type": "Product",
  name: product.fullName,
  description: `${product.flavour}-flavour collagen peptide sachet of ${product.sachet}. ${product.mainClaim}. No additives; gluten, nut, dairy and soy free.`,
  brand: { "@type": "Brand", name: product.name },
  manufacturer: { "@id": organization["@id"] },
  image: absoluteUrl(site.ogImage),
  category: "Health supplement",
};

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD for one page. */
export function pageMeta(page: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(page.path);
  const image = absoluteUrl(site.ogImage);
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: product.fullName },
    { property: "og:locale", content: site.locale },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: site.ogImageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@graph": [organization, productJsonLd],
      },
    },
  ];
}
