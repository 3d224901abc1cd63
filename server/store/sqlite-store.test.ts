import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from "vitest";
import type { Enquiry } from "../../domain/enquiry";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { createStore } from "./index";
import { SQLITE_SCHEMA_VERSION } from "./sqlite";
import { SqliteStore } from "./index";
import { applyMigration, migrations } from "./sqlite/migrations";
import { SqliteWorkPort } from "./sqlite/work-port";
import { GROUP_COMMIT_LIMIT } from "../work/intake-changes";
import { StoreUnavailableError, type StoredEnquiry } from "./store";
import { pendingNotifications } from "../../tests/support/store-probe";

const driver = fileURLToPath(new URL("../../tests/support/sqlite-driver.ts", import.meta.url));
const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
/** Root ignores file permissions; the read-only tests run their store as `nobody` instead. */
const runningAsRoot = process.getuid?.() === 0;
const NOBODY = 65534;

const enquiry: Enquiry = {
  Name: "Meera Stores",
  Email: "orders@meera.example",
  Mobile: "9811122233",
  Quantity: 48,
  RetailerSelfUse: "Retailer",
};

let dir: string;
let dbPath: string;
const opened: SqliteStore[] = [];
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sqlite-store-"));
  dbPath = join(dir, "data", "site.db");
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const store of opened.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(path = dbPath, busyTimeoutMs = 50) {
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION, busyTimeoutMs });
  opened.push(store);
  return store;
}

function runDriver(args: string[], options: { unprivileged?: boolean } = {}) {
  const ids = options.unprivileged && runningAsRoot ? { uid: NOBODY, gid: NOBODY } : {};
  const child = spawn(process.execPath, ["--import", "tsx", driver, ...args], {
    cwd: projectRoot,
    env: { ...process.env, NODE_OPTIONS: "" },
    ...ids,
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  const received: string[] = [];
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  lines.on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else received.push(line);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    stderr: () => stderr,
    nextLine(): Promise<string> {
      const ready = received.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        waiting.push(resolve);
        exited.then((code) => reject(new Error(`driver exited (${code}) before answering:\n${stderr}`)));
      });
    },
  };
}

/** A store in another process, answering one command at a time. */
function serveStore(options: { unprivileged?: boolean } = {}) {
  const process = runDriver([dbPath, "serve"], options);
  const call = async (command: object) => {
    process.child.stdin.write(`${JSON.stringify(command)}\n`);
    return JSON.parse(await process.nextLine()) as
      { ok: true; result: unknown } | { ok: false; error: string; message: string };
  };
  return {
    ping: () => call({ op: "ping" }),
    add: (value: Enquiry) => call({ op: "add", enquiry: value }),
    list: () => call({ op: "list" }),
  };
}

/** The data folder and its files, owned by `nobody` when the tests run as root. */
function handOverToUnprivileged() {
  if (!runningAsRoot) return;
  chownSync(dir, NOBODY, NOBODY);
  chownSync(join(dir, "data"), NOBODY, NOBODY);
  chownSync(dbPath, NOBODY, NOBODY);
}

/** As an operator would: `chmod -R a-w data`, then `chmod -R u+w data` (SQLite's -wal and -shm files included). */
function makeReadOnly() {
  const folder = join(dir, "data");
  for (const file of readdirSync(folder)) chmodSync(join(folder, file), 0o444);
  chmodSync(folder, 0o555);
}

function makeWritable() {
  const folder = join(dir, "data");
  chmodSync(folder, 0o755);
  for (const file of readdirSync(folder)) chmodSync(join(folder, file), 0o644);
}

