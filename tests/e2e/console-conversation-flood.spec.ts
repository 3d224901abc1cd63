import { conversationText } from "../../console/content";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { ANSWER_TEXT_MAX_LENGTH, CONVERSATION_PAGE_SIZE } from "../../domain/conversation";
import { ANSWERS_PER_ENQUIRY_PER_DAY } from "../../server/lifecycle/conversation";
import type { AnswerToStore } from "../../server/store/conversations";
import { sqlitePathFromUrl } from "../../server/store/sqlite";
import { SqliteStore } from "../../server/store";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { serverOfItsOwn } from "./support/own-server";

const server = serverOfItsOwn("conversation-flood");
const BUYER = "meera.iyer@mail.example";

test("a flooded conversation on a phone: the newest page, older ones on asking, a forged answer marked, and no page wider than the screen", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The console has an owner; the page is read by a member.
  await createStaff("owner", server.databaseUrl);
  const member = await createStaff("member", server.databaseUrl);
  const created = await request.post(`${server.baseUrl}/api/enquiries`, {
    data: {
      Name: "Meera Iyer",
      Email: BUYER,
      Mobile: "9811100033",
      Quantity: 24,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // More answers than a page, over days (the cap is per day); the oldest is one unbroken line of
  // the longest text kept, the newest one the mailbox reader could not verify.
  const total = CONVERSATION_PAGE_SIZE + 10;
  const start = Date.now() - 3 * 86_400_000;
  const answer = (n: number): AnswerToStore => ({
    enquiryId: id,
    messageId: `<flood-${n}@mail.example>`,
    inReplyTo: null,
    references: [],
    from: BUYER,
    subject: `Re: Your enquiry (${n})`,
    text: n === 0 ? "W".repeat(ANSWER_TEXT_MAX_LENGTH) : `Answer number ${n}.`,
    at: new Date(start + Math.floor(n / ANSWERS_PER_ENQUIRY_PER_DAY) * 86_400_000 + n * 1_000),
    attachments: 0,
    truncated: false,
    quoteTrimmed: false,
    verified: n !== total - 1,
  });
  const store = await SqliteStore.open({
    path: sqlitePathFromUrl(server.databaseUrl),
    enquiryCollection: ENQUIRY_COLLECTION,
  });
  try {
    const outcomes = await store.work.addAnswers(Array.from({ length: total }, (_, n) => answer(n)));
    expect(outcomes.every((outcome) => outcome === "added")).toBe(true);
  } finally {
    await store.close();
  }

  await page.setViewportSize(viewportOf(375));
  await signIn(page, member, server.baseUrl);
  await page.goto(`${server.baseUrl}/admin/enquiries/${id}`);
  const conversation = page.getByRole("region", { name: conversationText.heading });
  const items = conversation.getByRole("listitem");
  await expect(items).toHaveCount(CONVERSATION_PAGE_SIZE);

  // The unverified answer says so in words, not as the buyer's.
  const forged = items.filter({ hasText: `Answer number ${total - 1}.` });
  await expect(forged).toContainText(conversationText.unverified);
  await expect(forged).toContainText(conversationText.unverifiedWrote(BUYER));
  await expect(forged).not.toContainText(conversationText.buyerWrote(BUYER));
  await expect(items.filter({ hasText: conversationText.unverified })).toHaveCount(1);

  // Older messages on asking, with the keyboard; reading goes on from the first shown.
  const older = conversation.getByRole("button", { name: conversationText.showOlder });
  await older.focus();
  await page.keyboard.press("Enter");
  await expect(items).toHaveCount(total);
  await expect(older).toHaveCount(0);

  // The 20,000-character line wraps: the page is no wider than the phone's screen.
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll).toBe(widths.viewport);
  await expect(items.filter({ hasText: "W".repeat(100) })).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
});
