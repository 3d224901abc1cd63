/** The console's own wording: titles, labels and the templates of its contact links. */
import { rupees } from "../domain/money";
import type { FollowUpPresetKey } from "../domain/follow-up-presets";
import type { Language } from "../domain/contract";
import type { ActivityEntry, DeliveryState } from "../domain/console";
import type { AlertChoice, InboxView } from "../domain/team";
import type { SourcePart } from "../domain/enquiry-source";
import type { SpamReason } from "../domain/spam";
import type { MessageChannel, WhatsAppStatusName } from "../domain/whatsapp";
import type { TemplateField, TemplatePurpose } from "../domain/templates";
import { brand } from "../domain/brand";
import { quantityText } from "../domain/company-facts";
import { brandHi } from "../domain/brand.hi";
import { displayMobile, internationalNumber } from "../domain/buyer";

export const CONSOLE_TITLE = "Collarise console";

export function pageTitle(page: string, newCount = 0): string {
  return `${newCount > 0 ? `(${newCount}) ` : ""}${page} · ${CONSOLE_TITLE}`;
}

export const navLabels = {
  dashboard: "Dashboard",
  inbox: "Inbox",
  subscribers: "Subscribers",
  activity: "Activity",
  staff: "Staff",
  personalData: "Personal data",
  security: "Security",
  webhooks: "Webhooks",
  templates: "Templates",
  company: "Company",
  signOut: "Sign out",
  /** On a phone, the pages beyond the bottom bar's places. */
  more: "More",
  skip: "Skip to content",
} as const;

/** The language an enquiry was sent in, as the enquiry page names it: the page the visitor used. */
export const languageLabels: Record<Language, string> = { en: "English", hi: "Hindi (हिन्दी)" };
export const sentInLabel = "sent from the page in";

export const deliveryLabels: Record<DeliveryState, string> = {
  sent: "E-mail sent",
  pending: "E-mail pending",
  failing: "E-mail failing",
  undeliverable: "E-mail refused",
};

/** How a history line names the way staff reached the buyer. */
export const contactChannelLabels = {
  call: "a call",
  whatsapp: "WhatsApp",
  email: "an e-mail reply",
} as const;

/** Recording how a call went, after the Call button opened the phone's dialler. */
export const callText = {
  call: "Call",
  question: "How did the call go?",
  outcomes: {
    answered: "Answered",
    "no-answer": "No answer",
    busy: "Busy",
    "wrong-number": "Wrong number",
  },
  notNow: "Not now",
  /** After recording: the status and when the enquiry is due next, as the page now shows them. */
  recorded: (status: string, due: string | null) =>
    due ? `Call recorded. ${status}, due ${due}.` : `Call recorded. ${status}.`,
} as const;

/** A row filed as spam was never mailed, by design: it says so, not that mail is pending. */
export const filedAsSpamLabel = "Filed as spam, not mailed";

export const notificationKindLabels = {
  company: "Company's e-mail",
  acknowledgement: "Visitor's acknowledgement",
  "newsletter-confirmation": "Newsletter confirmation request",
  "newsletter-welcome": "Newsletter welcome",
  reply: "Reply from the console",
  "member-alert": "Alert to a member",
  push: "Notification to a member's phone",
  document: "Document to the buyer",
} as const;

/** The enquiry's e-mail conversation: replies from the console and the buyer's answers (domain/conversation.ts). */
export const conversationText = {
  /** One conversation per enquiry: e-mail and WhatsApp in time order, each message marked with its channel. */
  heading: "Conversation with the buyer",
  channel: { email: "E-mail", whatsapp: "WhatsApp" } as Record<MessageChannel, string>,
  /** Read out before the channel's word ("By WhatsApp"), not shown. */
  channelBy: "By",
  buyerWroteOnWhatsApp: (number: string) => `The buyer wrote on WhatsApp from ${number}`,
  empty: "No e-mails with the buyer yet. A reply written below goes out from the company's address.",
  notRead:
    "The company's mailbox is not read here (IMAP_URL is not set): the buyer's e-mail answers reach the mailbox, not this page.",
  youWrote: (email: string) => `${email} wrote`,
  buyerWrote: (address: string) => `The buyer wrote from ${address}`,
  /** An answer whose sender could not be checked: who wrote it is said as no more than its address. */
  unverifiedWrote: (address: string) => `Written from ${address}`,
  unverified: "Not verified: may not be from the buyer",
  showOlder: "Show older messages",
  loadingOlder: "Loading older messages…",
  olderMessages: "Older messages",
  delivery: {
    pending: "Queued",
    sent: "Sent",
    failing: "Failing",
    undeliverable: "Refused",
  } as Record<DeliveryState, string>,
  waiting: "It waits in the outbox and goes out as soon as the mail server takes it.",
  /** A WhatsApp message as Meta's status callbacks report it. */
  whatsappStatus: {
    sent: "Sent on WhatsApp",
    delivered: "Delivered",
    read: "Read",
    failed: "Not delivered",
  } as Record<WhatsAppStatusName, string>,
  whatsappFailed: (code: number, title: string) =>
    `WhatsApp could not deliver it (error ${code}${title ? `: ${title}` : ""}).`,
  whatsappWaiting: "It waits in the outbox and goes out as soon as WhatsApp takes it.",
  /** A WhatsApp message queued, not yet taken by WhatsApp: on its way. */
  whatsappSending: "Sending…",
  failing: (attempts: number) =>
    `Not sent yet after ${attempts} ${attempts === 1 ? "attempt" : "attempts"}: it waits in the outbox and is tried again.`,
  sentAt: (when: string) => `sent ${when}`,
  newAnswer: "New",
  unreadAnswers: (count: number) => (count === 1 ? "New answer" : `${count} new answers`),
  unreadAnswersLabel: (count: number) =>
    `The buyer answered: ${count} unread ${count === 1 ? "e-mail" : "e-mails"}`,
  attachments: (count: number) => `${count} ${count === 1 ? "attachment" : "attachments"} not shown.`,
  quoteTrimmed: "The earlier mail it quoted is not shown.",
  truncated: "It was longer: the rest is in the company's mailbox.",
  replyHeading: "Reply by e-mail",
  replyRoute: (from: string, to: string) => `From ${from} to ${to}, threaded under the earlier mails.`,
  languageHint: {
    en: "The buyer wrote from the English page: the subject and the closing lines go in English.",
    hi: "The buyer wrote from the Hindi page: write in Hindi; the subject and the closing lines go in Hindi.",
  } as Record<Language, string>,
  subject: "Subject",
  message: "Message",
  keysHint: "Ctrl+Enter sends.",
  send: "Send reply",
  sending: "Sending…",
  replyAction: "Reply",
} as const;

/** The WhatsApp composer on the enquiry's page (docs/whatsapp.md): a message to the buyer's phone. */
/** Meta's language codes of approved templates (domain/templates.ts), as the template list names them. */
const TEMPLATE_LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  en_US: "English, US",
  en_GB: "English, UK",
  hi: "Hindi",
};

