import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { NewsletterLinks } from "../newsletter/links";
import { SqliteStore } from "../store";
import type { StoredEnquiry, StoredSubscriber } from "../store/store";
import { confirmedSubscriber } from "../../tests/support/subscribers";
import { NO_ENVIRONMENT_FILE } from "../../tests/support/operator-environment";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

let dir: string;
let databaseUrl: string;
let enquiries: StoredEnquiry[];
let subscribers: (StoredSubscriber & { unsubscribeUrl: string })[];

/** Runs the command as an operator would, in its own process. */
function runExport(args: string[], env: Record<string, string> = { DATABASE_URL: databaseUrl }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/cli/export.ts", ...args],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? "", COLLARISE_ENV_FILE: NO_ENVIRONMENT_FILE, ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "export-"));
  const path = join(dir, "site.db");
  databaseUrl = `sqlite:${path}`;
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  enquiries = [
    await store.enquiries.add({
      Name: "Asha Retail",
      Email: "asha@example.com",
      Mobile: "9876543210",
      Quantity: 24,
      RetailerSelfUse: "Retailer",
    }),
    // Written straight to the store: the export must be safe whatever the table holds.
    await store.enquiries.add({
      Name: '=HYPERLINK("http://evil.example","Click"), "Ltd"',
      Email: "+cmd@example.com",
      Mobile: "9123456780",
      Quantity: 1,
      RetailerSelfUse: "Self Use",
    }),
  ];
  await confirmedSubscriber(store, "Ravi@Example.in");
  await confirmedSubscriber(store, "-2+3@example.com");
  // Asked for, never confirmed: not a subscriber, so not exported.
  await store.subscribers.request("pending@example.com", { now: new Date(), resendAfterMs: 3_600_000 });
  // The links the export must give: made with the store's key and the server's default address.
  const links = new NewsletterLinks(store.keys, "http://127.0.0.1:3000");
  subscribers = await Promise.all(
    (await store.subscribers.list()).map(async ({ unsubscribeNonce, ...subscriber }) => ({
      ...subscriber,
      unsubscribeUrl: await links.unsubscribeUrl({ subscriberId: subscriber.id, unsubscribeNonce }),
    })),
  );
  await store.vitals.add([
    { page: "/", metric: "LCP", value: 1200 },
    { page: "/", metric: "LCP", value: 2500.4 },
    { page: "/", metric: "LCP", value: 1800 },
    { page: "/", metric: "CLS", value: 0.05 },
    { page: "/privacy-policy", metric: "TTFB", value: 310 },
  ]);
  await store.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("exporting enquiries", () => {
  test("as JSON gives every record with its stored field names, id and time received", async () => {
    const { code, stdout, stderr } = await runExport(["enquiries", "--format", "json"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const records = JSON.parse(stdout) as Record<string, unknown>[];
    expect(records).toEqual(
      enquiries.map(({ id, receivedAt, language, enquiry }) => ({ id, receivedAt, language, ...enquiry })),
    );
    expect(Object.keys(records[0]!)).toEqual([
      "id",
      "receivedAt",
      "language",
      "Name",
      "Email",
      "Mobile",
      "Quantity",
      "RetailerSelfUse",
    ]);
  });

  test("as JSON by default", async () => {
    const { code, stdout } = await runExport(["enquiries"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveLength(2);
  });

  test("as CSV gives a header row, RFC 4180 quoting, and cells that cannot run as formulas", async () => {
    const { code, stdout, stderr } = await runExport(["enquiries", "--format=csv"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const [asha, hostile] = enquiries;
    expect(stdout).toBe(
      [
        "id,receivedAt,language,Name,Email,Mobile,Quantity,RetailerSelfUse",
        `${asha!.id},${asha!.receivedAt},en,Asha Retail,asha@example.com,9876543210,24,Retailer`,
        `${hostile!.id},${hostile!.receivedAt},en,"'=HYPERLINK(""http://evil.example"",""Click""), ""Ltd""",'+cmd@example.com,9123456780,1,Self Use`,
        "",
      ].join("\r\n"),
    );
  });
});

describe("exporting subscribers", () => {
  test("as JSON gives each address once, in lower case", async () => {
    const { code, stdout } = await runExport(["subscribers", "--format", "json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(subscribers);
    expect(subscribers.map((s) => s.email)).toEqual(["ravi@example.in", "-2+3@example.com"]);
    expect(subscribers[0]!.unsubscribeUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/api\/newsletter\/unsubscribe\?token=v1\./,
    );
  });

  test("as CSV defuses an address that looks like a formula", async () => {
    const { code, stdout } = await runExport(["subscribers", "--format", "csv"]);
    expect(code).toBe(0);
    const [ravi, formula] = subscribers;
    expect(stdout).toBe(
      [
        "id,email,subscribedAt,unsubscribeUrl",
        `${ravi!.id},ravi@example.in,${ravi!.subscribedAt},${ravi!.unsubscribeUrl}`,
        `${formula!.id},'-2+3@example.com,${formula!.subscribedAt},${formula!.unsubscribeUrl}`,
        "",
      ].join("\r\n"),
    );
  });
});

describe("exporting page-speed figures", () => {
  test("prints the 75th percentile of each metric per page as a table", async () => {
    const { code, stdout } = await runExport(["vitals"]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        "Page             Metric  Samples      p75",
        "---------------  ------  -------  -------",
        "/                CLS           1    0.050",
        "/                LCP           3  2500 ms",
        "/privacy-policy  TTFB          1   310 ms",
        "",
      ].join("\n"),
    );
  });

  test("prints them as JSON on request", async () => {
    const { code, stdout } = await runExport(["vitals", "--format", "json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { page: "/", metric: "CLS", count: 1, p75: 0.05 },
      { page: "/", metric: "LCP", count: 3, p75: 2500.4 },
      { page: "/privacy-policy", metric: "TTFB", count: 1, p75: 310 },
    ]);
  });
});

describe("a bad command", () => {
  test.each([
    [[], /Say what to export/],
    [["orders"], /Unknown export "orders"/],
    [["enquiries", "--format", "xml"], /no format "xml"; use json or csv/],
    [["vitals", "--format", "csv"], /no format "csv"; use table or json/],
    [["enquiries", "--output", "x.csv"], /Unknown option '--output'/],
    [["enquiries", "subscribers"], /Unexpected argument "subscribers"/],
  ])("%j prints the usage to stderr and exits non-zero, writing nothing to stdout", async (args, reason) => {
    const { code, stdout, stderr } = await runExport(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(reason);
    expect(stderr).toContain("Usage:\n  npm run export -- enquiries [--format json|csv]");
  });

  test("a DATABASE_URL that is not a database address is named in the error", async () => {
    const { code, stdout, stderr } = await runExport(["enquiries"], { DATABASE_URL: "mysql://db/site" });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("DATABASE_URL: must be sqlite:<path> or firestore://<project-id>");
  });

  test("a store that cannot be read is reported, with a non-zero exit", async () => {
    const blocker = join(dir, "not-a-folder");
    writeFileSync(blocker, "");
    const { code, stdout, stderr } = await runExport(["enquiries"], {
      DATABASE_URL: `sqlite:${join(blocker, "site.db")}`,
    });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^The store cannot be used: /);
  });
});
