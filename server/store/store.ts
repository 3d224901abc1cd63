import type { PaymentReminder } from "../../domain/payment-reminder";
import type { Language, PagePath, VitalMetric } from "../../domain/contract";
import type { Enquiry, StoredEnquiryFields } from "../../domain/enquiry";
import type { IssuedDocument } from "../../domain/invoice";
import type { EnquirySource } from "../../domain/enquiry-source";
import type { SpamScreening } from "../../domain/spam";
import type { WhatsAppConsent } from "../../domain/whatsapp-consent";
import type { MemberAlertFacts } from "../lifecycle/plan";
import type { ActivityLog } from "./activity";
import type { DashboardStore } from "./dashboard";
import type { RetentionStore } from "./retention";
import type { DerivedFlagsStore } from "./derived-flags";
import type { EnquiryChanges, EnquiryWorkStore } from "./enquiry-work";
import type { LeaseStore } from "./leases";
import type { PersonalDataStore } from "./personal-data";
import type { SessionStore } from "./sessions";
import type { AttemptCounterStore } from "./attempt-counters";
import type { StaffStore } from "./staff";
import type { MemberStore, StaffLinkPurpose } from "./members";
import type { DigestContent } from "../../domain/team";
import type { HandedOnList } from "../../domain/bulk";
import type { TeamChanges, TeamStore } from "./team";
import type { SubscriberDirectory } from "./subscriber-directory";
import type { WebhookStore } from "./webhooks";
import type { ConversationChanges, ConversationStore } from "./conversations";
import type { PushPayload } from "./push-payload";
import type { PushStore, ReminderChanges } from "./push";
import type { TemplateStore } from "./templates";
import type { DealChanges, DealStore } from "./deals";
import type { DispatchChanges, DispatchStore } from "./dispatch";
import type { DocumentChanges, DocumentStore } from "./documents";
import type { BuyerStore } from "./buyers";
import type { CompanyFactsStore } from "../company/facts-store";

/**
 * An enquiry as stored: exactly the five fields, with its id, the time it was received and the
 * language of the page it was sent from beside them (metadata, not a field of the enquiry).
 */
export interface StoredEnquiry {
  id: string;
  receivedAt: string; // ISO 8601, UTC
  language: Language;
  enquiry: StoredEnquiryFields;
  /** Where it came from (metadata beside the five fields); read by the console, absent elsewhere. */
  source?: EnquirySource;
  /** What the spam scoring made of it; read by the console, absent elsewhere. */
  screening?: SpamScreening;
  /** The consent to WhatsApp its form gave (docs/decisions/042); read by the console, absent elsewhere. */
  whatsappConsent?: WhatsAppConsent;
}

export interface StoredSubscriber {
  id: string;
  email: string;
  subscribedAt: string;
}

/** Who a notification of an enquiry goes to: the company, or the visitor (an acknowledgement with the reference). */
export type EnquiryNotificationKind = "company" | "acknowledgement";
/** The newsletter's own mails: the request to confirm an address, and the welcome once it is confirmed. */
export type NewsletterNotificationKind = "newsletter-confirmation" | "newsletter-welcome";
/**
 * The staff's own mails: a new enquiry a member chose to hear of (or one handed to them), a
 * member's 09:00 digest, a link to set a password (an invitation, or a reset an owner sent), and
 * the list of enquiries handed to a member in one bulk action; and a push notification to the
 * member's devices (an enquiry handed to them, a follow-up falling due).
 */
export type StaffNotificationKind = "member-alert" | "digest" | "staff-link" | "handed-on" | "push";
/** A reply a member wrote in the console, to the enquiry's own address (docs/console.md, Conversation). */
export type ReplyNotificationKind = "reply";
/** A WhatsApp message a member sent from the console, to the enquiry's mobile (docs/whatsapp.md). */
export type WhatsAppNotificationKind = "whatsapp";
/** A document issued from the enquiry, mailed to its buyer with its PDF (docs/invoices.md). */
export type DocumentNotificationKind = "document";
export type NotificationKind =
  | EnquiryNotificationKind
  | NewsletterNotificationKind
  | StaffNotificationKind
  | ReplyNotificationKind
  | WhatsAppNotificationKind
  | DocumentNotificationKind;