export const whatsappComposerText = {
  heading: "Reply on WhatsApp",
  /** `number` as displayMobile writes it: "+91 98123 45670". */
  route: (number: string) => `To ${number} from the company's WhatsApp number.`,
  languageHint: {
    en: "The buyer wrote from the English page.",
    hi: "The buyer wrote from the Hindi page: answer in Hindi.",
  } as Record<Language, string>,
  message: "WhatsApp message",
  /** The window's state in words: free text may be sent until then. */
  openUntil: (when: string) => `Chat open until ${when}`,
  windowClosed: "The buyer last wrote over 24 hours ago: only an approved template can be sent.",
  noConsent:
    "The buyer has not written on WhatsApp and gave no consent: the company may not message them first. Free text can be sent once they write.",
  optedOut: (when: string, wording: string) =>
    `The buyer sent “${wording}” on ${when}: no more WhatsApp messages are sent to them.`,
  keysHint: "Enter starts a new line; Ctrl+Enter (⌘+Enter) sends.",
  charactersLeft: (left: number) =>
    `${left.toLocaleString("en-IN")} ${left === 1 ? "character" : "characters"} left`,
  charactersOver: (over: number) =>
    `${over.toLocaleString("en-IN")} ${over === 1 ? "character" : "characters"} too many: WhatsApp takes at most 4,096`,
  send: "Send on WhatsApp",
  sending: "Sending…",
  empty: "Write the message first.",
  /** A message sent from this page whose request got no answer: it may or may not be queued. */
  notSent: "Not sent: the console could not be reached. Your message is kept.",
  tryAgain: "Try again",
  youAreSending: "You are sending",
  templatesHeading: "Approved templates",
  template: "Approved WhatsApp template",
  chooseTemplate: "Choose a template…",
  chooseTemplateFirst: "Choose the template to send first.",
  templateOption: (title: string, language: string) =>
    `${title} (${TEMPLATE_LANGUAGE_NAMES[language] ?? language})`,
  templatePreview: "The buyer receives:",
  sendTemplate: "Send template",
} as const;

/** Who the activity log names when no member of staff acted. */
export function activityActor(entry: Pick<ActivityEntry, "actor" | "action">): string {
  if (entry.actor) return entry.actor;
  if (entry.action === "retention-erased") return "The server (retention)";
  return entry.action === "mail-set-aside" ? "The server (mailbox reader)" : "Unknown address";
}

export const activityLabels: Record<ActivityEntry["action"], string> = {
  "sign-in": "Signed in",
  "sign-in-failed": "Failed sign-in",
  "sign-out": "Signed out",
  "status-change": "Changed a status",
  note: "Added a note",
  "reply-sent": "Sent a reply to a buyer",
  "owner-change": "Gave an enquiry an owner",
  "follow-up": "Set a follow-up",
  "deal-recorded": "Recorded a deal's figures",
  "dispatch-recorded": "Recorded an order's dispatch step",
  "batch-recall": "Looked up who received a batch",
  "assignment-rule-changed": "Changed who gets new enquiries",
  export: "Exported CSV",
  "subscriber-removed": "Removed a subscriber",
  "notification-resent": "Sent an e-mail again",
  "staff-added": "Staff added",
  "staff-removed": "Staff removed",
  "staff-reset": "Password reset",
  "staff-invited": "Staff invited",
  "backlog-assigned": "Gave waiting enquiries owners by the rule",
  "staff-role-changed": "Role changed",
  "staff-link-used": "Password set from a link",
  "sessions-ended": "Ended sessions",
  "totp-enabled": "Turned on two-step sign-in",
  "totp-disabled": "Turned off two-step sign-in",
  "totp-change-failed": "Failed to turn two-step sign-in on or off",
  "personal-data-shown": "Personal data shown",
  "personal-data-erased": "Personal data erased",
  "retention-erased": "Expired personal data erased",
  "mail-set-aside": "Set a buyer's mail aside in the mailbox (not stored on the enquiry)",
  "webhook-added": "Webhook endpoint added",
  "webhook-changed": "Webhook endpoint changed",
  "webhook-removed": "Webhook endpoint removed",
  "webhook-secret-rotated": "Webhook secret replaced",
  "template-added": "Template added",
  "template-changed": "Template changed",
  "template-removed": "Template removed",
  "company-facts-published": "Published the company's facts",
  "company-facts-restored": "Returned the company's facts to an earlier version",
  "document-issued": "Issued a document",
  "payment-recorded": "Recorded a payment",
  "document-sent": "Sent a document to the buyer",
  "payment-reminder-sent": "Sent a payment reminder to the buyer",
};

export const consoleText = {
  somethingWrong: "Something went wrong. Please try again.",
  offline: "The console cannot reach the server. Check the connection and try again.",
  noEnquiries: "No enquiries match.",
  sourceFilter: "Source",
  sourcePlaceholder: "instagram, google.com…",
  sourceUnknown: "—",
  noSubscribers: "No subscribers match.",
  confirmRemoveSubscriber: (email: string) => `Remove ${email} from the newsletter?`,
  confirmEndSessions: (email: string) => `End every session of ${email}?`,
  totpOffer: "Protect the owner's account: turn on two-step sign-in with an authenticator app.",
  totpOn: "Two-step sign-in is on.",
  totpOff: "Two-step sign-in is off for this account.",
  totpPassword: "Your password",
  totpChangeAsks:
    "Turning two-step sign-in on or off asks for your password and a code, and signs this account out in every other browser.",
  totpScan:
    "Scan this code with your authenticator app (Google Authenticator, Microsoft Authenticator, Authy or another).",
  totpQrAlt: "QR code that adds this account to an authenticator app",
  totpOpenApp: "On this phone? Open it in your authenticator app",
  totpTypeKey: "Or type this key into the app:",
  totpEnterCode: "Then enter the 6-digit code the app shows for this account.",
  recoveryCodesOnce:
    "Keep these recovery codes somewhere safe. Each works once in place of a code; they are shown only now.",
  /** The inbox's banner while mail waits past OUTBOX_ALERT_MINUTES. */
  mailStalledTitle: "E-mail is not going out.",
  mailStalled: (waiting: number, since: string) =>
    `${countOf(waiting, "notification has", "notifications have")} been waiting since ${since}; ` +
    "the company's enquiry e-mails are not being delivered. Check the mail settings and the server's log. " +
    "New enquiries are still stored and shown here.",
} as const;

/** The dialog that signs the person in again, in place, when their session ended on an open page. */
export const sessionDialogText = {
  title: "Sign in again",
  why: "Your session has ended. Sign in again to carry on: what you typed stays on the page, and what you were sending goes through.",
  email: "Email",
  password: "Password",
  code: "Code",
  codeHint: "The 6-digit code from your authenticator app, or a recovery code.",
  signIn: "Sign in",
  cancel: "Cancel",
  /** After Cancel: the session is still ended, and this offers the dialog again. */
  endedBanner: "Your session has ended.",
  signInAgain: "Sign in again",
} as const;

/** "1 enquiry", "2 enquiries". */
export function countOf(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-IN")} ${count === 1 ? one : many}`;
}

