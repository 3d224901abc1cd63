/**
 * The company's console: what its browser pages and its API under `/api/admin` agree on.
 * Paths, roles, enquiry statuses, the shapes the API answers with, and the messages staff see.
 * No I/O: the console's pages and the server both import it.
 */
import type { Language } from "./contract";
import type { DispatchStep } from "./dispatch";
import type { BuyerType, StoredEnquiryFields } from "./enquiry";
import type { WhatsAppConsent } from "./whatsapp-consent";
import type { EnquirySource } from "./enquiry-source";
import type { SpamReason } from "./spam";
import type { EnquiryStatus } from "./status";

/** Where the console's pages live (domain/console-app.ts). */
export { CONSOLE_BASE_PATH } from "./console-app";

export const CONSOLE_PAGE_PATHS = {
  inbox: "/admin",
  dashboard: "/admin/dashboard",
  signIn: "/admin/sign-in",
  enquiry: (id: string) => `/admin/enquiries/${encodeURIComponent(id)}`,
  subscribers: "/admin/subscribers",
  activity: "/admin/activity",
  staff: "/admin/staff",
  security: "/admin/security",
  personalData: "/admin/personal-data",
  webhooks: "/admin/webhooks",
  /** Public: where an invited member, or one sent a reset link, sets a password (?token=…). */
  welcome: "/admin/welcome",
} as const;

/** The console's API, mounted under the public API's prefix. */
export const ADMIN_API_PREFIX = "/api/admin";

/** Routes relative to ADMIN_API_PREFIX; `:id` segments are path parameters. */
export const ADMIN_API_ROUTES = {
  /** GET, no session needed: whether an owner exists yet (else the console says how to create one). */
  setup: "/setup",
  /** POST sign in ({ email, password, code? }); DELETE sign out. No session needed to POST. */
  session: "/session",
  /** GET the signed-in member of staff. */
  me: "/me",
  /** POST start setting up TOTP; PUT confirm it with a code (answers recovery codes); DELETE turn it off. */
  totp: "/me/totp",
  /**
   * GET the inbox page: the filter of domain/inbox.ts (?view=&status=&owner=&buyer=&source=&q=&sort=),
   * combined, with &cursor=&limit=.
   */
  enquiries: "/enquiries",
  /** GET the ids and versions of every enquiry the same filter matches, up to BULK_MAX, and how many match. */
  enquiryIds: "/enquiries/ids",
  /** GET the same filter as CSV (UTF-8 with BOM, formula-guarded). */
  enquiriesCsv: "/enquiries.csv",
  /** GET enquiries received after ?since=<cursor> that the inbox's filter (as on /enquiries) shows, for the live inbox. */
  enquiryUpdates: "/enquiries/updates",
  /** GET the dashboard's figures (domain/dashboard.ts): ?days=30|90. */
  dashboard: "/dashboard",
  /** GET the same figures as CSV (UTF-8 with BOM, formula-guarded). */
  dashboardCsv: "/dashboard.csv",
  /** GET one enquiry with its history and notifications. */
  enquiry: "/enquiries/:id",
  /** POST { status, note? } */
  enquiryStatus: "/enquiries/:id/status",
  /** POST { text } */
  enquiryNotes: "/enquiries/:id/notes",
  /** POST { version }: an enquiry filed as Spam is not spam; filed as New and mailed to the company. */
  enquiryNotSpam: "/enquiries/:id/not-spam",
  /** POST: send this notification again now. */
  notificationResend: "/enquiries/:id/notifications/:notificationId/resend",
  /** GET ?q=&cursor= */
  subscribers: "/subscribers",
  /** DELETE */
  subscriber: "/subscribers/:id",
  /** GET (owner) ?cursor= */
  activity: "/activity",
  /** GET (owner) */
  staff: "/staff",
  /** DELETE (owner): end every session of the account. */
  staffSessions: "/staff/:id/sessions",
  /** POST (owner) { email, role, displayName? }: invite a member by e-mail (a link to set a password, valid 48 hours). */
  staffInvitations: "/staff/invitations",
  /** PUT (owner) { role }: change a member's role; DELETE (owner): remove the member. */
  staffMember: "/staff/:id",
  /** POST (owner): mail the member a link to set a new password; their sessions end at once. */
  staffReset: "/staff/:id/reset",
  /** PUT { displayName } (the member themselves, or an owner): how colleagues see them; "" or null clears it. */
  staffName: "/staff/:id/name",
  /** PUT { awayUntil } (the member themselves, or an owner): away until that IST day (YYYY-MM-DD); "" or null: back. */
  staffAway: "/staff/:id/away",
  /** GET, no session needed, ?token=: what a link is for; POST { token, password }: set the password. */
  staffLink: "/staff-link",
  /** POST: put off the second-factor prompt for this account ("Not now"). */
  totpPrompt: "/me/totp-prompt",
  /** GET (owner) ?email= or ?mobile=: everything held about one person (domain/personal-data.ts). */
  personalData: "/personal-data",
  /** POST (owner) { email } or { mobile }: erase everything held about one person. */
  personalDataErasure: "/personal-data/erasure",
} as const;

