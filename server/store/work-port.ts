import type { ActivityEntry } from "../../domain/console";
import type { ConversationMessage } from "../../domain/conversation";
import type { EnquiryDeal } from "../../domain/deal";
import type { EnquiryDispatch } from "../../domain/dispatch";
import type { AssignmentRule } from "../../domain/team";
import type { WebhookEventType } from "../../domain/webhooks";
import type { MessageChannel } from "../../domain/whatsapp";
import type { WhatsAppConsent } from "../../domain/whatsapp-consent";
import type { AnswerDay, ThreadFacts } from "../lifecycle/conversation";
import type {
  DealState,
  OwnerBatchPlan,
  HistoryLine,
  MemberAlertPlan,
  MemberFacts,
  WorkPlan,
  WorkState,
} from "../lifecycle/plan";
import type { ReminderPlan } from "../lifecycle/reminders";
import type { MobileAsked, MobileEnquiry } from "./buyers";
import type { AnswerToStore, ReplyToWrite } from "./conversations";
import type { DocumentSeries, DocumentWithAccount } from "./documents";
import type { IssuedDocument, RecordedPayment } from "../../domain/invoice";
import type { CounterToAdd, DocumentNotificationPayload, StoredEnquiry } from "./store";
import type { EnquiryWebhookEvent } from "./webhooks";
import { stepsOf, type AnswersOf, type ChangeOf, type StepOf } from "./step-port";

/**
 * The port the work layer (server/work/) asks the stores through: each change of an enquiry is
 * written once there as a sequence of steps (read, ask the plan, write what it answers), and each
 * adapter answers the steps inside one transaction of its own. An adapter decides nothing: it
 * reads and writes what a step names (docs/decisions/029).
 */

/** An enquiry and its work record as read in a change's transaction. */
export interface WorkRead {
  stored: StoredEnquiry;
  work: WorkState;
  /** Whether the enquiry has a work record yet (one never worked has none: `work` is then untouched). */
  recorded: boolean;
}

/** Who makes a change, when, and the request that asked for it (kept with what it queues). */
export interface Actor {
  staffEmail: string;
  at: string;
  requestId?: string;
}

/**
 * The steps a change may take, each with what it gives the store and what the store answers.
 * Reads come first: a store may hold the writes back until the change has returned.
 */
