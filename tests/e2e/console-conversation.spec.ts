import { mkdir } from "node:fs/promises";
import Database from "better-sqlite3";
import { conversationText } from "../../console/content";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { CONSOLE_PAGE_PATHS, enquiryReference } from "../../domain/console";
import { sqlitePathFromUrl } from "../../server/store/sqlite";
import { SqliteStore } from "../../server/store";
import { buyerMail, startDovecot, type RunningDovecot } from "../support/dovecot";
import { mailHeader, startMailSink, type MailSink } from "../support/mail-sink";
import { startTcpGate, type TcpGate } from "../support/tcp-gate";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { serverOfItsOwn } from "./support/own-server";

const MAIL_FROM = "sales@collarise.example";

/** Mails the outbox has not recorded as sent. */
function waitingMails(databaseUrl: string): number {
  const db = new Database(sqlitePathFromUrl(databaseUrl), { readonly: true });
  try {
    return (
      db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM notifications WHERE status = 'pending'`).get()
        ?.n ?? 0
    );
  } finally {
    db.close();
  }
}
const BUYER = "kavita.rao@mail.example";
/** Where the screenshots of the conversation go, to be looked at. */
const SHOTS = process.env.SHOTS_DIR;

let sink: MailSink | undefined;
let gate: TcpGate | undefined;
let dovecot: RunningDovecot | undefined;
test.beforeAll(async () => {
  sink = await startMailSink();
  // The mail server as the outbox reaches it: a gate the test can shut, so a reply waits in the outbox.
  gate = await startTcpGate(sink.port);
  dovecot = await startDovecot();
});
test.afterAll(async () => {
  await gate?.stop();
  await sink?.close();
  await dovecot?.stop();
});
const server = serverOfItsOwn("conversation", () => ({
  SMTP_URL: `smtp://127.0.0.1:${gate!.port}`,
  NOTIFY_TO: "orders@collarise.example",
  MAIL_FROM,
  ACKNOWLEDGE_VISITORS: "true",
  NOTIFY_TIMEOUT_SECONDS: "20",
  IMAP_URL: dovecot!.imapUrl,
  IMAP_POLL_SECONDS: "1",
}));

