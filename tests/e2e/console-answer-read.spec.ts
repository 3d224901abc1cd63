import type { Page } from "@playwright/test";
import { conversationText } from "../../console/content";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { ADMIN_API_PREFIX } from "../../domain/console";
import { CONVERSATION_API_ROUTES, type Conversation } from "../../domain/conversation";
import { sqlitePathFromUrl } from "../../server/store/sqlite";
import { SqliteStore } from "../../server/store";
import { buyerMail, startDovecot, type RunningDovecot } from "../support/dovecot";
import { mailHeader, startMailSink, type MailSink } from "../support/mail-sink";
import { createStaff, signIn } from "./support/console";
import { expect, test } from "./support/fixtures";
import { serverOfItsOwn } from "./support/own-server";

/**
 * A buyer's answer counts as read only once its owner has seen it on the screen: not when it
 * arrives while the owner's page is open below it, and not when another member reads it.
 */

const MAIL_FROM = "sales@collarise.example";
const BUYER = "farah.ali@mail.example";
const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };

let sink: MailSink | undefined;
let dovecot: RunningDovecot | undefined;
test.beforeAll(async () => {
  sink = await startMailSink();
  dovecot = await startDovecot();
});
test.afterAll(async () => {
  await sink?.close();
  await dovecot?.stop();
});
const server = serverOfItsOwn("answer-read", () => ({
  SMTP_URL: `smtp://127.0.0.1:${sink!.port}`,
  NOTIFY_TO: "orders@collarise.example",
  MAIL_FROM,
  ACKNOWLEDGE_VISITORS: "true",
  IMAP_URL: dovecot!.imapUrl,
  IMAP_POLL_SECONDS: "1",
}));

/** Whether the enquiry's answers are unread for the one signed in on `page` (reading them changes nothing). */
async function unreadFor(page: Page, id: string): Promise<boolean[]> {
  const path = CONVERSATION_API_ROUTES.conversation.replace(":id", id);
  const conversation = (await (
    await page.request.get(`${server.baseUrl}${ADMIN_API_PREFIX}${path}`)
  ).json()) as Conversation;
  return conversation.messages
    .filter((message) => message.direction === "in")
    .map((message) => message.unread);
}

test("an answer arriving below the fold stays unread until its owner scrolls to it; another member reading it leaves it unread", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await createStaff("owner", server.databaseUrl);
  const member = await createStaff("member", server.databaseUrl);
  const colleague = await createStaff("member", server.databaseUrl);
  const created = await request.post(`${server.baseUrl}/api/enquiries`, {
    data: {
      Name: "Farah Ali",
      Email: BUYER,
      Mobile: "9811100077",
      Quantity: 30,
      RetailerSelfUse: "Self Use",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const store = await SqliteStore.open({
    path: sqlitePathFromUrl(server.databaseUrl),
    enquiryCollection: ENQUIRY_COLLECTION,
  });
  try {
    const ownerId = (await store.staff.list()).find((each) => each.email === member.email)?.id ?? null;
    await store.work.setOwner(id, { ownerId, staffEmail: member.email, at: new Date() });
  } finally {
    await store.close();
  }
  const acknowledgement = (await sink!.waitForMails(2)).find((mail) => mail.envelopeTo.includes(BUYER));
  expect(acknowledgement).toBeDefined();

  // The owner on her phone, at the top of the enquiry: the buyer's first screen, the conversation below.
  const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(phone, member, server.baseUrl);
  await phone.goto(`${server.baseUrl}/admin/enquiries/${id}`);
  const conversation = phone.getByRole("region", { name: conversationText.heading });
  await expect(conversation.getByText(conversationText.empty)).toBeAttached();
  await expect(conversation).not.toBeInViewport();

  await dovecot!.deliver(
    buyerMail(
      {
        From: `Farah Ali <${BUYER}>`,
        To: MAIL_FROM,
        Subject: `Re: ${acknowledgement!.parsed.subject ?? ""}`,
        "Message-ID": "<farah-1@mail.example>",
        "In-Reply-To": mailHeader(acknowledgement!.raw, "message-id") ?? "",
        References: mailHeader(acknowledgement!.raw, "message-id") ?? "",
      },
      "Can you send 30 sachets to Lucknow by Friday?",
    ),
  );
  const answer = conversation.getByRole("listitem").filter({ hasText: "30 sachets to Lucknow" });
  await expect(answer).toBeAttached({ timeout: 30_000 });
  // The page reads the conversation again (its poll) with the answer out of sight: still unread.
  await phone.waitForResponse((response) => response.url().endsWith(`/enquiries/${id}/conversation`));
  await expect(answer).not.toBeInViewport();
  expect(await unreadFor(phone, id)).toEqual([true]);

  // A colleague reads it on a laptop: it stays unread for its owner.
  const laptop = await (await browser.newContext({ viewport: LAPTOP })).newPage();
  await signIn(laptop, colleague, server.baseUrl);
  await laptop.goto(`${server.baseUrl}/admin/enquiries/${id}`);
  const seenByColleague = laptop.getByRole("listitem").filter({ hasText: "30 sachets to Lucknow" });
  await seenByColleague.scrollIntoViewIfNeeded();
  await expect(seenByColleague).toBeInViewport();
  await expect(seenByColleague.getByText(conversationText.newAnswer, { exact: true })).toBeVisible();
  await laptop.waitForResponse((response) => response.url().endsWith(`/enquiries/${id}/conversation`));
  expect(await unreadFor(phone, id)).toEqual([true]);

  // The owner scrolls to it: seen, so read, and the page still marks it new for this visit.
  await answer.scrollIntoViewIfNeeded();
  await expect(answer.getByText(conversationText.newAnswer, { exact: true })).toBeInViewport();
  await expect.poll(() => unreadFor(phone, id)).toEqual([false]);
  await phone.screenshot({ path: test.info().outputPath("answer-seen-375.png") });
});
