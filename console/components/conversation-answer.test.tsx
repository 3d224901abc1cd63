// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { IncomingMessage, OutgoingMessage } from "../../domain/conversation";
import { MessageList } from "./Conversation";

afterEach(cleanup);

const answer: IncomingMessage = {
  id: "m1",
  direction: "in",
  channel: "email",
  at: "2025-01-06T10:00:00.000Z",
  // Drawn as "Pay to 7890 1234" and "Account 4321 7890" with the overrides.
  subject: "Re: Pay to \u202E4321 0987",
  text: "Account 4321 \u202E0987\u202C\nThanks\u200B",
  from: "buyer@mail.example",
  messageId: "<answer-1@mail.example>",
  inReplyTo: null,
  unread: false,
  attachments: 0,
  truncated: false,
  quoteTrimmed: false,
  verified: true,
};

test("a buyer's answer is shown without the direction overrides and invisible characters it came with", () => {
  render(<MessageList messages={[answer]} empty="No mail yet." />);
  expect(screen.getByText("Re: Pay to 4321 0987")).toBeTruthy();
  expect(screen.getByText((_, element) => element?.textContent === "Account 4321 0987\nThanks")).toBeTruthy();
});

test("each message says its channel, and a WhatsApp message without a subject shows its text alone", () => {
  render(
    <MessageList
      messages={[
        answer,
        {
          ...answer,
          id: "m2",
          channel: "whatsapp",
          subject: "",
          text: "60 sachets please",
          from: "+919876501234",
          messageId: "wamid.A1",
        },
      ]}
      empty="No mail yet."
    />,
  );
  const items = screen.getAllByRole("listitem");
  expect(items.map((item) => item.querySelector(".channel")?.textContent)).toEqual([
    "By E-mail",
    "By WhatsApp",
  ]);
  expect(items[1]?.textContent).toContain("The buyer wrote on WhatsApp from +919876501234");
  expect(items[1]?.querySelector(".message-subject")).toBeNull();
});

test("a WhatsApp message sent shows Meta's last status, and a refused or failed one says why", () => {
  const sent: OutgoingMessage = {
    id: "o1",
    direction: "out",
    channel: "whatsapp",
    at: "2025-01-06T10:05:00.000Z",
    subject: "",
    text: "₹120 a sachet.",
    staffEmail: "priya@example.com",
    messageId: "whatsapp-out-1",
    inReplyTo: null,
    whatsapp: { status: "read", at: "2025-01-06T10:06:00.000Z", error: null },
    delivery: { state: "sent", attempts: 1, lastError: null, sentAt: "2025-01-06T10:05:01.000Z" },
  };
  render(
    <MessageList
      messages={[
        sent,
        {
          ...sent,
          id: "o2",
          whatsapp: null,
          delivery: {
            state: "undeliverable",
            attempts: 1,
            lastError: "Not sent: more than 24 hours.",
            sentAt: null,
          },
        },
        {
          ...sent,
          id: "o3",
          whatsapp: {
            status: "failed",
            at: sent.at,
            error: { code: 131026, title: "Message undeliverable" },
          },
        },
      ]}
      empty="No mail yet."
    />,
  );
  const items = screen.getAllByRole("listitem");
  expect(items[0]?.querySelector(".delivery")?.textContent).toBe("Read");
  expect(items[1]?.textContent).toContain("Not sent: more than 24 hours.");
  expect(items[2]?.querySelector(".delivery")?.textContent).toBe("Not delivered");
  expect(items[2]?.textContent).toContain(
    "WhatsApp could not deliver it (error 131026: Message undeliverable).",
  );
});
