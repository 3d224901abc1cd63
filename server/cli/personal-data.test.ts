import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { enquiryReference } from "../../domain/console";
import {
  personalDataMessages,
  type ErasureReport,
  type PersonalDataReport,
} from "../../domain/personal-data";
import { SqliteStore } from "../store";
import type { StoredEnquiry } from "../store/store";
import { confirmedSubscriber } from "../../tests/support/subscribers";
import { NO_ENVIRONMENT_FILE } from "../../tests/support/operator-environment";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

let dir: string;
let path: string;

/** Runs the command as an operator would, in its own process. */
function runPersonalData(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/cli/personal-data.ts", ...args],
      {
        cwd: projectRoot,
        env: {
          PATH: process.env.PATH ?? "",
          COLLARISE_ENV_FILE: NO_ENVIRONMENT_FILE,
          DATABASE_URL: `sqlite:${path}`,
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function withStore<T>(work: (store: SqliteStore) => Promise<T>): Promise<T> {
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** Asha's enquiry and subscription, and Ravi's enquiry. */
async function seed(): Promise<{ asha: StoredEnquiry; ravi: StoredEnquiry }> {
  return withStore(async (store) => {
    const asha = await store.enquiries.add({
      Name: "Asha Verma",
      Email: "Asha@Example.com",
      Mobile: "9876543210",
      Quantity: 24,
      RetailerSelfUse: "Retailer",
    });
    const ravi = await store.enquiries.add({
      Name: "Ravi Kumar",
      Email: "ravi@example.in",
      Mobile: "9123456780",
      Quantity: 1,
      RetailerSelfUse: "Self Use",
    });
    await confirmedSubscriber(store, "asha@example.com");
    return { asha, ravi };
  });
}

/** What the database holds, to show a refused command changed nothing. */
function snapshot() {
  return withStore(async (store) => ({
    enquiries: await store.enquiries.list(),
    subscribers: await store.subscribers.list(),
    activity: (await store.activity.list({ limit: 100 })).items,
  }));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "personal-data-cli-"));
  path = join(dir, "site.db");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run personal-data", () => {
  test("show prints what is held about the person as JSON, by e-mail in any case or by mobile", async () => {
    const { asha } = await seed();
    const byEmail = await runPersonalData(["show", "--email", "ASHA@example.COM"]);
    expect({ code: byEmail.code, stderr: byEmail.stderr }).toEqual({ code: 0, stderr: "" });
    const report = JSON.parse(byEmail.stdout) as PersonalDataReport;
    expect(report).toMatchObject({
      query: { email: "asha@example.com" },
      enquiries: [{ id: asha.id, enquiry: asha.enquiry, status: "New", history: [] }],
      subscriptions: [{ email: "asha@example.com", status: "confirmed" }],
      pendingMails: [
        { enquiryId: asha.id, kind: "company", attempts: 0, lastError: null },
        { enquiryId: null, reference: null, kind: "newsletter-welcome", attempts: 0, lastError: null },
      ],
    });
    expect(byEmail.stdout).not.toContain("Ravi");

    // By mobile: the same enquiry, but no subscription: a number proves no address.
    const byMobile = await runPersonalData(["show", "--mobile", "9876543210"]);
    expect(byMobile.code).toBe(0);
    expect(JSON.parse(byMobile.stdout)).toEqual({
      ...report,
      query: { mobile: "9876543210" },
      subscriptions: [],
      pendingMails: report.pendingMails.filter((mail) => mail.subscriberId === null),
    });

    // Looking is recorded, without whom it was about.
    const { activity } = await snapshot();
    expect(activity.map(({ actor, action, target }) => ({ actor, action, target }))).toEqual([
      { actor: null, action: "personal-data-shown", target: null },
      { actor: null, action: "personal-data-shown", target: null },
    ]);
  });

  test("erase erases the person's data, prints what it erased, and a second erase finds nothing", async () => {
    const { asha, ravi } = await seed();
    const erased = await runPersonalData(["erase", "--email", "asha@example.com"]);
    expect({ code: erased.code, stderr: erased.stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(erased.stdout) as ErasureReport).toEqual({
      erased: true,
      at: expect.any(String),
      enquiries: [{ id: asha.id, reference: enquiryReference(asha.id) }],
      counts: {
        enquiries: 1,
        notifications: 2,
        workRecords: 1,
        historyEntries: 0,
        messages: 0,
        subscriptions: 1,
        deals: 0,
        documents: 0,
        taxRecordsKept: 0,
      },
      kept: [],
    });
    expect(erased.stdout).not.toMatch(/asha@|9876543210|Asha Verma/i);

    const after = await snapshot();
    expect(after.enquiries.map((each) => each.id)).toEqual([ravi.id]);
    expect(after.subscribers).toEqual([]);
    expect(after.activity).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actor: null,
        action: "personal-data-erased",
        target:
          "1 enquiries, 2 mails, 1 statuses, 0 history entries, 0 conversation messages, 1 subscriptions, 0 deals, 0 quotations and pro-formas, 0 tax invoices and credit notes kept",
      },
    ]);

    const again = await runPersonalData(["erase", "--mobile", "9876543210"]);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(`${personalDataMessages.nothingErased}\n`);
    expect(JSON.parse(again.stdout)).toMatchObject({ erased: false, enquiries: [] });
    expect(await snapshot()).toEqual(after);
  });

  test("a request by mobile alone neither shows nor erases the subscription of the address typed beside that number", async () => {
    await seed();
    // A stranger's enquiry: Asha's address beside his own number.
    const his = await withStore((store) =>
      store.enquiries.add({
        Name: "Vikram",
        Email: "asha@example.com",
        Mobile: "9000000001",
        Quantity: 1,
        RetailerSelfUse: "Self Use",
      }),
    );
    const shown = await runPersonalData(["show", "--mobile", "9000000001"]);
    expect(JSON.parse(shown.stdout)).toMatchObject({ enquiries: [{ id: his.id }], subscriptions: [] });
    expect(shown.stdout).not.toContain("newsletter");

    const erased = await runPersonalData(["erase", "--mobile", "9000000001"]);
    expect(erased.code).toBe(0);
    expect((JSON.parse(erased.stdout) as ErasureReport).counts).toMatchObject({
      enquiries: 1,
      subscriptions: 0,
    });
    expect((await snapshot()).subscribers.map((each) => each.email)).toEqual(["asha@example.com"]);
  });

  test.each([
    [[], /Say what to do: show or erase/],
    [["show"], new RegExp(personalDataMessages.oneOf)],
    [
      ["erase", "--email", "asha@example.com", "--mobile", "9876543210"],
      new RegExp(personalDataMessages.notBoth),
    ],
    [["erase", "--email", "asha@example"], new RegExp(personalDataMessages.email)],
    [["erase", "--mobile", "98765 43210"], new RegExp(personalDataMessages.mobile)],
    [["erase", "--mobile", "987654321"], new RegExp(personalDataMessages.mobile)],
    [["erase", "--email"], /argument missing/],
    [["forget", "--email", "asha@example.com"], /Unknown command "forget"/],
  ])("%j is refused with exit code 2 and a clear message, changing nothing", async (args, reason) => {
    await seed();
    const before = await snapshot();
    const { code, stdout, stderr } = await runPersonalData(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(reason);
    expect(stderr).toContain("Usage:\n  npm run personal-data -- show --email <address>");
    expect(await snapshot()).toEqual(before);
  });
});