describe("the SQLite store's file", () => {
  test("is created with its folder, in WAL mode, at the current schema version, with exactly the specified columns", async () => {
    const store = await open();
    await store.ping();

    const db = new Database(dbPath, { readonly: true });
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("user_version", { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
      const columns = (table: string) =>
        (db.pragma(`table_info("${table}")`) as { name: string; type: string }[]).map(
          ({ name, type }) => `${name} ${type}`,
        );
      expect(columns("collarise_Form")).toEqual([
        "id TEXT",
        "Name TEXT",
        "Email TEXT",
        "Mobile TEXT",
        "Quantity INTEGER",
        "RetailerSelfUse TEXT",
        "received_at TEXT",
        "language TEXT",
      ]);
      expect(columns("subscribers")).toEqual([
        "id TEXT",
        "email TEXT",
        "subscribed_at TEXT",
        "status TEXT",
        "confirm_nonce TEXT",
        "unsubscribe_nonce TEXT",
        "requested_at TEXT",
        "confirmed_at TEXT",
        "language TEXT",
      ]);
      expect(columns("notifications")).toEqual([
        "id TEXT",
        "enquiry_id TEXT",
        "subscriber_id TEXT",
        "staff_id TEXT",
        "message_id TEXT",
        "kind TEXT",
        "status TEXT",
        "attempts INTEGER",
        "next_attempt_at TEXT",
        "claimed_by TEXT",
        "claim_expires_at TEXT",
        "last_error TEXT",
        "sent_at TEXT",
        "last_attempt_at TEXT",
        "due_at TEXT",
        "queued_at TEXT",
        "payload TEXT",
        "request_id TEXT",
      ]);
      expect(columns("vitals")).toEqual([
        "id INTEGER",
        "page TEXT",
        "metric TEXT",
        "value REAL",
        "received_at TEXT",
      ]);
    } finally {
      db.close();
    }
  });

  test("keeps its data when opened again, without migrating twice", async () => {
    const first = await open();
    const stored = await first.enquiries.add(enquiry);
    await first.close();

    const again = await open();
    expect(await again.enquiries.list()).toEqual([stored]);
    expect(pendingNotifications(`sqlite:${dbPath}`)).toBe(1);
  });

  test("moves a database from before the newsletter's consent: its addresses stay subscribed, its outbox intact", async () => {
    mkdirSync(join(dir, "data"), { recursive: true });
    const old = new Database(dbPath);
    const steps = migrations(ENQUIRY_COLLECTION);
    for (const step of steps.slice(0, 2)) applyMigration(old, step);
    old.pragma("user_version = 2");
    old
      .prepare(
        `INSERT INTO subscribers (id, email, subscribed_at) VALUES ('s1', 'old@example.com', '2025-01-01T00:00:00.000Z')`,
      )
      .run();
    old
      .prepare(
        `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
         VALUES ('e1', 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', '2025-01-02T00:00:00.000Z')`,
      )
      .run();
    old
      .prepare(
        `INSERT INTO notifications (id, enquiry_id, kind, status, attempts, next_attempt_at, last_error)
         VALUES ('n1', 'e1', 'company', 'pending', 2, '2025-01-02T00:00:00.000Z', 'timeout')`,
      )
      .run();
    old.close();

    const store = await open();
    const [subscriber] = await store.subscribers.list();
    expect(subscriber).toMatchObject({
      id: "s1",
      email: "old@example.com",
      subscribedAt: "2025-01-01T00:00:00.000Z",
    });
    expect(subscriber!.unsubscribeNonce).toMatch(/^[0-9a-f]{32}$/);
    // The outbox says since when its notification waits: since its enquiry came.
    expect(await store.enquiries.outboxBacklog()).toEqual({
      waiting: 1,
      oldestQueuedAt: "2025-01-02T00:00:00.000Z",
    });
    const claimed = await store.enquiries.claimDueNotifications({
      worker: "w",
      now: new Date(),
      limit: 5,
      leaseMs: 1_000,
    });
    expect(claimed).toEqual([
      {
        id: "n1",
        kind: "company",
        enquiryId: "e1",
        enquiry,
        receivedAt: "2025-01-02T00:00:00.000Z",
        // Stored before languages were kept: English, the only language the pages had.
        language: "en",
        attempts: 2,
      },
    ]);
    expect(await store.subscribers.unsubscribe("s1", subscriber!.unsubscribeNonce)).toBe(true);
  });

  test("refuses a database written by a newer version of the server, and leaves it alone", async () => {
    await (await open()).close();
    const db = new Database(dbPath);
    db.pragma(`user_version = ${SQLITE_SCHEMA_VERSION + 1}`);
    db.close();

    await expect(open()).rejects.toThrow(/newer than this server knows/);
  });

  test("refuses an enquiry that breaks the table's rules, whatever the caller checked", async () => {
    const store = await open();
    await expect(store.enquiries.add({ ...enquiry, Quantity: 0 })).rejects.toThrow(/CHECK constraint/);
    await expect(
      store.enquiries.add({ ...enquiry, RetailerSelfUse: "retailer/self use" as Enquiry["RetailerSelfUse"] }),
    ).rejects.toThrow(/CHECK constraint/);
    expect(await store.enquiries.list()).toEqual([]);
    expect(pendingNotifications(`sqlite:${dbPath}`)).toBe(0);
  });

  test("can live in memory, through the factory", async () => {
    const store = await createStore("sqlite::memory:");
    try {
      const stored = await store.enquiries.add(enquiry);
      expect(await store.enquiries.list()).toEqual([stored]);
    } finally {
      await store.close();
    }
  });

  test("the factory refuses an address it does not know", async () => {
    await expect(createStore("postgres://localhost/site")).rejects.toThrow(/sqlite:<path> or firestore/);
  });
});

describe("the SQLite store's inbox search on one file shared by two instances", () => {
  test("a search repeated on one finds what the other stored, indexed or erased since", async () => {
    const first = await open();
    const second = await open();
    const filter = { q: "Kaveri" };
    const found = async (store: SqliteStore) =>
      (await store.enquiryWork.list({ ...filter, limit: 10 })).items.length;
    expect(await found(first)).toBe(0);
    await second.enquiries.add({ ...enquiry, Name: "Kaveri Nair", Email: "kaveri.one@example.in" });
    expect(await found(first)).toBe(1);
    // Stored and searched (so indexed) by the other: this one has nothing left to index itself.
    await second.enquiries.add({ ...enquiry, Name: "Kaveri Iyer", Email: "kaveri.two@example.in" });
    expect(await found(second)).toBe(2);
    expect(await found(first)).toBe(2);
    expect(await first.enquiryWork.count(filter)).toBe(2);
    await second.personalData.erase({ email: "kaveri.one@example.in" }, { actor: null });
    expect(await found(first)).toBe(1);
    expect(await first.enquiryWork.count(filter)).toBe(1);
  });
});

describe("the SQLite store across processes", () => {
  test("an enquiry acknowledged to the caller survives the process being killed at once", async () => {
    (await open()).close();
    const writer = runDriver([dbPath, "add-then-wait", JSON.stringify(enquiry)]);
    const id = await writer.nextLine();
    writer.child.kill("SIGKILL");
    await writer.exited;

    const store = await open();
    const listed = await store.enquiries.list();
    expect(listed.map((stored) => stored.id)).toEqual([id]);
    expect(listed[0]?.enquiry).toEqual(enquiry);
    expect(pendingNotifications(`sqlite:${dbPath}`)).toBe(1);
  });

  test("two processes claiming from one file never claim the same notification", async () => {
    const store = await open();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await store.enquiries.add(enquiry)).id);
    const now = new Date(Date.now() + 60_000).toISOString();

    const workers = [
      runDriver([dbPath, "claim-all", "worker-a", now]),
      runDriver([dbPath, "claim-all", "worker-b", now]),
    ];
    const [a, b] = (await Promise.all(workers.map((worker) => worker.nextLine()))).map(
      (line) => JSON.parse(line) as string[],
    );

    expect(a!.filter((id) => b!.includes(id))).toEqual([]);
    expect(a!.length + b!.length).toBe(40);
    const db = new Database(dbPath, { readonly: true });
    try {
      const claimedBy = db
        .prepare("SELECT claimed_by AS worker, count(*) AS n FROM notifications GROUP BY 1")
        .all();
      expect(claimedBy).toEqual(
        expect.arrayContaining([
          ...(a!.length ? [{ worker: "worker-a", n: a!.length }] : []),
          ...(b!.length ? [{ worker: "worker-b", n: b!.length }] : []),
        ]),
      );
    } finally {
      db.close();
    }
  });
});

