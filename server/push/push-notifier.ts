import { createHash } from "node:crypto";
import webPush from "web-push";
import { CONSOLE_PAGE_PATHS, enquiryReference } from "../../domain/console";
import { checkPushEndpoint, pushTexts, type PushNotice } from "../../domain/push";
import { NotificationFailedError, type Notifier, type OutboxNotification } from "../notify/notifier";
import type { PendingStaffNotification } from "../store/store";
import type { PushStore, StoredPushSubscription } from "../store/push";
import { postWebhook } from "../webhooks/post-webhook";
import type { HostResolver } from "../webhooks/address-guard";

/** How long a push notification is worth delivering: past it, the outbox drops it and push services discard it. */
export const PUSH_LIFETIME_MS = 6 * 3_600_000;
/**
 * Attempts a push gets (the outbox's backoff spaces them over about ten minutes): a push service
 * down longer is not worth waiting for, and mail's alarm (OUTBOX_ALERT_MINUTES) is not raised by it.
 */
export const PUSH_ATTEMPTS = 8;
/** How many push notifications the outbox sends at once. */
const PUSH_CONCURRENCY = 4;
/** The most of a push service's answer read (its error text, for the log). */
const ANSWER_BYTES = 300;

type PushNotification = Extract<PendingStaffNotification, { kind: "push" }>;

export interface PushLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * What the notification shows: why, the enquiry's reference and the buyer's first name at most,
 * and the console page it opens. Nothing else of the buyer leaves the server, and the push
 * service sees none of it (the payload is encrypted for the device, RFC 8291).
 */
export function pushNotice(notification: Pick<PushNotification, "enquiryId" | "push">): PushNotice {
  const { push, enquiryId } = notification;
  return {
    title: push.reason === "follow-up" ? pushTexts.followUp : pushTexts.assigned(push.handedOnBy ?? null),
    body: pushTexts.enquiryLine(enquiryReference(enquiryId), push.firstName),
    url: CONSOLE_PAGE_PATHS.enquiry(enquiryId),
    tag: `enquiry-${enquiryId}`,
  };
}

/** What one device's push service made of one notification. */
type DeviceOutcome = "delivered" | "gone" | "retry" | "refused";

/** The push service's host, for the log: never the endpoint, whose path addresses one device. */
const serviceOf = (device: StoredPushSubscription) => {
  try {
    return new URL(device.endpoint).host;
  } catch {
    return "unknown";
  }
};

/**
 * Sends the outbox's push notifications (kind `push`) to every device the member turned them on
 * for, with the maintained `web-push` package: it signs the request (VAPID, RFC 8292) and
 * encrypts the payload (aes128gcm, RFC 8291); the request itself goes out as a webhook's does
 * (server/webhooks/post-webhook.ts), to a checked public address. A device whose push service
 * answers 404 or 410 is forgotten, as is one subscribed with another VAPID key and one whose
 * endpoint is not on a known push service's host (domain/push.ts), unsent. The notification
 * is retried only when no device took it and one may later (429, 5xx, no answer): a device that
 * failed for now misses it rather than the others getting it twice. One older than
 * PUSH_LIFETIME_MS, or tried PUSH_ATTEMPTS times, is dropped unsent.
 */
