import type { Language } from "./contract";
import { enquiryMessages } from "./enquiry";
import { enquiryMessagesHi } from "./enquiry.hi";
import { subscriberAnswerDetails, subscriberMessages } from "./subscriber";
import { subscriberAnswerDetailsHi, subscriberMessagesHi } from "./subscriber.hi";

/** Each English message of the rules with its Hindi twin (the same key in both modules). */
const twins: readonly (readonly [Readonly<Record<string, string>>, Readonly<Record<string, string>>])[] = [
  [enquiryMessages, enquiryMessagesHi],
  [subscriberMessages, subscriberMessagesHi],
  [subscriberAnswerDetails, subscriberAnswerDetailsHi],
];

/**
 * A message the rules gave in English, in `language`: what the server's answer pages show a form
 * posted without JavaScript. A message without a twin (one the API words itself) stays as it is.
 */
export function messageIn(language: Language, english: string): string {
  if (language === "en") return english;
  for (const [englishMessages, hindiMessages] of twins) {
    const key = Object.keys(englishMessages).find((candidate) => englishMessages[candidate] === english);
    if (key !== undefined && hindiMessages[key]) return hindiMessages[key];
  }
  return english;
}
