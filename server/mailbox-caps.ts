import {
  attemptWaitMs,
  attemptWindows,
  reserveAttempt,
  type AttemptLimit,
  type Reservation,
} from "./attempt-limits";
import type { AttemptCounterStore } from "./store/attempt-counters";
import type { CountedChecks } from "./store/store";

/**
 * Mails the site sends to an address a stranger may type (enquiry acknowledgements, newsletter
 * confirmation requests): at most 3 to one mailbox in each clock hour and 10 in each UTC day,
 * whatever addresses the requests come from.
 */
export const MAILBOX_LIMITS: readonly AttemptLimit[] = [
  { windowMs: 3_600_000, max: 3 },
  { windowMs: 24 * 3_600_000, max: 10 },
];

/** Domains whose mail goes to one Gmail mailbox, named by the first. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * One mailbox however it is written, folding the aliases its provider folds: case, a `+tag` in
 * the local part (most providers deliver `name+anything` to `name`), and for Gmail the dots of
 * the local part and `googlemail.com`. `Victim.Name+win@GoogleMail.com` is `victimname@gmail.com`.
 * Every cap on mail to a stranger's address counts under this key.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  let local = address.slice(0, at).split("+")[0] ?? "";
  let domain = address.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}

/**
 * Reserves one mail to the address's mailbox, counted in the store before the mail is queued;
 * not `allowed` when the mailbox has had its share. `takeBack()` when no mail was queued after all.
 */
export function reserveMailTo(counters: AttemptCounterStore, email: string, now: Date): Promise<Reservation> {
  return reserveAttempt(counters, [`mailbox:${mailboxOf(email)}`], MAILBOX_LIMITS, now);
}

/**
 * The same cap as reserveMailTo, for a mail queued in an enquiry's own write: the store adds the
 * mailbox's counters there (only for an enquiry whose acknowledgement goes out) and asks `allowed`.
 */
export function mailboxCap(email: string, now: Date): NonNullable<CountedChecks["acknowledgement"]> {
  const windows = attemptWindows([`mailbox:${mailboxOf(email)}`], MAILBOX_LIMITS, now);
  return {
    counters: windows.map(({ name, expiresAt }) => ({ name, expiresAt: new Date(expiresAt) })),
    allowed: (counts) => attemptWaitMs(windows, counts, now) === 0,
  };
}