export type WorkSteps = ConversationWorkSteps & {
  /** The enquiry and its work record; null when there is no such enquiry. */
  readWork: { args: { enquiryId: string }; result: WorkRead | null };
  /** The members as the plans need them, the assignment rule, and the turn it would give next. */
  readTeam: {
    args: Record<never, never>;
    result: { members: MemberFacts[]; rule: AssignmentRule; turn: number };
  };
  /** Whether the company's mail of the enquiry was ever queued. */
  companyMailQueued: { args: { enquiryId: string }; result: boolean };
  /** Gives the turn `readTeam` answered to this enquiry: the next change reads the one after it. */
  takeTurn: { args: { enquiryId: string; turn: number }; result: void };
  /** Writes what a plan says: the work record, the history lines, the alerts, pushes and webhook events. */
  writePlan: { args: { read: WorkRead; plan: WorkPlan; actor: Actor }; result: void };
  /** Queues the enquiry's mail to the company or its acknowledgement to the visitor. */
  queueEnquiryMail: {
    args: { stored: StoredEnquiry; kind: "company" | "acknowledgement"; actor: Actor };
    result: void;
  };
  /** Records that the enquiry is no longer filed as spam (its screening keeps its reasons). */
  clearSpamFiling: { args: { stored: StoredEnquiry }; result: void };
  // Owners and follow-ups
  /** Several enquiries and their work records, in the order given; null for each there is not. */
  readWorks: { args: { enquiryIds: readonly string[] }; result: (WorkRead | null)[] };
  /** The members as the plans need them (the assignment rule and its turn left unread). */
  readMembers: { args: Record<never, never>; result: MemberFacts[] };
  /** Queues members' alerts of one enquiry outside a plan of its own (a batch's, gathered by member). */
  writeAlerts: { args: { stored: StoredEnquiry; alerts: MemberAlertPlan[]; actor: Actor }; result: void };
  /** Queues each member's one mail listing the enquiries a batch handed them. */
  writeHandedOnLists: { args: { lists: OwnerBatchPlan["lists"]; actor: Actor }; result: void };
  // Conversations (their messages: ConversationWorkSteps), deals and reminders
  /**
   * What binds the buyer beyond this enquiry (docs/decisions/042): the consent to WhatsApp this
   * enquiry's form gave (null: none), and the buyer's WhatsApp messages on every enquiry of theirs
   * by mobile (BuyerStore.enquiriesOfMobile's key; this one included), newest first, at most
   * `limit`: when each came and what it said (an opt-out or a restart is read from them).
   */
  readBuyerWhatsApp: {
    args: { enquiryId: string; limit: number };
    result: { consent: WhatsAppConsent | null; messages: { at: string; text: string }[] };
  };
  /**
   * The enquiries sent with this mobile number (the buyer key BuyerStore.enquiriesOfMobile reads),
   * at the statuses `kept` (BUYER_STATUSES), with their statuses, read in the change's transaction.
   */
  readMobileEnquiries: { args: MobileAsked; result: MobileEnquiry[] };
  /**
   * The id of the enquiry a WhatsApp message from `mobile` opens on the IST `day`, after `after`
   * (the newest of the buyer's enquiries, or null). Where transactions are not isolated
   * (Firestore's emulator) it is the same for everyone opening one after the same enquiry that
   * day, so that of two writing it at once one is refused (WriteConflictError) and, read again,
   * files on the other's.
   */
  newWhatsAppEnquiryId: { args: { mobile: string; after: string | null; day: string }; result: string };
  /**
   * Writes a new enquiry as intake does (its five fields, what is kept beside them, its buyer
   * keys), created once: one holding the id already fails the change. Its work, mails and events
   * are the plan's (writePlan, queueEnquiryMail).
   */
  writeNewEnquiry: { args: { stored: StoredEnquiry }; result: void };
  // Intake from the order form (server/work/intake-changes.ts)
  /** A new id for an enquiry from the form, made as the store makes its ids. */
  newEnquiryId: { args: Record<never, never>; result: string };
  /**
   * What an intake reads before its plan, asked together (Firestore's reads then cost one wait in
   * the transaction, not one each): the enquiry first stored with the idempotency key and the
   * fingerprint of its five fields (server/store/idempotency.ts; null when no enquiry holds the key,
   * or no key is given), and the team as `readTeam` answers it. With `count`, its counters are
   * added beside the reads, as `addCounters` adds them, and their counts answered (else null): null
   * too, counting nothing, when the key is already used (held by an enquiry, or counted for).
   * `countsKept`: whether what a try counts stands however the try ends (Firestore's counters,
   * atomic increments outside the transaction), or goes with a try undone (SQLite's, in the
   * change's transaction), so that the next try counts again.
   */
  readIntake: {
    args: { key?: string; count?: WorkSteps["addCounters"]["args"] };
    result: {
      keyHolder: KeyHolder | null;
      team: WorkSteps["readTeam"]["result"];
      counts: number[] | null;
      countsKept: boolean;
    };
  };
  /** Records the key as the enquiry's, created once: one holding it already fails the change. */
  writeIdempotencyKey: { args: { key: string; holder: KeyHolder }; result: void };
  /**
   * Adds one to each counter (made on first use, forgotten after its `expiresAt`) and answers their
   * counts in order, this change's included. With `onceFor`, a retry's key: null, counting nothing,
   * when counting was already done for it. Where the change's transaction holds the write lock and
   * read the key as held by no enquiry (SQLite), nothing was counted for it that still stands;
   * where counters are atomic increments outside the transaction (Firestore), `onceFor` is itself
   * a counter added with the others, and only its first use counts: a later one takes back what
   * it added.
   */
  addCounters: {
    args: { counters: readonly CounterToAdd[]; onceFor?: CounterToAdd };
    result: number[] | null;
  };
  /** One member as the plans need them; null when there is none by that id. */
  readMember: { args: { staffId: string }; result: MemberFacts | null };
  /** The enquiry's deal: version 0 and no figures until one is recorded. */
  readDeal: { args: { enquiryId: string }; result: EnquiryDeal };
  /**
   * Writes the deal's figures under their new version, with the history's lines by the actor. A
   * version another change took first fails this one.
   */
  writeDeal: {
    args: { read: WorkRead; deal: DealState; history: HistoryLine[]; actor: Actor };
    result: void;
  };
  /** The enquiry's dispatch: version 0 and no step until one is recorded. */
  readDispatch: { args: { enquiryId: string }; result: EnquiryDispatch };
  /**
   * Writes the dispatch under its new version with what the plan says of the work record (its
   * history lines, and its status when a step closes it). A version another change took first
   * fails this one.
   */
  writeDispatch: {
    args: { read: WorkRead; dispatch: EnquiryDispatch; plan: WorkPlan; actor: Actor };
    result: void;
  };
  /** The enquiries whose pending reminder has come at `now`, the earliest first, at most `limit`. */
  readDueReminders: { args: { now: string; limit: number }; result: string[] };
  /**
   * Clears the record's pending reminder (if it still holds the one the plan saw) and queues its
   * push, once only under its id; answers how many pushes were queued.
   */
  writeReminder: { args: { read: WorkRead; plan: ReminderPlan; at: string }; result: number };
  // Documents and payments (server/work/document-changes.ts)
  /** The enquiry's documents and the payments against them, oldest first. */
  readDocuments: {
    args: { enquiryId: string };
    result: { documents: IssuedDocument[]; payments: RecordedPayment[] };
  };
  /** One document with its payments and the credit notes against it; null when there is none. */
  readDocument: { args: { documentId: string }; result: DocumentWithAccount | null };
  /** What a click already did (the document or payment it made); null when it is new. */
  readClick: { args: { action: DocumentClickAction; clickKey: string }; result: string | null };
  /** The last number taken in a series; 0 before its first. */
  readSeries: { args: DocumentSeries; result: number };
  /**
   * Stores an issued document with its place in its series (taken: `document.sequence` becomes the
   * series' last; another change taking it first fails this one), the click, the history's lines,
   * and the activity log's entry. `balancePaise`: a tax invoice's balance (null for the other
   * kinds); `invoiceBalance`: a credit note's invoice's balance after it.
   */
  writeDocument: {
    args: Clicked & {
      read: WorkRead;
      document: IssuedDocument;
      balancePaise: number | null;
      invoiceBalance: { documentId: string; balancePaise: number } | null;
    };
    result: void;
  };
  /**
   * Stores a payment with its invoice's balance after it, the click, history (`read`: its
   * enquiry, null once erased: no history line then) and activity.
   */
  writePayment: {
    args: Clicked & {
      read: WorkRead | null;
      invoice: IssuedDocument;
      payment: RecordedPayment;
      balancePaise: number;
    };
    result: void;
  };
  /**
   * Queues a document to its buyer's address (a `document` mail with the document's snapshot),
   * with the click, the history's lines and the activity log's entry.
   */
  queueDocumentMail: {
    args: Clicked & {
      read: WorkRead;
      document: IssuedDocument;
      /** What the mail sends: the document, or a payment reminder for the invoice (domain/payment-reminder.ts). */
      mail: DocumentNotificationPayload;
    };
    result: void;
  };
};

