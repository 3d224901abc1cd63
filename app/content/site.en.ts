/**
 * The English pages' own words around their content: the footer's and the newsletter's, the pages'
 * titles and descriptions, and `siteText`, every word around a page (header, footer, forms, their
 * messages). Only the English routes import this module, so the Hindi pages' scripts carry none of
 * it (`site.hi.ts` is their twin); what both languages share stays in `site.ts`.
 */
import { PAGE_PATHS } from "../../domain/contract";
import { subscriberMessages } from "../../domain/subscriber";
import { newsletterForm } from "./forms";
import { company, navigation, postalAddressLines, product, site, type SocialName } from "./site";
import type { Translated } from "./translated";

export const footer = {
  copyrightYear: 2024,
  newsletter: {
    heading: "Join our newsletter",
    placeholder: "Enter Your Email",
    button: "Subscribe",
    purpose:
      "Occasional news of Collarise: new recipes, offers and product updates. We first email you a link to confirm your address, use it for nothing else, and every email lets you unsubscribe in one click.",
  },
  contactHeading: "Get in touch",
  privacyLinkLabel: "Privacy Policy",
} as const;

export const pages = {
  home: {
    path: PAGE_PATHS.home,
    title: `${product.fullName} | 200% more productive collagen, orange sachet ${product.sachet}`,
    description: `Collarise, from ${company.shortName}, is an orange-flavour collagen peptide sachet (${product.sachet}) for joint, skin, bone and women's health. No additives besides the orange flavour; gluten-, nut-, dairy- and soy-free. Send an order enquiry as a retailer or for self use.`,
  },
  privacyPolicy: {
    path: PAGE_PATHS.privacyPolicy,
    title: "Privacy Policy | Collarise Collagen Peptide",
    description: `How ${company.shortName} collects, uses and protects the information you give on the Collarise website, and how to reach us about it.`,
  },
} as const;

/**
 * Every word around a page's own content (header, footer, forms, their messages), in English.
 * `site.hi.ts` holds the Hindi twin with the same shape; the route picks one.
 */
export const siteText = {
  header: {
    subtitle: "Collagen Peptide",
    /** Said after the brand link's visible text, so that its name starts with what is seen (WCAG 2.5.3). */
    homeSuffix: ", home",
    navLabel: "Main",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    /** The switch to the other language, written in that language. */
    switchLabel: "हिन्दी",
    switchName: "यह पेज हिन्दी में पढ़ें",
  },
  navigation: {
    home: navigation[0].label,
    about: navigation[1].label,
    contactUs: navigation[2].label,
    buyNow: navigation[3].label,
  },
  footer: {
    ...footer,
    followUs: "Follow us",
    opensInNewTab: "(opens in a new tab)",
    rights: "All rights reserved.",
    licence: "FSSAI Lic. No.",
    category: product.category,
  },
  social: {
    Facebook: "Facebook",
    Instagram: "Instagram",
    LinkedIn: "LinkedIn",
    "WhatsApp chat": "WhatsApp chat",
  } satisfies Record<SocialName, string>,
  company: { name: company.name, shortName: company.shortName, addressLines: postalAddressLines },
  newsletterForm,
  subscriberMessages,
  /**
   * A refusal the API words itself (too many requests, too large…) is shown as it comes on the
   * English pages; a page in another language shows this in its place.
   */
  otherRefusal: "We could not take this just now. Please wait a few minutes and try again.",
  policy: { tocLabel: "On this page" },
  pages: {
    home: { title: pages.home.title, description: pages.home.description },
    privacyPolicy: { title: pages.privacyPolicy.title, description: pages.privacyPolicy.description },
  },
  ogImageAlt: site.ogImageAlt,
} as const;

export type SiteText = Translated<typeof siteText>;
