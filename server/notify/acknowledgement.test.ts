import { afterEach, describe, expect, test } from "vitest";
import { solvedProof } from "../../tests/support/proof-of-work";
import { enquiryReference, type EnquiryDetail } from "../../domain/console";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { loadConfig } from "../config";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../../tests/support/test-app";
import { startMailSink, type MailSink } from "../../tests/support/mail-sink";

let sink: MailSink | undefined;
let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  await sink?.close();
  testApp = undefined;
  sink = undefined;
});

const enquiry = {
  Name: "Anita Sharma",
  Email: "anita@example.in",
  Mobile: "9876543210",
  Quantity: 2,
  RetailerSelfUse: "Self Use",
};

describe("the visitor's acknowledgement", () => {
  test("with ACKNOWLEDGE_VISITORS=true the visitor is mailed the reference and what happens next, shown beside the company's mail", async () => {
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
    const response = await app.inject({ method: "POST", url: "/api/enquiries", payload: enquiry });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    await waitForEmptyOutbox(testApp);

    const mails = await sink.waitForMails(2);
    const acknowledgement = mails.find((mail) => mail.envelopeTo.includes("anita@example.in"));
    const company = mails.find((mail) => mail.envelopeTo.includes("orders@collarise.example"));
    expect(company).toBeDefined();
    const reference = enquiryReference(id);
    expect(acknowledgement?.parsed.subject).toBe(`Your enquiry ${reference} for Collarise`);
    expect(acknowledgement?.parsed.text).toContain(`Its reference is ${reference}.`);
    expect(acknowledgement?.parsed.text).toMatch(/^Dear Anita,\n/);
    expect(acknowledgement?.parsed.text).toContain(
      "What happens next: our sales team will call or message you on the mobile number you gave",
    );
    expect(acknowledgement?.parsed.text).not.toContain("9876543210");

    await addStaff(app, "staff@example.com", "member");
    const cookie = await signIn(app, "staff@example.com");
    const detail = (await consoleRequest(app, cookie, "GET", `/enquiries/${id}`)).json<EnquiryDetail>();
    expect(detail.notifications.map(({ kind, state, attempts }) => ({ kind, state, attempts }))).toEqual([
      { kind: "company", state: "sent", attempts: 1 },
      { kind: "acknowledgement", state: "sent", attempts: 1 },
    ]);
  });

  test("is off by default, and needs SMTP", async () => {
    sink = await startMailSink();
    testApp = await buildTestApp({
      LOG_LEVEL: "silent",
      SMTP_URL: sink.url,
      NOTIFY_TO: "orders@collarise.example",
    });
    const { id } = (
      await testApp.app.inject({ method: "POST", url: "/api/enquiries", payload: enquiry })
    ).json<{ id: string }>();
    expect(
      (await testApp.app.store.enquiryWork.get(id))?.notifications.map((notification) => notification.kind),
    ).toEqual(["company"]);
    expect(() => loadConfig({ ACKNOWLEDGE_VISITORS: "true" })).toThrow(
      /ACKNOWLEDGE_VISITORS: needs SMTP_URL/,
    );
  });
});

