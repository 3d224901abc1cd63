import { describe, expect, it } from "vitest";
import { brand } from "../domain/brand";
import { BACKUP_KEEP, RETENTION_DAYS_CLOSED, RETENTION_DAYS_VITALS } from "../domain/retention";
import webPush from "web-push";
import { ConfigError, loadConfig, vapidOf } from "./config";

const emailjs = {
  EMAILJS_SERVICE_ID: "service_abc",
  EMAILJS_TEMPLATE_ID: "template_xyz",
  EMAILJS_PUBLIC_KEY: "public",
  EMAILJS_PRIVATE_KEY: "private",
};

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("the configuration was accepted");
}

describe("the notification settings", () => {
  it("default to the company's address as sender, a 30 s delivery limit, and no notifier", () => {
    const config = loadConfig({});
    expect(config.MAIL_FROM).toBe(brand.companyEmail);
    expect(config.NOTIFY_TIMEOUT_SECONDS).toBe(30);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.EMAILJS_API_URL).toBe("https://api.emailjs.com/api/v1.0/email/send");
  });

  it("take SMTP with a recipient, or all four EmailJS values", () => {
    expect(
      loadConfig({ SMTP_URL: "smtps://user:pass@mail.example:465", NOTIFY_TO: "orders@collarise.example" }),
    ).toMatchObject({
      SMTP_URL: "smtps://user:pass@mail.example:465",
      NOTIFY_TO: "orders@collarise.example",
    });
    expect(loadConfig(emailjs)).toMatchObject(emailjs);
  });

  it("refuse SMTP without a recipient, part of EmailJS, both at once, and a bad timeout", () => {
    expect(problems({ SMTP_URL: "smtp://mail.example:25" })).toMatch(
      /^ {2}NOTIFY_TO: is required when SMTP_URL is set$/m,
    );
    expect(problems({ SMTP_URL: "http://mail.example" })).toMatch(/^ {2}SMTP_URL: /m);
    expect(problems({ EMAILJS_SERVICE_ID: "service_abc" })).toMatch(/^ {2}EMAILJS_PRIVATE_KEY: is required/m);
    expect(problems({ SMTP_URL: "smtp://mail.example:25", NOTIFY_TO: "a@example.com", ...emailjs })).toMatch(
      /^ {2}SMTP_URL: set either SMTP_URL or the EMAILJS_ variables, not both$/m,
    );
    expect(problems({ NOTIFY_TIMEOUT_SECONDS: "soon" })).toMatch(/^ {2}NOTIFY_TIMEOUT_SECONDS: /m);
    expect(problems({ MAIL_FROM: "website" })).toMatch(/^ {2}MAIL_FROM: /m);
  });
});

describe("the outbox's alert", () => {
  it("comes after 30 minutes unless set, in whole minutes from 1 to a week", () => {
    expect(loadConfig({}).OUTBOX_ALERT_MINUTES).toBe(30);
    expect(loadConfig({ OUTBOX_ALERT_MINUTES: "5" }).OUTBOX_ALERT_MINUTES).toBe(5);
    for (const bad of ["0", "1.5", "-3", "soon", "20000"]) {
      expect(problems({ OUTBOX_ALERT_MINUTES: bad })).toMatch(/^ {2}OUTBOX_ALERT_MINUTES: /m);
    }
  });
});

describe("scheduled backups", () => {
  it("are for a SQLite database: on Firestore they stop the start, pointing to Firestore's own", () => {
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: "24" }).BACKUP_INTERVAL_HOURS).toBe(24);
    expect(problems({ DATABASE_URL: "firestore://collarise-prod", BACKUP_INTERVAL_HOURS: "24" })).toMatch(
      /^ {2}BACKUP_INTERVAL_HOURS: backs up a SQLite database only; .*Firestore's own scheduled backups/m,
    );
  });
});