describe("the SQLite store when its file cannot be used", () => {
  test("a store started where the folder cannot be made answers StoreUnavailableError, then works once it can", async () => {
    // A plain file where the data folder should be.
    writeFileSync(join(dir, "data"), "not a folder");
    const store = await open();
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.enquiries.add(enquiry)).rejects.toBeInstanceOf(StoreUnavailableError);

    rmSync(join(dir, "data"));
    const stored = await store.enquiries.add(enquiry);
    expect(await store.enquiries.list()).toEqual([stored]);
  });

  test("a database that went missing is not replaced by an empty one; the store resumes when it is back", async () => {
    const store = await open();
    const stored = await store.enquiries.add(enquiry);
    renameSync(join(dir, "data"), join(dir, "moved"));
    // The open connection follows the moved file; a lock held beyond the timeout makes the store reconnect.
    const other = new Database(join(dir, "moved", "site.db"));
    other.exec("BEGIN IMMEDIATE");
    await expect(store.enquiries.add(enquiry)).rejects.toBeInstanceOf(StoreUnavailableError);
    other.exec("ROLLBACK");
    other.close();

    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.enquiries.list()).rejects.toBeInstanceOf(StoreUnavailableError);

    renameSync(join(dir, "moved"), join(dir, "data"));
    expect(await store.enquiries.list()).toEqual([stored]);
    await store.ping();
  });

  describe(runningAsRoot ? "read-only (store run as nobody)" : "read-only", () => {
    let seeded: StoredEnquiry;
    beforeEach(async () => {
      const seed = await open();
      seeded = await seed.enquiries.add(enquiry);
      await seed.close();
      handOverToUnprivileged();
    });
    afterEach(() => makeWritable());

    test("making the file read-only under a running store does not stop it: its open connection keeps write access", async () => {
      const store = serveStore({ unprivileged: true });
      expect(await store.ping()).toEqual({ ok: true, result: null });
      makeReadOnly();
      expect(await store.add(enquiry)).toMatchObject({ ok: true });
    });

    test("a store started on a read-only file answers StoreUnavailableError, and recovers without a restart once it is writable", async () => {
      makeReadOnly();
      const store = serveStore({ unprivileged: true });

      expect(await store.ping()).toMatchObject({ ok: false, error: "StoreUnavailableError" });
      expect(await store.add(enquiry)).toMatchObject({ ok: false, error: "StoreUnavailableError" });

      makeWritable();

      expect(await store.ping()).toEqual({ ok: true, result: null });
      const added = await store.add(enquiry);
      expect(added).toMatchObject({ ok: true });
      const listed = await store.list();
      expect(listed).toEqual({ ok: true, result: [seeded, (added as { result: StoredEnquiry }).result] });
    });

    test("a second instance started on the read-only file while the first is running connects read-only, refuses writes with StoreUnavailableError, and recovers once the file is writable", async () => {
      const first = serveStore({ unprivileged: true });
      expect(await first.ping()).toEqual({ ok: true, result: null });
      makeReadOnly();

      // With the first connection's shared-memory file in place, SQLite opens the file read-only.
      const second = serveStore({ unprivileged: true });
      expect(await second.list()).toEqual({ ok: true, result: [seeded] });
      expect(await second.ping()).toMatchObject({ ok: false, error: "StoreUnavailableError" });
      expect(await second.add(enquiry)).toMatchObject({ ok: false, error: "StoreUnavailableError" });

      makeWritable();

      // Only a fresh connection can write: the store must have dropped the read-only one.
      expect(await second.ping()).toEqual({ ok: true, result: null });
      expect(await second.add(enquiry)).toMatchObject({ ok: true });
    });
  });
});

