import { afterEach, expect, test } from "vitest";
import { recordingLogStream } from "../tests/support/recording-logger";
import { startMailSink, type MailSink } from "../tests/support/mail-sink";
import { startWebhookReceiver } from "../tests/support/webhook-receiver";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../tests/support/test-app";
import { addStaff, signIn, TEST_HOST, TEST_ORIGIN } from "../tests/support/console-app";
import { ADMIN_API_PREFIX } from "../domain/console";

let sink: MailSink | undefined;
let testApp: TestApp | undefined;
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await testApp?.close();
  await sink?.close();
  for (const close of closing.splice(0)) await close();
  testApp = undefined;
  sink = undefined;
});

const asha = {
  Name: "Asha Verma",
  Email: "asha.verma@example.com",
  Mobile: "9876543210",
  Quantity: 12,
  RetailerSelfUse: "Retailer",
};

test("one request followed by its id: its own line names the enquiry, and the outbox's and the webhook's lines about that enquiry name the request", async () => {
  sink = await startMailSink();
  const log = recordingLogStream();
  testApp = await buildTestApp(
    {
      TRUST_PROXY: "1",
      SMTP_URL: sink.url,
      NOTIFY_TO: "orders@collarise.example",
      ACKNOWLEDGE_VISITORS: "true",
      WEBHOOKS_ALLOW_PRIVATE: "true",
    },
    { logger: { level: "info", stream: log.stream }, outbox: { pollIntervalMs: 50 } },
  );
  const { app } = testApp;
  const secret = { value: "" };
  const receiver = await startWebhookReceiver(() => secret.value);
  closing.push(() => receiver.close());
  const endpoint = await app.store.webhooks.addEndpoint({
    url: receiver.url,
    events: ["enquiry.received"],
    now: new Date(),
  });
  secret.value = endpoint.secret;

  const requestId = "caddy-7f3a9c2e-1b4d-4e8f-a6c5-0d9e8f7a6b5c";
  const answer = await app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload: asha,
    remoteAddress: "127.0.0.1",
    headers: { "x-request-id": requestId, "x-forwarded-for": "203.0.113.7" },
  });
  expect(answer.statusCode).toBe(201);
  expect(answer.headers["x-request-id"]).toBe(requestId);
  const { id } = answer.json<{ id: string }>();

  await waitForEmptyOutbox(testApp);
  // The webhook worker runs on its own: wait (bounded) for its line, nudging it meanwhile.
  const deadline = Date.now() + 20_000;
  while (!log.lines().some((line) => line.msg === "webhook delivered")) {
    if (Date.now() > deadline) throw new Error("The webhook was not delivered within 20 s");
    await app.webhookWorker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const lines = log.lines();
  const about = (message: string) =>
    lines
      .filter((line) => line.msg === message)
      .map((line) => ({ reqId: line.reqId, enquiryId: line.enquiryId }));
  expect(about("enquiry stored")).toEqual([{ reqId: requestId, enquiryId: id }]);
  expect(
    lines
      .filter((line) => line.msg === "notification sent")
      .map((line) => `${String(line.kind)} ${String(line.reqId)} ${String(line.enquiryId)}`)
      .sort(),
  ).toEqual([`acknowledgement ${requestId} ${id}`, `company ${requestId} ${id}`]);
  expect(about("webhook delivered")).toEqual([{ reqId: requestId, enquiryId: id }]);

  // None of these lines carries what the visitor gave, nor their address.
  const written = log.text();
  for (const secretValue of ["Asha", "Verma", "asha.verma", "9876543210", "203.0.113.7"]) {
    expect(written, secretValue).not.toContain(secretValue);
  }
});

test("console work followed by its request's id: a status change's webhook delivery and a hand-on's alert to the new owner name the request that made them", async () => {
  sink = await startMailSink();
  const log = recordingLogStream();
  testApp = await buildTestApp(
    {
      TRUST_PROXY: "1",
      SMTP_URL: sink.url,
      NOTIFY_TO: "orders@collarise.example",
      WEBHOOKS_ALLOW_PRIVATE: "true",
    },
    { logger: { level: "info", stream: log.stream }, outbox: { pollIntervalMs: 50 } },
  );
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  const member = await addStaff(app, "priya@example.com", "member");
  const cookie = await signIn(app, "owner@example.com");
  const secret = { value: "" };
  const receiver = await startWebhookReceiver(() => secret.value);
  closing.push(() => receiver.close());
  const endpoint = await app.store.webhooks.addEndpoint({
    url: receiver.url,
    events: ["enquiry.status_changed"],
    now: new Date(),
  });
  secret.value = endpoint.secret;
  const stored = await app.store.enquiries.add({ ...asha, RetailerSelfUse: "Retailer" });
  await waitForEmptyOutbox(testApp);
  // Chosen after the enquiry came: the member hears of it only as it is handed to them.
  expect(await app.store.team.setAlertChoice(member.id, "all")).toBe(true);

  const console = (path: string, requestId: string, payload: Record<string, unknown>) =>
    app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}${path}`,
      remoteAddress: "127.0.0.1",
      headers: { host: TEST_HOST, origin: TEST_ORIGIN, cookie, "x-request-id": requestId },
      payload,
    });
  const statusRequest = "caddy-status-4d1e9a7b-2c3f-4b8e-9d6a-5f0e1c2b3a49";
  const ownerRequest = "caddy-owner-8a2b7c6d-5e4f-4a3b-8c9d-0e1f2a3b4c5d";
  const changed = await console(`/enquiries/${stored.id}/status`, statusRequest, {
    status: "Contacted",
    version: 0,
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.headers["x-request-id"]).toBe(statusRequest);
  const handed = await console(`/enquiries/${stored.id}/owner`, ownerRequest, {
    ownerId: member.id,
    expectedOwnerId: null,
  });
  expect(handed.statusCode).toBe(200);

  await waitForEmptyOutbox(testApp);
  const deadline = Date.now() + 20_000;
  while (!log.lines().some((line) => line.msg === "webhook delivered")) {
    if (Date.now() > deadline) throw new Error("The webhook was not delivered within 20 s");
    await app.webhookWorker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const lines = log.lines();
  expect(
    lines
      .filter((line) => line.msg === "webhook delivered")
      .map((line) => ({ reqId: line.reqId, enquiryId: line.enquiryId })),
  ).toEqual([{ reqId: statusRequest, enquiryId: stored.id }]);
  expect(
    lines
      .filter((line) => line.msg === "notification sent" && line.kind === "member-alert")
      .map((line) => ({ reqId: line.reqId, enquiryId: line.enquiryId })),
  ).toEqual([{ reqId: ownerRequest, enquiryId: stored.id }]);
  const written = log.text();
  for (const secretValue of ["Asha", "Verma", "asha.verma", "9876543210"]) {
    expect(written, secretValue).not.toContain(secretValue);
  }
});