describe("the retention settings", () => {
  it("default to the periods in domain/retention.ts", () => {
    const config = loadConfig({});
    expect(config.RETENTION_DAYS_CLOSED).toBe(RETENTION_DAYS_CLOSED);
    expect(config.RETENTION_DAYS_VITALS).toBe(RETENTION_DAYS_VITALS);
    expect(config.BACKUP_KEEP).toBe(BACKUP_KEEP);
    expect(loadConfig({ RETENTION_DAYS_CLOSED: "", RETENTION_DAYS_VITALS: "" })).toMatchObject({
      RETENTION_DAYS_CLOSED: 365,
      RETENTION_DAYS_VITALS: 90,
    });
  });

  it("take whole numbers of days from 1", () => {
    expect(loadConfig({ RETENTION_DAYS_CLOSED: "730", RETENTION_DAYS_VITALS: "1" })).toMatchObject({
      RETENTION_DAYS_CLOSED: 730,
      RETENTION_DAYS_VITALS: 1,
    });
  });

  it("refuse 0, fractions, negative numbers and words, naming the variable", () => {
    for (const value of ["0", "1.5", "-3", "a year", "1e3", "36501"]) {
      expect(problems({ RETENTION_DAYS_CLOSED: value }), value).toMatch(
        /^ {2}RETENTION_DAYS_CLOSED: must be a whole number of days, from 1 to 36500$/m,
      );
      expect(problems({ RETENTION_DAYS_VITALS: value }), value).toMatch(/^ {2}RETENTION_DAYS_VITALS: /m);
    }
    expect(problems({ BACKUP_KEEP: "0" })).toMatch(/^ {2}BACKUP_KEEP: must be a whole number of copies/m);
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no proxy unless set, and takes a hop count or the proxies' addresses", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1" }).TRUST_PROXY).toEqual(["127.0.0.1"]);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, ::1, fd00::/8,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses `true`, which would trust every hop, saying what to write instead", () => {
    for (const value of ["true", "TRUE", "yes"]) {
      const message = problems({ TRUST_PROXY: value });
      expect(message).toMatch(new RegExp(`^ {2}TRUST_PROXY: is '${value}': set the number of proxies`, "m"));
      expect(message).toContain("or their addresses, comma-separated");
    }
  });

  it("refuses what is neither a hop count nor addresses", () => {
    for (const value of [
      "1.5",
      "-1",
      "proxy.example",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.1,",
      "10.0.0.1/8/8",
    ]) {
      expect(problems({ TRUST_PROXY: value })).toMatch(/^ {2}TRUST_PROXY: is '/m);
    }
  });
});

describe("REDIS_URL and SINGLE_INSTANCE", () => {
  it("count limits in memory on SQLite, in Redis when REDIS_URL is set", () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(problems({ REDIS_URL: "127.0.0.1:6379" })).toMatch(/^ {2}REDIS_URL: must be redis:\/\//m);
  });

  it("refuse Firestore without REDIS_URL, unless SINGLE_INSTANCE=true says one instance runs", () => {
    expect(problems({ DATABASE_URL: "firestore://demo-project" })).toMatch(
      /^ {2}REDIS_URL: is required with DATABASE_URL=firestore:\/\/…, .*set SINGLE_INSTANCE=true if only one instance runs$/m,
    );
    expect(
      loadConfig({ DATABASE_URL: "firestore://demo-project", REDIS_URL: "redis://10.0.0.5:6379" }).REDIS_URL,
    ).toBe("redis://10.0.0.5:6379");
    expect(loadConfig({ DATABASE_URL: "firestore://demo-project", SINGLE_INSTANCE: "true" })).toMatchObject({
      SINGLE_INSTANCE: true,
    });
  });
});

describe("OUTBOX_LEASE_SECONDS", () => {
  it("is unset by default (twice the send timeout) and must outlast NOTIFY_TIMEOUT_SECONDS", () => {
    expect(loadConfig({}).OUTBOX_LEASE_SECONDS).toBeUndefined();
    expect(loadConfig({ OUTBOX_LEASE_SECONDS: "4", NOTIFY_TIMEOUT_SECONDS: "2" }).OUTBOX_LEASE_SECONDS).toBe(
      4,
    );
    expect(problems({ OUTBOX_LEASE_SECONDS: "20" })).toMatch(
      /^ {2}OUTBOX_LEASE_SECONDS: must be longer than NOTIFY_TIMEOUT_SECONDS/m,
    );
    expect(problems({ OUTBOX_LEASE_SECONDS: "1" })).toMatch(/^ {2}OUTBOX_LEASE_SECONDS: /m);
  });
});

describe("WEBHOOKS_ALLOW_PRIVATE", () => {
  it("is off by default, may be on for tests, and stops a production server from starting", () => {
    expect(loadConfig({}).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: "true" }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(problems({ NODE_ENV: "production", WEBHOOKS_ALLOW_PRIVATE: "true" })).toMatch(
      /^ {2}WEBHOOKS_ALLOW_PRIVATE: may not be true with NODE_ENV=production: it lets webhooks reach private, loopback and cloud metadata addresses, for tests only \(see docs\/webhooks\.md\); unset it$/m,
    );
  });
});

describe("PUSH_ALLOW_LOOPBACK", () => {
  it("is off by default, may be on for tests, and stops a production server from starting", () => {
    expect(loadConfig({}).PUSH_ALLOW_LOOPBACK).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_LOOPBACK: "true" }).PUSH_ALLOW_LOOPBACK).toBe(true);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: "true" }).PUSH_ALLOW_LOOPBACK).toBe(false);
    expect(problems({ NODE_ENV: "production", PUSH_ALLOW_LOOPBACK: "true" })).toMatch(
      /^ {2}PUSH_ALLOW_LOOPBACK: may not be true with NODE_ENV=production: it lets push notifications go to this machine's own addresses, for tests only \(see docs\/configuration\.md\); unset it$/m,
    );
  });
});

