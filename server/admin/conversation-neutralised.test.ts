import { afterEach, describe, expect, test } from "vitest";
import {
  checkReply,
  CONVERSATION_API_ROUTES,
  REPLY_SUBJECT_MAX_LENGTH,
  type Conversation,
  type IncomingMessage,
} from "../../domain/conversation";
import { hasUnreadableCharacters } from "../../domain/unreadable";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { UNREADABLE_CHARACTERS } from "../../tests/support/unreadable-characters";
import type { AnswerToStore } from "../store/conversations";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const conversationPath = (id: string) => CONVERSATION_API_ROUTES.conversation.replace(":id", id);
const repliesPath = (id: string) => CONVERSATION_API_ROUTES.replies.replace(":id", id);

/** An enquiry, a member signed in, and the buyer's answer stored as the mailbox reader stores it. */
async function answered(answer: Pick<AnswerToStore, "subject" | "text"> & Partial<AnswerToStore>) {
  const testApp: TestApp = await buildTestApp();
  cleanups.push(() => testApp.close());
  const { app } = testApp;
  const stored = await app.store.enquiries.add(anEnquiry(), { acknowledge: false, language: "en" });
  await addStaff(app, "priya@example.com", "member");
  const cookie = await signIn(app, "priya@example.com");
  const outcome = await app.store.work.addAnswers([
    {
      enquiryId: stored.id,
      messageId: "<answer-1@mail.example>",
      inReplyTo: null,
      references: [],
      from: "buyer@mail.example",
      at: new Date(),
      attachments: 0,
      truncated: false,
      quoteTrimmed: false,
      verified: true,
      ...answer,
    },
  ]);
  expect(outcome).toEqual(["added"]);
  const conversation = async () => {
    const response = await consoleRequest(app, cookie, "GET", conversationPath(stored.id));
    expect(response.statusCode).toBe(200);
    return response.json<Conversation>();
  };
  return { app, cookie, id: stored.id, conversation };
}

describe("a buyer's answer in the conversation API", () => {
  test("an answer stored with a right-to-left override is shown neutralised, and the suggested reply subject passes the reply check", async () => {
    const { app, cookie, id, conversation } = await answered({
      // Drawn as "Re: Pay to 7890 1234" and "Account 4321 7890" with the overrides.
      subject: "Re: Pay to \u202E4321 0987",
      text: "Account 4321 \u202E0987\u202C\nThanks\u200B,\r\nMeera\u3000Iyer",
    });
    const shown = await conversation();
    const answer = shown.messages[0] as IncomingMessage;
    expect(answer).toMatchObject({
      direction: "in",
      subject: "Re: Pay to 4321 0987",
      text: "Account 4321 0987\nThanks,\nMeera Iyer",
    });
    expect(shown.reply.subject).toBe("Re: Pay to 4321 0987");
    expect(checkReply({ subject: shown.reply.subject, text: "Thank you" })).toMatchObject({ ok: true });
    // The member sends it as suggested.
    const sent = await consoleRequest(app, cookie, "POST", repliesPath(id), {
      subject: shown.reply.subject,
      text: "Thank you, Meera.",
    });
    expect(sent.statusCode).toBe(200);
  });

  test("every invisible character in an answer's subject is taken out of the suggestion, which passes the check", async () => {
    const subject = `Re: Order ${UNREADABLE_CHARACTERS.map(([char]) => `${char}x`).join("")} \u0301`;
    const { conversation } = await answered({ subject, text: "Yes" });
    const shown = await conversation();
    const answer = shown.messages[0] as IncomingMessage;
    expect(hasUnreadableCharacters(answer.subject)).toBe(false);
    expect(checkReply({ subject: shown.reply.subject, text: "Thank you" })).toMatchObject({ ok: true });
  });

  test("a buyer's subject longer than a reply's may be is cut for the suggestion, which passes the check", async () => {
    const { conversation } = await answered({ subject: `Re: ${"क्\u200Dष ".repeat(60)}`, text: "Yes" });
    const shown = await conversation();
    expect(shown.reply.subject.length).toBeLessThanOrEqual(REPLY_SUBJECT_MAX_LENGTH);
    expect(checkReply({ subject: shown.reply.subject, text: "Thank you" })).toMatchObject({ ok: true });
  });
});