/** The Personal data page: a person's requests under India's DPDP Act. */
export const personalDataText = {
  title: "Personal data",
  intro:
    "A person may ask what we hold about them, or ask us to erase it (India's DPDP Act). Find them by the e-mail address or the mobile number they gave us.",
  findBy: "Find the person by",
  byEmail: "E-mail address",
  byMobile: "Mobile number",
  emailHint: "Enquiries match whatever the address's capitals.",
  mobileHint: "10 digits, without +91.",
  show: "Show what is held",
  searching: "Looking…",
  nothingHeld: "Nothing is held about this person.",
  held: (who: string, enquiries: number, subscriptions: number, mails: number) =>
    `Held about ${who}: ${countOf(enquiries, "enquiry", "enquiries")}, ${countOf(subscriptions, "newsletter subscription", "newsletter subscriptions")}, ${countOf(mails, "e-mail", "e-mails")} waiting to be sent.`,
  byMobileSubscriptions:
    "A mobile number proves no e-mail address: newsletter subscriptions are shown, and erased, only when the person is found by their e-mail address.",
  enquiries: "Enquiries",
  noEnquiries: "No enquiries.",
  history: "History",
  noHistory: "No changes or notes.",
  subscriptions: "Newsletter",
  noSubscriptions: "Not subscribed.",
  subscribedSince: (when: string) => `subscribed since ${when}`,
  awaitingConfirmation: (when: string) => `asked for ${when}, not yet confirmed`,
  pendingMails: "E-mails waiting to be sent",
  noPendingMails: "None.",
  nextAttempt: (when: string) => `next attempt ${when}`,
  erase: "Erase all of it",
  eraseHeading: "Erase",
  eraseWarning:
    "Erasing removes every enquiry, its history, its e-mails and the conversation with the person, its quotations and pro-formas, and the subscription shown above, for good. Tax invoices and credit notes, with their payments, are kept for the period GST law requires (72 months from the year's annual return) and erased after it. The activity log records that an erasure happened, by you, without the address or number.",
  confirmLabel: (kind: "email" | "mobile") =>
    kind === "email" ? "Type the e-mail address again to confirm" : "Type the mobile number again to confirm",
  confirmMismatch: "That is not the same address or number. Type it again exactly.",
  eraseForGood: "Erase for good",
  cancel: "Cancel",
  erasing: "Erasing…",
  erased: (enquiries: number, mails: number, entries: number, messages: number, subscriptions: number) =>
    `Erased ${countOf(enquiries, "enquiry", "enquiries")}, ${countOf(mails, "e-mail", "e-mails")}, ${countOf(entries, "history entry", "history entries")}, ${countOf(messages, "message of a conversation", "messages of conversations")} and ${countOf(subscriptions, "subscription", "subscriptions")}.`,
  conversation: "E-mails with the person",
  noConversation: "No replies or answers.",
  erasedReferences: "Erased enquiries",
  keptRecords: "Tax records kept",
  keptWhy:
    "GST law (section 36 of the CGST Act) requires these to be kept for 72 months from the due date of their year's annual return. They and their payments are kept until then, and erased after.",
  keptUntil: (kind: string, day: string) => `${kind}, kept until ${day}`,
  nothingErased: "Nothing was erased: nothing is held about this person.",
} as const;

/** Why an enquiry was scored as spam, as staff read it (domain/spam.ts). */
export const spamReasonLabels: Record<SpamReason, string> = {
  honeypot: "The hidden field only robots see was filled in.",
  "no-proof-of-work":
    "No proof of work: sent without the page's script (no JavaScript, or not from our page).",
  "proof-of-work-reused": "Its proof of work was already used by another enquiry: a copy sent again.",
  "link-in-name": "A link or markup in the Name.",
  "offer-in-name": "An offer in the Name (SEO, crypto, followers and the like).",
  "name-without-letters": "The Name has no letters.",
  "keyboard-mash": "The Name or address looks typed at random along the keyboard.",
  "test-data": "Placeholder data, such as test@test.com or a Name of Test User.",
  "disposable-email": "The address is at a disposable-mail service.",
  "mobile-prefix": "The mobile number does not start with 6, 7, 8 or 9.",
  "mobile-pattern": "The mobile number is one digit repeated.",
  repeated: "The same mobile or address was sent several times today.",
  "same-enquiry": "The very same enquiry was sent several times today: a copy sent again.",
};

/** The parts of an enquiry's source, as the enquiry page lists them. */
export const sourcePartLabels: Record<SourcePart, string> = {
  utmSource: "Campaign source (utm_source)",
  utmMedium: "Medium (utm_medium)",
  utmCampaign: "Campaign (utm_campaign)",
  referrerHost: "Came from the site",
  landingPath: "First page of the visit",
};

export const spamText = {
  heading: "Filed as spam",
  intro: (score: number) =>
    `Scored ${score}: it was stored but not e-mailed to the company or acknowledged to the sender. Why:`,
  scored: (score: number) => `Spam score ${score}, below the threshold. Signals seen:`,
  notSpam: "Not spam",
  notSpamHint: "Files it as New and e-mails it to the company now.",
  sourceHeading: "Source",
  sourceUnknown:
    "Not known: sent without the page's script (a form without JavaScript, or the API), or the visit had no campaign tags or referring site.",
} as const;

const COMPANY_NAME = "Collarise";

/**
 * A WhatsApp chat with the buyer (an Indian mobile number, +91), opened with `text` typed in, or
 * empty. What the team opens a conversation with is a template (the Templates page).
 */
