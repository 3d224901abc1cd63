import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { gstr1Csv, tallyXml } from "../../domain/accounts";
import type { IssuedDocument } from "../../domain/invoice";
import { SqliteStore } from "../store";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { NO_ENVIRONMENT_FILE } from "../../tests/support/operator-environment";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const ist = (local: string) => new Date(`${local}+05:30`);

let dir: string;
let databaseUrl: string;
let november: IssuedDocument[];

/** Runs the command as an operator would, in its own process. */
function runExport(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/cli/export.ts", ...args],
      {
        cwd: projectRoot,
        env: {
          PATH: process.env.PATH ?? "",
          COLLARISE_ENV_FILE: NO_ENVIRONMENT_FILE,
          DATABASE_URL: databaseUrl,
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "export-accounts-"));
  const path = join(dir, "site.db");
  databaseUrl = `sqlite:${path}`;
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  await store.companyFacts.publish({
    facts: FILLED_FACTS,
    baseVersion: null,
    by: "owner@example.com",
    now: new Date(),
  });
  const enquiry = await store.enquiries.add({
    Name: "Meera Stores",
    Email: "meera.stores@example.com",
    Mobile: "9811122233",
    Quantity: 300,
    RetailerSelfUse: "Retailer",
  });
  await store.work.changeStatus(enquiry.id, {
    to: "Confirmed",
    expectedVersion: 0,
    staffEmail: "sales@example.com",
    at: new Date(),
  });
  const buyer = {
    name: "Meera Stores",
    address: { lines: ["Shop 4, Lajpat Nagar Market"], city: "New Delhi", stateCode: "07", pin: "110024" },
    shippingAddress: null,
    gstin: "07AAGFF2194N1Z1",
    email: null,
    mobile: null,
  };
  const issue = async (
    at: Date,
    clickKey: string,
    extra: Partial<Parameters<typeof store.work.issueDocument>[1]> = {},
  ) => {
    const result = await store.work.issueDocument(enquiry.id, {
      kind: "tax-invoice",
      language: "en",
      buyer,
      lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
      againstId: null,
      reason: null,
      staffEmail: "sales@example.com",
      at,
      clickKey,
      ...extra,
    });
    if (result.outcome !== "issued") throw new Error(result.outcome);
    return result.document;
  };
  // The last minute of October IST is October's; the first of December is December's.
  await issue(ist("2026-10-31T23:59:00"), "october");
  const invoice = await issue(ist("2026-11-01T00:00:00"), "november");
  const credit = await issue(ist("2026-11-30T23:59:00"), "credit", {
    kind: "credit-note",
    lines: [{ quantity: 10, unitPricePaise: null, discountPaise: 0 }],
    againstId: invoice.id,
    reason: "Ten sachets returned damaged",
  });
  await issue(ist("2026-12-01T00:00:00"), "december");
  // A buyer in Maharashtra without a GSTIN, above ₹1,00,000: B2C Large.
  const large = await issue(ist("2026-11-15T12:00:00"), "large", {
    buyer: {
      name: "Rahul Deshmukh",
      address: { lines: ["Flat 7, Sai Residency", "Kothrud"], city: "Pune", stateCode: "27", pin: "411038" },
      shippingAddress: null,
      gstin: null,
      email: null,
      mobile: null,
    },
    lines: [{ quantity: 3_500, unitPricePaise: null, discountPaise: 0 }],
  });
  november = [invoice, large, credit];
  await store.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the accountant's month from the command line", () => {
  test("a GSTR-1 table has the month's IST invoices and credit notes, as the console's file has them", async () => {
    const b2b = await runExport(["gstr1", "--month", "2026-11", "--section", "b2b"]);
    expect({ code: b2b.code, stderr: b2b.stderr }).toEqual({ code: 0, stderr: "" });
    expect(b2b.stdout).toBe(gstr1Csv(november, "2026-11", "b2b"));
    expect(b2b.stdout).toContain(november[0]!.number);
    const cdnr = await runExport(["gstr1", "--month", "2026-11", "--section", "cdnr"]);
    expect(cdnr.stdout).toBe(gstr1Csv(november, "2026-11", "cdnr"));
    expect(cdnr.stdout).toContain(november[2]!.number);
    const b2cl = await runExport(["gstr1", "--month", "2026-11", "--section", "b2cl"]);
    expect(b2cl.stdout).toBe(gstr1Csv(november, "2026-11", "b2cl"));
    expect(b2cl.stdout).toContain(`${november[1]!.number},15-Nov-2026,110250.00,27-Maharashtra`);
    for (const section of ["hsn-b2b", "hsn-b2c"] as const) {
      const hsn = await runExport(["gstr1", "--month", "2026-11", "--section", section]);
      expect(hsn.stdout).toBe(gstr1Csv(november, "2026-11", section));
    }
  });

  test("with --tally, the month's vouchers as Tally's XML", async () => {
    const tally = await runExport(["gstr1", "--month", "2026-11", "--tally"]);
    expect({ code: tally.code, stderr: tally.stderr }).toEqual({ code: 0, stderr: "" });
    expect(tally.stdout).toBe(tallyXml(november, "2026-11"));
  });

  test("a month or table missing or wrong is a usage error", async () => {
    for (const args of [
      ["gstr1", "--section", "b2b"],
      ["gstr1", "--month", "2026-13", "--section", "b2b"],
      ["gstr1", "--month", "2026-11", "--section", "b2c"],
      // The one HSN table before May 2025: the portal now asks for its B2B and B2C tabs.
      ["gstr1", "--month", "2026-11", "--section", "hsn"],
      ["gstr1", "--month", "2026-11", "--section", "b2b", "--tally"],
    ]) {
      const run = await runExport(args);
      expect([args.join(" "), run.code]).toEqual([args.join(" "), 2]);
      expect(run.stderr).toMatch(/--month|--section|--tally/);
    }
  });
});