test("a member answers a buyer from the enquiry's page with the keyboard, sees the reply go out, and reads the buyer's answer there", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await createStaff("owner", server.databaseUrl);
  const member = await createStaff("member", server.databaseUrl);
  const created = await request.post(`${server.baseUrl}/api/enquiries`, {
    data: {
      Name: "Kavita Rao",
      Email: BUYER,
      Mobile: "9811100022",
      Quantity: 24,
      RetailerSelfUse: "Retailer",
      lang: "hi",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // The enquiry is the member's own: her opening it reads its answers.
  const store = await SqliteStore.open({
    path: sqlitePathFromUrl(server.databaseUrl),
    enquiryCollection: ENQUIRY_COLLECTION,
  });
  try {
    const staff = await store.staff.list();
    const ownerId = staff.find((each) => each.email === member.email)?.id ?? null;
    await store.work.setOwner(id, { ownerId, staffEmail: member.email, at: new Date() });
  } finally {
    await store.close();
  }
  // The company's mail and the buyer's acknowledgement go out (and are recorded as sent); then the
  // mail server stops answering.
  await sink!.waitForMails(2);
  await expect.poll(() => waitingMails(server.databaseUrl)).toBe(0);
  gate!.close({ dropOpen: true });

  await page.setViewportSize(viewportOf(1280));
  await signIn(page, member, server.baseUrl);
  await page.goto(`${server.baseUrl}/admin/enquiries/${id}`);
  const message = page.getByLabel(conversationText.message);
  await expect(message).toBeVisible();

  // Keyboard only: the Reply action takes the focus to the message, Ctrl+Enter sends it.
  await page.getByRole("link", { name: conversationText.replyAction }).focus();
  await page.keyboard.press("Enter");
  await expect(message).toBeFocused();
  await expect(page.getByLabel(conversationText.subject)).toHaveValue(
    `Re: Collarise: आपकी पूछताछ मिल गई (संदर्भ ${enquiryReference(id)})`,
  );
  await page.keyboard.type("नमस्ते कविता जी, 24 सैशे का बिल आज भेज देंगे।");
  await page.keyboard.press("Control+Enter");

  const conversation = page.getByRole("region", { name: conversationText.heading });
  const sent = conversation.getByRole("listitem").filter({ hasText: "24 सैशे का बिल" });
  await expect(sent.getByText(conversationText.delivery.pending, { exact: true })).toBeVisible();
  await expect(message).toHaveValue("");
  // The mail server answers again: the reply goes out, and the page says so.
  gate!.open();
  await expect(sent.getByText(conversationText.delivery.sent, { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const reply = (await sink!.waitForMails(3)).find((mail) => mail.raw.includes("<reply-"));
  expect(reply?.envelopeTo).toEqual([BUYER]);
  const acknowledgement = sink!.mails.find((mail) => mail.envelopeTo.includes(BUYER) && mail !== reply);
  expect(mailHeader(reply!.raw, "in-reply-to")).toBe(mailHeader(acknowledgement!.raw, "message-id"));
  await expect(page.getByText("Contacted by an e-mail reply")).toBeVisible();

  // The buyer answers from her mail program; the company's mailbox gets it.
  await dovecot!.deliver(
    buyerMail(
      {
        From: `Kavita Rao <${BUYER}>`,
        To: MAIL_FROM,
        // Her mail program keeps the "Re:" it finds.
        Subject: reply!.parsed.subject ?? "",
        "Message-ID": "<kavita-1@mail.example>",
        "In-Reply-To": mailHeader(reply!.raw, "message-id") ?? "",
        References: `${mailHeader(reply!.raw, "references") ?? ""} ${mailHeader(reply!.raw, "message-id") ?? ""}`,
      },
      "धन्यवाद! बिल GST नंबर के साथ भेजिए।\n\nOn Mon, 23 Nov 2026 at 11:00, Collarise wrote:\n> नमस्ते कविता जी",
    ),
  );
  const answer = conversation.getByRole("listitem").filter({ hasText: "बिल GST नंबर के साथ भेजिए" });
  await expect(answer).toBeVisible({ timeout: 30_000 });
  // New to her on this page, and read in the store now that she has opened it.
  await expect(answer.getByText(conversationText.newAnswer, { exact: true })).toBeVisible();
  await expect(answer).toContainText(conversationText.quoteTrimmed);

  if (SHOTS) await mkdir(SHOTS, { recursive: true });
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize(viewportOf(width));
    if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
    if (SHOTS) {
      await conversation.screenshot({ path: `${SHOTS}/conversation-${width}.png` });
      await page.screenshot({ path: `${SHOTS}/enquiry-${width}.png`, fullPage: true });
    }
  }

  await page.reload();
  await expect(answer).toBeVisible();
  await expect(answer.getByText(conversationText.newAnswer, { exact: true })).toHaveCount(0);

  // On her phone, in the inbox, when the buyer writes again: the enquiry's card says so while the
  // inbox is open, and stops saying so once she has read it.
  await page.setViewportSize(viewportOf(375));
  await page.goto(`${server.baseUrl}${CONSOLE_PAGE_PATHS.inbox}`);
  const card = page.getByRole("row").filter({ hasText: enquiryReference(id) });
  await expect(card).toBeVisible();
  await expect(card.getByText(conversationText.unreadAnswers(1))).toHaveCount(0);
  await dovecot!.deliver(
    buyerMail(
      {
        From: `Kavita Rao <${BUYER}>`,
        To: MAIL_FROM,
        Subject: reply!.parsed.subject ?? "",
        "Message-ID": "<kavita-2@mail.example>",
        "In-Reply-To": "<kavita-1@mail.example>",
        References: "<kavita-1@mail.example>",
      },
      "और 12 सैशे भी जोड़ दीजिए।",
    ),
  );
  // No reload: the inbox's own poll brings the mark once the mailbox has been read.
  await expect(card.getByText(conversationText.unreadAnswers(1), { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  // A screen reader hears what the mark means.
  await expect(card).toContainText(conversationText.unreadAnswersLabel(1));
  expect(await accessibilityViolations(page)).toEqual([]);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/inbox-answer-375.png` });
    await page.setViewportSize(viewportOf(1280));
    await page.screenshot({ path: `${SHOTS}/inbox-answer-1280.png` });
    await page.setViewportSize(viewportOf(375));
  }

  await card.getByRole("link", { name: "Kavita Rao" }).click();
  const second = conversation.getByRole("listitem").filter({ hasText: "और 12 सैशे भी जोड़ दीजिए" });
  await expect(second.getByText(conversationText.newAnswer, { exact: true })).toBeVisible();
  // Read once she has it on her screen (below the buyer's first screen on a phone), not on opening.
  const read = page.waitForResponse((response) =>
    response.url().endsWith(`/enquiries/${id}/conversation/read`),
  );
  await second.scrollIntoViewIfNeeded();
  await expect(second).toBeInViewport();
  await read;
  await page.goBack();
  await expect(card).toBeVisible();
  await expect(card.getByText(conversationText.unreadAnswers(1), { exact: true })).toHaveCount(0);
});
