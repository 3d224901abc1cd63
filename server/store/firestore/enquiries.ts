import { memberAlertFactsOf } from "../member-alert-payload";
import type { WorkingHours } from "../../../domain/working-hours";
import type { WorkingHoursSource } from "../../work";
import { pushPayloadOf } from "../push-payload";
import {
  enquiryDocument,
  enquiryFromDocument,
  languageOfDocument,
  newNotification,
  type NotificationData,
} from "./documents";

export { enquiryFromDocument, languageOfDocument };
import { randomUUID } from "node:crypto";
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Transaction,
  type WriteBatch,
} from "firebase-admin/firestore";
import type { Enquiry } from "../../../domain/enquiry";
import type {
  StaffLinkMail,
  AddEnquiryOptions,
  CounterToAdd,
  EnquiryStore,
  EnquiryNotificationKind,
  NewsletterNotificationKind,
  OutboxBacklog,
  PendingNotification,
  DocumentNotificationPayload,
  StoredEnquiry,
  WhatsAppPayload,
} from "../store";
import { parseAssignmentRule, type AssignmentRule, type DigestContent } from "../../../domain/team";
import type { HandedOnList } from "../../../domain/bulk";
import { ASSIGNMENT_DOC, membersOf, takeTurn, writePlan } from "./work-record";
import {
  acknowledgementQueued,
  countsMailboxCap,
  intakeTakesTurn,
  planIntake,
  type MemberFacts,
} from "../../lifecycle/plan";
import {
  ALREADY_EXISTS,
  grpcCode,
  isoOf,
  NOT_FOUND,
  PUSH_SUBSCRIPTIONS,
  type FirestoreConnection,
} from "./connection";
import { eventTime } from "../event-clock";
import { enquiryFingerprint, IdempotencyKeyReusedError } from "../idempotency";
import { claimDueDocuments, takeLease } from "./claim-window";
import { enquiryWebhookQueue } from "./webhooks";
import { FirestoreAttemptCounterStore } from "./attempt-counters";
import { enquiryMailsSuppressed } from "../../spam/screening";
import { MESSAGES } from "./documents";
import { buyerKeysField, buyerSecret } from "./buyers";
import { buyerKeysOf } from "../buyer-keys";

/** The idempotency keys' collection: one document per key, beside (never inside) the enquiries. */
const IDEMPOTENCY_KEYS = "enquiry_idempotency_keys";

interface IdempotencyKeyData {
  enquiryId: string;
  fingerprint: string;
  receivedAt: Timestamp;
}

/** The request that queued a notification, where one is recorded. */
function requestIdOf(data: NotificationData): { requestId?: string } {
  return typeof data.requestId === "string" ? { requestId: data.requestId } : {};
}

/** How often storing an enquiry is tried when its turn was taken by another at the same moment. */
const TURN_ATTEMPTS = 25;

/** What storing an enquiry reads before it writes (`readForWrite`). */
interface WriteReading {
  queueWebhooks: Awaited<ReturnType<typeof enquiryWebhookQueue>>;
  rule: AssignmentRule;
  members: MemberFacts[];
  /** The company's working hours in force: the first-contact target's. */
  hours: WorkingHours;
}

/** How long a use of an idempotency key is remembered for counting: a day, as long as a retry. */
const KEY_COUNTED_MS = 24 * 60 * 60_000;

/**
 * Enquiries in `{product}_Form` and the outbox of their notifications in `notifications` on
 * Firestore. Several server instances can share them: each notification is claimed in its own
 * transaction, so only one instance sends it while the lease runs.
 */
