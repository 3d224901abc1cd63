import type { PendingNotification } from "../store/store";

/** What a notifier needs to tell the company (or acknowledge to the visitor) about one enquiry. */
export type EnquiryNotification = Pick<PendingNotification, "id" | "enquiryId" | "enquiry" | "receivedAt"> & {
  /** Absent: the company's notification. */
  kind?: PendingNotification["kind"];
};

/**
 * Tells the company about a stored enquiry. Adapters: SMTP and EmailJS, chosen once at
 * start-up from configuration (`createNotifier`); the outbox worker sees only this interface.
 */
export interface Notifier {
  /** Names the adapter in logs. */
  readonly name: string;
  /** How many notifications the worker may send at once through this adapter. */
  readonly concurrency: number;
  /**
   * Delivers one notification. Resolves only once the provider has accepted it; rejects
   * when it was not delivered (and may be sent again). Gives up when `signal` aborts.
   */
  send(notification: EnquiryNotification, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export class NotificationFailedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "NotificationFailedError";
  }
}
