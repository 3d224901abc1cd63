import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email";
import { UNCONFIRMED_SUBSCRIBER_DAYS } from "./retention";

/** An address asked for again within this many minutes gets no second confirmation mail. */
export const NEWSLETTER_RESEND_AFTER_MINUTES = 60;

/**
 * What the newsletter box says. One answer for every valid address, new, waiting or already
 * subscribed, so the box never tells anyone whether an address is on the list.
 */
export const subscriberMessages = {
  invalid: "Please enter a valid email address",
  confirmationSent:
    "Almost done! We have e-mailed you a link: open it to confirm your subscription. If you are already subscribed, there is nothing more to do.",
  failed: "We could not subscribe you just now. Please try again in a moment.",
} as const;

/**
 * Said below the answer on the page a form posted without JavaScript gets: the server's words
 * only, kept apart from the box's answers so that no page's script carries them.
 */
export const subscriberAnswerDetails = {
  confirmationDetail: `The link works for ${UNCONFIRMED_SUBSCRIBER_DAYS} days. We use your address for the newsletter only, and every newsletter lets you unsubscribe in one click.`,
} as const;

/** Where the pages the newsletter's links open lead on. */
export const newsletterLinkLabels = { home: "Go to the site", subscribeAgain: "Subscribe again" } as const;

/** The pages the newsletter's links open: a heading, and what it means for the visitor. */
export const newsletterLinkPages = {
  confirmed: {
    title: "Your subscription is confirmed",
    text: "Thank you. Our newsletter will come to this address, and every one has a link to unsubscribe in one click.",
  },
  alreadyConfirmed: {
    title: "This link has already been used",
    text: "Your address is already confirmed, so there is nothing more to do. Nothing was changed.",
  },
  unsubscribed: {
    title: "You are unsubscribed",
    text: "Your address has been removed from our list, and we will send you no more newsletters.",
  },
  notOnList: {
    title: "This address is not on our list",
    text: "It may have been unsubscribed already, or erased because it was not confirmed in time. Nothing was changed.",
  },
  invalid: {
    title: "This link is not valid",
    text: "It may have been cut short or changed on its way to you. Nothing was changed. Please open the link from the e-mail again, or copy all of it into your browser.",
  },
  unavailable: {
    title: "We could not do this just now",
    text: "Nothing was changed. Please open the link again in a few minutes.",
  },
  expired: {
    title: "This link has expired",
    text: `Confirmation links work for ${UNCONFIRMED_SUBSCRIBER_DAYS} days. Nothing was changed. You can subscribe again at the foot of our home page.`,
  },
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