export function whatsAppLink(mobile: string, text?: string): string {
  return `https://wa.me/${internationalNumber(mobile).slice(1)}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

/**
 * Call, WhatsApp and e-mail links for an enquiry (Indian mobile numbers, +91; a foreign one from
 * WhatsApp with its own code); no e-mail link when the buyer gave no address.
 */
export function contactLinks(enquiry: { Email: string | null; Mobile: string }, reference: string) {
  const subject = `Your ${COMPANY_NAME} order enquiry ${reference}`;
  return {
    call: `tel:${internationalNumber(enquiry.Mobile)}`,
    whatsApp: whatsAppLink(enquiry.Mobile),
    email: enquiry.Email === null ? null : `mailto:${enquiry.Email}?subject=${encodeURIComponent(subject)}`,
  };
}

const KOLKATA = "Asia/Kolkata";
const shortTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: KOLKATA,
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const fullTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: KOLKATA,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "23 Nov, 14:05" in Delhi's time. */
export function formatShortTime(iso: string): string {
  return shortTime.format(new Date(iso));
}

/** "23 Nov 2026, 14:05" in Delhi's time. */
export function formatFullTime(iso: string): string {
  return fullTime.format(new Date(iso));
}

/** The team's words: owners, follow-ups, the inbox's views, alerts and assignment (docs/console.md). */
export const teamText = {
  viewsLabel: "Filter by owner and due time",
  views: {
    mine: "Mine",
    unassigned: "Unassigned",
    "due-today": "Due today",
    overdue: "Overdue",
    waiting: "Waiting on us",
  } satisfies Record<InboxView, string>,
  ownerColumn: "Owner",
  /** How a row names its owner where room is short: the address before the @ (the team shares a domain). */
  /** The owner in a narrow column: their display name, else the address before its @. */
  ownerShort: (member: string | { email: string; displayName?: string | null }) =>
    typeof member === "string"
      ? (member.split("@")[0] ?? member)
      : member.displayName || (member.email.split("@")[0] ?? member.email),
  nobody: "Nobody",
  firstContactLate: "First contact late",
  takeOver: "Take it over",
  statusNextStepHint:
    "What happens next, if anything changes. Fulfilled, Declined, Duplicate and Spam clear it.",
  handOnAnyway: "Hand it on anyway",
  keepAsIs: "Leave it",
  overdue: (when: string) => `Overdue since ${when}`,
  due: (when: string) => `Follow up ${when}`,
  settingsLink: "Alerts and assignment",
  ownerHeading: "Owner and next step",
  ownerIs: "Owner",
  take: "Take it",
  handTo: "Hand to",
  give: "Give",
  followUpAt: "Follow up at (IST)",
  nextStep: "Next step",
  nextStepHint: (max: number) => `One short line, at most ${max} characters.`,
  saveFollowUp: "Save follow-up",
  clearFollowUp: "Clear",
  /** The follow-up times one tap sets (domain/follow-up-presets.ts), each shown with the time it sets. */
  presetsLabel: "Follow up in one tap",
  /** Each preset's label, with the opening time of the company's published working hours. */
  presets: {
    "in-2-hours": () => "In 2 hours",
    "tomorrow-11": () => "Tomorrow 11:00",
    "monday-10": (opens: string) => `Monday ${opens}`,
  } satisfies Record<FollowUpPresetKey, (opens: string) => string>,
  presetSaved: (when: string) => `Follow-up set for ${when}.`,
  firstContactLateNotice: (since: string) =>
    `Nobody has contacted this enquiry yet: first contact was due ${since}.`,
  pageTitle: "Alerts and assignment",
  alertsHeading: "Your e-mail alerts",
  alertsIntro:
    "Which new enquiries should be mailed to you at once? The company's own address still gets every one. Every morning at 09:00 you also get one digest: your overdue and due today, then the team's that nobody owns, oldest first, when there is any.",
  alertChoices: {
    all: "Every new enquiry",
    mine: "Only those assigned to me",
    Retailer: "Retailer enquiries",
    "Self Use": "Self Use enquiries",
    none: "None",
  } satisfies Record<AlertChoice, string>,
  saveAlerts: "Save my alerts",
  assignmentHeading: "How new enquiries are assigned",
  assignmentOwnerOnly: "Only an owner can change this.",
  assignmentKinds: {
    none: "Leave them unassigned",
    buyer: "By buyer type",
    turns: "In turn among chosen members",
  },
  retailerTo: "Retailer enquiries go to",
  selfUseTo: "Self Use enquiries go to",
  turnMembers: "Members who take turns",
  saveAssignment: "Save assignment",
  noneNote: "New enquiries wait, unassigned, until someone takes them or gives them an owner.",
  backlogOffer: "Give the open enquiries nobody owns yet an owner the same way?",
  backlogAssign: "Assign them now",
  backlogLeave: "Leave them",
} as const;
/** The dashboard's wording; the figures' own names are DASHBOARD_FIGURES (domain/dashboard.ts). */
export const dashboardText = {
  title: "Dashboard",
  totpReminder: "Two-step sign-in is still off for your owner's account.",
  totpReminderLink: "Turn it on under Security",
  range: "Period",
  rangeLabel: (days: number) => `${days} days`,
  downloadCsv: "Download CSV",
  showTable: "Show the figures as a table",
  received: "Enquiries, spam and duplicates aside",
  /** The headline's buyer types add up to it, as the per-day chart's days do. */
  genuineNote: (spam: number, duplicates: number, retailer: number, selfUse: number) =>
    `${retailer.toLocaleString("en-IN")} Retailer, ${selfUse.toLocaleString("en-IN")} Self Use · set apart: ${spam.toLocaleString("en-IN")} filed as spam${duplicates > 0 ? `, ${duplicates.toLocaleString("en-IN")} closed as duplicates` : ""}`,
  reachedConfirmed: "Reached Confirmed",
  reachedFulfilled: "Fulfilled",
  ofGenuine: (count: number, genuine: number) =>
    `${count.toLocaleString("en-IN")} of ${countOf(genuine, "enquiry", "enquiries")}, spam and duplicates aside`,
  medianFirstContact: "Median first contact",
  workingTime: "working time",
  withinTarget: (within: number, received: number, hours: number) =>
    `${within.toLocaleString("en-IN")} of ${received.toLocaleString("en-IN")} answered within ${hours} working hours`,
  withinHours: (hours: number) => `Within ${hours} working hours`,
  notContacted: "Not contacted yet",
  noneYet: "—",
  date: "Day",
  week: "Week from",
  sachets: "Sachets",
  status: "Status",
  count: "Enquiries",
  apart: "Set apart",
  member: "Member",
  noMembers: "Nobody has changed a status, written a note or called or written to a buyer in this period.",
  memberNote:
    "Enquiries each member changed the status of, wrote a note on, or called or wrote to the buyer of (call, WhatsApp, e-mail) in this period, spam and duplicates aside. Taking or giving an enquiry is not counted.",
  owner: "Owner",
  ownerNote: "Enquiries received in this period, spam and duplicates aside, by who owns them now.",
  noOwners: "No enquiries in this period.",
  source: "Source",
  sourceNote:
    "Enquiries received in this period, spam and duplicates aside, by where the visit came from: the campaign's utm_source, else the referring site.",
  noSources: "No enquiries in this period.",
  funnelNote:
    "Where the enquiries received in this period stand now. Shares, like every other figure, leave spam and duplicates aside.",
  firstContactNote: (hours: number) =>
    `From arriving to the first status change, note, call or message, counted in working hours (10:00–19:00 IST, Monday to Saturday), spam and duplicates aside. Target: ${hours} working hours.`,
  page: "Page",
  metric: "Measure",
  samples: "Visits measured",
  p75: "75th percentile",
  noVitals: "No page-speed measurements from visitors in this period.",
  vitalsNote: "What three in four real visitors got or better, week by week.",
  metricNames: {
    LCP: "Largest Contentful Paint",
    INP: "Interaction to Next Paint",
    CLS: "Cumulative Layout Shift",
    FCP: "First Contentful Paint",
    TTFB: "Time to First Byte",
  },
  chartSummary: (figure: string, from: string, to: string) =>
    `Chart: ${figure}, ${from} to ${to}. The table below gives every figure.`,
} as const;

/** "45 min", "3 h 20 min" of working time. */
export function formatWorkingMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const dayMonth = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "short" });

/** "9 Mar" for the IST calendar day "2026-03-09". */
export function formatDay(date: string): string {
  return dayMonth.format(new Date(`${date}T00:00:00Z`));
}
/** The webhooks page's wording (docs/webhooks.md). */
export const webhookText = {
  title: "Webhooks",
  intro:
    "Send each enquiry to the company's other tools, such as a Google Sheet, Zapier or a CRM. Every delivery is signed (Standard Webhooks) and retried until the endpoint answers; docs/webhooks.md shows how to verify one.",
  endpointsHeading: "Endpoints",
  none: "No endpoints yet.",
  addHeading: "Add an endpoint",
  urlLabel: "Endpoint URL",
  urlHint: "The https:// address the company's tool gives for incoming webhooks.",
  eventsLegend: "Events to send",
  add: "Add endpoint",
  secretHeading: (host: string) => `Signing secret for ${host}`,
  secretOnce:
    "Copy it into the receiving tool now: it is not shown again. A new secret can be made at any time.",
  secretCopied: "Secret copied.",
  secretDone: "I have copied it",
  enabled: "Enabled",
  disabled: "Disabled (nothing is sent)",
  sendTest: "Send test event",
  testQueued: "Test event queued; it is listed under Deliveries.",
  showDeliveries: "Deliveries",
  disable: "Disable",
  enable: "Enable",
  rotate: "New secret",
  remove: "Remove",
  confirmRemove: (host: string) => `Remove the endpoint at ${host} and its deliveries?`,
  removeYes: "Yes, remove it",
  cancel: "Cancel",
  removed: "Endpoint removed.",
  deliveriesHeading: (host: string) => `Deliveries to ${host}`,
  noDeliveries: "Nothing sent yet.",
  refresh: "Refresh",
  sendAgain: "Send again",
  sentAgain: "Queued to send again.",
  nextAttempt: "next attempt",
  noAnswer: "no answer",
} as const;

export const webhookEventLabels = {
  "enquiry.received": "Enquiry received",
  "enquiry.status_changed": "Status changed",
  "enquiry.not_spam": "Marked not spam",
  "webhook.test": "Test event",
} as const;

export const webhookStateLabels = {
  pending: "Waiting",
  delivered: "Delivered",
  failed: "Failed",
} as const;

/** The Staff page and the page where a link sets a password. */
export const staffText = {
  roles: { owner: "Owner", member: "Member" } as const,
  inviteHeading: "Invite someone",
  inviteNote: (hours: number) =>
    `They get an e-mail with a link to choose a password. It works once, for ${hours} hours. A member works the enquiries; an owner also manages staff, alerts and webhooks.`,
  invite: "Send invitation",
  /** A member's display name (domain/staff.ts: memberName). */
  inviteName: "Name (optional)",
  nameHint:
    "Shown to colleagues in the console, alerts and pushes, and it signs replies. Empty shows the e-mail address.",
  ownName: "Display name",
  ownNameHeading: "Your name",
  memberNameLabel: (email: string) => `Name of ${email}`,
  rename: "Name",
  renameLabel: (email: string) => `Name: ${email}`,
  saveName: "Save name",
  /** Away (domain/staff.ts: isAway). */
  ownAwayHeading: "Away",
  awayUntil: "Away until (last day away)",
  awayHint:
    "Until the end of that day (India time) you get no alerts or pushes and no new enquiries; from the next day you are back.",
  memberAwayLabel: (email: string) => `Away until, for ${email}`,
  markAway: "Away",
  markAwayLabel: (email: string) => `Away: ${email}`,
  saveAway: "Save",
  backNow: "Back now",
  cancel: "Cancel",
  listHeading: "Accounts",
  invited: "Invited",
  you: "You",
  make: (role: "owner" | "member") => (role === "owner" ? "Make owner" : "Make member"),
  /** Each label starts with the button's visible words (WCAG 2.5.3), then says whose account. */
  makeLabel: (email: string, role: "owner" | "member") =>
    role === "owner" ? `Make owner: ${email}` : `Make member: ${email}`,
  reset: "Send reset link",
  resetLabel: (email: string) => `Send reset link to ${email}`,
  remove: "Remove",
  removeLabel: (email: string) => `Remove ${email}`,
  confirmReset: (email: string) =>
    `End every session of ${email} and mail them a link to set a new password?`,
  confirmRemove: (email: string) =>
    `Remove ${email}? Their sessions end and their open enquiries become unassigned.`,
  confirmYes: { sessions: "Yes, end them", reset: "Yes, send it", remove: "Yes, remove" } as const,
  /** Asked before a role changes, naming what it gives or takes. */
  confirmRole: (email: string, role: "owner" | "member") =>
    role === "owner"
      ? `Make ${email} an owner? Owners manage staff, alerts, templates, webhooks and personal data.`
      : `Make ${email} a member? They can no longer manage staff, alerts, templates, webhooks or personal data.`,
  confirmYesRole: (role: "owner" | "member") => (role === "owner" ? "Yes, make owner" : "Yes, make member"),
  serverHeading: "On the server",
  serverNote: "Accounts can also be added on the server, with a password typed there:",
  welcomeTitle: "Set your password",
  welcomeInvitation: (email: string) => `Welcome. Choose a password for ${email} to start using the console.`,
  welcomeInvitationBefore: "Welcome. Choose a password for ",
  welcomeInvitationAfter: " to start using the console.",
  welcomeResetBefore: "Choose a new password for ",
  welcomeResetAfter: ".",
  passwordHint: "At least 12 characters. A few unrelated words are easy to remember and hard to guess.",
  passwordsDiffer: "The two passwords differ. Type the same one twice.",
  setPassword: "Set password",
  signIn: "Sign in",
  checking: "Checking the link…",
} as const;

/** The Templates page, the template pickers and the WhatsApp button's choices. */
export const templatesText = {
  intro:
    "The replies and WhatsApp messages the team starts a conversation from, in English and Hindi. On an enquiry's page, the WhatsApp button and the reply box offer the ones in the visitor's language, with the fields filled in.",
  fieldsHeading: "Merge fields",
  fields: {
    firstName:
      "The buyer's name as they are greeted: Asha for Asha Verma, Ravi for Mr. Ravi Kumar, Dr. Mehta for Dr. Anil Mehta; in Hindi with «जी» (Ravi जी).",
    reference: "The enquiry's reference, such as 3F2A9C1E.",
    quantity: "The quantity asked for, with its unit: 24 sachets (24 सैशे).",
    buyerType:
      "How they buy, in the template's language: as a retailer, for your own use (रिटेलर के रूप में, अपने इस्तेमाल के लिए).",
    product: `The product's name: ${brand.productFullName} (${brandHi.productFullName}).`,
    mrp: "The MRP of one unit of sale, from the Company page, such as ₹1,499.",
    unitOfSale: "What the MRP is for, from the Company page: a pack of 30 sachets (30 सैशे का पैक).",
    company: "The company's short name, from the Company page, in the template's language.",
    phone: "The company's phone, from the Company page, such as +91 11 4155 2024.",
    senderName:
      "Your display name, as you sign a reply: Asha. A line holding it alone is left out for a member who has none.",
    buyerName:
      "In an invoice's or a reminder's template: the buyer's name on the invoice, such as Meera Stores.",
    documentNumber: "In an invoice's or a reminder's template: the document's number, such as SH/2627/T0001.",
    amount: "In an invoice's template: its total, such as ₹10,710.00; in a reminder's: what is still owed.",
    paymentLink:
      "In an invoice's or a reminder's template: the link to its payment page, with the UPI QR and the bank account.",
  } satisfies Record<TemplateField, string>,
  channels: { email: "E-mail replies", whatsapp: "WhatsApp messages" },
  channelOne: { email: "E-mail reply", whatsapp: "WhatsApp message" },
  add: "Add a template",
  edit: "Edit",
  editLabel: (name: string) => `Edit ${name}`,
  remove: "Remove",
  removeLabel: (name: string) => `Remove ${name}`,
  confirmRemove: (name: string) => `Remove the template “${name}”? Nobody can pick it after that.`,
  confirmYes: "Yes, remove",
  cancel: "Cancel",
  save: "Save template",
  name: "Name",
  channel: "Kind",
  language: "Language",
  subject: "Subject",
  body: "Message",
  insert: "Insert a field",
  insertLabel: (field: string) => `Insert {${field}}`,
  preview: "Preview",
  previewNote:
    "With an example enquiry from Dr. Anil Mehta, 24 sachets, as a retailer, and the company's facts in force.",
  previewDocumentNote: "With an example invoice SH/2627/T0001 to Meera Stores for ₹10,710.00.",
  theirs: "Their version, saved since you opened it:",
  none: "No templates of this kind yet.",
  noneInLanguage: (language: string) =>
    `No template in ${language} yet: an owner adds them on the Templates page.`,
  picker: "Start from a template",
  pickerNone: "Choose a template…",
  whatsAppChoose: "Start the chat with",
  whatsAppBlank: "Nothing typed: just open the chat",
  loadFailed: "The templates could not be loaded.",
  lastChanged: (when: string, who: string | null) => `Changed ${when}${who ? ` by ${who}` : ""}`,
  firstTemplates: "As the console started",
  purpose: "Used for",
  /** What a new WhatsApp template is for, as the form offers it. */
  purposeChoice: {
    reply: "A reply on an enquiry",
    invoice: "Sending an invoice (outside the 24-hour window)",
    "payment-reminder": "A payment reminder (outside the 24-hour window)",
  } satisfies Record<TemplatePurpose, string>,
  /** What a template is for, under its name when it is not a reply the members pick. */
  purposes: {
    reply: "A reply",
    invoice: "Sent with an invoice or pro-forma on WhatsApp once the buyer's 24-hour window has closed",
    "payment-reminder": "Sent as a payment reminder on WhatsApp once the buyer's 24-hour window has closed",
  } satisfies Record<TemplatePurpose, string>,
  approvedHeading: "Approved in WhatsApp Manager",
  approvedToggle:
    "This message is approved as a template in WhatsApp Manager, so it can be sent after the buyer's 24-hour window has closed",
  approvedName: "Template name in WhatsApp Manager",
  approvedNameHint:
    "Lower-case letters, digits and underscores, exactly as WhatsApp Manager shows it, such as order_followup.",
  approvedLanguage: "Language in WhatsApp Manager",
  approvedLanguages: {
    en: "English (en)",
    en_US: "English, US (en_US)",
    en_GB: "English, UK (en_GB)",
    hi: "Hindi (hi)",
  },
  approvedParameters: "Parameters, in order",
  approvedParametersHint:
    "Taken from the message: write it as WhatsApp Manager shows the template, with {{1}}, {{2}}… replaced by these fields in turn.",
  approvedNoParameters: "None: the message has no fields.",
  approvedParameter: (position: number, field: string) => `{{${position}}} is {${field}}`,
  approvedAs: (name: string, language: string) => `Approved in WhatsApp Manager as ${name} (${language})`,
} as const;

