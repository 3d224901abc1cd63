/**
 * Reminders on the phone: Web Push notifications a member turns on per device (docs/console.md,
 * Notifications on this device). What the console, its service worker and the server agree on.
 * No I/O.
 */

/** The console's push routes, relative to ADMIN_API_PREFIX (any signed-in member). */
export const PUSH_API_ROUTES = {
  /** GET { publicKey }: the server's VAPID public key, null when notifications are not set up. */
  settings: "/push",
  /** POST { endpoint, keys: { p256dh, auth } }: this device's subscription; DELETE { endpoint }. */
  subscriptions: "/push/subscriptions",
} as const;

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const PUSH_ENDPOINT_MAX_LENGTH = 1_000;
/** The most devices one member receives notifications on; turning on another drops the oldest. */
export const PUSH_DEVICES_MAX = 10;

/** Why a member is notified: an enquiry handed to them, or their follow-up falling due. */
export const PUSH_REASONS = ["assigned", "follow-up"] as const;
export type PushReason = (typeof PUSH_REASONS)[number];

/**
 * What a notification carries (encrypted end to end, RFC 8291): a title and a line naming the
 * enquiry by its reference and the buyer's first name at most, the console path it opens, and a
 * tag, so that a notification sent again replaces its first copy on the device.
 */
export interface PushNotice {
  title: string;
  body: string;
  /** A path of the console (`/admin/enquiries/<id>`); the service worker opens nothing else. */
  url: string;
  tag: string;
}

export const pushMessages = {
  unsupported:
    "This browser cannot show the console's notifications. On a phone, use Chrome, or on an iPhone add the console to the Home Screen first (Share, then Add to Home Screen).",
  notSetUp:
    "Notifications are not set up on this server yet: an administrator sets its VAPID keys (docs/configuration.md).",
  blocked:
    "Notifications are blocked for this site in the browser's settings. Allow them there, then turn them on here.",
  subscribeFailed:
    "The browser could not turn notifications on: its push service did not answer. Try again later.",
  badSubscription: "The browser sent a subscription the server cannot use.",
  turnedOn: "Notifications are on for this device.",
  turnedOff: "Notifications are off for this device.",
} as const;

/** The texts of the notifications themselves. */
export const pushTexts = {
  assigned: (handedOnBy: string | null) =>
    handedOnBy ? `Handed to you by ${handedOnBy}` : "A new enquiry is yours",
  followUp: "Follow-up due now",
  /** "Enquiry 3F2A9C1E · Asha": the reference, with the buyer's first name when it is a plain one. */
  enquiryLine: (reference: string, firstName: string | undefined) =>
    firstName ? `Enquiry ${reference} · ${firstName}` : `Enquiry ${reference}`,
} as const;
