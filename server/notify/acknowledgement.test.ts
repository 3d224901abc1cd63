import { afterEach, describe, expect, test } from "vitest";
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
