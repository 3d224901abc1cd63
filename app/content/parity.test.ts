import { describe, expect, it } from "vitest";
import { enquiryMessages } from "../../domain/enquiry";
import { enquiryMessagesHi } from "../../domain/enquiry.hi";
import { newsletterLinkLabels, newsletterLinkPages, subscriberMessages } from "../../domain/subscriber";
import {
  newsletterLinkLabelsHi,
  newsletterLinkPagesHi,
  subscriberMessagesHi,
} from "../../domain/subscriber.hi";
import { landing } from "./landing";
import { landingHi } from "./landing.hi";
import { privacyPolicy } from "./privacy-policy";
import { privacyPolicyHi } from "./privacy-policy.hi";
import { product } from "./site";
import { siteText } from "./site.en";
import { siteTextHi } from "./site.hi";
import { IDENTIFIER_KEYS } from "./translated";

const identifiers: ReadonlySet<string> = new Set(IDENTIFIER_KEYS);

/**
 * Every text of `english` with its place (`banner.facts.2`) and what `hindi` holds at that place.
 * Identifiers (icons, keys, ids) are not texts and must be the same in both.
 */
function pairs(
  english: unknown,
  hindi: unknown,
  path = "",
): { path: string; english: string; hindi: unknown }[] {
  if (typeof english === "string") return [{ path, english, hindi }];
  if (english && typeof english === "object") {
    return Object.entries(english).flatMap(([key, value]) => {
      const twin = hindi && typeof hindi === "object" ? (hindi as Record<string, unknown>)[key] : undefined;
      const place = path ? `${path}.${key}` : key;
      if (identifiers.has(key))
        return value === twin ? [] : [{ path: place, english: String(value), hindi: twin }];
      return pairs(value, twin, place);
    });
  }
  return [];
}

const devanagari = /[\u0900-\u097F]/;

const contentTrees = [
  ["the landing page", landing, landingHi],
  ["the words around the pages", siteText, siteTextHi],
  ["the privacy policy", privacyPolicy, privacyPolicyHi],
  ["the enquiry's messages", enquiryMessages, enquiryMessagesHi],
  ["the newsletter box's answers", subscriberMessages, subscriberMessagesHi],
  [
    "the newsletter links' pages",
    { ...newsletterLinkPages, newsletterLinkLabels },
    { ...newsletterLinkPagesHi, newsletterLinkLabels: newsletterLinkLabelsHi },
  ],
] as const;

describe("the Hindi pages", () => {
  it.each(contentTrees)("have a Hindi text for every English text of %s", (_name, english, hindi) => {
    const all = pairs(english, hindi);
    expect(all.length).toBeGreaterThan(0);
    const missing = all.filter((pair) => typeof pair.hindi !== "string" || pair.hindi.trim() === "");
    expect(missing.map((pair) => pair.path)).toEqual([]);
  });

  it("say their sentences in Devanagari: every text of several words has Hindi in it", () => {
    const untranslated = contentTrees.flatMap(([, english, hindi]) =>
      pairs(english, hindi).filter(
        (pair) =>
          typeof pair.hindi === "string" &&
          pair.english.trim().split(/\s+/).length >= 3 &&
          !devanagari.test(pair.hindi) &&
          // The brand's name stays as it is; the switch to English is written in English, as the
          // switch to Hindi is in Hindi.
          pair.hindi !== product.fullName &&
          pair.path !== "header.switchLabel" &&
          pair.path !== "header.switchName",
      ),
    );
    expect(untranslated.map((pair) => `${pair.path}: ${String(pair.hindi)}`)).toEqual([]);
  });

  it("state the same retention periods as the English policy, from the same configuration", () => {
    const retention = (policy: typeof privacyPolicy | typeof privacyPolicyHi) =>
      JSON.stringify(policy.sections.find((section) => section.id === "how-long-we-keep-it"));
    expect(retention(privacyPolicy)).toMatch(/one year/);
    expect(retention(privacyPolicyHi)).toMatch(/1 साल/);
    expect(retention(privacyPolicyHi)).toMatch(/90 दिन/);
    expect(retention(privacyPolicyHi)).toMatch(/14 प्रतियाँ/);
  });
});
