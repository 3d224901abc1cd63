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

/**
 * The browsers' push services, the only hosts the server posts a notification to: Google's FCM
 * (Chrome, Edge on Android, most Android browsers), Mozilla's autopush (Firefox), Apple's (Safari)
 * and Microsoft's WNS (Edge on Windows). A name with a leading dot takes any host under it. An
 * endpoint is a URL a browser hands over; any other host would let whoever subscribes make the
 * server send requests wherever they like.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  ".push.services.mozilla.com",
  ".push.apple.com",
  ".notify.windows.com",
] as const;

/** The test stand-in's hosts, allowed only with PUSH_ALLOW_LOOPBACK (docs/configuration.md). */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

export type PushEndpointCheck = { ok: true; url: URL; loopback: boolean } | { ok: false; error: string };

/**
 * Whether the server may send to a subscription's endpoint: https on the default port, no user
 * name or password, on one of PUSH_SERVICE_HOSTS. With `allowLoopback` (tests' stand-in push
 * service) a loopback host over http or https on any port passes too, and says so.
 */
export function checkPushEndpoint(raw: string, options: { allowLoopback: boolean }): PushEndpointCheck {
  const refused = { ok: false, error: pushMessages.unknownService } as const;
  if (raw.length > PUSH_ENDPOINT_MAX_LENGTH || !URL.canParse(raw)) return refused;
  const url = new URL(raw);
  if (url.username || url.password) return refused;
  if (options.allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) {
    return url.protocol === "https:" || url.protocol === "http:"
      ? { ok: true, url, loopback: true }
      : refused;
  }
  // `port` is empty for the scheme's default, whether or not `:443` was written.
  if (url.protocol !== "https:" || url.port !== "") return refused;
  const known = PUSH_SERVICE_HOSTS.some((host) =>
    host.startsWith(".") ? url.hostname.endsWith(host) : url.hostname === host,
  );
  return known ? { ok: true, url, loopback: false } : refused;
}
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
  unknownService:
    "This browser's push service is not one the server sends to: notifications work with Chrome, Firefox, Safari and Edge, whose push services are Google's, Mozilla's, Apple's and Microsoft's.",
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