export class FirestoreEnquiryStore implements EnquiryStore {
  constructor(
    private readonly connection: FirestoreConnection,
    private readonly hours: WorkingHoursSource,
  ) {}

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
      enquiry: enquiryFromDocument(enquiry),
      ...(asked.source ? { source: asked.source } : {}),
      ...(asked.screening ? { screening: asked.screening } : {}),
    };
    // The counted checks and what the enquiry's write reads (the rule, the members, the webhook
    // endpoints) do not depend on each other: asked for together, they cost one wait, not several.
    const [{ stored, options }, firstReading, secret] = await Promise.all([
      this.settleCountedChecks(unscreened, asked, received),
      this.readForWrite(),
      buyerSecret(this.connection),
    ]);
    const buyerKeys = buyerKeysField(buyerKeysOf(stored.enquiry, secret));
    const mail = (kind: EnquiryNotificationKind) =>
      newNotification({ kind, at: received, enquiry: stored, requestId: options.requestId });
    const key = options.idempotencyKey;
    const keyRef = key ? this.idempotencyKeys().doc(`key-${key}`) : undefined;
    const fingerprint = enquiryFingerprint(stored.enquiry);
    // A turn already taken by another enquiry (where transactions are not isolated) is tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        const reading = attempt === 1 ? firstReading : await this.readForWrite();
        await this.writeEnquiry(stored, buyerKeys, mail, options, keyRef, fingerprint, reading);
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
    const asked = options.acknowledge ?? false;
    // A repeat of a key stores nothing new (its first answers it), so it takes no turn of the
    // visitor's mailbox either; were the first lost before its write, the retry sends no copy.
    const capAllowed =
      cap && countsMailboxCap({ asked, spam }) ? counted && cap.allowed(await add(cap.counters)) : undefined;
    const acknowledge = acknowledgementQueued({ asked, spam, capAllowed });
    return {
      stored: { ...stored, screening },
      options: { ...options, acknowledge },
    };
  }

  /**
   * What storing an enquiry reads first: the assignment rule, the members with their alert
   * choices and devices, and the webhook endpoints that hear of new enquiries. A rule that hands out turns
   * takes its turn in the transaction that stores the enquiry, so enquiries arriving at once each
   * get their own.
   */
  private async readForWrite(): Promise<WriteReading> {
    const [queueWebhooks, [settings, staff, devices], hours] = await Promise.all([
      enquiryWebhookQueue(this.connection, "enquiry.received"),
      this.connection.run(() =>
        Promise.all([
          this.assignmentRef().get(),
          this.connection.db.collection("staff").get(),
          this.connection.db.collection(PUSH_SUBSCRIPTIONS).get(),
        ]),
      ),
      this.hours(),
    ]);
    return {
      queueWebhooks,
      rule: parseAssignmentRule(settings.get("rule")),
      members: membersOf(staff.docs, devices.docs),
      hours,
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
    buyerKeys: string[],
    mail: (kind: EnquiryNotificationKind) => NotificationData,
    options: AddEnquiryOptions,
    keyRef: DocumentReference | undefined,
    fingerprint: string,
    { queueWebhooks, rule, members, hours }: WriteReading,
  ): Promise<void> {
    const acknowledge = options.acknowledge ?? false;
    const assignmentRef = this.assignmentRef();
    await this.connection.run(async () => {
      // Suspected spam: no owner, no alert, no webhook; Not spam files it as New and does all three.
      const spam = enquiryMailsSuppressed(stored.screening);
      const plan = (turn: number) =>
        planIntake({
          receivedAt: stored.receivedAt,
          buyer: stored.enquiry.RetailerSelfUse,
          spam,
          rule,
          turn,
          members,
          hours,
          acknowledge,
          whatsappConsent: { asked: options.whatsappConsent ?? false, language: stored.language },
        });
      const write = (writer: Transaction | WriteBatch, turn: number): void => {
        const intake = plan(turn);
        const kept = intake.whatsappConsent ? { ...stored, whatsappConsent: intake.whatsappConsent } : stored;
        this.writeEnquiryDocuments(writer, kept, buyerKeys, mail, intake, keyRef, fingerprint);
        writePlan(
          this.connection,
          writer,
          { stored, before: null },
          intake,
          {
            staffEmail: "",
            at: stored.receivedAt,
            ...(options.requestId ? { requestId: options.requestId } : {}),
          },
          new Map([["enquiry.received", (queueWriter, event) => queueWebhooks(queueWriter, event)]]),
        );
      };
      if (intakeTakesTurn(rule, spam)) {
        await this.connection.db.runTransaction(
          async (transaction) => {
            const current = await transaction.get(assignmentRef);
            const generation = Number(current.get("generation") ?? 0);
            const turn = Number(current.get("turn") ?? 0);
            takeTurn(this.connection, transaction, { generation, turn, enquiryId: stored.id });
            write(transaction, turn);
          },
          { maxAttempts: TURN_ATTEMPTS },
        );
        return;
      }
      const batch = this.connection.db.batch();
      write(batch, 0);
      await batch.commit();
    });
  }

  /** The enquiry's own documents: its key's, its own, and its mails to the company and the visitor. */
  private writeEnquiryDocuments(
    batch: { create(ref: DocumentReference, data: DocumentData): unknown },
    stored: StoredEnquiry,
    buyerKeys: string[],
    mail: (kind: EnquiryNotificationKind) => NotificationData,
    intake: { companyMail: boolean; acknowledgement: boolean },
    keyRef: DocumentReference | undefined,
    fingerprint: string,
  ): void {
    const document = enquiryDocument(stored, buyerKeys);
    if (keyRef) {
      const record: IdempotencyKeyData = {
        enquiryId: stored.id,
        fingerprint,
        receivedAt: document.receivedAt,
      };
      batch.create(keyRef, record);
    }
    batch.create(this.enquiries().doc(stored.id), document);
    if (intake.companyMail) batch.create(this.notifications().doc(randomUUID()), mail("company"));
    if (intake.acknowledgement) batch.create(this.notifications().doc(randomUUID()), mail("acknowledgement"));
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
          // A reply is made from its message as the conversation keeps it; an erased one takes its mail along.
          const message = data.messageDocId
            ? await transaction.get(this.connection.db.collection(MESSAGES).doc(data.messageDocId))
            : undefined;
          if ((data.kind === "reply" || data.kind === "whatsapp") && !message?.exists) {
            transaction.delete(ref);
            return undefined;
          }
          takeLease(transaction, ref, { worker, now, until, previousGeneration: data.claimGeneration });
          if (data.kind === "reply" && message) {
            return {
              id: ref.id,
              kind: "reply",
              enquiryId: String(data.enquiryId),
              enquiry: enquiryFromDocument(data.enquiry ?? {}),
              language: languageOfDocument(data.language),
              reply: {
                subject: String(message.get("subject")),
                text: String(message.get("text")),
                messageId: String(message.get("messageId")),
                inReplyTo: (message.get("inReplyTo") as string | null | undefined) ?? null,
                references: (message.get("references") as string[] | undefined) ?? [],
              },
              attempts: data.attempts,
              ...requestIdOf(data),
            };
          }
          if (data.kind === "whatsapp" && message) {
            return {
              id: ref.id,
              kind: "whatsapp",
              enquiryId: String(data.enquiryId),
              enquiry: enquiryFromDocument(data.enquiry ?? {}),
              messageRowId: message.id,
              message: JSON.parse(String(data.payload)) as WhatsAppPayload,
              attempts: data.attempts,
              ...requestIdOf(data),
            };
          }
          if (data.kind === "document") {
            const { to, document, reminder } = JSON.parse(
              String(data.payload),
            ) as DocumentNotificationPayload;
            return {
              id: ref.id,
              kind: "document",
              enquiryId: String(data.enquiryId),
              to,
              document,
              ...(reminder ? { reminder } : {}),
              attempts: data.attempts,
              ...requestIdOf(data),
            };
          }
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
          if (data.staffId && member && data.kind === "handed-on") {
            return {
              id: ref.id,
              kind: "handed-on",
              staffId: data.staffId,
              to: String(member.get("email")),
              list: JSON.parse(String(data.payload)) as HandedOnList,
              attempts: data.attempts,
            };
          }
          if (data.staffId && member && data.kind === "push") {
            return {
              id: ref.id,
              kind: "push",
              staffId: data.staffId,
              to: String(member.get("email")),
              enquiryId: String(data.enquiryId),
              push: pushPayloadOf(data.payload),
              queuedAt: isoOf(data.queuedAt ?? data.receivedAt),
              attempts: data.attempts,
              ...requestIdOf(data),
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
              ...memberAlertFactsOf(data.payload),
              attempts: data.attempts,
              ...requestIdOf(data),
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
            ...requestIdOf(data),
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

  async markNotificationUndeliverable(id: string, worker: string, error: string, at: Date): Promise<void> {
    // dueAt keeps when it was refused: the digest reads the day's refusals by it (status, dueAt).
    await this.markAfterSend(() =>
      this.connection.db.runTransaction(async (transaction) => {
        const ref = this.notifications().doc(id);
        const data = (await transaction.get(ref)).data() as NotificationData | undefined;
        if (!data || data.status !== "pending" || data.claimedBy !== worker) return;
        const refusedAt = Timestamp.fromDate(at);
        transaction.update(ref, {
          status: "undeliverable",
          attempts: data.attempts + 1,
          lastAttemptAt: refusedAt,
          lastError: error.slice(0, 2000),
          dueAt: refusedAt,
          claimedBy: null,
          claimExpiresAt: null,
        });
      }),
    );
  }
}
