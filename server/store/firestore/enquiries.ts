import { randomUUID } from "node:crypto";
import { Timestamp, type DocumentData, type DocumentReference } from "firebase-admin/firestore";
import type { Language } from "../../../domain/contract";
import type { BuyerType, Enquiry } from "../../../domain/enquiry";
import type {
  StaffLinkMail,
  AddEnquiryOptions,
  CounterToAdd,
  EnquiryStore,
  EnquiryNotificationKind,
  NewsletterNotificationKind,
  NotificationKind,
  OutboxBacklog,
  PendingNotification,
  StaffNotificationKind,
  StoredEnquiry,
} from "../store";
import {
  alertChoiceOf,
  assigneeOf,
  parseAssignmentRule,
  firstContactDueAt,
  memberAlertRecipients,
  usesTurns,
  type AlertChoice,
  type AssignmentRule,
  type DigestContent,
} from "../../../domain/team";
import { FIRST_CONTACT_HOURS } from "../../../domain/working-hours";
import { ASSIGNMENT_DOC, ASSIGNMENT_TURNS, UNASSIGNED } from "./team";
import {
  ALREADY_EXISTS,
  collectionsOf,
  grpcCode,
  isoOf,
  NOT_FOUND,
  sortKey,
  type FirestoreConnection,
} from "./connection";
import { eventTime } from "../event-clock";
import { enquiryFingerprint, IdempotencyKeyReusedError } from "../idempotency";
import { claimDueDocuments, takeLease } from "./claim-window";
import { enquiryWebhookQueue, type DocumentWriter } from "./webhooks";
import { FirestoreAttemptCounterStore } from "./attempt-counters";
import { enquiryMailsSuppressed } from "../../spam/screening";
import { enquiryMetaFields } from "./enquiry-meta";

/** The idempotency keys' collection: one document per key, beside (never inside) the enquiries. */
const IDEMPOTENCY_KEYS = "enquiry_idempotency_keys";

interface IdempotencyKeyData {
  enquiryId: string;
  fingerprint: string;
  receivedAt: Timestamp;
}

/**
 * A notification in `notifications`: an enquiry's (with a copy of its fields) or a newsletter
 * mail to one address (`subscriberId`; the address and the link's nonces are read when it is claimed).
 */
interface NotificationData {
  enquiryId?: string;
  subscriberId?: string;
  /** A member of staff's mail (an alert, a digest): its address is read when it is claimed. */
  staffId?: string;
  /** A digest's content (JSON). */
  payload?: string;
  /** Absent on notifications stored before acknowledgements existed: the company's. */
  kind?: NotificationKind;
  enquiry?: Enquiry;
  /** The enquiry's language, for the visitor's acknowledgement; absent before it was kept: English. */
  language?: Language;
  receivedAt: Timestamp;
  status: "pending" | "sent";
  attempts: number;
  nextAttemptAt: Timestamp;
  /**
   * When a worker may take it: the next attempt, or the end of the running lease. The claim asks
   * for `status == "pending" and dueAt <= now`, ordered by `dueAt` (the composite index in
   * firestore.indexes.json): nothing sent or leased is ever at the head of what it reads.
   * Stored before that, a sent notification may lack it; the status condition leaves it out anyway.
   */
  dueAt?: Timestamp;
  /** When it last went into the outbox (made, or resent by staff): the health check's oldest waiting. */
  queuedAt?: Timestamp;
  claimedBy: string | null;
  claimExpiresAt: Timestamp | null;
  /** Counts claims; each claim creates `claims/{generation}`, which two workers cannot both create. */
  claimGeneration: number;
  lastError: string | null;
  sentAt: Timestamp | null;
}

/** How often storing an enquiry is tried when its turn was taken by another at the same moment. */
const TURN_ATTEMPTS = 25;

/** What storing an enquiry reads before it writes (`readForWrite`). */
interface WriteReading {
  queueWebhooks: Awaited<ReturnType<typeof enquiryWebhookQueue>>;
  rule: AssignmentRule;
  members: { id: string; alerts: AlertChoice }[];
}

