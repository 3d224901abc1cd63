import { afterEach, expect, it } from "vitest";
import { buildTestApp, type TestApp, waitForEmptyOutbox } from "../../tests/support/test-app";
import { type MailSink, startMailSink, unusedPort } from "../../tests/support/mail-sink";
import { pendingNotifications } from "../../tests/support/store-probe";

let testApp: TestApp | undefined;
let sink: MailSink | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  await sink?.close();
  sink = undefined;
});

it("an enquiry that arrives while the mail server is down is mailed exactly once when it comes back", async () => {
  const port = await unusedPort();
  testApp = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    NOTIFY_TO: "orders@collarise.example",
  });
  const { app } = testApp;
  const worker = app.outbox.worker;
  if (!worker) throw new Error("SMTP is configured but no outbox worker runs");

  const response = await app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload: {
      Name: "Asha Verma",
      Email: "asha@example.in",
      Mobile: "9876543210",
      Quantity: 4,
      RetailerSelfUse: "Retailer",
    },
  });
  // The visitor hears of success although the company cannot be told yet.
  expect(response.statusCode).toBe(201);
  const { id } = response.json<{ id: string }>();

  // Wait until the worker has tried and failed: nothing listens on the mail server's port.
  const deadline = Date.now() + 10_000;
  while (worker.totals.failed === 0) {
    if (Date.now() > deadline) throw new Error("the worker never tried to send");
    await worker.nextCycle();
  }
  expect(worker.totals.sent).toBe(0);
  expect(pendingNotifications(testApp.databaseUrl)).toBe(1);

  // The mail server comes up on that port; the next retry (within about 2 s) delivers.
  sink = await startMailSink({ port });
  const [mail] = await sink.waitForMails(1);
  expect(mail?.enquiryId).toBe(id);
  expect(mail?.parsed.subject).toBe("Order enquiry: 4 sachets of Collarise, Retailer, from Asha Verma");

  await waitForEmptyOutbox(testApp);
  // A full cycle after the outbox emptied finds nothing to send, and no second mail came.
  expect(await worker.nextCycle()).toStrictEqual({ claimed: 0, sent: 0, failed: 0 });
  expect(sink.mails).toHaveLength(1);
});