/** One attempt counter to add with an enquiry (server/store/attempt-counters.ts). */
export interface CounterToAdd {
  name: string;
  expiresAt: Date;
  /**
   * A counter added only ever with an earlier counter of the same call, its parent (`parent`, its
   * index), and named `key` under it: the same five fields come only with the same mobile. Its
   * count is what adding it each time would give, but a store may leave it unwritten while its
   * parent counts one, keeping `key` with the parent, and count that first add in when it is
   * written (sqlite/attempt-counters.ts). Adds of the parent without it must not be made.
   */
  nested?: { parent: number; key: string };
}

/**
 * What an enquiry is checked on that needs counting (repeats of its mobile, address and body, the
 * use of its proof of work, its visitor's mailbox): the counters are added in the enquiry's own
 * write (its transaction, where the store has one), so an enquiry costs one write and a hundred
 * sent at once count as a hundred. A repeat of an idempotency key answers the first enquiry and
 * counts nothing.
 */
export interface CountedChecks {
  counters: readonly CounterToAdd[];
  /** Scores the enquiry from its counters' counts (in their order, this enquiry included). */
  score(counts: readonly number[]): SpamScreening;
  /**
   * A cap on the visitor's acknowledgement: for an enquiry not filed as spam whose acknowledgement
   * is asked for, these counters are added too, and the mail is queued only when they allow it.
   */
  acknowledgement?: { counters: readonly CounterToAdd[]; allowed(counts: readonly number[]): boolean };
  /**
   * What the order form's checks were made from (server/spam/form-checks.ts), plain data that
   * makes them again: an intake written on a thread of its own is handed these instead of the
   * functions above, which cannot cross to it.
   */
  formSignals?: FormCheckSignals;
}

/** The order form's counted signals, as the route read them. */
export interface FormCheckSignals {
  enquiry: Enquiry;
  honeypot: boolean;
  /** The proof of work's use to count, when the form sent a valid one. */
  proofOfWork: CounterToAdd | undefined;
  /** When it arrived: the counters' windows. */
  now: Date;
}

export interface AddEnquiryOptions {
  /** Also queue the visitor's acknowledgement mail, in the same transaction (never for spam). */
  acknowledge?: boolean;
  /**
   * The client's idempotency key, stored with the enquiry in the same transaction: a repeat of
   * the same enquiry with it (at once, or later, on any instance) answers the first one stored,
   * and stores and queues nothing; a different enquiry with it throws IdempotencyKeyReusedError.
   */
  idempotencyKey?: string;
  /** The language of the page it was sent from, which the visitor's mail is written in; English by default. */
  language?: Language;
  /** Where it came from, stored beside it. */
  source?: EnquirySource;
  /**
   * The visitor ticked the form's WhatsApp box: intake records the consent as its plan says
   * (planIntake), with the time received and the box's words in `language`.
   */
  whatsappConsent?: boolean;
  /**
   * What the spam scoring made of it, stored beside it. Filed as Spam (server/spam/screening.ts,
   * `enquiryMailsSuppressed`), it is stored with the status Spam and no mail is queued.
   */
  screening?: SpamScreening;
  /**
   * The id of the request that sent it (X-Request-Id): kept with each notification and webhook
   * delivery it queues, so the outbox's log lines about them name the request that caused them.
   */
  requestId?: string;
  /**
   * The counted checks, in place of `screening`: the screening they give is stored beside the
   * enquiry, and one filed as Spam mails nobody, its visitor included.
   */
  checks?: CountedChecks;
}

/** A notification of one enquiry, waiting in the outbox until it is delivered. */
export interface PendingEnquiryNotification {
  id: string;
  kind: EnquiryNotificationKind;
  enquiryId: string;
  enquiry: StoredEnquiryFields;
  receivedAt: string;
  /** The enquiry's language: the visitor's acknowledgement is written in it. */
  language: Language;
  attempts: number;
  /** The request that queued it (AddEnquiryOptions.requestId), for log lines; absent for older ones. */
  requestId?: string;
}

