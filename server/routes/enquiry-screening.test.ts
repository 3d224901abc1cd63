import { splitHeadline } from "./form-posts";
import { solveChallenge } from "altcha-lib/v1";
import { afterEach, describe, expect, it } from "vitest";
import { consoleMessages, type EnquiryDetail } from "../../domain/console";
import { enquiryMessages } from "../../domain/enquiry";
import { enquiryMessagesHi } from "../../domain/enquiry.hi";
import { type ProofOfWorkChallenge, proofOfWorkPayload } from "../../domain/spam";
import { sourceMessages } from "../../domain/enquiry-source-check";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { startMailSink, type MailSink } from "../../tests/support/mail-sink";
import { buildTestApp, testAppPerTest, waitForEmptyOutbox, type TestApp } from "../../tests/support/test-app";
import { pendingNotifications } from "../../tests/support/store-probe";
import { BASELESS_MARKS, UNREADABLE_CHARACTERS } from "../../tests/support/unreadable-characters";
import { SOURCE_PARTS } from "../../domain/enquiry-source";

const start = testAppPerTest();

const kiran = {
  Name: "Kiran Deshpande",
  Email: "kiran.deshpande@gmail.com",
  Mobile: "9822012345",
  Quantity: 6,
  RetailerSelfUse: "Self Use",
};

function postEnquiry(t: TestApp, payload: object, remoteAddress = "203.0.113.7") {
  return t.app.inject({ method: "POST", url: "/api/enquiries", payload, remoteAddress });
}

/** What the page does: asks for a challenge and solves it with ALTCHA's solver. */
async function solvedProof(t: TestApp): Promise<string> {
  const answer = await t.app.inject({ method: "GET", url: "/api/enquiries/challenge" });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["cache-control"]).toBe("no-store");
  const challenge = answer.json<ProofOfWorkChallenge>();
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error("the challenge had no solution");
  return proofOfWorkPayload(challenge, solution.number);
}

async function recordOf(t: TestApp, response: { json<T>(): T }) {
  const { id } = response.json<{ id: string }>();
  const record = await t.app.store.enquiryWork.get(id);
  if (!record) throw new Error("not stored");
  return record;
}

describe("spam scoring of enquiries", () => {
  it("takes an enquiry with the page's proof of work as genuine, and counts the same proof again as reused", async () => {
    const t = await start();
    const altcha = await solvedProof(t);
    const first = await recordOf(t, await postEnquiry(t, { ...kiran, altcha }));
    expect(first.status).toBe("New");
    expect(first.screening?.reasons ?? []).toEqual([]);

    const again = await recordOf(t, await postEnquiry(t, { ...kiran, Email: "other@gmail.com", altcha }));
    expect(again.screening?.reasons).toEqual(["proof-of-work-reused"]);
    expect(again.status).toBe("New");
  });

  it("files a bot replaying one body with the page's proof of work ten times as Spam from the third, and mails only the first two", async () => {
    const t = await start({ RATE_LIMIT_PER_MINUTE: "100" });
    const altcha = await solvedProof(t);
    const statuses: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await postEnquiry(t, { ...kiran, altcha });
      expect(response.statusCode).toBe(201);
      statuses.push((await recordOf(t, response)).status);
    }
    expect(statuses).toEqual(["New", "New", ...Array<string>(8).fill("Spam")]);
    expect(pendingNotifications(t.databaseUrl)).toBe(2);
  });

  it("counts retries of one attempt (one Idempotency-Key) once: ten of them leave it New and mailed once", async () => {
    const t = await start({ RATE_LIMIT_PER_MINUTE: "100" });
    const headers = { "idempotency-key": "retry-key-0123456789" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/enquiries",
          payload: kiran,
          headers,
          remoteAddress: "203.0.113.7",
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.json<{ id: string }>().id)).size).toBe(1);
    const record = await recordOf(t, answers[0]!);
    expect(record.status).toBe("New");
    expect(record.screening?.reasons).toEqual(["no-proof-of-work"]);
    expect(pendingNotifications(t.databaseUrl)).toBe(1);
  });

  it("lets a company's script send many people's enquiries with one contact mobile without a proof of work", async () => {
    const t = await start({ RATE_LIMIT_PER_MINUTE: "100" });
    for (let i = 0; i < 8; i++) {
      const response = await postEnquiry(t, { ...kiran, Name: `Customer ${"ABCDEFGH"[i]}` });
      expect((await recordOf(t, response)).status).toBe("New");
    }
    expect(pendingNotifications(t.databaseUrl)).toBe(8);
  });

  it("lets a visitor without JavaScript, and the company's own script, reach the team without a proof of work", async () => {
    const t = await start();
    const formPost = await t.app.inject({
      method: "POST",
      url: "/api/enquiries",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...kiran, Quantity: "6", website: "", lang: "en" }).toString(),
    });
    expect(formPost.statusCode).toBe(201);
    const script = await postEnquiry(t, { ...kiran, Mobile: "7020012345", Email: "orders@kiranpharma.in" });
    const records = await t.app.store.enquiryWork.list({ limit: 10 });
    expect(records.items.map((row) => [row.status, row.screening?.reasons])).toEqual([
      ["New", ["no-proof-of-work"]],
      ["New", ["no-proof-of-work"]],
    ]);
    expect(script.statusCode).toBe(201);
    expect(pendingNotifications(t.databaseUrl)).toBe(2);
  });

  it("answers a link drop without a proof of work as any other and files it as Spam with its reasons", async () => {
    const t = await start();
    const response = await postEnquiry(t, { ...kiran, Name: "Cheap SEO https://rank.example.ru" });
    expect(response.statusCode).toBe(201);
    const record = await recordOf(t, response);
    expect(record.status).toBe("Spam");
    expect(record.screening?.reasons).toEqual(["no-proof-of-work", "link-in-name", "offer-in-name"]);
    expect(pendingNotifications(t.databaseUrl)).toBe(0);

    const formPost = await t.app.inject({
      method: "POST",
      url: "/api/enquiries",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ ...kiran, Name: "Buy followers www.x.shop", Quantity: "1" }).toString(),
    });
    expect(formPost.statusCode).toBe(201);
    expect(formPost.body).toContain(`<h1>${splitHeadline(enquiryMessages.stored).headline}</h1>`);
    expect(formPost.body).toContain(splitHeadline(enquiryMessages.stored).rest);
  });
});

