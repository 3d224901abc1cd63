import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { enquiryMessages, type Enquiry } from "../../domain/enquiry";
import { solvedProof } from "../../tests/support/proof-of-work";
import { createStore, StoreUnavailableError } from "../store";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import { startIntakeThread } from "./intake-thread";
import { formChecks } from "../spam/form-checks";
import { sqlitePathFromUrl } from "../store/sqlite";
import { SqliteWorkPort } from "../store/sqlite/work-port";
import { storedWithMails } from "../../tests/support/store-probe";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { apiMessages } from "../routes/api-errors";

/** Apps built as the server builds itself (main.ts): the form's intake on its own thread. */
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});
async function start(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: "100000", ...env }, { intakeThread: true });
  apps.push(t);
  return t;
}

function visitor(n: number): Enquiry {
  return {
    Name: `Visitor ${n}`,
    Email: `visitor${n}@example.in`,
    Mobile: String(9_100_000_000 + n),
    Quantity: (n % 40) + 1,
    RetailerSelfUse: n % 2 === 0 ? "Retailer" : "Self Use",
  };
}

function post(t: TestApp, payload: object, n = 0, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload,
    headers,
    remoteAddress: `198.51.100.${n % 250}`,
  });
}

/**
 * Counts the group commits made on this thread's connection: none when every enquiry went to the
 * intake's thread, whose SqliteWorkPort is another module's instance in another thread.
 */
function groupsOnThisThread(): { count: number } {
  const seen = { count: 0 };
  const runEach = SqliteWorkPort.prototype.runEach;
  const spy = vi.spyOn(SqliteWorkPort.prototype, "runEach").mockImplementation(async function (
    this: SqliteWorkPort,
    changes,
  ) {
    seen.count += 1;
    return runEach.call(this, changes);
  } as typeof runEach);
  onTestFinished(() => spy.mockRestore());
  return seen;
}

