import { createHash, randomUUID } from "node:crypto";
import { applicationDefault, deleteApp, initializeApp, type App } from "firebase-admin/app";
import {
  initializeFirestore,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from "firebase-admin/firestore";
import { StoreUnavailableError } from "../store";

export interface FirestoreStoreOptions {
  projectId: string;
  /** The enquiries' collection, `{product}_Form`. */
  enquiryCollection: string;
  /** How long a call may take before it fails with StoreUnavailableError, so the API answers 503 instead of hanging. */
  deadlineMs?: number;
}

const DEFAULT_FIRESTORE_DEADLINE_MS = 5_000;

/** `firestore://<project-id>` → the project id. */
export function firestoreProjectFromUrl(databaseUrl: string): string {
  const match = /^firestore:\/\/([a-z0-9-]+)$/i.exec(databaseUrl);
  if (!match?.[1]) throw new Error(`Not a Firestore database URL: ${databaseUrl}`);
  return match[1];
}

// gRPC status codes (google.rpc.Code).
export const NOT_FOUND = 5;
export const ALREADY_EXISTS = 6;
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

export function grpcCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? code : undefined;
}

function isUnavailable(error: unknown): boolean {
  const code = grpcCode(error);
  if (code !== undefined) return UNAVAILABLE_CODES.has(code);
  // Application Default Credentials missing or unreadable: the store cannot be reached at all.
  return error instanceof Error && /default credentials|getaddrinfo|ECONNREFUSED/i.test(error.message);
}

export function isoOf(value: unknown): string {
  return value instanceof Timestamp ? value.toDate().toISOString() : String(value);
}

/**
 * The connection to Google Cloud Firestore (or its emulator when FIRESTORE_EMULATOR_HOST is set),
 * with Google's Application Default Credentials, that every concern of the store shares. It
 * connects lazily: the first call reaches the database.
 */
export class FirestoreConnection {
  readonly db: Firestore;
  readonly enquiryCollection: string;
  private readonly app: App;
  private readonly deadlineMs: number;
  private closed = false;

  constructor(options: FirestoreStoreOptions) {
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
  }

  /**
   * Runs `work` within the deadline, translating "cannot reach the database" into StoreUnavailableError.
   * A write cut off by the deadline may still land later; the caller only learns it did not answer in time.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
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

/** Runs work within the Firestore store's deadline, translating outages into StoreUnavailableError. */
export type FirestoreRun = <T>(work: () => Promise<T>) => Promise<T>;

/** What the console's concerns need of the connection (`FirestoreConnection` is one). */
export interface FirestoreContext {
  db: Firestore;
  run: FirestoreRun;
  /** The enquiries' collection, `{product}_Form`. */
  enquiryCollection: string;
}

/** Firestore takes at most 500 writes in one batch. */
const BATCH_WRITES = 500;

/**
 * Deletes in order, at most 500 writes per batch, one batch after the other, each within the
 * store's deadline (a long erasure is not cut off as a whole).
 */
export async function deleteInBatches(
  context: FirestoreContext,
  refs: readonly DocumentReference[],
): Promise<void> {
  for (let start = 0; start < refs.length; start += BATCH_WRITES) {
    const batch = context.db.batch();
    for (const ref of refs.slice(start, start + BATCH_WRITES)) batch.delete(ref);
    await context.run(() => batch.commit());
  }
}

/** Deletes every document of `query` whose `field` (stored as ISO 8601) is before `before`; answers how many. */
export async function eraseOlder(
  context: FirestoreContext,
  query: Query,
  field: string,
  before: string,
): Promise<number> {
  const old = await context.run(() => query.where(field, "<", before).get());
  await deleteInBatches(
    context,
    old.docs.map((doc) => doc.ref),
  );
  return old.size;
}

/**
 * One page of `query` in the order of `field` (from the largest value down with `descending`),
 * read on from the value the page before ended at by a range on the field rather than a cursor:
 * the emulator the tests use ignores startAfter and cannot order by document id, and documents
 * may share a value. A full page holds `limit` documents and every other at the last one's value,
 * so that the next begins just after it; `end` is that value (`after` again when the page is
 * empty). `from`, in place of `after`, begins the page with every document at that value, for a
 * caller that reads on from a place within it and passes over what it had. `within` bounds the
 * field (a range of its own on it), in the ordered read only: the last one's value lies within it.
 */
export async function pageByField(
  query: Query,
  field: string,
  {
    after,
    from,
    within = (ranged) => ranged,
    limit,
    descending = false,
  }: {
    after: unknown;
    from?: unknown;
    within?: (ranged: Query) => Query;
    limit: number;
    descending?: boolean;
  },
): Promise<{ docs: QueryDocumentSnapshot[]; end: unknown }> {
  let ranged = within(query.orderBy(field, descending ? "desc" : "asc"));
  if (from !== undefined) ranged = ranged.where(field, descending ? "<=" : ">=", from);
  else if (after !== null) ranged = ranged.where(field, descending ? "<" : ">", after);
  const page = await ranged.limit(limit).get();
  const last = page.docs.at(-1);
  if (!last) return { docs: [], end: after };
  const end: unknown = last.get(field);
  if (page.size < limit) return { docs: page.docs, end };
  const atEnd = (await query.where(field, "==", end).get()).docs;
  const held = new Set(atEnd.map((doc) => doc.id));
  return { docs: [...page.docs.filter((doc) => !held.has(doc.id)), ...atEnd], end };
}

/** Documents read in one getAll. */
export const GET_ALL_CHUNK = 100;
/** The most values one `in` query takes. */
export const IN_QUERY_LIMIT = 30;
/** Firestore answers array-contains-any with at most this many values. */
export const ARRAY_CONTAINS_ANY_LIMIT = 30;

/** `items` in runs of at most `size`, for `in` queries and batches. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Members' push subscriptions, one document per device (server/store/firestore/push.ts). */
export const PUSH_SUBSCRIPTIONS = "pushSubscriptions";

/**
 * Each member's version of their devices, `pushDeviceVersions/{staffId}`, and the marker of that
 * version, `pushDeviceVersions/{staffId}-v{n}`, each with the member's `staffId`
 * (server/store/firestore/push.ts).
 */
export const PUSH_DEVICE_VERSIONS = "pushDeviceVersions";

/** The collections several of the store's concerns read, by their names on Firestore. */
export function collectionsOf(context: FirestoreContext) {
  const { db } = context;
  return {
    enquiries: db.collection(context.enquiryCollection),
    /** Staff's work on each enquiry, by the enquiry's id (status, history, versions). */
    work: db.collection("enquiryWork"),
    notifications: db.collection("notifications"),
    subscribers: db.collection("subscribers"),
    activity: db.collection("activity"),
    vitals: db.collection("vitals"),
    /** The deal's figures of each enquiry, by the enquiry's id, with their `versions`. */
    deals: db.collection("enquiryDeals"),
  };
}

/** A document id derived from a key that may hold any character (an e-mail, an address). */
export function keyDocumentId(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/**
 * One field that orders newest first without a composite index: the time, then the id as a
 * tie-break. A page cursor decodes to the same pair.
 */
export function sortKey(at: string, id: string): string {
  return `${at}|${id}`;
}
