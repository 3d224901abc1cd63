import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { Store } from "./store";
import type { SqliteStoreOptions } from "./sqlite";
import type { FirestoreStoreOptions } from "./firestore";
import { storeOver, type WorkingHoursSource } from "../work";

export * from "./store";

/** Where the store's changes read the company's working hours (see createStore). */
type Hours = { workingHours?: WorkingHoursSource };

/** A store over one SQLite file: its adapters (./sqlite) under the changes written above them. */
export type SqliteStore = Store;
export const SqliteStore = {
  async open(options: SqliteStoreOptions & Hours): Promise<SqliteStore> {
    const { SqliteAdapters } = await import("./sqlite");
    return storeOver(await SqliteAdapters.open(options), options.workingHours);
  },
};

/** A store over Firestore: its adapters (./firestore) under the changes written above them. */
export type FirestoreStore = Store;
export const FirestoreStore = {
  async open(options: FirestoreStoreOptions & Hours): Promise<FirestoreStore> {
    const { FirestoreAdapters } = await import("./firestore");
    return storeOver(await FirestoreAdapters.open(options), options.workingHours);
  },
};

/**
 * Chooses the adapter once, from DATABASE_URL: `sqlite:<path>` (default) or `firestore://<project-id>`.
 * Neither rejects because the database is unreachable at start-up: their calls throw
 * StoreUnavailableError until it answers, and they recover without a restart. `workingHours` is
 * where the store's changes read the company's working hours (the server's facts cache); without
 * it, they read the record published in the store.
 */
export async function createStore(
  databaseUrl: string,
  options: {
    workingHours?: WorkingHoursSource;
    /** SQLite: how long a write waits for another process's (the server's) before it fails. */
    busyTimeoutMs?: number;
    /** SQLite: the form's enquiries written on a thread of their own (server/work/intake-thread.ts). */
    intakeThread?: boolean;
  } = {},
): Promise<Store> {
  const { busyTimeoutMs, intakeThread, ...shared } = options;
  if (databaseUrl.startsWith("sqlite:")) {
    const { sqlitePathFromUrl } = await import("./sqlite");
    return SqliteStore.open({
      path: sqlitePathFromUrl(databaseUrl),
      enquiryCollection: ENQUIRY_COLLECTION,
      ...shared,
      ...(busyTimeoutMs === undefined ? {} : { busyTimeoutMs }),
      ...(intakeThread ? { intakeThread } : {}),
    });
  }
  if (databaseUrl.startsWith("firestore://")) {
    const { firestoreProjectFromUrl } = await import("./firestore");
    return FirestoreStore.open({
      projectId: firestoreProjectFromUrl(databaseUrl),
      enquiryCollection: ENQUIRY_COLLECTION,
      ...shared,
    });
  }
  throw new Error(`DATABASE_URL must be sqlite:<path> or firestore://<project-id>, not ${databaseUrl}`);
}
