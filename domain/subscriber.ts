import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./enquiry";

export const subscriberMessages = {
  invalid: "Please enter a valid email address",
  subscribed: "Thank you! You are subscribed to our newsletter.",
  alreadySubscribed: "You are already subscribed. Thank you!",
  failed: "We could not subscribe you just now. Please try again in a moment.",
} as const;

export type SubscriberCheck = { ok: true; email: string } | { ok: false; error: string };

/** A newsletter address: the enquiry's address rule; kept in lower case so it is stored once. */
export function checkSubscriberEmail(value: unknown): SubscriberCheck {
  const email = typeof value === "string" ? value.trim() : "";
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    return { ok: false, error: subscriberMessages.invalid };
  }
  return { ok: true, email: email.toLowerCase() };
}