describe("enquiries arriving together (group commit)", () => {
  /** The sizes of the groups the work layer hands the SQLite port, each one transaction. */
  function watchGroups(): number[] {
    const groups: number[] = [];
    const runEach = SqliteWorkPort.prototype.runEach;
    const spy = vi.spyOn(SqliteWorkPort.prototype, "runEach").mockImplementation(function (
      this: SqliteWorkPort,
      changes,
    ) {
      groups.push(changes.length);
      return runEach.call(this, changes);
    } as typeof runEach);
    onTestFinished(() => spy.mockRestore());
    return groups;
  }

  test("share one commit, and each is stored with its own pending notification", async () => {
    const store = await open();
    const groups = watchGroups();
    const names = Array.from({ length: 40 }, (_, index) => `Retailer ${index + 1}`);
    const stored = await Promise.all(names.map((Name) => store.enquiries.add({ ...enquiry, Name })));

    expect(groups).toEqual([40]);

    expect(new Set(stored.map((record) => record.id)).size).toBe(names.length);
    const listed = await store.enquiries.list();
    expect(listed.map((record) => record.enquiry.Name).sort()).toEqual([...names].sort());
    expect(pendingNotifications(`sqlite:${dbPath}`)).toBe(names.length);
  });

  test(`a flood arriving in one turn is committed in groups of at most ${GROUP_COMMIT_LIMIT}, every enquiry stored`, async () => {
    const store = await open();
    const groups = watchGroups();
    const names = Array.from({ length: 2 * GROUP_COMMIT_LIMIT + 22 }, (_, index) => `Flood ${index + 1}`);

    const stored = await Promise.all(names.map((Name) => store.enquiries.add({ ...enquiry, Name })));

    expect(groups).toEqual([GROUP_COMMIT_LIMIT, GROUP_COMMIT_LIMIT, 22]);
    expect(new Set(stored.map((record) => record.id)).size).toBe(names.length);
    expect((await store.enquiries.list()).map((record) => record.enquiry.Name).sort()).toEqual(
      [...names].sort(),
    );
    expect(pendingNotifications(`sqlite:${dbPath}`)).toBe(names.length);
  });

  test("each enquiry of a group is queued for the endpoints that are on, which the group reads once", async () => {
    const store = await open();
    const groups = watchGroups();
    const on = await store.webhooks.addEndpoint({
      url: "https://hooks.example.com/in",
      events: ["enquiry.received"],
      now: new Date(),
    });
    const off = await store.webhooks.addEndpoint({
      url: "https://off.example.com/in",
      events: ["enquiry.received"],
      now: new Date(),
    });
    expect(await store.webhooks.updateEndpoint(off.id, { enabled: false })).not.toBeNull();

    const stored = await Promise.all(
      ["One", "Two", "Three"].map((Name) => store.enquiries.add({ ...enquiry, Name })),
    );
    // Turned on again after the group: the next enquiry reads the endpoints afresh.
    expect(await store.webhooks.updateEndpoint(off.id, { enabled: true })).not.toBeNull();
    const after = await store.enquiries.add({ ...enquiry, Name: "Four" });

    expect(groups).toEqual([3, 1]);
    const claimed = await store.webhooks.claimDue({
      worker: "w",
      now: new Date(Date.now() + 60_000),
      limit: 50,
      leaseMs: 60_000,
    });
    const sent = (endpointId: string) =>
      claimed
        .filter((delivery) => delivery.endpointId === endpointId && delivery.eventType === "enquiry.received")
        .map((delivery) => delivery.enquiryId)
        .sort();
    expect(sent(on.id)).toEqual([...stored, after].map((record) => record.id).sort());
    expect(sent(off.id)).toEqual([after.id]);
  });

  test("one enquiry the database refuses does not take the others in its batch with it", async () => {
    const store = await open();
    const groups = watchGroups();
    const results = await Promise.allSettled([
      store.enquiries.add({ ...enquiry, Name: "First" }),
      // Quantity 0 never passes the rules; the table's own check refuses it too.
      store.enquiries.add({ ...enquiry, Name: "Refused", Quantity: 0 }),
      store.enquiries.add({ ...enquiry, Name: "Third" }),
    ]);

    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    // Undone in its own savepoint: the others were committed in the same transaction, not again alone.
    expect(groups).toEqual([3]);
    expect((await store.enquiries.list()).map((record) => record.enquiry.Name).sort()).toEqual([
      "First",
      "Third",
    ]);
    expect(pendingNotifications(`sqlite:${dbPath}`)).toBe(2);
  });
  test("the turn goes on through a group: one refused after taking its turn gives it back to the next", async () => {
    const store = await open();
    const groups = watchGroups();
    const asha = await store.staff.add({ email: "asha@example.com", role: "member", passwordHash: "h" });
    const bilal = await store.staff.add({ email: "bilal@example.com", role: "member", passwordHash: "h" });
    expect(await store.team.setAssignmentRule({ kind: "turns", members: [asha.id, bilal.id] })).toBe(true);
    const ownerOf = async (id: string) => (await store.team.fieldsOf([id])).get(id)?.ownerId;

    const results = await Promise.allSettled([
      store.enquiries.add({ ...enquiry, Name: "First" }),
      store.enquiries.add({ ...enquiry, Name: "Refused", Quantity: 0 }),
      store.enquiries.add({ ...enquiry, Name: "Third" }),
    ]);
    const last = await store.enquiries.add({ ...enquiry, Name: "Alone" });

    expect(groups).toEqual([3, 1]);
    const [first, refused, third] = results;
    expect(refused?.status).toBe("rejected");
    if (first?.status !== "fulfilled" || third?.status !== "fulfilled") throw new Error("not stored");
    expect(await ownerOf(first.value.id)).toBe(asha.id);
    expect(await ownerOf(third.value.id)).toBe(bilal.id);
    expect(await ownerOf(last.id)).toBe(asha.id);
  });
});