/** Notifications on this device (the Security page). */
export const pushText = {
  heading: "Notifications",
  intro:
    "When an enquiry is handed to you, or a follow-up of yours falls due, this phone or computer shows a notification; tapping it opens the enquiry. The 09:00 digest and your e-mail alerts still come.",
  toggle: "Notifications on this device",
  on: "On",
  off: "Off",
  checking: "Checking this device…",
  install:
    "On a phone, add the console to the home screen first (the browser's menu, then Add to Home screen or Install app): it then opens like an app, and on an iPhone only then can it show notifications.",
} as const;

/** The deal's panel on an enquiry's page, and the status form's question when a sale is lost (domain/deal.ts). */
export const dealText = {
  heading: "Deal",
  none: "No deal recorded yet.",
  record: "Record the deal",
  edit: "Change the figures",
  save: "Save the deal",
  cancel: "Cancel",
  quantity: "Sachets agreed",
  value: "Order value (₹)",
  valueShown: "Order value",
  valueHint: "Whole rupees, e.g. 32,000.",
  city: "City",
  pinCode: "PIN code",
  gstin: "Retailer's GSTIN",
  gstinHint: "15 characters, e.g. 27AAPFU0939F1ZV. Checked as you save.",
  clearHint: "Leave a field empty to clear it.",
  notRecorded: "—",
  lostReason: "Why was it lost?",
  lostReasonChoose: "Choose a reason",
  lostBecause: "Lost because",
  theirFigures: (summary: string) => `Now saved: ${summary}.`,
} as const;

