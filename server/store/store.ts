import type { PagePath, VitalMetric } from "../../domain/contract";
import type { Enquiry } from "../../domain/enquiry";
import type { ActivityLog } from "./activity";
import type { EnquiryWorkStore } from "./enquiry-work";
import type { PersonalDataStore } from "./personal-data";
import type { SessionStore } from "./sessions";
import type { SignInThrottleStore } from "./sign-in-throttle";
import type { StaffStore } from "./staff";
import type { SubscriberDirectory } from "./subscriber-directory";

/** An enquiry as stored: exactly the five fields, with its id and the time it was received beside them. */
export interface StoredEnquiry {
  id: string;
  receivedAt: string; // ISO 8601, UTC
  enquiry: Enquiry;
}

export interface StoredSubscriber {
  id: string;
  email: string;
  subscribedAt: string;
}

/** Who a notification goes to: the company, or the visitor (an acknowledgement with the reference). */
export type NotificationKind = "company" | "acknowledgement";

export interface AddEnquiryOptions {
  /** Also queue the visitor's acknowledgement mail, in the same transaction. */
  acknowledge?: boolean;
}

/** A notification of one enquiry, waiting in the outbox until it is delivered. */
export interface PendingNotification {
  id: string;
  kind: NotificationKind;
  enquiryId: string;
  enquiry: Enquiry;
  receivedAt: string;
  attempts: number;
}

/** One real-visitor page-speed measurement. */
export interface VitalSample {
  page: PagePath;
  metric: VitalMetric;
  value: number;
}

export interface VitalSummary {
  page: string;
  metric: VitalMetric;
  count: number;
  p75: number;
}

export class StoreUnavailableError extends Error {
  constructor(message = "The store is not answering", options?: ErrorOptions) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

/** The enquiries, with the outbox of their notifications: one is stored with the other, in one transaction. */
export interface EnquiryStore {
  /** Stores the enquiry and its pending notification (or notifications) in one transaction. */
  add(enquiry: Enquiry, options?: AddEnquiryOptions): Promise<StoredEnquiry>;
  /** Every stored enquiry, oldest first. */
  list(): Promise<StoredEnquiry[]>;

  /**
   * Claims up to `limit` notifications that are due (`nextAttemptAt <= now`) and not claimed
   * by another worker whose lease is still running, for `leaseMs`. Safe across server instances.
   */
  claimDueNotifications(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<PendingNotification[]>;
  markNotificationSent(id: string, worker: string): Promise<void>;
  /** Releases the claim and schedules the next attempt. */
  markNotificationFailed(id: string, worker: string, error: string, nextAttemptAt: Date): Promise<void>;
}

/** The newsletter's addresses. */
export interface SubscriberStore {
  /** Stores the address once; `created` is false when it was already there. */
  add(email: string): Promise<{ created: boolean }>;
  /** Every address, oldest first. */
  list(): Promise<StoredSubscriber[]>;
}

/** Real visitors' page-speed measurements. */
export interface VitalsStore {
  add(samples: readonly VitalSample[]): Promise<void>;
  /** The 75th percentile of each metric on each page. */
  summarize(): Promise<VitalSummary[]>;
}

/**
 * Where the site keeps what it is given, one concern at a time. Adapters: SQLite (default) and
 * Firestore, chosen once at start-up from DATABASE_URL; each concern of an adapter shares its
 * connection. A new concern (staff, sessions…) is a new member with its own interface here and an
 * implementation beside each adapter's others. Every method that fails because the store cannot
 * be reached throws StoreUnavailableError.
 */
export interface Store {
  readonly enquiries: EnquiryStore;
  readonly subscribers: SubscriberStore;
  readonly vitals: VitalsStore;

  /** The console's accounts, their sessions and the throttling of failed sign-ins. */
  readonly staff: StaffStore;
  readonly sessions: SessionStore;
  readonly signInThrottle: SignInThrottleStore;
  /** Statuses, notes and history of enquiries, and the console's inbox. */
  readonly enquiryWork: EnquiryWorkStore;
  /** The newsletter's addresses as the console lists, searches and removes them. */
  readonly subscriberDirectory: SubscriberDirectory;
  readonly activity: ActivityLog;
  /** A person's data under India's DPDP Act: shown, or erased in one transaction. */
  readonly personalData: PersonalDataStore;

  /** Resolves when the store answers; throws StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
