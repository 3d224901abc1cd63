import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

/**
 * The maintained list of disposable-mail domains, read once: the package's own `isDisposableEmail`
 * builds a set of thousands of domains on every call, which cost the enquiry route more than
 * storing the enquiry did.
 */
const DISPOSABLE_DOMAINS = disposableEmailBlocklistSet();

function isDisposableEmail(email: string): boolean {
  return DISPOSABLE_DOMAINS.has(
    email
      .slice(email.lastIndexOf("@") + 1)
      .trim()
      .toLowerCase(),
  );
}
import type { Enquiry } from "../../domain/enquiry";
import type { SpamReason } from "../../domain/spam";

/** A link, a bare domain or markup: no name holds one. */
const LINK_OR_MARKUP =
  /https?:|www\.|<\s*[a-z!/]|\[url|\]\(|[a-z0-9-]\.(?:com|net|org|ru|xyz|io|biz|info|top|me|ly|co|site|online|shop)\b/i;
/** What the senders of offers put in the Name: nobody ordering a supplement is called that. */
const OFFER =
  /\b(?:seo|backlinks?|bitcoin|btc|usdt|crypto\w*|forex|casino|followers|guest posts?|web ?design|digital marketing|page 1|rank(?:ing)? on google|investment plan|loan offer)\b/i;
const LETTER = /\p{L}/u;
const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const TEST_NAME =
  /^(?:test|testing|tester|asdf|qwerty|dummy|sample|fake|user|john doe|foo bar)(?:\s+(?:user|name|test|account))?\s*\d*$/i;
const TEST_DOMAIN = /@(?:test\.(?:com|in)|abc\.com|xyz\.com|mailinator\.com)$/i;
const TEST_LOCAL = /^(?:test|testing|asdf|qwerty|dummy|fake|sample|abc|xyz)\d*@/i;

/** The runs of `length` keys along one keyboard row, forwards or back, in `text`'s letters. */
function rowRuns(text: string, length: number): string[] {
  const letters = text.toLowerCase().replace(/[^a-z]/g, "");
  const runs: string[] = [];
  for (let i = 0; i + length <= letters.length; i++) {
    const run = letters.slice(i, i + length);
    const reversed = [...run].reverse().join("");
    if (KEYBOARD_ROWS.some((row) => row.includes(run) || row.includes(reversed))) runs.push(run);
  }
  return runs;
}

/**
 * Typed along the keyboard: four keys in a row ("asdf", "poiu"), or one run of three twice
 * ("sdfsdf"). Nothing looser: a random tag such as a test's `mwuqzxqtpm` must not count.
 */
function mashed(text: string): boolean {
  if (rowRuns(text, 4).length > 0) return true;
  const threes = rowRuns(text, 3);
  return new Set(threes).size < threes.length;
}

/** What the enquiry's own fields say (already checked by the specification's rules). */
export function contentSignals(enquiry: Enquiry): SpamReason[] {
  const reasons: SpamReason[] = [];
  const name = enquiry.Name.trim();
  const email = enquiry.Email.trim().toLowerCase();
  const local = email.split("@")[0] ?? "";
  if (LINK_OR_MARKUP.test(name)) reasons.push("link-in-name");
  if (OFFER.test(name)) reasons.push("offer-in-name");
  if (!LETTER.test(name)) reasons.push("name-without-letters");
  else if (mashed(name) || mashed(local)) reasons.push("keyboard-mash");
  if (TEST_NAME.test(name) || TEST_DOMAIN.test(email) || TEST_LOCAL.test(email)) reasons.push("test-data");
  if (isDisposableEmail(email)) reasons.push("disposable-email");
  if (!/^[6-9]/.test(enquiry.Mobile)) reasons.push("mobile-prefix");
  if (/^(\d)\1+$/.test(enquiry.Mobile)) reasons.push("mobile-pattern");
  return reasons;
}
