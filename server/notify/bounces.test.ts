import { afterEach, expect, it } from "vitest";
import {
  ADMIN_API_ROUTES,
  BUYER_ADDRESS_REFUSED,
  enquiryReference,
  type EnquiryDetail,
} from "../../domain/console";
import { DIGEST_HOUR } from "../../domain/team";
import { istDayBounds, nextIstHour } from "../../domain/working-hours";
import { digestReads, planDigest } from "../lifecycle/digest";
import { digestMail } from "./team-mail";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { type MailSink, mailHeader, startMailSink } from "../../tests/support/mail-sink";
import { recordingLogStream } from "../../tests/support/recording-logger";
import { buildTestApp, type TestApp, waitForEmptyOutbox } from "../../tests/support/test-app";

/**
 * Mail refused by the buyer's mail server, end to end on SQLite: the test SMTP sink refuses the
 * buyer's address at RCPT TO as a real server does, naming it in its answer.
 */
let testApp: TestApp | undefined;
let sink: MailSink | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  await sink?.close();
  sink = undefined;
});

const BUYER = "asha.verma@exmaple.in";
const OWNER = "owner@collarise.example";
const ADDRESS = /[^\s"<>]+@[^\s"<>]+/;

async function start() {
  sink = await startMailSink();
  const logs = recordingLogStream();
  testApp = await buildTestApp(
    {
      SMTP_URL: sink.url,
      NOTIFY_TO: "orders@collarise.example",
      ACKNOWLEDGE_VISITORS: "true",
    },
    {
      logger: { level: "info", stream: logs.stream },
      outbox: { pollIntervalMs: 20, retry: { baseMs: 20, maxMs: 50 } },
      metrics: { backlogMaxAgeMs: 0 },
    },
  );
  const { app } = testApp;
  await addStaff(app, OWNER, "owner");
  const cookie = await signIn(app, OWNER);
  return { app, sink, logs, cookie };
}

