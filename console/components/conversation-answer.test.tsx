// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { IncomingMessage } from "../../domain/conversation";
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