/** An owner runs the console (staff, alerts, webhooks, the activity log); a member works the enquiries. */
export const STAFF_ROLES = ["owner", "member"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * A role as given by a person or an older client: "member", "owner", or "staff", the member's
 * former name, still taken on input. Null for anything else.
 */
export function parseStaffRole(value: unknown): StaffRole | null {
  if (value === "owner" || value === "member") return value;
  if (value === "staff") return "member";
  return null;
}

/** How long an invitation or a reset link may be used, once. */
export const STAFF_LINK_HOURS = 48;

// The statuses and what each means live in one table (status.ts); they are named here too, where
// the console's other shared facts are.
export { ENQUIRY_STATUSES, CLOSED_STATUSES, type EnquiryStatus } from "./status";

export const NOTE_MAX_LENGTH = 2_000;
export const SEARCH_MAX_LENGTH = 100;
export const INBOX_PAGE_SIZE = 50;
/** The most enquiries one bulk action takes, and "select all that match" selects. */
export const BULK_MAX = 500;
/** How often an open inbox asks for enquiries received since its newest. */
export const INBOX_POLL_MS = 5_000;
/**
 * The most listed enquiries an inbox's poll asks the marks of (`shown`, comma-separated ids): the
 * buyer's unread answers then show on them without a reload. Rows past it are marked when listed.
 */
export const UPDATES_SHOWN_MAX = 100;
/** A session ends after this long without a request. */
export const SESSION_IDLE_HOURS = 12;
/** However much it is used, a session ends this many days after its sign-in. */
export const SESSION_LIFETIME_DAYS = 7;
export const SESSION_COOKIE = "collarise_console";
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

/** What setting up two-step sign-in starts with: the key, as a link and as a QR code of the link. */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  /** An SVG image of the link as a QR code, for an authenticator app to scan. */
  qrCodeSvg: string;
}

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
  totpEnabled: boolean;
  createdAt: string;
  /** Invited and no password set yet: the account cannot sign in until its link is used. */
  invited: boolean;
  /** The owner said "Not now" to the second-factor prompt (the dashboard reminds them instead). */
  totpPromptDeferred: boolean;
  /** How colleagues see them (domain/staff.ts: memberName); null: their address is shown. */
  displayName: string | null;
  /** Away until the end of this IST day (domain/staff.ts: isAway); null or absent: not away. */
  awayUntil?: string | null;
}

/**
 * Whether the company's e-mail (or the visitor's acknowledgement) went out: sent, waiting, failing
 * and retried, or refused for good by the recipient's mail server (never retried).
 */
export type DeliveryState = "sent" | "pending" | "failing" | "undeliverable";

/**
 * What the enquiry's page and the owner's digest say when the buyer's own mail (the
 * acknowledgement, a reply) was refused for good: the address is most likely mistyped.
 */
export const BUYER_ADDRESS_REFUSED = "The buyer's address was refused: check it";

export interface InboxItem {
  id: string;
  /** The short reference staff and visitors quote: 8 random hex characters of the id, upper case (enquiryReference). */
  reference: string;
  receivedAt: string;
  /** Null: not given (an enquiry started on WhatsApp with no usable profile name). */
  Name: string | null;
  /** The buyer's mobile number: the inbox's laptop table lists it, to call without opening. */
  Mobile: string;
  /** Null: not given (an enquiry started on WhatsApp). */
  Quantity: number | null;
  RetailerSelfUse: BuyerType | null;
  status: EnquiryStatus;
  /** Increases with every status change: a bulk action sends it back, so a change made since is not overwritten. */
  version: number;
  companyNotification: DeliveryState;
  /** Where it came from in a word (utm_source, else the referring host); absent when not known. */
  source?: string;
  /** How many enquiries the same buyer sent before this one (domain/buyer.ts), Spam aside. */
  earlierEnquiries?: number;
  /** How many of the buyer's answers to it (read from the mailbox) its owner has not opened. */
  unreadAnswers?: number;
  /** The order's last dispatch step (domain/dispatch.ts), shown as a badge; absent before it is packed. */
  dispatchStep?: DispatchStep;
}