describe("the VAPID keys of Web Push", () => {
  const pair = webPush.generateVAPIDKeys();

  it("are both set or neither, the subject defaulting to the sender's address", () => {
    expect(vapidOf(loadConfig({}))).toBeNull();
    expect(
      vapidOf(loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })),
    ).toEqual({
      publicKey: pair.publicKey,
      privateKey: pair.privateKey,
      subject: `mailto:${brand.companyEmail}`,
    });
    expect(problems({ VAPID_PUBLIC_KEY: pair.publicKey })).toMatch(/^ {2}VAPID_PRIVATE_KEY: is required/m);
  });

  it("refuse a key of the wrong form, two keys of different pairs, and a subject push services cannot use", () => {
    const other = webPush.generateVAPIDKeys();
    expect(problems({ VAPID_PUBLIC_KEY: "not-a-key", VAPID_PRIVATE_KEY: pair.privateKey })).toMatch(
      /^ {2}VAPID_PUBLIC_KEY: must be the public key that npx web-push generate-vapid-keys prints/m,
    );
    expect(problems({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toMatch(
      /^ {2}VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/m,
    );
    expect(
      problems({
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: pair.privateKey,
        VAPID_SUBJECT: "sales",
      }),
    ).toMatch(/^ {2}VAPID_SUBJECT: must be mailto:<address> or an https:\/\/ URL$/m);
  });
});

describe("FIRST_CONTACT_HOURS", () => {
  it("is refused while set: the first-contact target is the Company page's field now", () => {
    expect(loadConfig({})).not.toHaveProperty("FIRST_CONTACT_HOURS", expect.anything());
    expect(loadConfig({ FIRST_CONTACT_HOURS: "" }).FIRST_CONTACT_HOURS).toBeUndefined();
    expect(problems({ FIRST_CONTACT_HOURS: "4" })).toMatch(
      /^ {2}FIRST_CONTACT_HOURS: is no longer read: .*console's Company page, in "First contact within \(working hours\)"\. Unset FIRST_CONTACT_HOURS$/m,
    );
  });
});