function received(stored: StoredEnquiry): Date {
  return new Date(stored.receivedAt);
}

function enquiryFields(enquiry: Enquiry): Enquiry {
  return {
    Name: enquiry.Name,
    Email: enquiry.Email,
    Mobile: enquiry.Mobile,
    Quantity: enquiry.Quantity,
    RetailerSelfUse: enquiry.RetailerSelfUse,
  };
}

/** The five fields of an enquiry's document (or of the copy a notification carries). */
export function enquiryFromDocument(data: DocumentData): Enquiry {
  return {
    Name: String(data.Name),
    Email: String(data.Email),
    Mobile: String(data.Mobile),
    Quantity: Number(data.Quantity),
    RetailerSelfUse: String(data.RetailerSelfUse) as BuyerType,
  };
}

/** A stored language: a document written before languages were kept is English. */
export function languageOfDocument(value: unknown): Language {
  return value === "hi" ? "hi" : "en";
}

/** A newsletter mail waiting in the outbox, due at once. */
export function newsletterNotification(
  subscriberId: string,
  kind: NewsletterNotificationKind,
  at: Date,
): NotificationData {
  return { ...dueAt(at), subscriberId, kind };
}

/** A new notification's delivery fields: pending, due at `at`, never tried. */
function dueAt(at: Date): Omit<NotificationData, "kind"> {
  const now = Timestamp.fromDate(at);
  return {
    receivedAt: now,
    status: "pending",
    attempts: 0,
    nextAttemptAt: now,
    dueAt: now,
    queuedAt: now,
    claimedBy: null,
    claimExpiresAt: null,
    claimGeneration: 0,
    lastError: null,
    sentAt: null,
  };
}

/** A mail to one member of staff waiting in the outbox, due at once. */
export function staffNotification(
  staffId: string,
  kind: StaffNotificationKind,
  at: Date,
  extra: Partial<NotificationData> = {},
): NotificationData {
  return { ...dueAt(at), staffId, kind, ...extra };
}

/** How long a use of an idempotency key is remembered for counting: a day, as long as a retry. */
const KEY_COUNTED_MS = 24 * 60 * 60_000;

/**
 * Enquiries in `{product}_Form` and the outbox of their notifications in `notifications` on
 * Firestore. Several server instances can share them: each notification is claimed in its own
 * transaction, so only one instance sends it while the lease runs.
 */
export class FirestoreEnquiryStore implements EnquiryStore {
  constructor(private readonly connection: FirestoreConnection) {}

  private enquiries() {
    return this.connection.db.collection(this.connection.enquiryCollection);
  }
  private notifications() {
    return this.connection.db.collection("notifications");
  }