/** Mail is not going out: a notification has waited in the outbox longer than OUTBOX_ALERT_MINUTES. */
/** The enquiries a filter matches, for "select all that match": at most BULK_MAX, in the inbox's order. */
export interface InboxIds {
  /** Each as a bulk action sends it back (domain/bulk.ts: BulkItem): its version and the owner shown. */
  items: { id: string; version: number; ownerId: string | null }[];
  /** How many match in all (more than `items` holds when over BULK_MAX). */
  total: number;
}

export interface OutboxStall {
  /** How many notifications wait. */
  waiting: number;
  /** Since when the oldest of them waits (ISO 8601, UTC). */
  oldestWaitingSince: string;
}

export interface InboxPage {
  items: InboxItem[];
  /** Set while mail is not going out; the inbox warns staff until it does. */
  outboxStall: OutboxStall | null;
  /** Pass back as ?cursor= for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Counts per status of every stored enquiry (not only the filtered ones). */
  counts: Record<EnquiryStatus, number>;
  /** Cursor of the newest enquiry stored, for ?since= on the updates route. */
  newestCursor: string | null;
}

/** What an open inbox's poll gets back (ADMIN_API_ROUTES.enquiryUpdates). */
export interface InboxUpdates extends Pick<InboxPage, "items" | "outboxStall" | "counts" | "newestCursor"> {
  /** Of the enquiries it named as shown, each whose buyer's answers are unread, with how many. */
  unreadAnswers: Record<string, number>;
}

export interface HistoryEntry {
  id: string;
  at: string;
  staffEmail: string;
  /**
   * A status change, a note, an owner given (`text`: the new owner's e-mail, `fromOwner`: the one
   * before; none: nobody), a follow-up set (`text`: when · next step; none: cleared), or contact
   * with the buyer started from the console (`text`: call, whatsapp or email), or the deal's
   * figures recorded or why it was lost (`text`: "Deal: 40 sachets, ₹ 32,000", "Lost: Price").
   */
  kind: "status" | "note" | "owner" | "follow-up" | "contact" | "deal";
  /** For an owner change: who owned it before (absent: nobody). */
  fromOwner?: string;
  /** For a status change. */
  from?: EnquiryStatus;
  to?: EnquiryStatus;
  /** For a note, or the note given with a status change. */
  text?: string;
}

export interface NotificationAttempts {
  id: string;
  kind: "company" | "acknowledgement";
  state: DeliveryState;
  attempts: number;
  lastAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
}

export interface EnquiryDetail {
  id: string;
  reference: string;
  receivedAt: string;
  /** The language of the page it was sent from: the visitor's acknowledgement went out in it. */
  language: Language;
  enquiry: StoredEnquiryFields;
  status: EnquiryStatus;
  /** Increases with every status change; a change sent with an old version is refused with 409. */
  version: number;
  history: HistoryEntry[];
  notifications: NotificationAttempts[];
  /** Where it came from, as the page kept it for the visit (empty when not known). */
  source: EnquirySource;
  /** Why the spam scoring scored it (server/spam/weights.ts), and its score. */
  spamReasons: SpamReason[];
  spamScore: number;
  /** The consent to WhatsApp messages ticked on the form: when, the words shown, their language; null: none. */
  whatsappConsent: WhatsAppConsent | null;
}

export interface ActivityEntry {
  id: string;
  at: string;
  /** Who acted (an e-mail of staff), or null for a failed sign-in with an unknown address or the server's own retention sweep. */
  actor: string | null;
  action:
    | "sign-in"
    | "sign-in-failed"
    | "sign-out"
    | "status-change"
    | "note"
    | "reply-sent"
    | "owner-change"
    | "follow-up"
    | "deal-recorded"
    | "dispatch-recorded"
    | "batch-recall"
    | "assignment-rule-changed"
    | "backlog-assigned"
    | "export"
    | "subscriber-removed"
    | "notification-resent"
    | "staff-added"
    | "staff-removed"
    | "staff-reset"
    | "staff-invited"
    | "staff-role-changed"
    | "staff-link-used"
    | "sessions-ended"
    | "totp-enabled"
    | "totp-disabled"
    | "totp-change-failed"
    | "personal-data-shown"
    | "personal-data-erased"
    | "retention-erased"
    | "mail-set-aside"
    | "webhook-added"
    | "webhook-changed"
    | "webhook-removed"
    | "webhook-secret-rotated"
    | "template-added"
    | "template-changed"
    | "template-removed"
    | "company-facts-published"
    | "company-facts-restored"
    | "document-issued"
    | "payment-recorded"
    | "document-sent"
    | "payment-reminder-sent";
  /**
   * What was acted on: an enquiry's reference, a staff e-mail, what a retention sweep erased
   * ("enquiries 3, vitals 120"), or the answer the mailbox reader set aside and why
   * ("1A2B3C4D: unreadable, mailbox UID 42"); never a visitor's personal data.
   */
  target: string | null;
}