/**
 * The steps of an enquiry's conversation, which each store's conversation adapter answers itself
 * (conversationWorkAnswers) and its work port takes in among the others.
 */
export type ConversationWorkSteps = {
  /** What a reply is threaded under: the acknowledgement queued, and the conversation's messages. */
  readThread: { args: { enquiryId: string }; result: ThreadFacts };
  /** A new id for a message of the conversation, made as the store makes its ids. */
  newMessageId: { args: Record<never, never>; result: string };
  /**
   * Writes a reply's message with its thread headers and queues its mail (kept with the request
   * that sent it); answers the message as the conversation shows it.
   */
  writeReply: { args: ReplyToWrite & { stored: StoredEnquiry }; result: ConversationMessage };
  /**
   * The buyer's WhatsApp messages on the enquiry, newest first, at most `limit`: when each came and
   * what it said (the window and an opt-out are read from them, server/lifecycle/whatsapp.ts).
   */
  readWhatsAppAnswers: {
    args: { enquiryId: string; limit: number };
    result: { at: string; text: string }[];
  };
  /**
   * The enquiry's count of the buyer's answers: on the IST day `day`, or on the last day one came
   * (the plan tells another day apart); null before its first answer. Read before the rest of an
   * answer's change: whatever is read after it is at least as new.
   */
  readAnswerDay: { args: { enquiryId: string; day: string }; result: AnswerDay | null };
  /** Whether the enquiry holds an answer with this Message-ID. */
  answerHeld: { args: { enquiryId: string; messageId: string; channel: MessageChannel }; result: boolean };
  /** Whether the enquiry holds an answer its owner has not read. */
  unreadAnswers: { args: { enquiryId: string }; result: boolean };
  /**
   * Stores a buyer's answer on its enquiry, unread; created once only (another change storing it
   * first fails this one). False when the store refuses its row: the change then writes nothing.
   */
  storeAnswer: { args: { answer: AnswerToStore }; result: boolean };
  /**
   * Writes the enquiry's answer day as a plan leaves it (`before`: as read). Where a place in the
   * day's count is a marker, another change taking it first fails this one.
   */
  writeAnswerDay: {
    args: { enquiryId: string; before: AnswerDay | null; after: AnswerDay };
    result: void;
  };
};

