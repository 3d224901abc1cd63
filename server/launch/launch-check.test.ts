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
  MAIL_FROM: "enquiries@collarise.in",
  IMAP_URL: "imaps://enquiries%40collarise.in:secret@imap.zoho.in:993/INBOX",
  IMAP_AUTHSERV_ID: "mx.zoho.in",
  DATABASE_URL: "sqlite:/srv/collarise/data/site.db",
  BACKUP_INTERVAL_HOURS: "6",
};

/** The brand details as a company would fill them in. */
const filledIn: Record<string, string | number> = {
  companyName: "Rasvika Life Sciences Pvt. Ltd.",
  companyShortName: "Rasvika Life Sciences",
  "brandHi.companyName": "रसविका लाइफ़ साइंसेज़ प्रा. लि.",
  "brandHi.companyShortName": "रसविका लाइफ़ साइंसेज़",
  companyEmail: "care@collarise.in",
  "companyPhone.display": "+91 11 4988 7310",
  "companyPhone.tel": "+911149887310",
  "company.whatsapp": "919810012345",
  "company.address.street": "B-14, Sector 63",
  "company.address.locality": "Noida",
  "company.address.region": "Uttar Pradesh",
  "company.address.postalCode": "201301",
  "addressLines[0]": "बी-14, सेक्टर 63",
  "addressLines[1]": "नोएडा 201301",
  "addressLines[2]": "भारत",
  "product.fssaiLicence": "13323999000456",
  mrpRupees: 1299,
  "declarations.gstin": "07AABCR1234F1Z5",
  "site.url": "https://www.collarise.in",
  "social[Facebook].href": "https://www.facebook.com/collarise.in",
  "social[Instagram].href": "https://www.instagram.com/collarise.in",
  "social[LinkedIn].href": "https://www.linkedin.com/company/rasvika",
  "social[WhatsApp chat].href": "https://wa.me/919810012345",
  "companyEmail (the privacy policy's Grievance Officer)": "care@collarise.in",
  "faqFacts.confirmedBy (payment, delivery and return terms)": "Ritu Malhotra, sales head, 2 December 2026",
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
  it("lists every placeholder of the content as it ships, by file and field, and what production lacks", () => {
    const items = launchCheck(loadConfig({ PUBLIC_URL: "http://127.0.0.1:3000" }), launchContent());
    const named = items.map((item) => `${item.file} ${item.field}`);
    expect(named).toEqual(
      expect.arrayContaining([
        "domain/brand.ts companyName",
        "domain/brand.ts companyEmail",
        "domain/brand.ts companyPhone.display",
        "app/content/site.ts company.whatsapp",
        "app/content/site.ts company.address.street",
        "app/content/site.ts company.address.postalCode",
        "domain/brand.hi.ts brandHi.companyName",
        "domain/brand.hi.ts brandHi.companyShortName",
        "app/content/site.hi.ts addressLines[0]",
        "app/content/site.hi.ts addressLines[1]",
        "app/content/site.ts product.fssaiLicence",
        "domain/brand.ts mrpRupees",
        "app/content/site.ts declarations.gstin",
        "app/content/site.ts site.url",
        "app/content/site.ts social[Facebook].href",
        "app/content/site.ts social[Instagram].href",
        "app/content/site.ts social[LinkedIn].href",
        "domain/brand.ts companyEmail (the privacy policy's Grievance Officer)",
        "app/content/faq.ts faqFacts.confirmedBy (payment, delivery and return terms)",
        `${ENVIRONMENT_FILE} PUBLIC_URL`,
        `${ENVIRONMENT_FILE} SMTP_URL`,
        `${ENVIRONMENT_FILE} MAIL_FROM`,
        `${ENVIRONMENT_FILE} IMAP_URL`,
        `${ENVIRONMENT_FILE} BACKUP_INTERVAL_HOURS`,
        `${ENVIRONMENT_FILE} VAPID_PUBLIC_KEY`,
      ]),
    );
    expect(items.find((item) => item.field === "PUBLIC_URL")?.problem).toMatch(/not https/);
    expect(items.find((item) => item.field === "product.fssaiLicence")?.problem).toMatch(/placeholder/);
  });

  it("keeps listing the Hindi company name and address, and the postcode, when only the English street was filled in", () => {
    const content = filledInContent();
    const shipped = new Map(launchContent().facts.map((fact) => [`${fact.file} ${fact.field}`, fact.value]));
    const stillShipped = new Set([
      "domain/brand.hi.ts brandHi.companyName",
      "app/content/site.hi.ts addressLines[0]",
      "app/content/site.hi.ts addressLines[1]",
      "app/content/site.ts company.address.postalCode",
    ]);
    const facts = content.facts.map((fact) => {
      const key = `${fact.file} ${fact.field}`;
      return stillShipped.has(key) ? { ...fact, value: shipped.get(key)! } : fact;
    });
    const items = launchCheck(loadConfig(productionEnv), { facts });
    expect(items.map((item) => `${item.file} ${item.field}`).sort()).toEqual([...stillShipped].sort());
    expect(items.every((item) => item.problem.startsWith("is still the placeholder"))).toBe(true);
  });

  it("lists nothing once the content and the configuration are filled in", () => {
    expect(launchCheck(loadConfig(productionEnv), filledInContent())).toEqual([]);
  });

  it("asks which receiving mail server vouches for buyers' addresses when the mailbox is read", () => {
    const { IMAP_AUTHSERV_ID: _none, ...withoutAuthserv } = productionEnv;
    expect(launchCheck(loadConfig(withoutAuthserv), filledInContent())).toEqual([
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
    expect(launchCheck(loadConfig(withoutBackups), filledInContent())).toEqual([
      expect.objectContaining({ field: "FIRESTORE_INDEXES_DEPLOYED" }),
    ]);
    expect(
      launchCheck(loadConfig({ ...withoutBackups, FIRESTORE_INDEXES_DEPLOYED: "true" }), filledInContent()),
    ).toEqual([]);
  });

  it("finds an example address, a malformed licence or GSTIN, and mail that is not configured", () => {
    const content = filledInContent();
    const change = (field: string, value: string) =>
      content.facts.map((fact) => (fact.field === field ? { ...fact, value } : fact));
    const cases: [string, string, RegExp][] = [
      ["companyEmail", "care@collarise.example", /example address/],
      ["social[Instagram].href", "https://www.instagram.com/collarise-example", /example address/],
      ["product.fssaiLicence", "1002401", /14-digit/],
      ["declarations.gstin", "07AABCR1234F1Z", /not a GSTIN/],
    ];
    for (const [field, value, problem] of cases) {
      const items = launchCheck(loadConfig(productionEnv), { facts: change(field, value) });
      expect(items, field).toEqual([
        expect.objectContaining({ field, problem: expect.stringMatching(problem) }),
      ]);
    }
    const { SMTP_URL: _smtp, NOTIFY_TO: _to, ...noMail } = productionEnv;
    expect(launchCheck(loadConfig(noMail), content).map((item) => item.field)).toEqual(["SMTP_URL"]);
  });
});

describe("npm run check-launch", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const checkLaunch = async (content: LaunchContent, env: Record<string, string>) => {
    dir = await mkdtemp(join(tmpdir(), "collarise-launch-"));
    const file = join(dir, "launch-content.json");
    await writeFile(file, JSON.stringify(content));
    return run(process.execPath, ["--import", "tsx", "server/cli/check-launch.ts", file], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", ...env },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
  };

  it("exits 1 on the content as it ships, naming each item with its file and field", async () => {
    const { code, stdout } = await checkLaunch(launchContent(), { PUBLIC_URL: "https://collarise.example" });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^Not ready to launch: \d+ to put right\.$/m);
    expect(stdout).toMatch(
      /^domain\/brand\.ts {2}companyName: is still the placeholder 'Sanvera Healthcare Pvt\. Ltd\.'$/m,
    );
    expect(stdout).toMatch(/^app\/content\/site\.ts {2}product\.fssaiLicence: /m);
    expect(stdout).toMatch(
      /^environment \(\/etc\/collarise\/collarise\.env\) {2}PUBLIC_URL: 'https:\/\/collarise\.example' is an example address$/m,
    );
  });

  it("exits 0 on a filled-in copy with production's settings", async () => {
    const { code, stdout } = await checkLaunch(filledInContent(), productionEnv);
    expect(stdout).toContain("Ready to launch");
    expect(code).toBe(0);
  });
});