/** The order's dispatch on an enquiry's page, and the inbox's badge of its step (domain/dispatch.ts). */
export const dispatchText = {
  heading: "Dispatch",
  none: "Not packed yet.",
  step: "Now",
  batches: "Batch numbers",
  batchesHint: "As printed on the packs; separate several with commas.",
  bestBefore: "Best before",
  bestBeforeHint: "As printed: a month (2027-11) or a day (2027-11-30).",
  courier: "Courier",
  courierOther: "Other courier",
  courierOtherName: "Courier's name",
  tracking: "Tracking number",
  ewayBill: "E-way bill number",
  ewayBillHint: (threshold: string) => `12 digits: needed because the order is worth more than ${threshold}.`,
  payment: "Payment",
  codBy: "Who confirmed it",
  codByHint: "The buyer, or who answered for them.",
  codOn: "Confirmed on",
  codChannel: "How",
  codConfirmed: "Cash on delivery confirmed",
  codLine: (by: string, on: string, how: string) => `${by}, ${on} (${how})`,
  returnReason: "Why it came back",
  returnReasonHint: "e.g. address not found, buyer refused the parcel.",
  pack: "Mark packed",
  dispatch: "Mark dispatched",
  deliver: "Mark delivered",
  returned: "Returned to origin",
  packHeading: "Pack the order",
  packAgainHeading: "Dispatch it again",
  packAgainHint:
    "Pack it again to send it once more: the sale is Confirmed again, and a new tracking number (and e-way bill) follow. Or, if the buyer does not want it, issue a credit note for its invoice under Documents to close the return.",
  dispatchHeading: "Dispatch the order",
  doneHeading: "Delivered or back?",
  returnHeading: "Returned to origin",
  packedOn: "Packed",
  dispatchedOn: "Dispatched",
  deliveredOn: "Delivered",
  returnedOn: "Returned",
  badgeLabel: (step: string) => `Dispatch: ${step}`,
} as const;

/** One buyer's enquiries on an enquiry's page, and the inbox's mark of a returning buyer (domain/buyer.ts). */
export const buyerText = {
  heading: "Same buyer",
  none: "No other enquiry from this mobile number or e-mail address.",
  summary: (total: number, earlier: number) => {
    const later = total - earlier;
    const parts = [earlier ? `${earlier} earlier` : null, later ? `${later} later` : null].filter(Boolean);
    return `${total} other ${total === 1 ? "enquiry" : "enquiries"} from this buyer: ${parts.join(", ")}.`;
  },
  shown: (shown: number, total: number) => `The newest ${shown} of ${total} are listed.`,
  sameMobile: "same mobile",
  sameMailbox: "same e-mail",
  later: "later",
  sachets: (quantity: number) => quantityText(quantity, "en"),
  quantityNotGiven: "quantity not given (WhatsApp)",
  returning: (count: number) => `Returning · ${count}`,
  returningLabel: (count: number) =>
    `Returning buyer: ${count} earlier ${count === 1 ? "enquiry" : "enquiries"}`,
  owedHeading: "What this buyer owes",
  owedSummary: (count: number, paise: number) =>
    `${rupees(paise / 100)} on ${count} tax ${count === 1 ? "invoice" : "invoices"}, this enquiry's and the ones listed.`,
  owedAges: { "0-7": "0–7 days", "8-30": "8–30 days", "over-30": "Over 30 days" },
  owedAge: (count: number, paise: number) =>
    count === 0 ? "none" : `${rupees(paise / 100)} (${count} ${count === 1 ? "invoice" : "invoices"})`,
  owedInvoice: (number: string, paise: number, days: number) =>
    `${number}: ${rupees(paise / 100)} owed for ${days} ${days === 1 ? "day" : "days"}`,
} as const;

/** The dashboard's figures of what the site sold (domain/dashboard.ts: DashboardSales). */
export const salesText = {
  ordersNote:
    "Orders are enquiries now Confirmed or Fulfilled with their order's value recorded, counted in the month (IST) the enquiry came in.",
  month: "Month",
  orders: "Orders",
  value: "Value",
  total: "In this period",
  noOrders: "No orders recorded for this period's enquiries yet.",
  winRateNote:
    "Won (Confirmed or Fulfilled) out of decided (won or Declined), of this period's enquiries; Spam never counts.",
  winRate: "Win rate",
  source: "Source",
  buyer: "Buyer type",
  noneDecided: "No enquiry of this period is decided yet.",
  wonOf: (won: number, decided: number) =>
    `${won.toLocaleString("en-IN")} won of ${decided.toLocaleString("en-IN")}`,
  lostReason: "Why",
  lostSales: "Lost sales",
  noLostSales: "No sale of this period's enquiries was lost.",
} as const;

const clockTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: KOLKATA,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const istDay = new Intl.DateTimeFormat("en-CA", { timeZone: KOLKATA });