describe("an enquiry filed as Spam, in the console", () => {
  let sink: MailSink | undefined;
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    await sink?.close();
  });

  it("mails nobody until staff mark it Not spam; then the company's mail goes, and the sender's does not", async () => {
    sink = await startMailSink();
    testApp = await buildTestApp(
      {
        LOG_LEVEL: "silent",
        SMTP_URL: sink.url,
        NOTIFY_TO: "orders@collarise.example",
        ACKNOWLEDGE_VISITORS: "true",
      },
      { outbox: { pollIntervalMs: 50 } },
    );
    const { app } = testApp;
    const response = await postEnquiry(testApp, { ...kiran, Name: "asdfgh", Mobile: "1234512345" });
    const { id } = response.json<{ id: string }>();
    await waitForEmptyOutbox(testApp);
    expect(sink.mails).toEqual([]);

    await addStaff(app, "staff@example.com", "member");
    const cookie = await signIn(app, "staff@example.com");
    const detail = (await consoleRequest(app, cookie, "GET", `/enquiries/${id}`)).json<EnquiryDetail>();
    expect(detail.status).toBe("Spam");
    expect(detail.spamReasons).toEqual(["no-proof-of-work", "keyboard-mash", "mobile-prefix"]);
    expect(detail.spamScore).toBe(13);
    expect(detail.notifications).toEqual([]);

    const released = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/not-spam`, { version: 0 });
    expect(released.statusCode).toBe(200);
    expect(released.json<EnquiryDetail>().status).toBe("New");
    const [mail] = await sink.waitForMails(1);
    expect(mail?.envelopeTo).toEqual(["orders@collarise.example"]);
    await waitForEmptyOutbox(testApp);
    expect(sink.mails).toHaveLength(1);

    const again = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/not-spam`, { version: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: consoleMessages.notSpamRefused });
  });
});

