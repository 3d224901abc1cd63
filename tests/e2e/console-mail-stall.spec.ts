import Database from "better-sqlite3";
import { consoleText, formatShortTime } from "../../console/content";
import { sqlitePathFromUrl } from "../../server/store/sqlite";
import { type MailSink, startMailSink, unusedPort } from "../support/mail-sink";
import { createStaff, signIn } from "./support/console";
import { expect, test } from "./support/fixtures";
import { serverOfItsOwn } from "./support/own-server";

/** Where the server sends mail: nothing listens there until the test starts the mail server. */
let smtpPort = 0;
let sink: MailSink | undefined;
test.beforeAll(async () => {
  smtpPort = await unusedPort();
});
test.afterAll(async () => {
  await sink?.close();
});
const server = serverOfItsOwn("mail-stall", () => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  NOTIFY_TO: "orders@collarise.example",
  MAIL_FROM: "website@collarise.example",
  NOTIFY_TIMEOUT_SECONDS: "2",
}));

const HOUR = 3_600_000;

test("the inbox warns staff while mail has not gone out for too long, and the warning goes once it does", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The console asks for an owner before anyone signs in; a member of staff reads the inbox.
  await createStaff("owner", server.databaseUrl);
  const staff = await createStaff("member", server.databaseUrl);
  const answer = await request.post(`${server.baseUrl}/api/enquiries`, {
    data: {
      Name: "Meera Stores",
      Email: "orders@meera.example",
      Mobile: "9811122233",
      Quantity: 48,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  // The mail server has been down for two hours: the enquiry's mail has waited since then.
  const since = new Date(Date.now() - 2 * HOUR).toISOString();
  const db = new Database(sqlitePathFromUrl(server.databaseUrl));
  try {
    db.prepare("UPDATE notifications SET queued_at = ? WHERE enquiry_id = ?").run(since, id);
  } finally {
    db.close();
  }

  await signIn(page, staff, server.baseUrl);
  const banner = page.getByRole("alert").filter({ hasText: consoleText.mailStalledTitle });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(consoleText.mailStalled(1, formatShortTime(since)));

  // The mail server comes back: the outbox's next attempt delivers, and the open inbox sees it.
  sink = await startMailSink({ port: smtpPort });
  await sink.waitForMails(1, 60_000);
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole("alert")).toHaveCount(0);
});