describe("the form's intake on a thread of its own", () => {
  it("stores 200 enquiries sent at once exactly once each, with their company mails, none written on the serving thread", async () => {
    const t = await start();
    const here = groupsOnThisThread();
    const enquiries = Array.from({ length: 200 }, (_, i) => visitor(i + 1));

    const answers = await Promise.all(enquiries.map((enquiry, i) => post(t, enquiry, i)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(enquiries.map(() => 201));
    const ids = answers.map((answer) => answer.json<{ id: string }>().id);
    expect(new Set(ids).size).toBe(200);
    const stored = storedWithMails(t.databaseUrl);
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(stored.filter((row) => row.mails !== "company")).toEqual([]);
    expect(here.count).toBe(0);
    // The console reads what the thread wrote, each by its reference too.
    const first = await t.app.store.enquiryWork.get(ids[0] as string);
    expect(first).toMatchObject({ status: "New" });
  });

  it("scores on the thread what the route counted: one body replayed with the page's proof of work is Spam from the third, mailed twice", async () => {
    const t = await start();
    const altcha = await solvedProof(t.app);
    const statuses: string[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await post(t, { ...visitor(1), altcha });
      expect(answer.statusCode).toBe(201);
      const record = await t.app.store.enquiryWork.get(answer.json<{ id: string }>().id);
      statuses.push(record?.status ?? "missing");
    }
    expect(statuses).toEqual(["New", "New", ...Array<string>(8).fill("Spam")]);
    expect(storedWithMails(t.databaseUrl).filter((row) => row.mails !== "").length).toBe(2);
  });

  it("answers an enquiry the database refuses alone with the store's failure; the others of its group are stored", async () => {
    const t = await start();
    const db = new Database(sqlitePathFromUrl(t.databaseUrl));
    db.exec(`CREATE TRIGGER refuse_one BEFORE INSERT ON "${ENQUIRY_COLLECTION}"
      WHEN new.Name = 'Refused Visitor' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    db.close();
    const enquiries = Array.from({ length: 40 }, (_, i) =>
      i === 20 ? { ...visitor(i + 1), Name: "Refused Visitor" } : visitor(i + 1),
    );

    const answers = await Promise.all(enquiries.map((enquiry, i) => post(t, enquiry, i)));

    expect(answers[20]?.statusCode).toBe(503);
    expect(answers[20]?.json()).toMatchObject({ error: enquiryMessages.notStored });
    const others = answers.filter((_, i) => i !== 20);
    expect(others.map((answer) => answer.statusCode)).toEqual(others.map(() => 201));
    expect(
      storedWithMails(t.databaseUrl)
        .map((row) => row.name)
        .sort(),
    ).toEqual(
      enquiries
        .filter((_, i) => i !== 20)
        .map((enquiry) => enquiry.Name)
        .sort(),
    );
  });

  it("answers ten retries of one Idempotency-Key sent at once with one enquiry, and refuses the key with another body", async () => {
    const t = await start();
    const headers = { "idempotency-key": "thread-retry-0123456789" };

    const answers = await Promise.all(Array.from({ length: 10 }, () => post(t, visitor(7), 7, headers)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((answer) => answer.json<{ id: string }>().id)).size).toBe(1);
    expect(storedWithMails(t.databaseUrl)).toHaveLength(1);
    const reused = await post(t, visitor(8), 8, headers);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ error: apiMessages.idempotencyKeyReused });
    expect(storedWithMails(t.databaseUrl)).toHaveLength(1);
  });
});

describe("the intake's thread under the store", () => {
  it("writes the enquiries accepted before the store was closed, then ends", async () => {
    const dir = await mkdtemp(join(tmpdir(), "collarise-intake-thread-"));
    const databaseUrl = `sqlite:${join(dir, "site.db")}`;
    const store = await createStore(databaseUrl, { intakeThread: true });
    const now = new Date();
    const filed = Array.from({ length: 50 }, (_, i) =>
      store.work.fileEnquiry(visitor(i + 1), {
        checks: formChecksFor(visitor(i + 1), now),
      }),
    );
    // Closed at once: what was accepted is written before the store and its thread close.
    const closed = store.close();

    const outcomes = await Promise.allSettled(filed);
    await closed;
    expect(outcomes.filter((outcome) => outcome.status !== "fulfilled")).toEqual([]);
    expect(storedWithMails(databaseUrl)).toHaveLength(50);
  });

  it("writes in process an intake whose checks are a caller's own functions, which cannot cross", async () => {
    const dir = await mkdtemp(join(tmpdir(), "collarise-intake-thread-"));
    const store = await createStore(`sqlite:${join(dir, "site.db")}`, { intakeThread: true });
    onTestFinished(() => store.close());
    const here = groupsOnThisThread();

    const { stored, filed } = await store.work.fileEnquiry(visitor(1), {
      checks: { counters: [], score: () => ({ score: 10, reasons: ["honeypot"], spam: true }) },
    });

    expect(filed).toBe("spam");
    expect(here.count).toBe(1);
    expect((await store.enquiryWork.get(stored.id))?.status).toBe("Spam");
  });
});

function formChecksFor(enquiry: Enquiry, now: Date) {
  return formChecks({ enquiry, honeypot: false, proofOfWork: undefined, now });
}

describe("a thread that ends", () => {
  it("fails the group it held as a store that stopped answering, writing none of it, and the next group starts a new thread", async () => {
    const dir = await mkdtemp(join(tmpdir(), "collarise-intake-thread-"));
    const path = join(dir, "site.db");
    const store = await createStore(`sqlite:${path}`);
    onTestFinished(() => store.close());
    const thread = startIntakeThread(
      { path, enquiryCollection: ENQUIRY_COLLECTION },
      () => Promise.reject(new Error("Nothing here is written in process")),
      {
        url: new URL("../../tests/fixtures/intake-thread-ending.ts", import.meta.url),
        execArgv: ["--import", "tsx"],
      },
    );
    onTestFinished(() => thread.close());
    const intake = (enquiry: Enquiry) => {
      const now = new Date();
      return {
        enquiry,
        options: { checks: formChecksFor(enquiry, now) },
        received: now,
        hours: PLACEHOLDER_FACTS.workingHours,
      };
    };

    const before = await thread.write([intake(visitor(1))]);
    const ended = await thread.write([intake(visitor(2)), intake({ ...visitor(3), Name: "End The Thread" })]);
    const after = await thread.write([intake(visitor(4))]);

    expect(before.map((outcome) => outcome.status)).toEqual(["fulfilled"]);
    expect(ended.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    for (const outcome of ended) {
      expect(outcome.status === "rejected" && outcome.reason).toBeInstanceOf(StoreUnavailableError);
    }
    expect(after.map((outcome) => outcome.status)).toEqual(["fulfilled"]);
    expect(
      storedWithMails(`sqlite:${path}`)
        .map((row) => row.name)
        .sort(),
    ).toEqual(["Visitor 1", "Visitor 4"]);
  });
});
