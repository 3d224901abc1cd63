import { afterAll, beforeAll } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { FirestoreStore, SqliteStore } from "../../server/store";
import { FirestoreEmulator } from "./firestore-emulator";
import { checkRecordedShapes, recordQueryShapes } from "./query-shapes";
import type { Store } from "../../server/store/store";

/**
 * Where a suite of store tests keeps its SQLite databases: a temporary directory made before the
 * suite and removed after it, with a database file of its own for each test.
 */
export function sqliteSandbox(prefix: string) {
  let dir = "";
  let count = 0;
  const sandbox = {
    name: "SQLite",
    async setUp() {
      dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
    },
    async tearDown() {
      rmSync(dir, { recursive: true, force: true });
    },
    /** The path of a new, empty database. */
    nextPath(): string {
      count += 1;
      return join(dir, `site-${count}`, "site.db");
    },
    /** A store on a new, empty database, and its path. */
    async openStore(options: { busyTimeoutMs?: number } = {}) {
      const path = sandbox.nextPath();
      const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION, ...options });
      return { store, path };
    },
  };
  return sandbox;
}

/**
 * Where a suite of store tests keeps its Firestore data: the in-process emulator, started before
 * the suite and shut down after it (with `FIRESTORE_EMULATOR_HOST` pointed at it meanwhile), and
 * a project of its own for each test, which the emulator keeps apart from the others.
 */
export function firestoreSandbox(prefix: string) {
  // Room for a loaded machine (the scale-out suite runs beside these); a stopped emulator is
  // still reported well within a test's time.
  const openProject = (projectId: string) =>
    FirestoreStore.open({ projectId, enquiryCollection: ENQUIRY_COLLECTION, deadlineMs: 10_000 });
  const emulator = new FirestoreEmulator();
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  let count = 0;
  return {
    name: "Firestore (emulator)",
    emulator,
    async setUp() {
      // Every query the suite sends is recorded, and checked against the indexes' file after it.
      recordQueryShapes();
      await emulator.start();
      process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    },
    async tearDown() {
      emulator.shutdown();
      if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
      checkRecordedShapes();
    },
    /** A store on a new, empty project, and the project's id. */
    async openStore() {
      count += 1;
      const projectId = `demo-${prefix}-${count}`;
      return { store: await openProject(projectId), projectId };
    },
    /** Another connection to a project already opened: what a second server instance has. */
    reopenStore: openProject,
  };
}

/**
 * For a test file whose apps run on each store: the Firestore emulator is started before the
 * file's tests (with FIRESTORE_EMULATOR_HOST pointed at it) and shut down after. Each adapter's
 * `env()` gives the environment of an app on a fresh database (the SQLite default, or a new
 * Firestore project each time); `sqlite` says whether its counts are exact under bursts.
 */
export function appStoreAdapters(prefix: string) {
  const sandbox = firestoreSandbox(prefix);
  beforeAll(() => sandbox.setUp());
  afterAll(() => sandbox.tearDown());
  let projects = 0;
  return [
    { name: "SQLite", sqlite: true, env: (): Record<string, string> => ({}) },
    {
      name: "Firestore (emulator)",
      sqlite: false,
      env: (): Record<string, string> => ({ DATABASE_URL: `firestore://demo-${prefix}-${++projects}` }),
    },
  ] as const;
}

/** One adapter of a contract suite: its sandbox, and a store opened in it for each test. */
export interface StoreAdapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<Store>;
}

/** Both adapters for a contract suite, SQLite then Firestore, each with sandboxes named by `prefix`. */
export function storeAdapters(prefix: string): StoreAdapter[] {
  const sqlite = sqliteSandbox(`${prefix}-contract`);
  const firestore = firestoreSandbox(prefix);
  return [
    { ...sqlite, open: async () => (await sqlite.openStore()).store },
    { ...firestore, open: async () => (await firestore.openStore()).store },
  ];
}

/**
 * Both stores, each in a sandbox of its own set up before the file's tests and removed after:
 * `run(script)` opens each in turn (SQLite first), runs the same script on it, closes it, and
 * answers both results, for a test that compares what the two stores give.
 */
export function bothStores(prefix: string) {
  const sandboxes = [sqliteSandbox(prefix), firestoreSandbox(prefix)];
  beforeAll(() => Promise.all(sandboxes.map((sandbox) => sandbox.setUp())));
  afterAll(() => Promise.all(sandboxes.map((sandbox) => sandbox.tearDown())));
  return async function run<T>(script: (store: Store) => Promise<T>): Promise<T[]> {
    const results: T[] = [];
    for (const sandbox of sandboxes) {
      const { store } = await sandbox.openStore();
      try {
        results.push(await script(store));
      } finally {
        await store.close();
      }
    }
    return results;
  };
}