/**
 * A newsletter mail to one address, waiting in the outbox. It carries what the mail's signed links
 * are made from, read when it is claimed: `confirmNonce` is null once the address is confirmed
 * (a confirmation request then has nothing left to ask).
 */
export interface PendingNewsletterNotification {
  id: string;
  kind: NewsletterNotificationKind;
  subscriberId: string;
  email: string;
  confirmNonce: string | null;
  unsubscribeNonce: string;
  /** When the address was last asked for: its confirmation link runs out a set time after. */
  requestedAt: string;
  /** The language of the page the address was given on: the newsletter's mails are written in it. */
  language: Language;
  attempts: number;
}

/**
 * A mail to one member of staff, waiting in the outbox: an alert of a new enquiry (with its
 * fields) or the day's digest (its content made when it was queued). The address is the member's
 * as it is when the mail is claimed; a member removed takes their mails along.
 */
export type PendingStaffNotification = {
  id: string;
  staffId: string;
  to: string;
  attempts: number;
  /** The request that queued it (a new enquiry's alert or push), for log lines. */
  requestId?: string;
} & (
  | ({
      kind: "member-alert";
      enquiryId: string;
      enquiry: StoredEnquiryFields;
      receivedAt: string;
    } & MemberAlertFacts)
  | { kind: "digest"; digest: DigestContent }
  | { kind: "staff-link"; link: StaffLinkMail }
  /** Its list made when it was queued, like a digest's content. */
  | { kind: "handed-on"; list: HandedOnList }
  | {
      kind: "push";
      enquiryId: string;
      push: PushPayload;
      /** When it went into the outbox: a push that waited too long is no longer worth sending. */
      queuedAt: string;
    }
);

/** What a mail with a link to set a password is made from (the link is signed when it is sent). */
export interface StaffLinkMail {
  linkId: string;
  purpose: StaffLinkPurpose;
  expiresAt: string;
  /** Who sent it, as colleagues see them (domain/staff.ts: memberName); absent in links sent before. */
  sentByName?: string;
}

/**
 * A reply to the buyer waiting in the outbox: it goes to the enquiry's own address, with the
 * subject, text and thread headers the conversation stored when it was queued.
 */
export interface PendingReplyNotification {
  id: string;
  kind: ReplyNotificationKind;
  enquiryId: string;
  enquiry: StoredEnquiryFields;
  language: Language;
  reply: ReplyMail;
  attempts: number;
  /** The request that sent the reply, for log lines; absent for older ones. */
  requestId?: string;
}

/** What a reply mail is made from, as the conversation stored it. */
export interface ReplyMail {
  subject: string;
  text: string;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
}

/**
 * What a WhatsApp message is sent as, kept with its notification: free text, or an approved
 * template with its body's parameters merged when it was queued. The number it goes to is not in
 * it: it is read from the enquiry when the message is sent.
 */
export type WhatsAppPayload =
  | { type: "text"; text: string }
  | { type: "template"; template: { name: string; language: string; bodyParameters: string[] } };

/** A WhatsApp message waiting in the outbox, with the enquiry whose mobile it goes to. */
export interface PendingWhatsAppNotification {
  id: string;
  kind: WhatsAppNotificationKind;
  enquiryId: string;
  enquiry: StoredEnquiryFields;
  /** The conversation's message it sends: Meta names it on the message's status callbacks. */
  messageRowId: string;
  message: WhatsAppPayload;
  attempts: number;
  requestId?: string;
}

/**
 * A document mailed to its buyer, waiting in the outbox: the document as issued (its snapshot,
 * kept in the notification's payload: it never changes) and the address it goes to.
 */
export interface PendingDocumentNotification {
  id: string;
  kind: DocumentNotificationKind;
  enquiryId: string;
  to: string;
  document: IssuedDocument;
  /** A payment reminder for the invoice instead of the document itself: its text as made when queued. */
  reminder?: PaymentReminder;
  attempts: number;
  requestId?: string;
}

/** What a document notification's payload holds. */
export interface DocumentNotificationPayload {
  to: string;
  document: IssuedDocument;
  reminder?: PaymentReminder;
}