describe("the inbox's search index", () => {
  const rows = (sql: string) => {
    const db = new Database(dbPath, { readonly: true });
    try {
      return (db.prepare(sql).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  const search = async (store: SqliteStore, q: string) =>
    (await store.enquiryWork.list({ q, limit: 50 })).items.map((item) => item.enquiry.Name).sort();

  test("finds an enquiry from the moment it is stored; two connections searching at once index each one once", async () => {
    const first = await open();
    const second = await open();
    const names = Array.from({ length: 30 }, (_, index) => `Kavya Traders ${index + 1}`);
    await Promise.all(names.map((Name) => first.enquiries.add({ ...enquiry, Name })));
    // Stored, not yet indexed: the enquiries' own write only queued them for the index.
    expect(rows(`SELECT count(*) AS n FROM enquiry_search_pending`)).toBe(30);

    const [byFirst, bySecond] = await Promise.all([search(first, "Kavya"), search(second, "Kavya")]);
    expect(byFirst).toEqual([...names].sort());
    expect(bySecond).toEqual([...names].sort());
    expect(rows(`SELECT count(*) AS n FROM enquiry_search`)).toBe(30);
    expect(rows(`SELECT count(*) AS n FROM enquiry_search_pending`)).toBe(0);

    await first.enquiries.add({ ...enquiry, Name: "Kavya Traders 31" });
    expect(await search(second, "Traders 31")).toEqual(["Kavya Traders 31"]);
  });

  test("an enquiry erased before it was indexed leaves nothing in the index or its queue", async () => {
    const store = await open();
    const kept = await store.enquiries.add({ ...enquiry, Name: "Kept Buyer", Email: "kept@example.in" });
    const gone = await store.enquiries.add({ ...enquiry, Name: "Gone Buyer", Email: "gone@example.in" });
    const db = new Database(dbPath);
    db.prepare(`DELETE FROM "${ENQUIRY_COLLECTION}" WHERE id = ?`).run(gone.id);
    db.close();
    expect(rows(`SELECT count(*) AS n FROM enquiry_search_pending`)).toBe(1);

    expect(await search(store, "Buyer")).toEqual(["Kept Buyer"]);
    expect(rows(`SELECT count(*) AS n FROM enquiry_search`)).toBe(1);
    expect(rows(`SELECT count(*) AS n FROM enquiry_search WHERE text LIKE '%gone%'`)).toBe(0);
    expect((await store.enquiries.list()).map((row) => row.id)).toEqual([kept.id]);
  });

  test("a database from before the queue keeps its enquiries searchable, and indexes new ones", async () => {
    mkdirSync(join(dir, "data"), { recursive: true });
    const old = new Database(dbPath);
    // The database as the step before the search's queue left it, an enquiry stored into it then.
    const steps = migrations(ENQUIRY_COLLECTION);
    const queue = steps.findIndex((step) => String(step).includes("CREATE TABLE enquiry_search_pending"));
    expect(queue).toBeGreaterThan(0);
    for (const step of steps.slice(0, queue)) applyMigration(old, step);
    old.pragma(`user_version = ${queue}`);
    old
      .prepare(
        `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
         VALUES ('e1', 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', '2025-01-02T00:00:00.000Z')`,
      )
      .run();
    old.close();

    const store = await open();
    await store.enquiries.add({ ...enquiry, Name: "Meera Naturals" });
    expect(await search(store, "Meera")).toEqual(["Meera Naturals", "Meera Stores"]);
    expect(rows(`SELECT count(*) AS n FROM enquiry_search`)).toBe(2);
  });
});
