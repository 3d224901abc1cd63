import { isDisposableEmail } from "disposable-email-domains-js";
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
/** Five Latin consonants in a row: no Indian name written in Latin letters has them. */
const CONSONANT_RUN = /[bcdfghjklmnpqrstvwxz]{5,}/i;
const TEST_NAME =
  /^(?:test|testing|tester|asdf|qwerty|dummy|sample|fake|user|john doe|foo bar)(?:\s+(?:user|name|test|account))?\s*\d*$/i;
const TEST_DOMAIN = /@(?:test\.(?:com|in)|abc\.com|xyz\.com|mailinator\.com)$/i;
const TEST_LOCAL = /^(?:test|testing|asdf|qwerty|dummy|fake|sample|abc|xyz)\d*@/i;

/** A run of four or more keys along one keyboard row, forwards or back. */
function alongKeyboardRow(text: string): boolean {
  const lower = text.toLowerCase().replace(/[^a-z]/g, "");
  for (let i = 0; i + 4 <= lower.length; i++) {
    const run = lower.slice(i, i + 4);
    const reversed = [...run].reverse().join("");
    if (KEYBOARD_ROWS.some((row) => row.includes(run) || row.includes(reversed))) return true;
  }
  return false;
}

function mashed(text: string): boolean {
  return alongKeyboardRow(text) || CONSONANT_RUN.test(text);
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
