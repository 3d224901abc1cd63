import { faq } from "../../../app/content/faq";
import { faqHi } from "../../../app/content/faq.hi";
import { keepCompoundsWhole } from "../../../app/content/hindi-typesetting";
import { landing } from "../../../app/content/landing";
import { landingHi } from "../../../app/content/landing.hi";
import { privacyPolicy } from "../../../app/content/privacy-policy";
import { privacyPolicyHi } from "../../../app/content/privacy-policy.hi";
import { siteText } from "../../../app/content/site.en";
import { siteTextHi } from "../../../app/content/site.hi";
import { type Language, pagePath } from "../../../domain/contract";

/**
 * The pages of each language with their words, so that a spec runs the same journeys on both:
 * `home` and `privacyPolicy` are the pages' paths, `at(hash)` the landing page's part in the
 * address bar (`/#buy-now`, `/hi#buy-now`). The Hindi words are as the pages set them, with
 * their compounds' hyphens non-breaking (app/content/hindi-typesetting.ts).
 */
function pagesIn(language: Language) {
  const home = pagePath("home", language);
  return {
    language,
    home,
    privacyPolicy: pagePath("privacyPolicy", language),
    at: (hash: string) => `${home}${hash}`,
    site: language === "en" ? siteText : siteTextHi,
    landing: language === "en" ? landing : keepCompoundsWhole(landingHi),
    policy: language === "en" ? privacyPolicy : keepCompoundsWhole(privacyPolicyHi),
    faq: language === "en" ? faq : keepCompoundsWhole(faqHi),
  } as const;
}

export type PagesInLanguage = ReturnType<typeof pagesIn>;

export const pageLanguages: readonly PagesInLanguage[] = [pagesIn("en"), pagesIn("hi")];

/** The same pages in the other language. */
export function otherLanguage(pages: PagesInLanguage): PagesInLanguage {
  return pageLanguages.find((each) => each.language !== pages.language)!;
}

/** The end of an address, as a pattern: `/` alone for the English home page. */
export function endsWith(path: string): RegExp {
  return new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}