export function createPushNotifier(options: {
  store: Pick<PushStore, "devicesOf" | "forget">;
  vapid: VapidDetails;
  log: PushLogger;
  timeoutMs: number;
  /** PUSH_ALLOW_LOOPBACK: the tests' stand-in push service on a loopback address. */
  allowLoopback: boolean;
  now?: () => Date;
  resolve?: HostResolver;
}): Notifier {
  const now = options.now ?? (() => new Date());

  async function sendToDevice(
    device: StoredPushSubscription,
    payload: string,
    ttlSeconds: number,
    topic: string,
    signal: AbortSignal,
  ): Promise<{ outcome: DeviceOutcome; status: number | null }> {
    // A device stored before push services' hosts were checked (or a host since struck off) is
    // not sent to: no request leaves for it, and it is forgotten.
    const endpoint = checkPushEndpoint(device.endpoint, { allowLoopback: options.allowLoopback });
    if (device.serverKey !== options.vapid.publicKey || !endpoint.ok) {
      await options.store.forget(device.endpoint);
      return { outcome: "gone", status: null };
    }
    const request = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: device.keys },
      payload,
      {
        vapidDetails: options.vapid,
        TTL: ttlSeconds,
        contentEncoding: "aes128gcm",
        urgency: "high",
        topic,
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== "content-length")
        .map(([name, value]) => [name, String(value)]),
    );
    const answer = await postWebhook({
      url: request.endpoint,
      headers,
      body: request.body ?? Buffer.alloc(0),
      timeoutMs: options.timeoutMs,
      // Only the stand-in's loopback address skips the public-address check a push service's host passes.
      allowPrivate: endpoint.loopback,
      maxResponseBytes: ANSWER_BYTES,
      signal,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
    const status = answer.statusCode;
    if (status !== null && status >= 200 && status < 300) return { outcome: "delivered", status };
    if (status === 404 || status === 410) {
      await options.store.forget(device.endpoint);
      return { outcome: "gone", status };
    }
    if (status === null || status === 429 || status >= 500) return { outcome: "retry", status };
    return { outcome: "refused", status };
  }

  return {
    name: "web-push",
    concurrency: PUSH_CONCURRENCY,
    kinds: new Set(["push"]),
    async send(notification: OutboxNotification, signal: AbortSignal) {
      if (!("kind" in notification) || notification.kind !== "push") {
        throw new NotificationFailedError("Only push notifications are sent to devices");
      }
      const age = now().getTime() - Date.parse(notification.queuedAt);
      // Its enquiry and the request that queued it: a log line to follow one request by.
      const subject = {
        notificationId: notification.id,
        staffId: notification.staffId,
        enquiryId: notification.enquiryId,
        ...(notification.requestId ? { reqId: notification.requestId } : {}),
      };
      if (age > PUSH_LIFETIME_MS || notification.attempts >= PUSH_ATTEMPTS) {
        options.log.warn(
          { ...subject, attempts: notification.attempts },
          "push notification dropped unsent: it waited too long to be worth showing",
        );
        return;
      }
      const devices = await options.store.devicesOf(notification.staffId);
      if (devices.length === 0) return;
      const payload = JSON.stringify(pushNotice(notification));
      const ttlSeconds = Math.max(60, Math.round((PUSH_LIFETIME_MS - age) / 1_000));
      // A later notification of the same enquiry replaces this one where the push service still holds it.
      const topic = createHash("sha256").update(notification.enquiryId).digest("base64url").slice(0, 32);
      const results = await Promise.all(
        devices.map(async (device) => ({
          service: serviceOf(device),
          ...(await sendToDevice(device, payload, ttlSeconds, topic, signal)),
        })),
      );
      const count = (outcome: DeviceOutcome) => results.filter((result) => result.outcome === outcome).length;
      const summary = {
        ...subject,
        delivered: count("delivered"),
        gone: count("gone"),
        retry: count("retry"),
        refused: count("refused"),
      };
      for (const result of results.filter((each) => each.outcome === "refused" || each.outcome === "retry")) {
        options.log.warn(
          { ...subject, service: result.service, status: result.status },
          "a push service did not take the notification",
        );
      }
      if (summary.delivered === 0 && summary.retry > 0) {
        const statuses = results
          .filter((each) => each.outcome === "retry")
          .map((each) => each.status ?? "no answer");
        throw new NotificationFailedError(`The push service did not take it (${statuses.join(", ")})`);
      }
      options.log.info(summary, "push notification sent to the member's devices");
    },
    async close() {},
  };
}

/**
 * Push notifications where the server has no VAPID keys (they were removed after devices
 * subscribed): nothing can sign them, and a notification is not worth keeping, so each is dropped
 * with a line in the log.
 */
export function pushOffNotifier(log: PushLogger): Notifier {
  return {
    name: "web-push (off)",
    concurrency: PUSH_CONCURRENCY,
    kinds: new Set(["push"]),
    async send(notification: OutboxNotification) {
      log.warn(
        { notificationId: notification.id },
        "push notification dropped: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to send them",
      );
    },
    async close() {},
  };
}
