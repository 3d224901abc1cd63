import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { Store } from "./store";

export * from "./store";

/**
 * Chooses the adapter once, from DATABASE_URL: `sqlite:<path>` (default) or `firestore://<project-id>`.
 * Neither rejects because the database is unreachable at start-up: their calls throw
 * StoreUnavailableError until it answers, and they recover without a restart.
 */
export async function createStore(databaseUrl: string): Promise<Store> {
  if (databaseUrl.startsWith("sqlite:")) {
    const { SqliteStore, sqlitePathFromUrl } = await import("./sqlite");
    return SqliteStore.open({ path: sqlitePathFromUrl(databaseUrl), enquiryCollection: ENQUIRY_COLLECTION });
  }
  if (databaseUrl.startsWith("firestore://")) {
    const { FirestoreStore, firestoreProjectFromUrl } = await import("./firestore");
    return FirestoreStore.open({
      projectId: firestoreProjectFromUrl(databaseUrl),
      enquiryCollection: ENQUIRY_COLLECTION,
    });
  }
  throw new Error(`DATABASE_URL must be sqlite:<path> or firestore://<project-id>, not ${databaseUrl}`);
}
