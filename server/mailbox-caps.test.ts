import { PLACEHOLDER_FACTS } from "../domain/company-facts";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Enquiry } from "../domain/enquiry";
import { appStoreAdapters } from "../tests/support/store-sandboxes";
import { startMailSink, type MailSink } from "../tests/support/mail-sink";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../tests/support/test-app";
import { acknowledgementGreeting, acknowledgementMail } from "./notify/mail-content";
import { mailboxOf } from "./mailbox-caps";

/**
 * The site's mail aimed at a stranger: enquiries and newsletter requests naming someone else's
 * address, from many client addresses at once. A mailbox gets at most 3 such mails an hour.
 */
const adapters = appStoreAdapters("mailbox");
let sink: MailSink;
beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(async () => {
  await sink.close();
});

const running: TestApp[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});

const VICTIM = "victim@example.net";

/**
 * Three, the cap. SQLite counts each request exactly; Firestore adds atomically and reads the
 * count back, which may include requests landing at the same moment, so a burst there may be
 * refused more often, never less (server/store/firestore/attempt-counters.ts).
 */
function expectThree(exact: boolean, count: number) {
  if (exact) expect(count).toBe(3);
  else expect(count).toBeLessThanOrEqual(3);
}

// Each a little different: ten copies of one body would be filed as Spam and mail nobody
// (server/routes/enquiry-screening.test.ts), and the cap on one mailbox is what is tested here.
const spam = (i: number): Enquiry => ({
  Name: `Visit evil.example/win now ${i}`,
  Email: i % 2 ? VICTIM : `Victim+${i}@Example.NET`,
  Mobile: `98765432${String(i).padStart(2, "0")}`,
  Quantity: 1,
  RetailerSelfUse: "Self Use",
});