export type PendingNotification =
  | PendingEnquiryNotification
  | PendingNewsletterNotification
  | PendingStaffNotification
  | PendingReplyNotification
  | PendingWhatsAppNotification
  | PendingDocumentNotification;

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

/**
 * What the order form's intake filed: the enquiry stored (or, for a repeat of an idempotency key,
 * the first one stored with it), and where: the inbox, Spam (the one verdict, `enquiryMailsSuppressed`,
 * taken above the stores), or nowhere new (`repeat`).
 */
export interface FiledEnquiry {
  stored: StoredEnquiry;
  filed: "inbox" | "spam" | "repeat";
}

/**
 * The intake of a new enquiry from the order form, written once above the stores
 * (server/work/intake-changes.ts): read, planned (planIntake), written as planned.
 */
export interface IntakeChanges {
  /**
   * Stores the enquiry with what its plan says (its work, mails, alerts, event and counters) in
   * one transaction, and answers once it is on disk. A different enquiry sent with an idempotency
   * key already used throws IdempotencyKeyReusedError.
   */
  fileEnquiry(enquiry: Enquiry, options?: AddEnquiryOptions): Promise<FiledEnquiry>;
}

/** The enquiries, with the outbox of their notifications: one is stored with the other, in one transaction. */
export interface EnquiryStore {
  /** Stores the enquiry and its pending notification (or notifications): the work layer's intake (`work.fileEnquiry`). */
  add(enquiry: Enquiry, options?: AddEnquiryOptions): Promise<StoredEnquiry>;
  /** Forgets idempotency keys first used before `before`; answers how many. */
  eraseIdempotencyKeys(before: Date): Promise<number>;
  /** Every stored enquiry, oldest first. */
  list(): Promise<StoredEnquiry[]>;

  /**
   * Claims up to `limit` notifications that are due (`nextAttemptAt <= now`) and not claimed
   * by another worker whose lease is still running, for `leaseMs`. Safe across server instances;
   * notifications sent or leased never keep due ones from being claimed, however many there are.
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
  /**
   * Ends a notification whose recipient's mail server refused it for good (an SMTP 5xx): it is
   * never claimed again and never counts as waiting; `at` is when it was refused (the digest reads
   * the refusals of its last 24 hours by it). Only the worker holding the claim may end it.
   */
  markNotificationUndeliverable(id: string, worker: string, error: string, at: Date): Promise<void>;
  /** How many notifications wait to be sent, and since when the oldest of them waits. */
  outboxBacklog(): Promise<OutboxBacklog>;
}

/** What waits in the outbox: read from an index, cheap enough for every health check. */
export interface OutboxBacklog {
  waiting: number;
  /** When the notification waiting longest went into the outbox (made, or resent); null when none waits. */
  oldestQueuedAt: string | null;
}

/**
 * What asking for an address did: `created` (a new, unconfirmed address; a confirmation mail is
 * queued), `resent` (still unconfirmed, last asked over `resendAfterMs` ago: another mail is
 * queued), `waiting` (still unconfirmed and mailed recently: nothing queued) or `confirmed`.
 */
export type SubscriptionRequestOutcome = "created" | "resent" | "waiting" | "confirmed";

export interface SubscriptionRequest {
  outcome: SubscriptionRequestOutcome;
  subscriberId: string;
  /** What the address's confirmation link is made from; null once it is confirmed. */
  confirmNonce: string | null;
}

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "unknown";

/**
 * The newsletter's addresses, with their consent: an address is asked for, mailed a link, and
 * counts as a subscriber only once that link is opened. Each mail goes through the outbox, in the
 * same transaction as the change that calls for it.
 */
