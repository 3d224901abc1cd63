import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { launchContent } from "../../scripts/launch-content";
import { projectRoot } from "../../tests/support/server-process";
import { loadConfig } from "../config";
import { ENVIRONMENT_FILE, launchCheck, type LaunchContent } from "./launch-check";
import { COMPANY_PAGE } from "./facts-launch";
import { PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { SqliteStore } from "../store";
import webPush from "web-push";

const run = promisify(execFile);

const vapid = webPush.generateVAPIDKeys();

/** Production's settings, all filled in. */
const productionEnv = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  NODE_ENV: "production",
  PUBLIC_URL: "https://www.collarise.in",
  SMTP_URL: "smtps://enquiries%40collarise.in:secret@smtp.zoho.in:465",
  NOTIFY_TO: "sales@collarise.in",
  MAIL_FROM: "sales@aarogya-nutrition.in",
  IMAP_URL: "imaps://enquiries%40collarise.in:secret@imap.zoho.in:993/INBOX",
  IMAP_AUTHSERV_ID: "mx.zoho.in",
  DATABASE_URL: "sqlite:/srv/collarise/data/site.db",
  BACKUP_INTERVAL_HOURS: "6",
};

/** The details the build still holds, as a company would fill them in. */
const filledIn: Record<string, string | number> = {
  "site.url": "https://www.collarise.in",
};

function filledInContent(): LaunchContent {
  return {
    facts: launchContent().facts.map((fact) => {
      if (!(fact.field in filledIn)) throw new Error(`No filled-in value for ${fact.field}`);
      return { ...fact, value: filledIn[fact.field]! };
    }),
  };
}

describe("the launch check", () => {
  it("lists every placeholder of the company's facts as the build ships them, field by field in each language, and what production lacks", () => {
    const items = launchCheck(loadConfig({ PUBLIC_URL: "http://127.0.0.1:3000" }), launchContent(), null);
    const named = items.map((item) => `${item.file} ${item.field}`);
    const company = (field: string) => `${COMPANY_PAGE} ${field}`;
    expect(named).toEqual([
      company("legalName (English)"),
      company("legalName (Hindi)"),
      company("shortName (English)"),
      company("shortName (Hindi)"),
      company("registeredAddress.street (English)"),
      company("registeredAddress.street (Hindi)"),
      company("manufacturingAddress.street (English)"),
      company("manufacturingAddress.street (Hindi)"),
      company("grievanceOfficer.name (English)"),
      company("grievanceOfficer.name (Hindi)"),
      company("billing.signatory.name (English)"),
      company("billing.signatory.name (Hindi)"),
      company("registeredAddress.pin"),
      company("manufacturingAddress.pin"),
      company("phone"),
      company("whatsapp"),
      company("email.care"),
      company("email.grievance"),
      company("email.mailbox"),
      company("fssaiLicence"),
      company("social.facebook"),
      company("social.instagram"),
      company("social.linkedin"),
      company("gstin"),
      company("billing.merchantUpiId"),
      company("termsConfirmedBy"),
      "app/content/site.ts site.url",
      `${ENVIRONMENT_FILE} PUBLIC_URL`,
      `${ENVIRONMENT_FILE} SMTP_URL`,
      `${ENVIRONMENT_FILE} MAIL_FROM`,
      `${ENVIRONMENT_FILE} IMAP_URL`,
      `${ENVIRONMENT_FILE} VAPID_PUBLIC_KEY`,
      `${ENVIRONMENT_FILE} BACKUP_INTERVAL_HOURS`,
    ]);
    expect(items.find((item) => item.field === "PUBLIC_URL")?.problem).toMatch(/not https/);
    expect(items.find((item) => item.field === "legalName (Hindi)")?.problem).toBe(
      "is still the placeholder 'सानवेरा हेल्थकेयर प्रा. लि.'",
    );
    expect(items.find((item) => item.field === "grievanceOfficer.name (English)")?.problem).toBe(
      "is still the placeholder 'Grievance Officer (name to be set)'",
    );
    expect(items.find((item) => item.field === "gstin")?.problem).toBe("no GSTIN is stated");
    expect(items.find((item) => item.field === "billing.merchantUpiId")?.problem).toMatch(
      /no merchant UPI ID/,
    );
  });

  it("keeps listing the Hindi legal name and the Hindi street when only the English ones were filled in", () => {
    const facts: CompanyFacts = {
      ...FILLED_FACTS,
      legalName: { ...FILLED_FACTS.legalName, hi: PLACEHOLDER_FACTS.legalName.hi },
      registeredAddress: {
        ...FILLED_FACTS.registeredAddress,
        street: {
          ...FILLED_FACTS.registeredAddress.street,
          hi: PLACEHOLDER_FACTS.registeredAddress.street.hi,
        },
      },
    };
    const items = launchCheck(loadConfig(productionEnv), filledInContent(), facts);
    expect(items.map((item) => `${item.file} ${item.field}`)).toEqual([
      `${COMPANY_PAGE} legalName (Hindi)`,
      `${COMPANY_PAGE} registeredAddress.street (Hindi)`,
    ]);
    expect(items.every((item) => item.problem.startsWith("is still the placeholder"))).toBe(true);
  });

  it("lists nothing once the company's facts and the configuration are filled in", () => {
    expect(launchCheck(loadConfig(productionEnv), filledInContent(), FILLED_FACTS)).toEqual([]);
  });

  it("names a mailbox on the Company page that is not the one the console reads (MAIL_FROM)", () => {
    const items = launchCheck(
      loadConfig({ ...productionEnv, MAIL_FROM: "orders@aarogya-nutrition.in" }),
      filledInContent(),
      FILLED_FACTS,
    );
    expect(items).toEqual([
      {
        file: COMPANY_PAGE,
        field: "email.mailbox",
        problem:
          "'sales@aarogya-nutrition.in' is not MAIL_FROM's address 'orders@aarogya-nutrition.in': buyers would write to a mailbox the console does not read",
      },
    ]);
  });

  it("asks which receiving mail server vouches for buyers' addresses when the mailbox is read", () => {
    const { IMAP_AUTHSERV_ID: _none, ...withoutAuthserv } = productionEnv;
    expect(launchCheck(loadConfig(withoutAuthserv), filledInContent(), FILLED_FACTS)).toEqual([
      expect.objectContaining({ field: "IMAP_AUTHSERV_ID", problem: expect.stringMatching(/Not verified/) }),
    ]);
  });

  it("asks for Firestore's indexes to be deployed, and says which setting tells it", () => {
    const firestore = {
      ...productionEnv,
      DATABASE_URL: "firestore://collarise-prod",
      SINGLE_INSTANCE: "true",
    };
    const { BACKUP_INTERVAL_HOURS: _none, ...withoutBackups } = firestore;
    expect(launchCheck(loadConfig(withoutBackups), filledInContent(), FILLED_FACTS)).toEqual([
      expect.objectContaining({ field: "FIRESTORE_INDEXES_DEPLOYED" }),
    ]);
    expect(
      launchCheck(
        loadConfig({ ...withoutBackups, FIRESTORE_INDEXES_DEPLOYED: "true" }),
        filledInContent(),
        FILLED_FACTS,
      ),
    ).toEqual([]);
  });

  it("finds an example address, no GSTIN, unconfirmed terms, and mail that is not configured", () => {
    const cases: [CompanyFacts, string, RegExp][] = [
      [
        { ...FILLED_FACTS, email: { ...FILLED_FACTS.email, care: "help@aarogya.example" } },
        "email.care",
        /example address/,
      ],
      [
        {
          ...FILLED_FACTS,
          social: { ...FILLED_FACTS.social, instagram: "https://www.instagram.com/collarise-example" },
        },
        "social.instagram",
        /example address/,
      ],
      [{ ...FILLED_FACTS, gstin: null }, "gstin", /no GSTIN/],
      [{ ...FILLED_FACTS, termsConfirmedBy: null }, "termsConfirmedBy", /nobody has confirmed/],
    ];
    for (const [facts, field, problem] of cases) {
      const items = launchCheck(loadConfig(productionEnv), filledInContent(), facts);
      expect(items, field).toEqual([{ file: COMPANY_PAGE, field, problem: expect.stringMatching(problem) }]);
    }
    const { SMTP_URL: _smtp, NOTIFY_TO: _to, ...noMail } = productionEnv;
    expect(
      launchCheck(loadConfig(noMail), filledInContent(), FILLED_FACTS).map((item) => item.field),
    ).toEqual(["SMTP_URL"]);
  });
});

