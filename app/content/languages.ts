import type { Language } from "../../domain/contract";

/**
 * What the document itself says about each language: its `lang`, its Open Graph locale and the
 * skip link, the one text outside the page's own content. Small, so every page carries both.
 */
export const languageSettings = {
  en: { htmlLang: "en-IN", ogLocale: "en_IN", hreflang: "en", skipLink: "Skip to main content" },
  hi: { htmlLang: "hi-IN", ogLocale: "hi_IN", hreflang: "hi", skipLink: "सीधे मुख्य हिस्से पर जाएँ" },
} as const satisfies Record<
  Language,
  { htmlLang: string; ogLocale: string; hreflang: string; skipLink: string }
>;