async function enquire(app: TestApp["app"]) {
  const response = await app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload: {
      Name: "Asha Verma",
      Email: BUYER,
      Mobile: "9876543210",
      Quantity: 4,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function detail(app: TestApp["app"], cookie: string, id: string) {
  const response = await consoleRequest(app, cookie, "GET", ADMIN_API_ROUTES.enquiry.replace(":id", id));
  expect(response.statusCode).toBe(200);
  return response.json<EnquiryDetail>();
}

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

it("a buyer's address refused with 550 is undeliverable after one attempt, shown on the enquiry and in the digest, never counted as stuck and never logged", async () => {
  const { app, sink, logs, cookie } = await start();
  sink.refuseRecipient(BUYER, 550);
  const id = await enquire(app);

  // The company's mail goes; the acknowledgement is refused once, and the outbox empties.
  await sink.waitForMails(1);
  await sink.waitForRefusals(1);
  await waitForEmptyOutbox(testApp!);
  const worker = app.outbox.worker!;
  for (let cycle = 0; cycle < 3; cycle++) await worker.nextCycle();
  expect(sink.refusals).toEqual([{ address: BUYER, code: 550 }]);
  expect(sink.mails.map((mail) => mail.envelopeTo)).toEqual([["orders@collarise.example"]]);

  // The enquiry's page: the acknowledgement refused after one attempt, with its reason and no address.
  const shown = await detail(app, cookie, id);
  const acknowledgement = shown.notifications.find((n) => n.kind === "acknowledgement");
  expect(acknowledgement).toMatchObject({ state: "undeliverable", attempts: 1, sentAt: null });
  expect(acknowledgement?.lastError).toMatch(/^The recipient's address was refused: 550 /);
  expect(acknowledgement?.lastError).not.toMatch(ADDRESS);
  expect(shown.notifications.find((n) => n.kind === "company")?.state).toBe("sent");

  // Nothing waits: the stall figures are those of an empty outbox; the refusal is counted apart.
  expect(await app.store.enquiries.outboxBacklog()).toEqual({ waiting: 0, oldestQueuedAt: null });
  const metrics = (await app.inject({ method: "GET", url: "/metrics" })).body;
  expect(sample(metrics, "collarise_outbox_waiting")).toBe(0);
  expect(sample(metrics, "collarise_outbox_oldest_waiting_seconds")).toBe(0);
  expect(sample(metrics, "collarise_outbox_undeliverable_total")).toBe(1);
  expect(sample(metrics, "collarise_outbox_failed_attempts_total")).toBe(0);

  // The next 09:00 digest names the enquiry under the refusal, with its link and no address.
  const at = nextIstHour(new Date(), DIGEST_HOUR);
  const owner = (await app.store.staff.list()).find((member) => member.email === OWNER)!;
  const parts = await app.store.team.digestParts(
    digestReads({
      staffId: owner.id,
      now: at,
      dayEnd: istDayBounds(at).end,
    }),
  );
  const digest = digestMail(
    planDigest(parts, { now: at, day: "2030-01-01", staffId: owner.id, dayEnd: istDayBounds(at).end }),
    "https://collarise.example",
  );
  expect(digest.text).toContain(`${BUYER_ADDRESS_REFUSED} (1)`);
  expect(digest.text).toContain(`${enquiryReference(id)}: Asha, refused `);
  expect(digest.text).toContain(`https://collarise.example/admin/enquiries/${id}`);
  expect(digest.text).not.toContain(BUYER);
  // A day later it is no longer news: each refusal is in one digest.
  const dayAfter = new Date(at.getTime() + 24 * 3_600_000);
  const later = await app.store.team.digestParts(
    digestReads({
      staffId: owner.id,
      now: dayAfter,
      dayEnd: istDayBounds(dayAfter).end,
    }),
  );
  expect(later.refused).toEqual([]);

  // No log line carries the buyer's address, nor any address at all about a send.
  expect(logs.text()).not.toContain(BUYER);
  const refusedLine = logs.lines().find((line) => String(line.msg).startsWith("notification refused"));
  expect(refusedLine).toMatchObject({ level: 40, kind: "acknowledgement", enquiryId: id, responseCode: 550 });
  for (const line of logs.lines().filter((each) => String(each.msg).includes("notification")))
    expect(JSON.stringify(line)).not.toMatch(ADDRESS);
});

it("a buyer's address refused with 450 is retried, and delivered once the server takes it", async () => {
  const { app, sink, logs, cookie } = await start();
  sink.refuseRecipient(BUYER, 450);
  const id = await enquire(app);

  await sink.waitForRefusals(3);
  sink.refuseRecipient(BUYER, null);
  await waitForEmptyOutbox(testApp!);
  const acknowledgement = (await detail(app, cookie, id)).notifications.find(
    (n) => n.kind === "acknowledgement",
  );
  expect(acknowledgement?.state).toBe("sent");
  expect(acknowledgement?.attempts).toBeGreaterThanOrEqual(4);
  expect(sink.mails.filter((mail) => mail.envelopeTo.includes(BUYER))).toHaveLength(1);
  expect(logs.text()).not.toContain(BUYER);
  expect(
    logs.lines().filter((line) => line.msg === "notification not delivered; it will be retried").length,
  ).toBe(sink.refusals.length);
});

it("every mail carries a Message-ID made from its notification's id, and a resend is the same message", async () => {
  const { app, sink, cookie } = await start();
  const id = await enquire(app);
  await sink.waitForMails(2);
  await waitForEmptyOutbox(testApp!);

  const { notifications } = await detail(app, cookie, id);
  const messageIdOf = (to: string) =>
    sink!.mails
      .filter((mail) => mail.envelopeTo.includes(to))
      .map((mail) => mailHeader(mail.raw, "Message-ID"));
  const company = notifications.find((n) => n.kind === "company")!;
  const acknowledgement = notifications.find((n) => n.kind === "acknowledgement")!;
  expect(messageIdOf("orders@collarise.example")).toEqual([`<enquiry-${company.id}@collarise.example>`]);
  expect(messageIdOf(BUYER)).toEqual([`<acknowledgement-${acknowledgement.id}@collarise.example>`]);

  // Sent again from the console: the same message to every mail program.
  const resend = await consoleRequest(
    app,
    cookie,
    "POST",
    ADMIN_API_ROUTES.notificationResend.replace(":id", id).replace(":notificationId", company.id),
  );
  expect(resend.statusCode).toBe(200);
  await sink.waitForMails(3);
  expect(messageIdOf("orders@collarise.example")).toEqual([
    `<enquiry-${company.id}@collarise.example>`,
    `<enquiry-${company.id}@collarise.example>`,
  ]);
});
