import type { Page, Request } from "@playwright/test";

/** Counts the POST requests the page sends to `path`. */
export function countPosts(page: Page, path: string) {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) requests.push(request);
  });
  return {
    get count() {
      return requests.length;
    },
  };
}

/**
 * Chromium logs a failed or refused request as a console error. A test that causes one on
 * purpose forgives exactly that message; any other error still fails the test.
 */
export function forgiveFailedRequests(pageErrors: string[], pattern: RegExp) {
  const kept = pageErrors.filter(
    (error) => !(error.startsWith("console.error: Failed to load resource") && pattern.test(error)),
  );
  pageErrors.splice(0, pageErrors.length, ...kept);
}

const CONSONANTS = "bdghkmnpv";
const VOWELS = "aeiou";
const pick = (letters: string) => letters[Math.floor(Math.random() * letters.length)]!;

/**
 * Random letters whose run never goes along a keyboard row, as random letters' sometimes did
 * ("qwer", "sdfsdf"): a consonant and a vowel in turn, `pairs` times. The spam scoring files a
 * Name or address typed along a row, sent without the page's proof of work, as spam.
 */
export function lettersOffTheRows(pairs: number): string {
  let letters = "";
  for (let pair = 0; pair < pairs; pair++) letters += pick(CONSONANTS) + pick(VOWELS);
  return letters;
}

/**
 * A string unique to one test run, for addresses and names that a test looks up again (about 43
 * random bits): three runs of letters off the keyboard's rows, each followed by a digit.
 */
export function uniqueTag(): string {
  return Array.from({ length: 3 }, () => `${lettersOffTheRows(2)}${Math.floor(Math.random() * 10)}`).join("");
}