export interface SubscriberStore {
  /** Asks for an address (already checked and in lower case). */
  request(
    email: string,
    options: { now: Date; resendAfterMs: number; language?: Language },
  ): Promise<SubscriptionRequest>;
  /**
   * Confirms the address `subscriberId` if `confirmNonce` is the one its link was made with, and
   * queues the welcome mail. `unknown`: no such address, or not that nonce; nothing changes.
   */
  confirm(subscriberId: string, confirmNonce: string, now: Date): Promise<ConfirmOutcome>;
  /**
   * Removes the address (confirmed or not) and its unsent mails when `unsubscribeNonce` is its own.
   * False when there is no such address or not that nonce; nothing changes then.
   */
  unsubscribe(subscriberId: string, unsubscribeNonce: string): Promise<boolean>;
  /**
   * Erases addresses never confirmed and last asked for before `before` (one with no request time
   * is kept); returns how many.
   */
  eraseUnconfirmed(before: Date): Promise<number>;
  /**
   * Every confirmed address, oldest first: the subscribers, each with the nonce its unsubscribe
   * link is made from (for mail the company sends from elsewhere).
   */
  list(): Promise<(StoredSubscriber & { unsubscribeNonce: string })[]>;
}

/** Secret keys the site makes once and keeps with its data (so a restored copy still knows them). */
export interface KeyStore {
  /** The 32-byte key named `name`, made at random the first time it is asked for. */
  key(name: string): Promise<Buffer>;
}

/** Real visitors' page-speed measurements. */
export interface VitalsStore {
  /** Stores the samples as received at `receivedAt` (now unless given). */
  add(samples: readonly VitalSample[], receivedAt?: Date): Promise<void>;
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
  readonly keys: KeyStore;

  /** The console's accounts and their sessions; counted attempts (sign-ins, mails to one mailbox). */
  readonly staff: StaffStore;
  readonly sessions: SessionStore;
  /** Invitations, reset links and roles, as owners manage staff from the console. */
  readonly members: MemberStore;
  readonly attemptCounters: AttemptCounterStore;
  /** Statuses, notes and history of enquiries, and the console's inbox. */
  readonly enquiryWork: EnquiryWorkStore;
  /** The changes of an enquiry's work, each written once above the stores (server/work/). */
  readonly work: EnquiryChanges &
    IntakeChanges &
    TeamChanges &
    ConversationChanges &
    DealChanges &
    DispatchChanges &
    ReminderChanges &
    DocumentChanges;
  /** Owners, follow-ups, the assignment rule, alert choices and the digest (docs/decisions/022). */
  readonly team: TeamStore;
  /** The newsletter's addresses as the console lists, searches and removes them. */
  readonly subscriberDirectory: SubscriberDirectory;
  readonly activity: ActivityLog;
  /** Erases personal data whose retention period is over. */
  readonly retention: RetentionStore;
  /** Gives work records stored before a derived flag existed their flags, once (Firestore). */
  readonly derivedFlags: DerivedFlagsStore;
  /** A person's data under India's DPDP Act: shown, or erased in one transaction. */
  readonly personalData: PersonalDataStore;
  /** Which instance runs each timed job (sweeps, backups) now. */
  readonly leases: LeaseStore;
  /** The console dashboard's figures over a span of days. */
  readonly dashboard: DashboardStore;
  /** Webhook endpoints and the outbox of their signed deliveries (docs/decisions/025). */
  readonly webhooks: WebhookStore;
  /** Each enquiry's e-mail conversation: replies sent from the console, the buyer's answers. */
  readonly conversations: ConversationStore;
  /** The reply and WhatsApp templates owners keep. */
  readonly templates: TemplateStore;
  /** Members' push subscriptions, one per device, and the follow-up reminders queued to them. */
  readonly push: PushStore;
  /** The deal's figures on each enquiry (domain/deal.ts). */
  readonly deals: DealStore;
  /** The order's dispatch on each enquiry (domain/dispatch.ts) and who received a batch. */
  readonly dispatch: DispatchStore;
  /** Documents issued from enquiries and payments against tax invoices (domain/invoice.ts). */
  readonly documents: DocumentStore;
  /** Each enquiry's buyer: the others sent with the same mobile or to the same mailbox (domain/buyer.ts). */
  readonly buyers: BuyerStore;
  /** The company's own facts, every version the owners published (domain/company-facts.ts). */
  readonly companyFacts: CompanyFactsStore;

  /** Resolves when the store answers; throws StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