describe.each(adapters)("mail to one mailbox, on $name", (adapter) => {
  test("ten enquiries naming one victim from ten addresses: all stored, the company mailed of each not filed as spam, three acknowledged at most", async () => {
    const testApp = await buildTestApp(
      {
        LOG_LEVEL: "silent",
        SMTP_URL: sink.url,
        NOTIFY_TO: "orders@collarise.example",
        ACKNOWLEDGE_VISITORS: "true",
        ...adapter.env(),
      },
      { outbox: { pollIntervalMs: 50 } },
    );
    running.push(testApp);
    const { app } = testApp;
    const before = sink.mails.length;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/enquiries",
          payload: spam(i),
          remoteAddress: `198.51.100.${i + 1}`,
        }),
      ),
    );
    // The visitor sees the usual success every time.
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    // Every one is stored. No proof of work and one mailbox again and again file the later ones as
    // suspected spam (docs/decisions/024): stored, mailed to nobody, the victim spared.
    const records = await Promise.all(
      responses.map((response) => app.store.enquiryWork.get(response.json<{ id: string }>().id)),
    );
    expect(records.every((record) => record !== null)).toBe(true);
    const filed = records.filter((record) => record?.status === "Spam");
    const genuine = records.filter((record) => record?.status !== "Spam");
    for (const record of filed) expect(record?.notifications).toEqual([]);
    for (const record of genuine) {
      expect(record?.notifications.filter((notification) => notification.kind === "company")).toHaveLength(1);
    }
    const acknowledged = genuine.flatMap(
      (record) =>
        record?.notifications.filter((notification) => notification.kind === "acknowledgement") ?? [],
    ).length;
    expect(genuine.length).toBeGreaterThanOrEqual(3);
    expectThree(adapter.sqlite, acknowledged);

    if (adapter.sqlite) {
      // Delivered over SMTP: the victim's mailbox got three, the company ten.
      await waitForEmptyOutbox(testApp);
      const mails = sink.mails.slice(before);
      const toVictim = mails.filter((mail) => mail.envelopeTo.some((to) => mailboxOf(to) === VICTIM));
      expect(toVictim).toHaveLength(acknowledged);
      expect(mails.filter((mail) => mail.envelopeTo.includes("orders@collarise.example"))).toHaveLength(
        genuine.length,
      );
      for (const mail of toVictim) {
        expect(mail.parsed.text).toMatch(/^Dear Visit,\n/);
        expect(mail.parsed.text).not.toContain("evil.example");
        expect(mail.parsed.text).not.toContain("9000000000");
      }
    }
  });

  test("seven spellings of one Gmail mailbox (dots, googlemail.com, +tags, capitals): three acknowledgements at most, then no newsletter mail either", async () => {
    const testApp = await buildTestApp(
      {
        LOG_LEVEL: "silent",
        SMTP_URL: sink.url,
        NOTIFY_TO: "orders@collarise.example",
        ACKNOWLEDGE_VISITORS: "true",
        ...adapter.env(),
      },
      { outbox: { pollIntervalMs: 50 } },
    );
    running.push(testApp);
    const { app } = testApp;
    // Gmail delivers every one of these to victimname@gmail.com.
    const aliases = [
      "victim.name@gmail.com",
      "victimname@gmail.com",
      "Victim.Name@GoogleMail.com",
      "v.i.c.t.i.m.n.a.m.e@gmail.com",
      "victimname+win@gmail.com",
      "VictimName+Prize@GMAIL.COM",
      "victim.name+x@googlemail.com",
    ];
    const responses = await Promise.all(
      aliases.map((Email, i) =>
        app.inject({
          method: "POST",
          url: "/api/enquiries",
          payload: {
            Name: "Asha Verma",
            Email,
            Mobile: `98765433${String(i).padStart(2, "0")}`,
            Quantity: 2,
            RetailerSelfUse: "Self Use",
          },
          remoteAddress: `198.51.100.${i + 20}`,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(7).fill(201));
    const records = await Promise.all(
      responses.map((response) => app.store.enquiryWork.get(response.json<{ id: string }>().id)),
    );
    // Every one is stored; the company hears of each one not filed as spam.
    expect(records.every((record) => record !== null)).toBe(true);
    const acknowledged = records.flatMap(
      (record) =>
        record?.notifications.filter((notification) => notification.kind === "acknowledgement") ?? [],
    ).length;
    expectThree(adapter.sqlite, acknowledged);

    // The mailbox has had its share: a newsletter request in yet another spelling mails nothing.
    const late = await app.inject({
      method: "POST",
      url: "/api/subscribers",
      payload: { email: "VICTIM.NAME+news@googlemail.com" },
      remoteAddress: "203.0.113.90",
    });
    expect(late.statusCode).toBe(202);
    // (A person's data by any spelling is the whole mailbox's: its enquiries' mails are there too.)
    expect(
      (await app.store.personalData.find({ email: "victim.name+news@googlemail.com" })).pendingMails.filter(
        (mail) => mail.subscriberId !== null,
      ),
    ).toEqual([]);

    if (adapter.sqlite) {
      // Over SMTP: the mailbox got exactly what was queued for it.
      await waitForEmptyOutbox(testApp);
      const toVictim = sink.mails.filter((mail) =>
        mail.envelopeTo.some((to) => mailboxOf(to) === "victimname@gmail.com"),
      );
      expect(toVictim).toHaveLength(acknowledged);
    }
  });

  test("newsletter requests for seven spellings of one Gmail mailbox: three confirmation mails at most", async () => {
    const testApp = await buildTestApp({ LOG_LEVEL: "silent", ...adapter.env() });
    running.push(testApp);
    const { app } = testApp;
    const aliases = [
      "reader.one@gmail.com",
      "readerone@googlemail.com",
      "Reader.One+a@gmail.com",
      "r.e.a.d.e.r.o.n.e@gmail.com",
      "READERONE+b@GMAIL.COM",
      "reader.one+c@googlemail.com",
      "readerOne@Gmail.com",
    ];
    const responses = await Promise.all(
      aliases.map((email, i) =>
        app.inject({
          method: "POST",
          url: "/api/subscribers",
          payload: { email },
          remoteAddress: `203.0.113.${i + 40}`,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(7).fill(202));
    const waiting = await Promise.all(
      [...new Set(aliases.map((email) => email.toLowerCase()))].map(
        async (email) =>
          (await app.store.personalData.find({ email })).pendingMails.filter(
            (mail) => mail.kind === "newsletter-confirmation",
          ).length,
      ),
    );
    expectThree(
      adapter.sqlite,
      waiting.reduce((sum, count) => sum + count, 0),
    );
  });

  test("newsletter requests for +tag variants of one mailbox: three confirmation mails, the same answer to all", async () => {
    const testApp = await buildTestApp({ LOG_LEVEL: "silent", ...adapter.env() });
    running.push(testApp);
    const { app } = testApp;
    const variants = [
      VICTIM,
      "Victim@Example.net",
      ...Array.from({ length: 6 }, (_, i) => `victim+${i + 1}@example.net`),
    ];
    const responses = await Promise.all(
      variants.map((email, i) =>
        app.inject({
          method: "POST",
          url: "/api/subscribers",
          payload: { email },
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    expect(new Set(responses.map((response) => `${response.statusCode} ${response.body}`)).size).toBe(1);
    expect(responses[0]?.statusCode).toBe(202);
    const waiting = await Promise.all(
      [...new Set(variants.map((email) => email.toLowerCase()))].map(
        async (email) =>
          (await app.store.personalData.find({ email })).pendingMails.filter(
            (mail) => mail.kind === "newsletter-confirmation",
          ).length,
      ),
    );
    expectThree(
      adapter.sqlite,
      waiting.reduce((sum, count) => sum + count, 0),
    );
    // Asked one by one afterwards, the mailbox has had its share either way.
    await app.inject({
      method: "POST",
      url: "/api/subscribers",
      payload: { email: "victim+late@example.net" },
    });
    expect((await app.store.personalData.find({ email: "victim+late@example.net" })).pendingMails).toEqual(
      [],
    );
  });
});

describe("the acknowledgement's words", () => {
  test("a mailbox is its address in lower case without a +tag; for Gmail, without dots and as gmail.com", () => {
    expect(mailboxOf(" Victim+Win.Now@Example.NET ")).toBe("victim@example.net");
    expect(mailboxOf("a+b+c@x.co")).toBe("a@x.co");
    expect(mailboxOf("plain@x.co")).toBe("plain@x.co");
    for (const alias of [
      "victim.name@gmail.com",
      "Victim.Name@GoogleMail.com",
      "v.i.c.t.i.m.n.a.m.e@gmail.com",
      "VictimName+Prize@GMAIL.COM",
      "victim.name+x.y@googlemail.com",
    ]) {
      expect(mailboxOf(alias)).toBe("victimname@gmail.com");
    }
    // Other providers' dots are part of the mailbox.
    expect(mailboxOf("first.last@example.in")).toBe("first.last@example.in");
    expect(mailboxOf("first.last@gmail.com.example")).toBe("first.last@gmail.com.example");
  });

  test("greet by a plain first name, else neutrally, and echo nothing else a stranger typed", () => {
    expect(acknowledgementGreeting("Anita Sharma")).toBe("Dear Anita,");
    expect(acknowledgementGreeting("अनीता शर्मा")).toBe("Dear अनीता,");
    expect(acknowledgementGreeting("Visit evil.example/win now")).toBe("Dear Visit,");
    for (const name of ["www.evil.example", "Call-9000000000", "http://x", "A".repeat(31), "£££"]) {
      expect(acknowledgementGreeting(name)).toBe("Hello,");
    }
    const mail = acknowledgementMail(
      {
        enquiryId: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
        enquiry: { ...spam(1), Name: "win.example/prize Now" },
      },
      PLACEHOLDER_FACTS,
    );
    expect(mail.text).toMatch(/^Hello,\n/);
    for (const echoed of ["win.example", "prize", "9000000000"]) expect(mail.text).not.toContain(echoed);
  });
});
