/**
 * What the browser and the server must agree on, written once: page paths, API paths,
 * the honeypot field, the page-speed metrics, the product's key and the enquiries' collection.
 * No I/O and no brand copy: both halves, the build configuration and the benchmarks import it.
 */

/** The site's public pages in English, in the order of the sitemap. */
export const PAGE_PATHS = {
  home: "/",
  privacyPolicy: "/privacy-policy",
} as const;

export type PageKey = keyof typeof PAGE_PATHS;

/**
 * The languages of the public pages: English (the specification's) and Hindi. A visitor picks one
 * with the header's switch; nothing guesses it (docs/decisions/021-hindi-pages.md).
 */
export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The field a form sends its page's language in (both forms, with or without JavaScript). */
export const LANGUAGE_FIELD = "lang";

/** The pages' twins in Hindi: the English path under `/hi`. */
export const HINDI_PAGE_PATHS = {
  home: "/hi",
  privacyPolicy: "/hi/privacy-policy",
} as const satisfies Record<PageKey, string>;

const PATHS_BY_LANGUAGE = { en: PAGE_PATHS, hi: HINDI_PAGE_PATHS } as const;

export type PagePath = (typeof PAGE_PATHS)[PageKey] | (typeof HINDI_PAGE_PATHS)[PageKey];

/** The path of one page in one language. */
export function pagePath(page: PageKey, language: Language): PagePath {
  return PATHS_BY_LANGUAGE[language][page];
}

/** Every public page, prerendered at build time and accepted in page-speed reports. */
export const PUBLIC_PAGES: readonly PagePath[] = LANGUAGES.flatMap((language) =>
  Object.values(PATHS_BY_LANGUAGE[language]),
);

/**
 * The language of a form post or API call: absent means English, the language of the
 * specification; anything but a known language is undefined, and refused by its route.
 */
export function languageOf(value: unknown): Language | undefined {
  if (value === undefined || value === null || value === "") return DEFAULT_LANGUAGE;
  return LANGUAGES.find((language) => language === value);
}

/** A language as a store keeps it: one not known (or kept before languages were) is English. */
export function storedLanguage(value: unknown): Language {
  return languageOf(value) ?? DEFAULT_LANGUAGE;
}

/** Ids of the landing page's anchors, linked from both pages' headers and from form answers. */
export const ANCHORS = {
  about: "about",
  buyNow: "buy-now",
  contact: "contact",
} as const;

/** The API's mount point and each route's path relative to it. */
export const API_PREFIX = "/api";

export const API_ROUTES = {
  enquiries: "/enquiries",
  /** GET a proof-of-work challenge for the order form (ALTCHA's shape). */
  enquiryChallenge: "/enquiries/challenge",
  subscribers: "/subscribers",
  /** The newsletter's signed links, opened from its mails: they answer with a page. */
  newsletterConfirm: "/newsletter/confirm",
  newsletterUnsubscribe: "/newsletter/unsubscribe",
  vitals: "/vitals",
  health: "/health",
} as const;

/** Full paths of the API, as the browser calls them. */
export const API_PATHS = {
  enquiries: `${API_PREFIX}${API_ROUTES.enquiries}`,
  enquiryChallenge: `${API_PREFIX}${API_ROUTES.enquiryChallenge}`,
  subscribers: `${API_PREFIX}${API_ROUTES.subscribers}`,
  newsletterConfirm: `${API_PREFIX}${API_ROUTES.newsletterConfirm}`,
  newsletterUnsubscribe: `${API_PREFIX}${API_ROUTES.newsletterUnsubscribe}`,
  vitals: `${API_PREFIX}${API_ROUTES.vitals}`,
  health: `${API_PREFIX}${API_ROUTES.health}`,
} as const;

/** The hidden form field only a robot fills in; both forms carry it and the API drops what fills it. */
export const HONEYPOT_FIELD = "website";

/** The page-speed metrics the browser reports and the server stores (FID is retired). */
export const VITAL_METRICS = ["CLS", "INP", "FCP", "LCP", "TTFB"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** The most metrics one page-speed report may carry. */
export const VITALS_MAX_METRICS = 10;

/**
 * The product's key. It names the enquiries' collection, so it is part of the stored data's
 * contract, not of the copy: changing it points the server at another, empty collection.
 */
export const PRODUCT_KEY = "collarise";

/** The enquiries' collection (Firestore) or table (SQLite): `{product}_Form`. */
export const ENQUIRY_COLLECTION = `${PRODUCT_KEY}_Form`;

/**
 * The header carrying an enquiry's idempotency key: the form makes one per attempt and sends it
 * again on a retry, so a retry after a lost answer is recognised instead of stored twice.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** What a key may be: 16 to 64 letters, digits, `-` or `_` (a UUID is 36). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
