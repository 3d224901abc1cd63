import { createHash, randomUUID } from "node:crypto";
import { applicationDefault, deleteApp, initializeApp, type App } from "firebase-admin/app";
import {
  FieldValue,
  Timestamp,
  initializeFirestore,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from "firebase-admin/firestore";
import type { BuyerType, Enquiry } from "../../domain/enquiry";
import { summarizeSamples } from "./vitals-summary";
import {
  StoreUnavailableError,
  type AddEnquiryOptions,
  type NotificationKind,
  type PendingNotification,
  type Store,
  type StoredEnquiry,
  type StoredSubscriber,
  type VitalSample,
  type VitalSummary,
} from "./store";
import { FirestoreActivityLog } from "./firestore/activity";
import type { FirestoreContext } from "./firestore/connection";
import { FirestoreEnquiryWorkStore } from "./firestore/enquiry-work";
import { FirestoreSessionStore } from "./firestore/sessions";
import { FirestoreSignInThrottleStore } from "./firestore/sign-in-throttle";
import { FirestoreStaffStore } from "./firestore/staff";
import { FirestoreSubscriberDirectory } from "./firestore/subscriber-directory";

export interface FirestoreStoreOptions {
  projectId: string;
  /** The enquiries' collection, `{product}_Form`. */
  enquiryCollection: string;
  /** How long a call may take before it fails with StoreUnavailableError, so the API answers 503 instead of hanging. */
  deadlineMs?: number;
}

export const DEFAULT_FIRESTORE_DEADLINE_MS = 5_000;

/** `firestore://<project-id>` → the project id. */
export function firestoreProjectFromUrl(databaseUrl: string): string {
  const match = /^firestore:\/\/([a-z0-9-]+)$/i.exec(databaseUrl);
  if (!match?.[1]) throw new Error(`Not a Firestore database URL: ${databaseUrl}`);
  return match[1];
}

/** The document id of a newsletter address: one document per address, whatever its case. */
export function subscriberDocumentId(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

// gRPC status codes (google.rpc.Code).
const ALREADY_EXISTS = 6;
/** Codes that mean the database cannot be used now, rather than a bug in a request. */
const UNAVAILABLE_CODES = new Set([
  1, // CANCELLED
  4, // DEADLINE_EXCEEDED
  7, // PERMISSION_DENIED: the credentials no longer allow the project
  8, // RESOURCE_EXHAUSTED: quota
  10, // ABORTED: contention beyond the transaction's retries
  13, // INTERNAL
  14, // UNAVAILABLE
  16, // UNAUTHENTICATED: no usable credentials
]);

function grpcCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? code : undefined;
}

function isUnavailable(error: unknown): boolean {
  const code = grpcCode(error);
  if (code !== undefined) return UNAVAILABLE_CODES.has(code);
  // Application Default Credentials missing or unreadable: the store cannot be reached at all.
  return error instanceof Error && /default credentials|getaddrinfo|ECONNREFUSED/i.test(error.message);
}

interface NotificationData {
  enquiryId: string;
  /** Absent on notifications stored before acknowledgements existed: the company's. */
  kind?: NotificationKind;
  enquiry: Enquiry;
  receivedAt: Timestamp;
  status: "pending" | "sent";
  attempts: number;
  nextAttemptAt: Timestamp;
  /**
   * When a worker may take it: the next attempt, or the end of the running lease. Absent once sent.
   * One field for both lets a single-field index answer "what is due", without a composite index.
   */
  dueAt?: Timestamp;
  claimedBy: string | null;
  claimExpiresAt: Timestamp | null;
  /** Counts claims; each claim creates `claims/{generation}`, which two workers cannot both create. */
  claimGeneration: number;
  lastError: string | null;
  sentAt: Timestamp | null;
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

function enquiryFromDocument(data: DocumentData): Enquiry {
  return {
    Name: String(data.Name),
    Email: String(data.Email),
    Mobile: String(data.Mobile),
    Quantity: Number(data.Quantity),
    RetailerSelfUse: String(data.RetailerSelfUse) as BuyerType,
  };
}

function isoOf(value: unknown): string {
  return value instanceof Timestamp ? value.toDate().toISOString() : String(value);
}

/**
 * The shared store: Google Cloud Firestore (or its emulator when FIRESTORE_EMULATOR_HOST is set),
 * with Google's Application Default Credentials. Several server instances can share it: each
 * notification is claimed in its own transaction, so only one instance sends it while the lease runs.
 */
export class FirestoreStore implements Store {
  readonly enquiryCollection: string;
  private readonly app: App;
  private readonly db: Firestore;
  private readonly deadlineMs: number;
  private closed = false;
  readonly staff: FirestoreStaffStore;
  readonly sessions: FirestoreSessionStore;
  readonly signInThrottle: FirestoreSignInThrottleStore;
  readonly enquiryWork: FirestoreEnquiryWorkStore;
  readonly subscriberDirectory: FirestoreSubscriberDirectory;
  readonly activity: FirestoreActivityLog;

  private constructor(options: FirestoreStoreOptions) {
    this.enquiryCollection = options.enquiryCollection;
    this.deadlineMs = options.deadlineMs ?? DEFAULT_FIRESTORE_DEADLINE_MS;
    // Against the emulator, Google's libraries must not look for a cloud metadata server:
    // there is none on this network, and the probe would leave the machine.
    if (process.env.FIRESTORE_EMULATOR_HOST) process.env.METADATA_SERVER_DETECTION ??= "none";
    this.app = initializeApp(
      { credential: applicationDefault(), projectId: options.projectId },
      `store-${options.projectId}-${randomUUID()}`,
    );
    this.db = initializeFirestore(this.app);
    this.db.settings({
      ignoreUndefinedProperties: false,
      // After an outage, reconnect within a second of the database coming back, not after minutes of backoff.
      "grpc.initial_reconnect_backoff_ms": 250,
      "grpc.max_reconnect_backoff_ms": 1_000,
    });
    const context: FirestoreContext = {
      db: this.db,
      run: (work) => this.run(work),
      enquiryCollection: this.enquiryCollection,
    };
    this.staff = new FirestoreStaffStore(context);
    this.sessions = new FirestoreSessionStore(context);
    this.signInThrottle = new FirestoreSignInThrottleStore(context);
    this.enquiryWork = new FirestoreEnquiryWorkStore(context);
    this.subscriberDirectory = new FirestoreSubscriberDirectory(context);
    this.activity = new FirestoreActivityLog(context);
  }

  /** Connects lazily: the first call reaches the database. */
  static async open(options: FirestoreStoreOptions): Promise<FirestoreStore> {
    return new FirestoreStore(options);
  }

  private get enquiries() {
    return this.db.collection(this.enquiryCollection);
  }
  private get notifications() {
    return this.db.collection("notifications");
  }
  private get subscribers() {
    return this.db.collection("subscribers");
  }
  private get vitals() {
    return this.db.collection("vitals");
  }

  /**
   * Runs `work` within the deadline, translating "cannot reach the database" into StoreUnavailableError.
   * A write cut off by the deadline may still land later; the caller only learns it did not answer in time.
   */
  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new StoreUnavailableError("The store is closed");
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new StoreUnavailableError(`Firestore did not answer within ${this.deadlineMs} ms`)),
        this.deadlineMs,
      );
    });
    const attempt = work();
    // If the deadline wins, the late failure of `work` must not become an unhandled rejection.
    attempt.catch(() => undefined);
    try {
      return await Promise.race([attempt, deadline]);
    } catch (error) {
      if (error instanceof StoreUnavailableError || !isUnavailable(error)) throw error;
      throw new StoreUnavailableError(`Firestore cannot be used (${describe(error)})`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async addEnquiry(enquiry: Enquiry, options: AddEnquiryOptions = {}): Promise<StoredEnquiry> {
    const received = new Date();
    const stored: StoredEnquiry = {
      id: randomUUID(),
      receivedAt: received.toISOString(),
      enquiry: enquiryFields(enquiry),
    };
    const receivedAt = Timestamp.fromDate(received);
    const notification: NotificationData = {
      enquiryId: stored.id,
      kind: "company",
      enquiry: stored.enquiry,
      receivedAt,
      status: "pending",
      attempts: 0,
      nextAttemptAt: receivedAt,
      dueAt: receivedAt,
      claimedBy: null,
      claimExpiresAt: null,
      claimGeneration: 0,
      lastError: null,
      sentAt: null,
    };
    await this.run(async () => {
      // One batch: both documents are written, or neither.
      const batch = this.db.batch();
      batch.create(this.enquiries.doc(stored.id), { ...stored.enquiry, receivedAt });
      batch.create(this.notifications.doc(randomUUID()), notification);
      if (options.acknowledge) {
        batch.create(this.notifications.doc(randomUUID()), { ...notification, kind: "acknowledgement" });
      }
      await batch.commit();
    });
    return stored;
  }

  async listEnquiries(): Promise<StoredEnquiry[]> {
    return this.run(async () => {
      const snapshot = await this.enquiries.orderBy("receivedAt").get();
      return snapshot.docs.map((doc) => {
        const data = doc.data();
        return { id: doc.id, receivedAt: isoOf(data.receivedAt), enquiry: enquiryFromDocument(data) };
      });
    });
  }

  async addSubscriber(email: string): Promise<{ created: boolean }> {
    const address = email.trim().toLowerCase();
    return this.run(async () => {
      try {
        await this.subscribers
          .doc(subscriberDocumentId(address))
          .create({ email: address, subscribedAt: Timestamp.now() });
        return { created: true };
      } catch (error) {
        if (grpcCode(error) === ALREADY_EXISTS) return { created: false };
        throw error;
      }
    });
  }

  async listSubscribers(): Promise<StoredSubscriber[]> {
    return this.run(async () => {
      const snapshot = await this.subscribers.orderBy("subscribedAt").get();
      return snapshot.docs.map((doc) => {
        const data = doc.data();
        return { id: doc.id, email: String(data.email), subscribedAt: isoOf(data.subscribedAt) };
      });
    });
  }

  async claimDueNotifications(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<PendingNotification[]> {
    const limit = Math.max(0, Math.floor(options.limit));
    if (limit === 0) return [];
    const now = Timestamp.fromDate(options.now);
    const until = Timestamp.fromMillis(options.now.getTime() + options.leaseMs);
    return this.run(async () => {
      const due = await this.notifications.where("dueAt", "<=", now).orderBy("dueAt").limit(limit).get();
      const claims = await Promise.all(
        due.docs.map((doc) => this.claim(doc.ref, options.worker, now, until)),
      );
      return claims.filter((claim): claim is PendingNotification => claim !== undefined);
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
      return await this.db.runTransaction(
        async (transaction) => {
          const snapshot = await transaction.get(ref);
          const data = snapshot.data() as NotificationData | undefined;
          if (!data || data.status !== "pending" || !data.dueAt || data.dueAt.toMillis() > now.toMillis()) {
            return undefined;
          }
          const generation = (data.claimGeneration ?? 0) + 1;
          transaction.create(ref.collection("claims").doc(String(generation)), {
            worker,
            claimedAt: now,
            expiresAt: until,
          });
          transaction.update(ref, {
            claimedBy: worker,
            claimExpiresAt: until,
            dueAt: until,
            claimGeneration: generation,
          });
          return {
            id: ref.id,
            kind: data.kind ?? "company",
            enquiryId: data.enquiryId,
            enquiry: enquiryFromDocument(data.enquiry),
            receivedAt: isoOf(data.receivedAt),
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

  async markNotificationSent(id: string, worker: string): Promise<void> {
    // Recorded as sent even if the lease ran out meanwhile: the mail did go, and must not go again.
    await this.run(() =>
      this.db.runTransaction(async (transaction) => {
        const ref = this.notifications.doc(id);
        const data = (await transaction.get(ref)).data() as NotificationData | undefined;
        if (!data || data.status !== "pending") return;
        transaction.update(ref, {
          status: "sent",
          sentAt: Timestamp.now(),
          lastAttemptAt: Timestamp.now(),
          attempts: data.attempts + 1,
          claimedBy: worker,
          claimExpiresAt: null,
          dueAt: FieldValue.delete(),
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
    await this.run(() =>
      this.db.runTransaction(async (transaction) => {
        const ref = this.notifications.doc(id);
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

  async countPendingNotifications(): Promise<number> {
    return this.run(async () => {
      const snapshot = await this.notifications.where("status", "==", "pending").count().get();
      return snapshot.data().count;
    });
  }

  async addVitals(samples: readonly VitalSample[]): Promise<void> {
    if (samples.length === 0) return;
    const receivedAt = Timestamp.now();
    await this.run(async () => {
      // A batch holds at most 500 writes.
      for (let start = 0; start < samples.length; start += 500) {
        const batch = this.db.batch();
        for (const { page, metric, value } of samples.slice(start, start + 500)) {
          batch.create(this.vitals.doc(), { page, metric, value, receivedAt });
        }
        await batch.commit();
      }
    });
  }

  async summarizeVitals(): Promise<VitalSummary[]> {
    // Firestore has no percentile aggregation: the samples are read and ranked here.
    return this.run(async () => {
      const snapshot = await this.vitals.select("page", "metric", "value").get();
      return summarizeSamples(
        snapshot.docs.map((doc) => {
          const data = doc.data();
          return {
            page: String(data.page),
            metric: data.metric as VitalSample["metric"],
            value: Number(data.value),
          };
        }),
      );
    });
  }

  async ping(): Promise<void> {
    // A read of one (absent) document: a real round trip to the database.
    await this.run(() => this.db.collection("_store").doc("ping").get());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await deleteApp(this.app);
  }
}

function describe(error: unknown): string {
  const code = grpcCode(error);
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return code === undefined ? (message ?? "unknown error") : `code ${code}: ${message}`;
}