/** The header `name` of a raw message, unfolded, as it went over SMTP. */
function rawHeader(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  return head
    .split("\r\n")
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

async function acknowledgingApp() {
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
  return testApp;
}

describe("the visitor's mails under attack", () => {
  test("a hostile or encoded-word Name never reaches the To header: the acknowledgement is addressed to the bare address", async () => {
    const { app } = await acknowledgingApp();
    const hostile = [
      "Refund of Rs 5000 pending call 9123456789 today",
      // Decodes to "security@bank.example <…>" in a mail program that reads it.
      `=?utf-8?B?${Buffer.from("security@bank.example").toString("base64")}?=`,
      "=?utf-8?Q?Refund_pending=2C_call_9123456789?=",
      '"Support" <help@bank.example>,',
    ];
    for (const [i, Name] of hostile.entries()) {
      const response = await app.inject({
        method: "POST",
        url: "/api/enquiries",
        // With the page's proof of work, as a patient attacker sends it: not filed as spam.
        payload: {
          ...enquiry,
          Name,
          Email: `stranger${i}@example.in`,
          Mobile: `987654320${i}`,
          altcha: await solvedProof(app),
        },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(response.statusCode).toBe(201);
    }
    await waitForEmptyOutbox(testApp!);
    const mails = await sink!.waitForMails(hostile.length * 2);
    for (const [i, Name] of hostile.entries()) {
      const address = `stranger${i}@example.in`;
      const acknowledgement = mails.find((mail) => mail.envelopeTo.includes(address));
      expect(acknowledgement, Name).toBeDefined();
      expect(rawHeader(acknowledgement!.raw, "To"), Name).toBe(address);
      expect(acknowledgement?.parsed.to).toMatchObject({ value: [{ address, name: "" }] });
      expect(acknowledgement?.envelopeTo).toEqual([address]);
      // Nothing of the Name but a plain first word anywhere in the mail's headers.
      const head = acknowledgement!.raw.slice(0, acknowledgement!.raw.indexOf("\r\n\r\n"));
      for (const echoed of ["Refund", "9123456789", "=?utf-8?B?", "bank.example", "Support"]) {
        expect(head, Name).not.toContain(echoed);
      }
    }
  });

  test("a newsletter confirmation is addressed to the bare address too", async () => {
    const { app } = await acknowledgingApp();
    const response = await app.inject({
      method: "POST",
      url: "/api/subscribers",
      payload: { email: "reader@example.in" },
    });
    expect(response.statusCode).toBe(202);
    await waitForEmptyOutbox(testApp!);
    const [mail] = await sink!.waitForMails(1);
    expect(rawHeader(mail!.raw, "To")).toBe("reader@example.in");
  });

  test("Send again six times in a row: the visitor's mailbox gets three mails in the hour, the rest refused with a clear message", async () => {
    const { app } = await acknowledgingApp();
    const { id } = (await app.inject({ method: "POST", url: "/api/enquiries", payload: enquiry })).json<{
      id: string;
    }>();
    await waitForEmptyOutbox(testApp!);
    await addStaff(app, "member@example.com", "member");
    const cookie = await signIn(app, "member@example.com");
    const detail = (await consoleRequest(app, cookie, "GET", `/enquiries/${id}`)).json<EnquiryDetail>();
    const acknowledgement = detail.notifications.find(
      (notification) => notification.kind === "acknowledgement",
    );
    expect(acknowledgement?.state).toBe("sent");

    const answers: { statusCode: number; error?: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await consoleRequest(
        app,
        cookie,
        "POST",
        `/enquiries/${id}/notifications/${acknowledgement!.id}/resend`,
      );
      answers.push({ statusCode: answer.statusCode, error: answer.json<{ error?: string }>().error });
      if (answer.statusCode === 200) await waitForEmptyOutbox(testApp!);
    }
    // The first mail and two more make the hour's three; the other four are refused.
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429, 429, 429, 429]);
    expect(answers[2]?.error).toMatch(
      /^This visitor's address has had as many of our e-mails as it may for now \(3 an hour, 10 a day\)\. Please try again in \d+ (minutes?|seconds?)\.$/,
    );
    // The company's mail and the visitor's three, and no more.
    await sink!.waitForMails(4);
    expect(sink!.arrivals()).toBe(4);
    const toVisitor = sink!.mails.filter((mail) => mail.envelopeTo.includes(enquiry.Email));
    expect(toVisitor).toHaveLength(3);
    // The company's own mail may be sent again as often as staff need.
    const company = detail.notifications.find((notification) => notification.kind === "company");
    const again = await consoleRequest(
      app,
      cookie,
      "POST",
      `/enquiries/${id}/notifications/${company!.id}/resend`,
    );
    expect(again.statusCode).toBe(200);
  });
});
