import type { NotificationKind } from "../store/store";
import { NotificationFailedError, type Notifier, type OutboxNotification } from "./notifier";

/** The kind of a notification as the outbox stores it (an enquiry's mail to the company has none). */
function kindOf(notification: OutboxNotification): NotificationKind {
  return "kind" in notification && notification.kind ? notification.kind : "company";
}

/**
 * One notifier for the outbox worker made of several, each sending its own kinds: the mail
 * notifier (SMTP or EmailJS) and the push notifier. A kind none of them sends waits in the outbox
 * as before (the worker sets it aside).
 */
export function combineNotifiers(notifiers: readonly Notifier[]): Notifier {
  const byKind = new Map<NotificationKind, Notifier>();
  for (const notifier of notifiers)
    for (const kind of notifier.kinds) if (!byKind.has(kind)) byKind.set(kind, notifier);
  return {
    name: notifiers.map((notifier) => notifier.name).join(" + "),
    concurrency: notifiers.reduce((sum, notifier) => sum + notifier.concurrency, 0),
    kinds: new Set(byKind.keys()),
    send(notification, signal) {
      const notifier = byKind.get(kindOf(notification));
      if (!notifier)
        return Promise.reject(new NotificationFailedError(`Nothing sends ${kindOf(notification)}`));
      return notifier.send(notification, signal);
    },
    async close() {
      await Promise.all(notifiers.map((notifier) => notifier.close()));
    },
  };
}