  async add(enquiry: Enquiry, asked: AddEnquiryOptions = {}): Promise<StoredEnquiry> {
    const received = eventTime();
    const unscreened: StoredEnquiry = {
      id: randomUUID(),
      receivedAt: received.toISOString(),
      language: asked.language ?? "en",
      enquiry: enquiryFields(enquiry),
      ...(asked.source ? { source: asked.source } : {}),
      ...(asked.screening ? { screening: asked.screening } : {}),
    };
    // The counted checks and what the enquiry's write reads (the rule, the members, the webhook
    // endpoints) do not depend on each other: asked for together, they cost one wait, not several.
    const [{ stored, options }, firstReading] = await Promise.all([
      this.settleCountedChecks(unscreened, asked, received),
      this.readForWrite(),
    ]);
    const receivedAt = Timestamp.fromDate(received);
    const notification: NotificationData = {
      enquiryId: stored.id,
      kind: "company",
      enquiry: stored.enquiry,
      language: stored.language,
      receivedAt,
      status: "pending",
      attempts: 0,
      nextAttemptAt: receivedAt,
      dueAt: receivedAt,
      queuedAt: receivedAt,
      claimedBy: null,
      claimExpiresAt: null,
      claimGeneration: 0,
      lastError: null,
      sentAt: null,
    };
    const key = options.idempotencyKey;
    const keyRef = key ? this.idempotencyKeys().doc(`key-${key}`) : undefined;
    const fingerprint = enquiryFingerprint(stored.enquiry);
    // A turn already taken by another enquiry (where transactions are not isolated) is tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        const reading = attempt === 1 ? firstReading : await this.readForWrite();
        await this.writeEnquiry(stored, notification, options, keyRef, fingerprint, reading);
        return stored;
      } catch (error) {
        if (grpcCode(error) !== ALREADY_EXISTS) throw error;
        // The key's document exists: this is a repeat (or a mistake) of an enquiry already stored.
        if (keyRef && (await this.connection.run(() => keyRef.get())).exists) {
          return this.firstWithKey(keyRef, fingerprint, stored);
        }
        if (attempt >= TURN_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Adds the enquiry's counted checks and settles what they decide: its screening (one filed as
   * Spam is then stored as such, mailing nobody), and whether its acknowledgement is queued.
   * Firestore's counters are atomic increments outside the enquiry's batch (the emulator's
   * transactions are not isolated); a repeat of an idempotency key counts nothing, told apart by
   * the key's own counter, as the SQLite store's transaction does.
   */
  private async settleCountedChecks(
    stored: StoredEnquiry,
    options: AddEnquiryOptions,
    received: Date,
  ): Promise<{ stored: StoredEnquiry; options: AddEnquiryOptions }> {
    const { checks } = options;
    if (!checks) return { stored, options };
    const counters = new FirestoreAttemptCounterStore(this.connection);
    const add = (list: readonly CounterToAdd[]) =>
      Promise.all(list.map(({ name, expiresAt }) => counters.add(name, expiresAt)));
    const key = options.idempotencyKey;
    const counted =
      !key || (await counters.add(`enquiry-key:${key}`, new Date(received.getTime() + KEY_COUNTED_MS))) === 1;
    const screening = checks.score(counted ? await add(checks.counters) : checks.counters.map(() => 0));
    const spam = enquiryMailsSuppressed(screening);
    const cap = checks.acknowledgement;
    // A repeat of a key stores nothing new (its first answers it), so it takes no turn of the
    // visitor's mailbox either; were the first lost before its write, the retry sends no copy.
    const acknowledge =
      (options.acknowledge ?? false) && !spam && (!cap || (counted && cap.allowed(await add(cap.counters))));
    return {
      stored: { ...stored, screening },
      options: { ...options, acknowledge },
    };
  }

  /**
   * What storing an enquiry reads first: the assignment rule, the members with their alert
   * choices, and the webhook endpoints that hear of new enquiries. A rule that hands out turns
   * takes its turn in the transaction that stores the enquiry, so enquiries arriving at once each
   * get their own.
   */
  private async readForWrite(): Promise<WriteReading> {
    const [queueWebhooks, [settings, staff]] = await Promise.all([
      enquiryWebhookQueue(this.connection, "enquiry.received"),
      this.connection.run(() =>
        Promise.all([this.assignmentRef().get(), this.connection.db.collection("staff").get()]),
      ),
    ]);
    return {
      queueWebhooks,
      rule: parseAssignmentRule(settings.get("rule")),
      members: staff.docs.map((doc) => ({
        id: String(doc.get("id")),
        alerts: alertChoiceOf(doc.get("alerts")),
      })),
    };
  }

  private assignmentRef() {
    return this.connection.db.collection(ASSIGNMENT_DOC[0]).doc(ASSIGNMENT_DOC[1]);
  }

  /**
   * One batch: the enquiry, its notifications and its key's document are written, or none. The
   * key's document is created, never overwritten, so of two requests with one key (at once, on
   * two instances) one commits and the other fails with ALREADY_EXISTS.
   */
  private async writeEnquiry(
    stored: StoredEnquiry,
    notification: NotificationData,
    options: AddEnquiryOptions,
    keyRef: DocumentReference | undefined,
    fingerprint: string,
    { queueWebhooks, rule, members }: WriteReading,
  ): Promise<void> {
    const acknowledge = options.acknowledge ?? false;
    const assignmentRef = this.assignmentRef();
    await this.connection.run(async () => {
      // Suspected spam: no owner, no alert, no webhook; Not spam files it as New and does all three.
      const spam = enquiryMailsSuppressed(stored.screening);
      const write = (
        writer: { create(ref: DocumentReference, data: DocumentData): unknown },
        turn: number,
      ): void => {
        if (spam) return;
        const buyer = stored.enquiry.RetailerSelfUse;
        const ids = new Set(members.map(({ id }) => id));
        const ownerId = assigneeOf(rule, buyer, turn, (id) => ids.has(id));
        const due = firstContactDueAt(received(stored), options.firstContactHours ?? FIRST_CONTACT_HOURS);
        writer.create(this.connection.db.collection("enquiryWork").doc(stored.id), {
          status: "New",
          version: 0,
          closedAt: null,
          receivedAt: stored.receivedAt,
          sortKey: sortKey(stored.receivedAt, stored.id),
          ownerId: ownerId ?? UNASSIGNED,
          followUpAt: null,
          nextStep: null,
          dueAt: due.toISOString(),
        });
        const recipients = memberAlertRecipients({ buyer, ownerId, members });
        for (const staffId of recipients) {
          writer.create(
            this.notifications().doc(randomUUID()),
            staffNotification(staffId, "member-alert", received(stored), {
              enquiryId: stored.id,
              enquiry: stored.enquiry,
              language: stored.language,
            }),
          );
        }
        queueWebhooks(writer as DocumentWriter, {
          type: "enquiry.received",
          enquiry: stored,
          at: received(stored),
        });
      };
      if (usesTurns(rule) && !spam) {
        await this.connection.db.runTransaction(
          async (transaction) => {
            const current = await transaction.get(assignmentRef);
            const generation = Number(current.get("generation") ?? 0);
            const turn = Number(current.get("turn") ?? 0);
            transaction.create(this.connection.db.collection(ASSIGNMENT_TURNS).doc(`${generation}-${turn}`), {
              enquiryId: stored.id,
            });
            transaction.update(assignmentRef, { turn: turn + 1 });
            this.writeEnquiryDocuments(transaction, stored, notification, acknowledge, keyRef, fingerprint);
            write(transaction, turn);
          },
          { maxAttempts: TURN_ATTEMPTS },
        );
        return;
      }
      const batch = this.connection.db.batch();
      this.writeEnquiryDocuments(batch, stored, notification, acknowledge, keyRef, fingerprint);
      write(batch, 0);
      await batch.commit();
    });
  }

  /** The enquiry's own documents: its key's, its own, and its notifications to the company and the visitor. */
  private writeEnquiryDocuments(
    batch: { create(ref: DocumentReference, data: DocumentData): unknown },
    stored: StoredEnquiry,
    notification: NotificationData,
    acknowledge: boolean,
    keyRef: DocumentReference | undefined,
    fingerprint: string,
  ): void {
    const receivedAt = notification.receivedAt;
    {
      if (keyRef) {
        const record: IdempotencyKeyData = { enquiryId: stored.id, fingerprint, receivedAt };
        batch.create(keyRef, record);
      }
      // The language is metadata beside the five fields, like the time received.
      batch.create(this.enquiries().doc(stored.id), {
        ...stored.enquiry,
        receivedAt,
        language: stored.language,
        ...enquiryMetaFields(stored),
      });
      if (enquiryMailsSuppressed(stored.screening)) {
        // Filed as Spam: its work record says so from the start, and no mail is queued.
        batch.create(collectionsOf(this.connection).work.doc(stored.id), {
          status: "Spam",
          version: 0,
          closedAt: stored.receivedAt,
          receivedAt: stored.receivedAt,
          sortKey: sortKey(stored.receivedAt, stored.id),
        });
      } else {
        batch.create(this.notifications().doc(randomUUID()), notification);
        if (acknowledge) {
          batch.create(this.notifications().doc(randomUUID()), { ...notification, kind: "acknowledgement" });
        }
      }
    }
  }

  private idempotencyKeys() {
    return this.connection.db.collection(IDEMPOTENCY_KEYS);
  }

  /** The enquiry first stored with the key, when this one is the same; else the key's refusal. */
  private async firstWithKey(
    keyRef: DocumentReference,
    fingerprint: string,
    repeat: StoredEnquiry,
  ): Promise<StoredEnquiry> {
    const snapshot = await this.connection.run(() => keyRef.get());
    const first = snapshot.data() as IdempotencyKeyData | undefined;
    if (!first) throw new Error("An idempotency key's document vanished as it was read");
    if (first.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    // The same fingerprint: the same five fields as checked.
    return {
      id: first.enquiryId,
      receivedAt: isoOf(first.receivedAt),
      language: repeat.language,
      enquiry: repeat.enquiry,
    };
  }

  async eraseIdempotencyKeys(before: Date): Promise<number> {
    let erased = 0;
    for (;;) {
      const batchSize = await this.connection.run(async () => {
        const old = await this.idempotencyKeys()
          .where("receivedAt", "<", Timestamp.fromDate(before))
          .limit(400)
          .get();
        if (old.empty) return 0;
        const batch = this.connection.db.batch();
        for (const doc of old.docs) batch.delete(doc.ref);
        await batch.commit();
        return old.size;
      });
      erased += batchSize;
      if (batchSize === 0) return erased;
    }
  }

  async list(): Promise<StoredEnquiry[]> {
    return this.connection.run(async () => {
      const snapshot = await this.enquiries().orderBy("receivedAt").get();
      return snapshot.docs.map((doc) => {
        const data = doc.data();
        return {
          id: doc.id,
          receivedAt: isoOf(data.receivedAt),
          language: languageOfDocument(data.language),
          enquiry: enquiryFromDocument(data),
        };
      });
    });
  }

  async claimDueNotifications(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<PendingNotification[]> {
    return this.connection.run(() =>
      claimDueDocuments(this.notifications(), options, (ref, now, until) =>
        this.claim(ref, options.worker, now, until),
      ),
    );
  }

  async outboxBacklog(): Promise<OutboxBacklog> {
    return this.connection.run(async () => {
      const pending = this.notifications().where("status", "==", "pending");
      // A count aggregation (one read per thousand entries of the index) and one document.
      const [count, oldest] = await Promise.all([
        pending.count().get(),
        pending.orderBy("queuedAt").limit(1).get(),
      ]);
      const queuedAt = oldest.docs[0]?.get("queuedAt") as unknown;
      return {
        waiting: count.data().count,
        oldestQueuedAt: queuedAt === undefined ? null : isoOf(queuedAt),
      };
    });
  }

  /**
   * Claims one notification in a transaction: read it, check it is still due and not leased, take
   * the lease. The transaction alone is enough on Firestore; creating `claims/{generation}` first
   * also makes a second claimer's commit fail with ALREADY_EXISTS wherever transactions are not
   * isolated (the local emulator), and keeps a record of who claimed what.
   */
  private async claim(
    ref: DocumentReference,
    worker: string,
    now: Timestamp,
    until: Timestamp,
  ): Promise<PendingNotification | undefined> {
    try {
      return await this.connection.db.runTransaction(
        async (transaction) => {
          const snapshot = await transaction.get(ref);
          const data = snapshot.data() as NotificationData | undefined;
          if (!data || data.status !== "pending" || !data.dueAt || data.dueAt.toMillis() > now.toMillis()) {
            return undefined;
          }
          // A newsletter mail is made from its address as it is now; an address gone takes its mails along.
          const subscriber = data.subscriberId
            ? (
                await transaction.get(this.connection.db.collection("subscribers").doc(data.subscriberId))
              ).data()
            : undefined;
          if (data.subscriberId && !subscriber) {
            transaction.delete(ref);
            return undefined;
          }
          // A member's mail goes to their address as it is now; a member removed takes their mails along.
          const member = data.staffId
            ? (
                await transaction.get(
                  this.connection.db.collection("staff").where("id", "==", data.staffId).limit(1),
                )
              ).docs[0]
            : undefined;
          if (data.staffId && !member) {
            transaction.delete(ref);
            return undefined;
          }
          takeLease(transaction, ref, { worker, now, until, previousGeneration: data.claimGeneration });
          if (data.subscriberId && subscriber) {
            return {
              id: ref.id,
              kind: data.kind as NewsletterNotificationKind,
              subscriberId: data.subscriberId,
              email: String(subscriber.email),
              confirmNonce: typeof subscriber.confirmNonce === "string" ? subscriber.confirmNonce : null,
              unsubscribeNonce: String(subscriber.unsubscribeNonce),
              requestedAt: isoOf(subscriber.requestedAt ?? subscriber.subscribedAt),
              language: languageOfDocument(subscriber.language),
              attempts: data.attempts,
            };
          }
          if (data.staffId && member && data.kind === "staff-link") {
            return {
              id: ref.id,
              kind: "staff-link",
              staffId: data.staffId,
              to: String(member.get("email")),
              link: JSON.parse(String(data.payload)) as StaffLinkMail,
              attempts: data.attempts,
            };
          }
          if (data.staffId && member && data.kind === "digest") {
            return {
              id: ref.id,
              kind: "digest",
              staffId: data.staffId,
              to: String(member.get("email")),
              digest: JSON.parse(String(data.payload)) as DigestContent,
              attempts: data.attempts,
            };
          }
          if (data.staffId && member) {
            return {
              id: ref.id,
              kind: "member-alert",
              staffId: data.staffId,
              to: String(member.get("email")),
              enquiryId: String(data.enquiryId),
              enquiry: enquiryFromDocument(data.enquiry ?? {}),
              receivedAt: isoOf(data.receivedAt),
              attempts: data.attempts,
            };
          }
          return {
            id: ref.id,
            kind: (data.kind ?? "company") as EnquiryNotificationKind,
            enquiryId: String(data.enquiryId),
            enquiry: enquiryFromDocument(data.enquiry ?? {}),
            receivedAt: isoOf(data.receivedAt),
            language: languageOfDocument(data.language),
            attempts: data.attempts,
          };
        },
        { maxAttempts: 3 },
      );
    } catch (error) {
      if (grpcCode(error) === ALREADY_EXISTS) return undefined; // another worker claimed it first
      throw error;
    }
  }

  /**
   * Marks a notification after a send. It may have been erased meanwhile (a person's erasure
   * request): then it is absent and stays so; `update` never creates a document, and its refusal
   * of one deleted between the read and the commit means there is nothing left to mark.
   */
  private async markAfterSend(work: () => Promise<void>): Promise<void> {
    try {
      await this.connection.run(work);
    } catch (error) {
      if (grpcCode(error) !== NOT_FOUND) throw error;
    }
  }

  async markNotificationSent(id: string, worker: string): Promise<void> {
    // Recorded as sent even if the lease ran out meanwhile: the mail did go, and must not go again.
    await this.markAfterSend(() =>
      this.connection.db.runTransaction(async (transaction) => {
        const ref = this.notifications().doc(id);
        const data = (await transaction.get(ref)).data() as NotificationData | undefined;
        if (!data || data.status !== "pending") return;
        transaction.update(ref, {
          status: "sent",
          sentAt: Timestamp.now(),
          lastAttemptAt: Timestamp.now(),
          attempts: data.attempts + 1,
          claimedBy: worker,
          claimExpiresAt: null,
          lastError: null,
        });
      }),
    );
  }

  async markNotificationFailed(
    id: string,
    worker: string,
    error: string,
    nextAttemptAt: Date,
  ): Promise<void> {
    // Only the worker holding the claim may release it; after its lease ran out, another may hold it.
    await this.markAfterSend(() =>
      this.connection.db.runTransaction(async (transaction) => {
        const ref = this.notifications().doc(id);
        const data = (await transaction.get(ref)).data() as NotificationData | undefined;
        if (!data || data.status !== "pending" || data.claimedBy !== worker) return;
        const next = Timestamp.fromDate(nextAttemptAt);
        transaction.update(ref, {
          attempts: data.attempts + 1,
          lastAttemptAt: Timestamp.now(),
          lastError: error.slice(0, 2000),
          nextAttemptAt: next,
          dueAt: next,
          claimedBy: null,
          claimExpiresAt: null,
        });
      }),
    );
  }
}
