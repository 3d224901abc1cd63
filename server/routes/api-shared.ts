import type { FactsPages } from "../site/facts-pages";
import type { RateLimitOptions } from "@fastify/rate-limit";
import type { scheduleBackups } from "../backup/backup-schedule";
import type { scheduleDigests } from "../team/digest-schedule";
import type { scheduleReminders } from "../push/reminder-schedule";
import type { StaffLinks } from "../admin/staff-links";
import type { NewsletterLinks } from "../newsletter/links";
import type { PaymentLinks } from "../documents/payment-links";
import type { OutboxMonitor } from "../notify/outbox-watch";
import type { OutboxWorker } from "../notify/outbox-worker";
import type { scheduleRetention } from "../retention/retention-schedule";
import type { Store } from "../store/store";
import type { CompanyFactsCache } from "../company/facts-cache";
import { type Language, LANGUAGE_FIELD, LANGUAGES, languageOf } from "../../domain/contract";

/** The hidden form field only a robot fills in. */
export const HONEYPOT_FIELD = "website";

/** True when the hidden field came back filled: the request is answered as usual and dropped. */
export function honeypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null || !Object.hasOwn(body, HONEYPOT_FIELD)) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (typeof value === "string") return value.trim() !== "";
  return value !== undefined && value !== null && value !== false;
}

/** The language a form or API call was sent in (absent: English); undefined when it is not one of ours. */
export function requestLanguage(body: unknown): Language | undefined {
  if (typeof body !== "object" || body === null || !Object.hasOwn(body, LANGUAGE_FIELD)) return "en";
  return languageOf((body as Record<string, unknown>)[LANGUAGE_FIELD]);
}

/** What the API says to a language it does not have. */
export const unknownLanguageMessage = `Send ${LANGUAGE_FIELD} as ${LANGUAGES.join(" or ")}, or leave it out for English.`;

export interface RateLimitedRoutes {
  rateLimit: RateLimitOptions;
  /** Queue the visitor's acknowledgement with each enquiry (ACKNOWLEDGE_VISITORS). */
  acknowledgeVisitors?: boolean;
}

/** The outbox worker as the routes see it. */
export interface OutboxHandle {
  /** Tells the worker an enquiry was just stored (a no-op when no notifier is configured). */
  wake(): void;
  /** The worker itself, absent when no notifier is configured. */
  worker: OutboxWorker | undefined;
  /** What waits in the outbox, and whether mail has stopped going out. */
  monitor: OutboxMonitor;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The store chosen at start-up from DATABASE_URL; closed when the server closes. */
    store: Store;
    /** Now, as the console's sessions and sign-in limits see it. */
    clock: () => Date;
    /** The company's facts in force on this instance: the mails, templates and console read them here. */
    companyFacts: CompanyFactsCache;
    outbox: OutboxHandle;
    /** Makes and checks the newsletter's signed links. */
    newsletterLinks: NewsletterLinks;
    /** Makes and reads the links to the buyers' payment pages (server/documents/payment-links.ts). */
    paymentLinks: PaymentLinks;
    /** Makes and checks the links mailed to staff to set a password. */
    staffLinks: StaffLinks;
    /** The scheduled backups of a SQLite database, when BACKUP_INTERVAL_HOURS is set. */
    backups: ReturnType<typeof scheduleBackups> | undefined;
    /** The pages rendered from the company's published facts; absent from a build without a page renderer. */
    publishedPages: FactsPages | undefined;
    /** The sweeps that erase personal data past its retention period. */
    retention: ReturnType<typeof scheduleRetention>;
    /** The console's settings from configuration. */
    consoleSettings: { requireOwnerTotp: boolean };
    /** The 09:00 digests (docs/decisions/022). */
    team: { digests: ReturnType<typeof scheduleDigests> };
    /** The follow-up reminders on the phone, when VAPID keys are set. */
    reminders: ReturnType<typeof scheduleReminders> | undefined;
  }
}