describe("the source sent with an enquiry", () => {
  it("is stored beside it and shown with it", async () => {
    const t = await start();
    const source = {
      utmSource: "instagram",
      utmMedium: "social",
      utmCampaign: "diwali",
      referrerHost: "L.Instagram.com",
      landingPath: "/hi",
    };
    const record = await recordOf(t, await postEnquiry(t, { ...kiran, source }));
    expect(record.source).toEqual({ ...source, referrerHost: "l.instagram.com" });
    const [stored] = await t.app.store.enquiries.list();
    expect(stored?.enquiry).toStrictEqual(kiran);
  });

  it.each([
    ["not an object", "instagram", sourceMessages.notAnObject],
    ["an unknown part", { utmTerm: "x" }, sourceMessages.unknownPart("utmTerm")],
    ["a part that is not text", { utmSource: 5 }, sourceMessages.notText("utmSource")],
    ["a part too long", { utmCampaign: "d".repeat(101) }, sourceMessages.tooLong("utmCampaign")],
    ["a control character", { utmSource: "insta\u0000gram" }, sourceMessages.control("utmSource")],
    ["a line break", { utmMedium: "a\nb" }, sourceMessages.control("utmMedium")],
    ["a host that is not one", { referrerHost: "http://evil.example/x" }, sourceMessages.badHost],
    ["a path that is not one", { landingPath: "https://evil.example" }, sourceMessages.badPath],
  ])("refuses %s with 400, a clear message and the field, and stores nothing", async (_, source, message) => {
    const t = await start();
    const response = await postEnquiry(t, { ...kiran, source });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, field: "source" });
    expect(await t.app.store.enquiries.list()).toEqual([]);
  });

  it("refuses each invisible character in the Name and in each part of the source, with a clear message, and stores nothing", async () => {
    const t = await start();
    // Each attempt from an address of its own, as a botnet sends them: the per-address limit is not what is tested.
    let attempts = 0;
    const post = (payload: object) => {
      attempts += 1;
      return postEnquiry(t, payload, `198.18.${attempts >> 8}.${attempts & 255}`);
    };
    const plain = {
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "diwali",
      referrerHost: "www.google.com",
      landingPath: "/hi",
    } as const;
    for (const [char, what] of UNREADABLE_CHARACTERS) {
      const name = await post({ ...kiran, Name: `Ki${char}${char}${char}ran` });
      expect([what, name.statusCode, name.json()]).toEqual([
        what,
        400,
        { error: enquiryMessages.nameInvalid, field: "Name" },
      ]);
      const filler = await post({ ...kiran, Name: `${char}${char}${char}` });
      expect([what, filler.statusCode]).toEqual([what, 400]);
      for (const part of SOURCE_PARTS) {
        // Inside the text, where a trim cannot take it away.
        const value = `${plain[part].slice(0, 2)}${char}${plain[part].slice(2)}`;
        const response = await post({ ...kiran, source: { ...plain, [part]: value } });
        // A host is letters, digits, dots and hyphens: refused as no host, as before.
        const error = part === "referrerHost" ? sourceMessages.badHost : sourceMessages.unreadable(part);
        expect([what, part, response.statusCode, response.json()]).toEqual([
          what,
          part,
          400,
          { error, field: "source" },
        ]);
      }
    }
    // The attacker's own example: "moc.elgoog" shown as "google.com".
    const reversed = await post({ ...kiran, source: { utmSource: "\u202Emoc.elgoog" } });
    expect(reversed.json()).toEqual({ error: sourceMessages.unreadable("utmSource"), field: "source" });
    expect(await t.app.store.enquiries.list()).toEqual([]);
    // The Hindi form's answer to the same Name, posted without JavaScript, is in Hindi.
    const hindi = await t.app.inject({
      method: "POST",
      url: "/api/enquiries",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        ...kiran,
        Quantity: "6",
        Name: "\u3164\u3164\u3164",
        lang: "hi",
      }).toString(),
    });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.body).toContain(`<h1>${splitHeadline(enquiryMessagesHi.nameInvalid).headline}</h1>`);
    expect(hindi.body).toContain(splitHeadline(enquiryMessagesHi.nameInvalid).rest);
    // A Devanagari name with its joiner, and a source in Hindi, are taken.
    const taken = await post({
      ...kiran,
      Name: "क्\u200Dषमा देशपांडे",
      source: { utmCampaign: "दिवाली\u200Cऑफ़र" },
    });
    expect(taken.statusCode).toBe(201);
  });

  it("refuses a Name made only of invisible characters, or only of marks with no letter, with the Name message", async () => {
    const t = await start();
    let attempts = 0;
    const post = (Name: string) => {
      attempts += 1;
      return postEnquiry(t, { ...kiran, Name }, `198.18.${attempts >> 8}.${attempts & 255}`);
    };
    const cases = [
      ...UNREADABLE_CHARACTERS.map(([char, what]) => [char.repeat(3), what] as const),
      ...BASELESS_MARKS.map(([mark, what]) => [mark.repeat(3), what] as const),
      ...BASELESS_MARKS.map(([mark, what]) => [`Kiran ${mark}`, `${what} after a space`] as const),
    ];
    for (const [Name, what] of cases) {
      const response = await post(Name);
      // A name of blanks that trim() takes away is no name: the specification's "fill the data".
      const error = Name.trim() === "" ? enquiryMessages.missing : enquiryMessages.nameInvalid;
      expect([what, response.statusCode, response.json()]).toEqual([what, 400, { error, field: "Name" }]);
    }
    expect(await t.app.store.enquiries.list()).toEqual([]);
    // Real names with their joiners, marks and emoji are taken.
    for (const Name of ["ज़ैनब फ़ारूक़ी", "क्\u200Dषमा", "முருகன்", "زهرا\u200Cی", "Asha 👩\u200D💻 ❤\uFE0F"]) {
      expect([Name, (await post(Name)).statusCode]).toEqual([Name, 201]);
    }
  });
});
