import { afterEach, describe, expect, test } from "vitest";
import {
  ANSWER_TEXT_MAX_LENGTH,
  CONVERSATION_PAGE_SIZE,
  type Conversation,
  type IncomingMessage,
} from "../../domain/conversation";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { ANSWERS_PER_ENQUIRY_PER_DAY } from "../lifecycle/conversation";
import type { AnswerToStore } from "../store/conversations";

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An enquiry owned by Priya, signed in: the page's view of its conversation. */
async function ownedEnquiry() {
  const server = await buildTestApp({ LOG_LEVEL: "silent" });
  apps.push(server);
  const { app } = server;
  const response = await app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload: {
      Name: "Meera Iyer",
      Email: "meera.iyer@mail.example",
      Mobile: "9876501234",
      Quantity: 60,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(response.statusCode).toBe(201);
  const { id } = response.json<{ id: string }>();
  const priya = await addStaff(app, "priya@example.com", "member");
  await app.store.work.setOwner(id, { ownerId: priya.id, staffEmail: "owner@example.com", at: new Date() });
  const cookie = await signIn(app, "priya@example.com");
  // What was queued so far (the company's mail) is not what these tests count.
  const pendingAlerts = async () =>
    (
      await app.store.enquiries.claimDueNotifications({
        worker: "test",
        now: new Date(Date.now() + 60_000),
        limit: 500,
        leaseMs: 60_000,
      })
    ).filter((mail) => mail.kind === "member-alert");
  await pendingAlerts();
  const conversation = (before?: string) =>
    consoleRequest(
      app,
      cookie,
      "GET",
      `/enquiries/${id}/conversation${before ? `?before=${encodeURIComponent(before)}` : ""}`,
    );
  return { app, id, priya, conversation, pendingAlerts };
}

const answer = (enquiryId: string, n: number, overrides: Partial<AnswerToStore> = {}): AnswerToStore => ({
  enquiryId,
  messageId: `<answer-${n}@mail.example>`,
  inReplyTo: null,
  references: [],
  from: "meera.iyer@mail.example",
  subject: "Re: Your enquiry",
  text: "Yes, 60 sachets please.",
  at: new Date("2026-11-20T06:30:00.000Z"),
  attachments: 0,
  truncated: false,
  quoteTrimmed: false,
  verified: true,
  ...overrides,
});

describe("an enquiry's conversation through the console's API", () => {
  test("a mail bomb of 150 answers of 20,000 characters: the day's cap stored, two mails to the owner, one bounded page", async () => {
    const { app, id, priya, conversation, pendingAlerts } = await ownedEnquiry();
    const word = "x".repeat(ANSWER_TEXT_MAX_LENGTH);
    const outcomes = await app.store.work.addAnswers(
      Array.from({ length: 150 }, (_, n) => answer(id, n, { text: word })),
    );
    expect(outcomes.filter((outcome) => outcome === "added")).toHaveLength(ANSWERS_PER_ENQUIRY_PER_DAY);
    expect(outcomes.filter((outcome) => outcome === "capped")).toHaveLength(
      150 - ANSWERS_PER_ENQUIRY_PER_DAY,
    );

    const alerts = await pendingAlerts();
    expect(
      alerts.map((alert) => ("setAside" in alert && alert.setAside ? "set aside" : "answered")).sort(),
    ).toEqual(["answered", "set aside"]);
    expect(alerts.every((alert) => alert.staffId === priya.id)).toBe(true);

    const response = await conversation();
    expect(response.statusCode).toBe(200);
    const page = response.json<Conversation>();
    expect(page.messages.length).toBeLessThanOrEqual(CONVERSATION_PAGE_SIZE);
    expect(response.body.length).toBeLessThan(CONVERSATION_PAGE_SIZE * (ANSWER_TEXT_MAX_LENGTH + 2_000));
  });

  test("an answer not known to be the buyer's is answered as not verified", async () => {
    const { app, id, conversation } = await ownedEnquiry();
    await app.store.work.addAnswers([
      answer(id, 1, { verified: false, from: "meera.iyer@mail.example" }),
      answer(id, 2, { at: new Date("2026-11-20T06:31:00.000Z") }),
    ]);
    const messages = (await conversation()).json<Conversation>().messages as IncomingMessage[];
    expect(messages.map(({ messageId, verified }) => ({ messageId, verified }))).toEqual([
      { messageId: "<answer-1@mail.example>", verified: false },
      { messageId: "<answer-2@mail.example>", verified: true },
    ]);
  });

  test("the newest page comes first, with a cursor to the older ones; a cursor from nowhere is an empty page", async () => {
    const { app, id, conversation } = await ownedEnquiry();
    const total = CONVERSATION_PAGE_SIZE + 15;
    // Over days, the cap being per day.
    const day = (n: number) => Math.floor(n / ANSWERS_PER_ENQUIRY_PER_DAY) * 86_400_000;
    await app.store.work.addAnswers(
      Array.from({ length: total }, (_, n) =>
        answer(id, n, { at: new Date(Date.parse("2026-11-20T06:30:00.000Z") + day(n) + n * 1_000) }),
      ),
    );
    const newest = (await conversation()).json<Conversation>();
    expect(newest.messages).toHaveLength(CONVERSATION_PAGE_SIZE);
    expect(newest.messages.at(-1)?.messageId).toBe(`<answer-${total - 1}@mail.example>`);
    expect(newest.older).toEqual(expect.any(String));
    // A reply answers the newest message whichever page is read.
    const older = (await conversation(newest.older!)).json<Conversation>();
    expect(older.messages.map((message) => message.messageId)).toEqual(
      Array.from({ length: total - CONVERSATION_PAGE_SIZE }, (_, n) => `<answer-${n}@mail.example>`),
    );
    expect(older.older).toBeNull();
    expect(older.reply.subject).toBe(newest.reply.subject);

    expect((await conversation("no-such-message")).json<Conversation>()).toMatchObject({
      messages: [],
      older: null,
    });
    expect((await conversation("x".repeat(500))).statusCode).toBe(400);
  });
});
