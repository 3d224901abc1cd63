import { messageOf } from "../error-message";

/**
 * What a failed send means, decided once for every notifier: a recipient or message refused for
 * good ends the notification as undeliverable; anything else is retried. And what may be said of
 * it: a mail library's errors name the recipient ("…rejected: 550 5.1.1 <asha@example.in>…",
 * `rejected: [...]`), and a buyer's address must never reach a log line, a metric or the error
 * stored for the console.
 */

/** Anything shaped like an e-mail address (also inside `<…>` or quotes). */
const ADDRESS = /[^\s<>"'(),;:[\]@]+@[^\s<>"'(),;:[\]@]+/g;

/** `text` with every e-mail address in it replaced by `<address>`. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, "<address>");
}

/** An error as a log line or the console may show it: its message, without addresses, cut short. */
export function describeSendError(error: unknown): string {
  return withoutAddresses(messageOf(error)).slice(0, 500);
}

/**
 * The recipient's mail server refused the mail for good: the notification ends undeliverable after
 * this one attempt (server/notify/outbox-worker.ts). The message names no address.
 */
export class NotificationRefusedError extends Error {
  readonly responseCode: number;
  constructor(message: string, responseCode: number, options?: ErrorOptions) {
    super(message, options);
    this.name = "NotificationRefusedError";
    this.responseCode = responseCode;
  }
}

/** The SMTP commands whose permanent (5xx) refusal is the recipient's or the message's, not ours. */
const REFUSED_AT = new Set(["RCPT TO", "DATA"]);

/**
 * A nodemailer error that is a permanent refusal of the recipient (at RCPT) or of the message (at
 * DATA), as a NotificationRefusedError; undefined for any other (a 4xx, a refused sender or login,
 * a connection error, a timeout), which are retried. A 5xx at MAIL FROM or AUTH is our own
 * configuration's fault: it must keep failing (and page), not quietly end every mail.
 */
export function smtpRefusal(error: unknown): NotificationRefusedError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { responseCode, command, response } = error as {
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
  };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return undefined;
  if (typeof command !== "string" || !REFUSED_AT.has(command)) return undefined;
  const what = command === "RCPT TO" ? "The recipient's address was refused" : "The message was refused";
  const reply = typeof response === "string" ? response : `SMTP ${responseCode}`;
  return new NotificationRefusedError(`${what}: ${withoutAddresses(reply).slice(0, 300)}`, responseCode);
}