/**
 * The enquiry's reference, as shown to staff and quoted to the visitor: 8 random hex characters
 * of its id, upper case. A random id (UUID v4: Firestore's, and SQLite's before v7) gives its
 * first 8; a time-ordered one (UUID v7, SQLite's) begins with its time, shared by every enquiry
 * of the same minute, and gives its last 8.
 */
export function enquiryReference(id: string): string {
  const hex = id.replace(/-/g, "");
  return (hex[12] === "7" ? hex.slice(-8) : hex.slice(0, 8)).toUpperCase();
}

export const consoleMessages = {
  signInFailed: "The e-mail or password is not right.",
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  codeFailed: "That code is not right. Try the newest code from your app.",
  passwordFailed: "That password is not right.",
  throttled: (after: string) => `Too many failed sign-ins. Please try again in ${after}.`,
  totpChangeThrottled: (after: string) => `Too many wrong passwords or codes. Please try again in ${after}.`,
  totpAlreadyOn:
    "Two-step sign-in is already on. To move it to another app, turn it off first with a code from your app or a recovery code, then set it up again.",
  signedOut: "You have signed out.",
  sessionEnded: "Your session has ended. Please sign in again.",
  forbidden: "Your role may not do this.",
  crossOrigin: "This request did not come from the console.",
  noOwner:
    "The console has no owner yet. On the server, run: npm run staff -- add --email <address> --role owner",
  statusChanged: "Status changed.",
  statusConflict: "Someone else changed this enquiry just now. It has been reloaded: check it and try again.",
  noteAdded: "Note added.",
  noteEmpty: "Write a note first.",
  noteTooLong: `A note may be at most ${NOTE_MAX_LENGTH.toLocaleString("en-IN")} characters.`,
  resendQueued: "The e-mail will be sent again in a moment.",
  resendCapped: (after: string) =>
    `This visitor's address has had as many of our e-mails as it may for now (3 an hour, 10 a day). Please try again in ${after}.`,
  subscriberRemoved: "Subscriber removed.",
  sessionsEnded: "Every session of this account has ended.",
  notFound: "There is no such enquiry.",
  notSpam: "Filed as New. The company's e-mail will be sent in a moment.",
  notSpamRefused: "Only an enquiry filed as Spam can be marked Not spam.",
  invitationSent: (email: string) =>
    `An invitation is on its way to ${email}. Its link works once, for ${STAFF_LINK_HOURS} hours.`,
  resetSent: (email: string) =>
    `A link to set a new password is on its way to ${email}, for ${STAFF_LINK_HOURS} hours. Their sessions have ended.`,
  roleChanged: (email: string, role: StaffRole) =>
    `${email} is now ${role === "owner" ? "an owner" : "a member"}.`,
  memberRemoved: (email: string, unassigned: number) =>
    `${email} has been removed and their sessions have ended. ${
      unassigned === 0
        ? "They owned no open enquiries."
        : `${unassigned} open ${unassigned === 1 ? "enquiry is" : "enquiries are"} now unassigned.`
    }`,
  staffExists: "There is already an account with this e-mail.",
  staffEmailInvalid: "Enter the e-mail address of the person to invite.",
  staffRoleInvalid: "Choose a role: owner or member.",
  lastOwner:
    "The console needs at least one owner who can sign in: make someone else an owner first. An owner only invited counts once they have set a password.",
  notYourself: "You cannot remove your own account, or change your own role.",
  noSuchMember: "There is no such member of staff.",
  linkInvalid: "This link is not valid. Ask an owner of the console to send you a new one.",
  linkExpired: `This link has run out (links work for ${STAFF_LINK_HOURS} hours). Ask an owner of the console to send you a new one.`,
  linkUsed: "This link has been used already. Sign in with your password, or ask an owner for a new link.",
  invitationWithdrawn:
    "This invitation no longer stands: the owner who sent it has been removed from the console, or is no longer an owner. Ask an owner of the console to invite you again.",
  invitationUntraced:
    "This invitation was sent before the console recorded who sends each one, so it can no longer be used. Ask an owner of the console to send you a new link.",
  passwordSet: "Your password is set. Sign in with it now.",
  totpPromptDeferred: "Two-step sign-in can wait. The dashboard will remind you.",
  totpRequired: "Owners of this console must turn on two-step sign-in.",
} as const;