/** The members' steps a member's removal (member-port.ts) asks as a change of owners does. */
export type MemberAlertSteps = Pick<WorkSteps, "readMembers" | "writeAlerts" | "writeHandedOnLists">;

/** The activity log's entry a change writes, by its actor at its time. */
export type ActivityToLog = Pick<ActivityEntry, "action" | "target">;

/** What a click on the documents writes with its change: the click, the history's lines and the activity's entry. */
type Clicked = { clickKey: string; history: HistoryLine[]; actor: Actor; activity: ActivityToLog };

/** The webhook events a plan sends, of its enquiry at the change's time, as each store queues them. */
export function webhookEventsOf(plan: WorkPlan, stored: StoredEnquiry, actor: Actor): EnquiryWebhookEvent[] {
  return plan.webhooks.map((event) => ({
    type: event.type,
    enquiry: stored,
    at: new Date(actor.at),
    ...(actor.requestId ? { requestId: actor.requestId } : {}),
    ...(event.type === "enquiry.status_changed" ? { change: event.change } : {}),
  }));
}

/** The enquiry an idempotency key was first used with. */
export interface KeyHolder {
  enquiryId: string;
  /** The fingerprint of its five fields (enquiryFingerprint). */
  fingerprint: string;
  receivedAt: string;
}

/** The changes of documents a click makes once. */
export type DocumentClickAction = "issue" | "payment" | "send";

/** One step asked: its name and its arguments as given (not copied: a change makes many). */
export type Step = StepOf<WorkSteps>;
/** One change: a sequence of steps ending in its answer. */
export type Change<R> = ChangeOf<WorkSteps, R>;
/** Asks the store for one step: `const read = yield* step("readWork", { enquiryId })`. */
export const step = stepsOf<WorkSteps>();
/** How a store answers each step. */
export type StepAnswers<Async extends boolean = false> = AnswersOf<WorkSteps, Async>;

export interface WorkPort {
  /**
   * Runs a change in one transaction, answering each step it asks for. A store may run it again
   * from the start when its transaction must be retried; a write that lost a race to another
   * change of the same version or turn throws WriteConflictError, and nothing is written.
   * `events` names the webhook events its plans may send (a store may read their endpoints first).
   */
  run<R>(change: () => Change<R>, options?: { events?: readonly WebhookEventType[] }): Promise<R>;
  /**
   * Runs several changes, answering each one's outcome in their order. A store may write them in
   * one transaction (SQLite's group commit: one flush to disk for all), so that one the store
   * refuses is undone alone and the others are written, the members, the rule and the webhook
   * endpoints read once for them all and the rule's turn as the change before left it; or each in a
   * transaction of its own, as `run` does. A transaction that fails as a whole (the disk full)
   * rejects the whole call. A store may start a change again once it has undone a first try of it
   * (SQLite writes the group again when the database refuses one of it), so a change keeps across
   * its starts only what its store says stands whatever becomes of a try (`readIntake`'s
   * `countsKept`).
   */
  runEach<R>(
    changes: readonly (() => Change<R>)[],
    options?: { events?: readonly WebhookEventType[] },
  ): Promise<PromiseSettledResult<R>[]>;
}

/** Another change took the same version or turn first: nothing of this one was written. */
export class WriteConflictError extends Error {
  constructor(options?: ErrorOptions) {
    super("Another change was written first", options);
    this.name = "WriteConflictError";
  }
}