describe("npm run check-launch", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** check-launch as an operator runs it, on a SQLite database of its own (`facts` published there first). */
  const checkLaunch = async (content: LaunchContent, env: Record<string, string>, facts?: CompanyFacts) => {
    dir = await mkdtemp(join(tmpdir(), "collarise-launch-"));
    const file = join(dir, "launch-content.json");
    await writeFile(file, JSON.stringify(content));
    const path = join(dir, "site.db");
    if (facts) {
      const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
      await store.companyFacts.publish({
        facts,
        baseVersion: null,
        by: "owner@collarise.in",
        now: new Date(),
      });
      await store.close();
    }
    return run(process.execPath, ["--import", "tsx", "server/cli/check-launch.ts", file], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", ...env, DATABASE_URL: `sqlite:${path}` },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
  };

  it("exits 1 while the company's facts were never published, naming each field of each language", async () => {
    const { code, stdout } = await checkLaunch(launchContent(), { PUBLIC_URL: "https://collarise.example" });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^Not ready to launch: \d+ to put right\.$/m);
    expect(stdout).toMatch(
      /^Company page \(\/admin\/company\) {2}legalName \(English\): is still the placeholder 'Sanvera Healthcare Pvt\. Ltd\.'$/m,
    );
    expect(stdout).toMatch(
      /^Company page \(\/admin\/company\) {2}legalName \(Hindi\): is still the placeholder 'सानवेरा हेल्थकेयर प्रा\. लि\.'$/m,
    );
    expect(stdout).toMatch(/^Company page \(\/admin\/company\) {2}fssaiLicence: /m);
    expect(stdout).toMatch(
      /^environment \(\/etc\/collarise\/collarise\.env\) {2}PUBLIC_URL: 'https:\/\/collarise\.example' is an example address$/m,
    );
  });

  it("exits 0 once an owner published the company's own facts, with production's settings", async () => {
    const { DATABASE_URL: _elsewhere, ...settings } = productionEnv;
    const { code, stdout } = await checkLaunch(filledInContent(), settings, FILLED_FACTS);
    expect(stdout).toContain("Ready to launch");
    expect(code).toBe(0);
  });
});