/** A due time as a row has room for it: "14:05" today (in Delhi), else "23 Nov, 14:05". */
export function formatDueTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return istDay.format(at) === istDay.format(now) ? clockTime.format(at) : shortTime.format(at);
}

const istDayMonth = new Intl.DateTimeFormat("en-IN", { timeZone: KOLKATA, day: "numeric", month: "short" });

/** "29 Nov 14:02 IST": a moment named with its day and Delhi's time. */
export function formatIstMinute(iso: string): string {
  const at = new Date(iso);
  return `${istDayMonth.format(at)} ${clockTime.format(at)} IST`;
}

/** A due time in a phone card's few characters: "14:05" today (in Delhi), else "23 Nov". */
export function formatDueShort(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return istDay.format(at) === istDay.format(now) ? clockTime.format(at) : istDayMonth.format(at);
}

/** When the WhatsApp window closes, in Delhi's time: "14:32 IST" today, else "30 Nov, 14:32 IST". */
export function formatWindowEnd(iso: string, now = new Date()): string {
  return `${formatDueTime(iso, now)} IST`;
}

/** "98123 45678": a mobile number as people read it out. */
export function spacedMobile(mobile: string): string {
  return /^\d{10}$/.test(mobile) ? `${mobile.slice(0, 5)} ${mobile.slice(5)}` : mobile;
}

/** The enquiry page's first screen: the buyer, and what to do next. */
export const enquiryText = {
  mobile: "Mobile",
  /** A field an enquiry started on WhatsApp did not give (domain/enquiry.ts: WhatsAppEnquiry). */
  notGiven: "Not given",
  nameNotGiven: "Not given (no name on WhatsApp)",
  /** Where an enquiry started on WhatsApp came from, in place of the page it was sent from. */
  fromWhatsApp: "started on WhatsApp",
  /** The headline of an enquiry started on WhatsApp whose sender set no usable profile name. */
  whatsappSender: (mobile: string) => `WhatsApp ${mobile}`,
  /** Under the headline: where it came from, and what it lacks. */
  startedOnWhatsApp:
    "Started on WhatsApp: no e-mail address, quantity or buyer type given. Ask for them in the chat.",
  /** The buyer's consent to WhatsApp ticked on the form (docs/decisions/042), with the words the box showed. */
  whatsappConsent: (at: string) => `Agreed to WhatsApp on the form, ${formatIstMinute(at)}`,
  whatsappConsentWording: "The box read:",
  quantity: "Quantity",
  sachets: (count: number) => quantityText(count, "en"),
  buyer: "Buyer",
  status: "Status",
  nextStep: "Next step",
  noNextStep: "None set",
  historyOrder: "Newest first.",
} as const;

/** Who an enquiry is from, as a list names it: the buyer's name, or the WhatsApp number of one without. */
export function buyerLabel(enquiry: { Name: string | null; Mobile: string }): string {
  return enquiry.Name ?? enquiryText.whatsappSender(displayMobile(enquiry.Mobile));
}

/** The inbox's words: its views, filters, order, columns, selection and work in bulk. */
export const inboxText = {
  title: "Inbox",
  viewsLabel: "Views",
  all: "All",
  filters: "Filters",
  /** The Filters button's count of the filters that are on, for a screen reader. */
  filtersOn: (count: number) => (count === 0 ? "none on" : `${count} on`),
  filtersHeading: "Filter the enquiries",
  clearFilters: "Clear filters",
  done: "Done",
  /** Mine and Unassigned list open work; this lists the closed ones too. */
  closedToo: "Closed ones too",
  /** Opens the enquiry waiting on us longest (the Waiting on us view's first). */
  nextUnanswered: "Next unanswered",
  nobodyWaiting: "Nobody is waiting on us: every buyer has had an answer.",
  status: "Status",
  anyStatus: "Any but Spam",
  owner: "Owner",
  anyOwner: "Anyone",
  buyer: "Buyer",
  anyBuyer: "Any buyer",
  source: "Source",
  sourcePlaceholder: "instagram, google.com…",
  search: "Search",
  searchPlaceholder: "Name, e-mail or mobile",
  sort: "Order",
  sorts: { received: "Newest first", due: "Due soonest" } as const,
  sortBy: (column: string) => `Sort by ${column.toLowerCase()}`,
  exportCsv: "Export CSV",
  keys: "Keys",
  caption: (sort: "received" | "due") =>
    sort === "due" ? "Enquiries, soonest due first" : "Enquiries, newest first",
  columns: {
    select: "Select",
    name: "Name",
    mobile: "Mobile",
    quantity: "Qty",
    buyer: "Buyer",
    status: "Status",
    due: "Due",
    owner: "Owner",
    source: "Source",
    received: "Received",
  },
  none: "—",
  quantity: (count: number) => quantityText(count, "en"),
  selectRow: (name: string, reference: string) => `Select ${name} (${reference})`,
  selectShown: "Select every enquiry shown",
  loadMore: "Load more",
  loading: "Loading…",
  /** New enquiries in a list ordered by due time: they are not slotted in until asked. */
  newArrived: (count: number) => `${countOf(count, "new enquiry", "new enquiries")}: show`,
  mailFailing: "Mail failing",
  /** When a row is due, in full on a laptop and in a phone card's few characters. */
  due: {
    late: { long: "First contact late", short: "Contact late" },
    overdue: (long: string, short: string) => ({ long: `Overdue since ${long}`, short: `Overdue ${short}` }),
    followUp: (long: string, short: string) => ({ long: `Follow up ${long}`, short: `Due ${short}` }),
    contactBy: (long: string, short: string) => ({ long: `Contact by ${long}`, short: `By ${short}` }),
  },
  // Work in bulk
  bulkLabel: "Work on the selected enquiries",
  selected: (count: number) => `${count.toLocaleString("en-IN")} selected`,
  selectAllMatching: "Select all that match",
  selectingAll: "Selecting…",
  allSelected: (count: number) => `All ${countOf(count, "enquiry", "enquiries")} that match are selected.`,
  moreMatch: (selected: number, more: number) =>
    `${selected.toLocaleString("en-IN")} selected. ${more.toLocaleString("en-IN")} more match; narrow the filter.`,
  clearSelection: "Clear the selection",
  clear: "Clear",
  action: "Action",
  chooseAction: "Choose an action…",
  giveTo: "Give to",
  giveToMember: (email: string) => email,
  giveToNobody: "Nobody (unassign)",
  setStatus: "Set the status",
  spamGroup: "Spam",
  fileAsSpam: "File as spam",
  notSpam: "Not spam",
  apply: "Apply",
  applying: "Working…",
  /** Asked before a bulk action runs, naming what will change. */
  confirm: (count: number, what: string) => `${what}: ${countOf(count, "enquiry", "enquiries")}?`,
  confirmGive: (to: string) => `Give to ${to}`,
  confirmStatus: (status: string, note?: string) =>
    note ? `Set to ${status} with the note "${note}"` : `Set to ${status}`,
  /** Written on each enquiry whose status the bulk action sets. */
  bulkNote: "Note (optional)",
  confirmSpam: "File as spam",
  confirmNotSpam: "Mark not spam (filed as New and mailed to the company)",
  yes: "Yes, do it",
  cancel: "Cancel",
  failedHeading: "Not changed",
} as const;

