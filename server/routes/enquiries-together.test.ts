import Database from "better-sqlite3";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { enquiryMessages, type Enquiry } from "../../domain/enquiry";
import { istDate } from "../../domain/working-hours";
import { sqlitePathFromUrl } from "../store/sqlite";
import { SqliteWorkPort } from "../store/sqlite/work-port";
import { storedWithMails } from "../../tests/support/store-probe";
import { testAppPerTest, type TestApp } from "../../tests/support/test-app";

const start = testAppPerTest();

const AT_ONCE = 200;

/** A distinct visitor each time: their own name, mailbox, mobile and address. */
function visitor(n: number): Enquiry {
  return {
    Name: `Visitor ${n}`,
    Email: `visitor${n}@example.in`,
    Mobile: String(9_100_000_000 + n),
    Quantity: (n % 40) + 1,
    RetailerSelfUse: n % 2 === 0 ? "Retailer" : "Self Use",
  };
}

function post(t: TestApp, enquiry: Enquiry, n: number) {
  return t.app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload: enquiry,
    remoteAddress: `198.51.100.${n % 250}`,
  });
}

/**
 * Spies on the SQLite port's group commits (one transaction each): for each group, whether each
 * of its enquiries was written (true) or refused alone (false).
 */
function watchGroups(): boolean[][] {
  const groups: boolean[][] = [];
  const runEach = SqliteWorkPort.prototype.runEach;
  const spy = vi.spyOn(SqliteWorkPort.prototype, "runEach").mockImplementation(async function (
    this: SqliteWorkPort,
    changes,
  ) {
    const outcomes = await runEach.call(this, changes);
    groups.push(outcomes.map((outcome) => outcome.status === "fulfilled"));
    return outcomes;
  } as typeof runEach);
  onTestFinished(() => spy.mockRestore());
  return groups;
}

describe("POST /api/enquiries: many visitors at once (SQLite's group commit)", () => {
  it(`stores ${AT_ONCE} enquiries sent at once exactly once each, each with its company mail waiting`, async () => {
    const t = await start({ RATE_LIMIT_PER_MINUTE: "100000" });
    const groups = watchGroups();
    const enquiries = Array.from({ length: AT_ONCE }, (_, i) => visitor(i + 1));

    const answers = await Promise.all(enquiries.map((enquiry, i) => post(t, enquiry, i)));

    expect(answers.map((answer) => answer.statusCode)).toEqual(enquiries.map(() => 201));
    const ids = answers.map((answer) => answer.json<{ id: string }>().id);
    expect(new Set(ids).size).toBe(AT_ONCE);
    const stored = storedWithMails(t.databaseUrl);
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(stored.map((row) => row.name).sort()).toEqual(enquiries.map((enquiry) => enquiry.Name).sort());
    expect(stored.filter((row) => row.mails !== "company")).toEqual([]);
    // They shared commits: fewer transactions (and flushes to disk) than enquiries.
    expect(groups.flat()).toHaveLength(AT_ONCE);
    expect(groups.length).toBeLessThan(AT_ONCE / 2);
  });

  it("answers an enquiry the database refuses inside a group alone; the others of its group are stored", async () => {
    const t = await start({ RATE_LIMIT_PER_MINUTE: "100000" });
    // A constraint of the table that this one enquiry breaks, as a fault in the database would.
    const db = new Database(sqlitePathFromUrl(t.databaseUrl));
    db.exec(`CREATE TRIGGER refuse_one BEFORE INSERT ON "${ENQUIRY_COLLECTION}"
      WHEN new.Name = 'Refused Visitor' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    db.close();
    const groups = watchGroups();
    const enquiries = Array.from({ length: 40 }, (_, i) =>
      i === 20 ? { ...visitor(i + 1), Name: "Refused Visitor" } : visitor(i + 1),
    );

    const dayBefore = istDate(new Date());
    const answers = await Promise.all(enquiries.map((enquiry, i) => post(t, enquiry, i)));

    // The one refused, in a group with others that were written in the same transaction.
    const refusedGroups = groups.filter((group) => group.includes(false));
    expect(refusedGroups).toHaveLength(1);
    expect(refusedGroups[0]?.filter((written) => written).length).toBeGreaterThan(0);
    expect(answers[20]?.statusCode).toBe(503);
    expect(answers[20]?.json()).toMatchObject({ error: enquiryMessages.notStored });
    const others = answers.filter((_, i) => i !== 20);
    expect(others.map((answer) => answer.statusCode)).toEqual(others.map(() => 201));
    const stored = storedWithMails(t.databaseUrl);
    expect(stored.map((row) => row.name).sort()).toEqual(
      enquiries
        .filter((_, i) => i !== 20)
        .map((enquiry) => enquiry.Name)
        .sort(),
    );
    expect(stored.filter((row) => row.mails !== "company")).toEqual([]);
    // Each enquiry stored counted once toward its repeats, though its group was written again
    // (on the day it was posted: the days before and after the posts, if midnight fell between).
    const days = new Set([dayBefore, istDate(new Date())]);
    const counted = await Promise.all(
      enquiries.map(async (enquiry) =>
        (
          await t.app.store.attemptCounters.read(
            [...days].map((day) => `enquiry-mobile:${day}:${enquiry.Mobile}`),
          )
        ).reduce((sum, count) => sum + count, 0),
      ),
    );
    expect(counted).toEqual(enquiries.map((_, i) => (i === 20 ? 0 : 1)));
  });
});