/** The keys of the inbox and the enquiry page, as the `?` dialog lists them. */
export const keysText = {
  title: "Keyboard shortcuts",
  intro: "They work anywhere on the inbox and an enquiry's page, except while typing in a field.",
  close: "Close",
  keys: [
    { key: "/", does: "Search the inbox" },
    { key: "j", does: "Next enquiry in the list" },
    { key: "k", does: "Previous enquiry in the list" },
    { key: "x", does: "Select or unselect that enquiry" },
    { key: "Enter", does: "Open that enquiry" },
    { key: "n", does: "Open the next unanswered enquiry (Waiting on us, most due first)" },
    { key: "Esc", does: "Back to the inbox, with its filters" },
    { key: "?", does: "Show these keys" },
  ],
} as const;

/** The Company page: the company's own facts, as the pages, mails and templates state them. */
export const companyText = {
  title: "Company",
  intro:
    "What the site, the mails and the templates state as the company's word: its names, addresses, phone, licences, price and terms, in English and Hindi. Publishing makes them true everywhere within a minute, without a rebuild; every published version is kept.",
  readOnly: "Only an owner can change these. This is what is published now.",
  neverPublished:
    "Nothing has been published yet: the site shows the build's placeholder company. Fill in the real facts and publish them before launch.",
  inForce: (version: number, when: string, who: string) => `Version ${version}, published ${when} by ${who}.`,
  english: "English",
  hindi: "Hindi (हिन्दी)",
  sections: {
    names: "Names",
    registeredAddress: "Registered address",
    manufacturingAddress: "Manufacturing address",
    contact: "Phone and e-mail",
    registrations: "Registrations",
    product: "The product and its price",
    trade: "Retailers and delivery",
    hours: "Working hours",
    grievance: "Grievance officer",
    social: "Social links",
    terms: "Terms",
    billing: "Invoices and payments",
  },
  labels: {
    legalName: "Legal name",
    shortName: "Short name",
    street: "Building, street and area",
    locality: "Locality",
    city: "City",
    state: "State",
    gstStateCode: "GST state code",
    pin: "PIN code",
    phone: "Phone",
    whatsapp: "WhatsApp number",
    "email.care": "Customer care e-mail",
    "email.grievance": "Grievance e-mail",
    "email.mailbox": "Mailbox the console reads",
    gstin: "GSTIN",
    fssaiLicence: "FSSAI licence number",
    "product.sachetGrams": "One sachet's net quantity (g)",
    "product.sachetsPerUnit": "Sachets in one unit of sale",
    "product.mrpPaise": "MRP of one unit of sale (₹, inclusive of all taxes)",
    "product.foodMark": "Veg / non-veg mark",
    "product.collagenSource": "Source of the collagen",
    "product.bestBeforeMonths": "Best before (months)",
    "trade.minimumOrderSachets": "Minimum order for a trade price (sachets)",
    "trade.terms": "Trade terms",
    "delivery.minDays": "Delivery: fewest working days",
    "delivery.maxDays": "Delivery: most working days",
    "delivery.returnDays": "Days to report a damaged pack",
    "workingHours.days": "Working days",
    "workingHours.opens": "Opens (IST)",
    "workingHours.closes": "Closes (IST)",
    "workingHours.firstContactHours": "First contact within (working hours)",
    "grievanceOfficer.name": "Name",
    "grievanceOfficer.designation": "Designation",
    "social.facebook": "Facebook",
    "social.instagram": "Instagram",
    "social.linkedin": "LinkedIn",
    termsConfirmedBy: "Payment, delivery and return terms confirmed by",
    "billing.hsn": "HSN code",
    "billing.uqc": "Unit quantity code (GST)",
    "billing.gstRates": "GST rates and the dates they apply from",
    "billing.unitOfSale": "Unit an invoice counts",
    "billing.retailerPrices": "Retailer price list (per sachet, before GST)",
    "billing.selfUsePricePaise": "Price per sachet for own use (₹, inclusive of GST)",
    "billing.merchantUpiId": "Merchant UPI ID",
    "billing.invoicePrefix": "Document number prefix",
    "billing.signatory.name": "Authorised signatory",
    "billing.signatory.designation": "Signatory's designation",
    "billing.bankAccount.name": "Bank account name",
    "billing.bankAccount.number": "Bank account number",
    "billing.bankAccount.ifsc": "IFSC",
  } as Record<string, string>,
  hints: {
    phone: "+91 and ten digits, e.g. +911141552024.",
    gstin: "Leave empty until the company states it.",
    "product.mrpPaise": "In rupees, e.g. 1499.00 or ₹1,499.",
    termsConfirmedBy:
      "Name, role and date, e.g. “Rohit Verma, Director, 20 Nov 2026”. Empty until someone has.",
    social: "Leave empty for none.",
    "billing.hsn": "4, 6 or 8 digits; the company's CA confirms the heading.",
    "billing.uqc": "As the GST portal lists it, e.g. PCS.",
    "billing.gstRates":
      "One a line, the date then the rate, e.g. “2025-09-22 5%”. A new rate is a new line: invoices of earlier dates keep theirs.",
    "billing.retailerPrices":
      "One step a line: from how many sachets, then the price per sachet, e.g. “300 34.00”. Below the first step a retailer pays the own-use price.",
    "billing.selfUsePricePaise": "As on the pack: the invoice takes the GST out of it.",
    "billing.merchantUpiId":
      "The business's UPI ID from its bank, e.g. sanverahealth@icici, never a person's. Empty: invoices carry no UPI QR code.",
    "billing.invoicePrefix": "1 to 4 capital letters or digits: SH gives SH/2627/T0001.",
    bankAccount: "Printed on invoices for a bank transfer. Leave all three empty for none.",
  } as Record<string, string>,
  weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  foodMarks: { veg: "Veg (green mark)", "non-veg": "Non-veg (brown mark)" },
  chooseState: "Choose a state…",
  problemsSummary: (count: number) =>
    count === 1
      ? "One field needs correcting before the facts can be published: see the message beside it."
      : `${count} fields need correcting before the facts can be published: see the message beside each.`,
  publish: "Publish",
  publishing: "Publishing…",
  published: (version: number) =>
    `Published as version ${version}. The site, the mails and the templates use it now.`,
  unchanged: "Nothing has changed since the version in force.",
  previewHeading: "Preview before publishing",
  previewPage: "Page",
  previewPages: {
    home: "Home page (English)",
    "home-hi": "Home page (Hindi)",
    privacy: "Privacy policy (English)",
    "privacy-hi": "Privacy policy (Hindi)",
  },
  preview: "Preview",
  previewNote: "Opens the page in a new tab, rendered with the facts as they are in this form.",
  previewUnavailable: "This server cannot show a preview yet. Publish, then open the page itself.",
  versionsHeading: "Published versions",
  noVersions: "No version has been published yet.",
  versionLine: (version: number, when: string, who: string) => `Version ${version} · ${when} · ${who}`,
  restoredFrom: (version: number) => `returned to version ${version}`,
  current: "In force",
  restore: "Return to this version",
  restoreLabel: (version: number) => `Return to this version, version ${version}`,
  confirmRestore: (version: number) =>
    `Publish version ${version}'s facts again, in place of what is in force now? The site, mails and templates will use them within a minute.`,
  confirmYes: "Yes, return to it",
  cancel: "Cancel",
  restored: (version: number, from: number) =>
    `Returned to version ${from}: it is in force as version ${version}.`,
} as const;

/** Source labels (sourceLabel, lower case) with a name of their own; any other is shown as it is. */
const SOURCE_NAMES: Readonly<Record<string, string>> = { whatsapp: "WhatsApp" };

/** A source label as the console names it: "WhatsApp" for enquiries started there (and links tagged so). */
export function sourceName(label: string): string {
  return Object.hasOwn(SOURCE_NAMES, label.toLowerCase())
    ? (SOURCE_NAMES[label.toLowerCase()] as string)
    : label;
}
