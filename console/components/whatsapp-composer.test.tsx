// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { Conversation, OutgoingMessage } from "../../domain/conversation";
import { whatsappClickMessageId, whatsappSendMessages, type EnquiryWhatsApp } from "../../domain/whatsapp";
import { conversationText, whatsappComposerText } from "../content";
import { characterCount, composerState, whatsappOutState } from "./whatsapp-composer";
import { WhatsAppComposer } from "./WhatsAppComposer";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const open: EnquiryWhatsApp = {
  configured: true,
  mayMessage: true,
  reason: null,
  reasonText: null,
  windowOpen: true,
  windowOpenUntil: "2026-11-29T09:02:00.000Z",
  optOut: null,
  templates: [],
};

describe("the window's state in words", () => {
  const now = new Date("2026-11-29T04:00:00.000Z");
  test("open: until when, in Delhi's time", () => {
    expect(composerState(open, now)).toEqual({ words: "Chat open until 14:32 IST", open: true });
  });
  test("after 24 hours: only an approved template", () => {
    expect(composerState({ ...open, windowOpen: false }, now)).toEqual({
      words: whatsappComposerText.windowClosed,
      open: false,
    });
  });
  test("after STOP: the buyer's word and when, closed inside the window too", () => {
    const stopped: EnquiryWhatsApp = {
      ...open,
      mayMessage: false,
      reason: "opted-out",
      reasonText: whatsappSendMessages.optedOut,
      optOut: { at: "2026-11-29T03:30:00.000Z", wording: "STOP" },
    };
    expect(composerState(stopped, now)).toEqual({
      words: "The buyer sent “STOP” on 29 Nov 2026, 09:00: no more WhatsApp messages are sent to them.",
      open: false,
    });
  });
  test("no consent: closed, with why", () => {
    const state: EnquiryWhatsApp = { ...open, mayMessage: false, reason: "no-consent", windowOpen: false };
    expect(composerState(state, now)).toEqual({ words: whatsappComposerText.noConsent, open: false });
  });
});

describe("the counter near WhatsApp's 4,096 characters", () => {
  test("nothing until 500 are left, then how many are left, then how many too many", () => {
    expect(characterCount("a".repeat(3_595))).toBeNull();
    expect(characterCount("a".repeat(3_596))).toEqual({ words: "500 characters left", over: false });
    expect(characterCount("a".repeat(4_095))).toEqual({ words: "1 character left", over: false });
    expect(characterCount("a".repeat(4_096))).toEqual({ words: "0 characters left", over: false });
    expect(characterCount("a".repeat(4_100))).toEqual({
      words: "4 characters too many: WhatsApp takes at most 4,096",
      over: true,
    });
  });
});

describe("a sent message's badge", () => {
  const message: OutgoingMessage = {
    id: "7",
    direction: "out",
    channel: "whatsapp",
    at: "2026-11-29T04:00:00.000Z",
    subject: "",
    text: "Namaste",
    staffEmail: "priya@example.com",
    messageId: "whatsapp-out-1",
    inReplyTo: null,
    whatsapp: null,
    delivery: { state: "pending", attempts: 0, lastError: null, sentAt: null },
  };
  test("queued: Sending…; taken: Sent; then Meta's statuses; refused for good: Refused", () => {
    expect(whatsappOutState(message).words).toBe("Sending…");
    expect(whatsappOutState({ ...message, delivery: { ...message.delivery, state: "sent" } }).words).toBe(
      "Sent",
    );
    const at = "2026-11-29T04:01:00.000Z";
    expect(whatsappOutState({ ...message, whatsapp: { status: "delivered", at, error: null } }).words).toBe(
      "Delivered",
    );
    expect(whatsappOutState({ ...message, whatsapp: { status: "read", at, error: null } }).words).toBe(
      "Read",
    );
    expect(
      whatsappOutState({
        ...message,
        whatsapp: { status: "failed", at, error: { code: 131026, title: "x" } },
      }),
    ).toEqual({ words: conversationText.whatsappStatus.failed, tone: "whatsapp-failed" });
    expect(
      whatsappOutState({ ...message, delivery: { ...message.delivery, state: "undeliverable" } }).words,
    ).toBe("Refused");
  });
});

/** The conversation the server answers once the click's message is queued. */
function conversationWith(clickKey: string, text: string): Conversation {
  return {
    messages: [
      {
        id: "1",
        direction: "out",
        channel: "whatsapp",
        at: new Date().toISOString(),
        subject: "",
        text,
        staffEmail: "priya@example.com",
        messageId: whatsappClickMessageId(clickKey),
        inReplyTo: null,
        whatsapp: null,
        delivery: { state: "pending", attempts: 0, lastError: null, sentAt: null },
      },
    ],
    older: null,
    reply: { subject: "", threaded: false, from: "sales@example.com", to: "b@example.com", language: "en" },
    answersRead: true,
  };
}

function composer(state: EnquiryWhatsApp = open, onSent = vi.fn(), onStale = vi.fn()) {
  render(
    <WhatsAppComposer
      enquiryId="e1"
      state={state}
      mobile="9811100375"
      language="hi"
      messages={[]}
      onSent={onSent}
      onStale={onStale}
    />,
  );
  return { box: screen.getByRole("textbox", { name: whatsappComposerText.message }), onSent, onStale };
}

/** The bodies the page posted, in order. */
function postedBodies(fetch: ReturnType<typeof vi.fn>): { clickKey: string; text: string }[] {
  return fetch.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

describe("the composer", () => {
  test("a double tap sends one message with one click key; it shows Sending… at once", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    const { box, onSent } = composer();
    fireEvent.change(box, { target: { value: "नमस्ते, कल भेज देंगे।" } });
    const send = screen.getByRole("button", { name: whatsappComposerText.send });
    fireEvent.click(send);
    fireEvent.click(screen.getByRole("button", { name: whatsappComposerText.sending }));
    expect(screen.getByRole("list", { name: whatsappComposerText.youAreSending }).textContent).toContain(
      "Sending…नमस्ते, कल भेज देंगे।",
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    const [posted] = postedBodies(fetch);
    expect(posted?.text).toBe("नमस्ते, कल भेज देंगे।");
    expect(posted?.clickKey).toMatch(/^[0-9a-f-]{36}$/);
    answer(Response.json(conversationWith(posted?.clickKey ?? "", posted?.text ?? "")));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect((box as HTMLTextAreaElement).value).toBe("");
  });

  test("a send that got no answer keeps the message, and Try again sends it with the same click key", async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockImplementation(async (_path: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { clickKey: string; text: string };
        return Response.json(conversationWith(body.clickKey, body.text));
      });
    vi.stubGlobal("fetch", fetch);
    const { box, onSent } = composer();
    fireEvent.change(box, { target: { value: "The price is ₹7,200." } });
    fireEvent.keyDown(box, { key: "Enter", ctrlKey: true });
    await screen.findByText(whatsappComposerText.notSent);
    fireEvent.click(screen.getByRole("button", { name: whatsappComposerText.tryAgain }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const [first, second] = postedBodies(fetch);
    expect(second).toEqual(first);
  });

  test("the buyer's language: the box is marked Hindi, and the member is told to answer in Hindi", () => {
    const { box } = composer();
    expect(box.getAttribute("lang")).toBe("hi");
    expect(screen.getByText(/answer in Hindi/).textContent).toContain("To +91 98111 00375");
  });

  test("Enter alone is a new line: nothing is sent", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { box } = composer();
    fireEvent.change(box, { target: { value: "Line one" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(fetch).not.toHaveBeenCalled();
  });

  test("a message the server refuses goes back into the box with the reason, and the enquiry is read again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: whatsappSendMessages.windowClosed }, { status: 409 })),
    );
    const { box, onStale } = composer();
    fireEvent.change(box, { target: { value: "Here it is." } });
    fireEvent.click(screen.getByRole("button", { name: whatsappComposerText.send }));
    await screen.findByText(whatsappSendMessages.windowClosed);
    expect((box as HTMLTextAreaElement).value).toBe("Here it is.");
    expect(onStale).toHaveBeenCalled();
  });

  test("after STOP the composer says so and takes nothing", () => {
    const stopped: EnquiryWhatsApp = {
      ...open,
      mayMessage: false,
      reason: "opted-out",
      reasonText: whatsappSendMessages.optedOut,
      optOut: { at: "2026-11-29T03:30:00.000Z", wording: "STOP" },
    };
    const { box } = composer(stopped);
    expect(screen.getByRole("status").textContent).toContain("The buyer sent “STOP”");
    expect((box as HTMLTextAreaElement).disabled).toBe(true);
    expect(
      (screen.getByRole("button", { name: whatsappComposerText.send }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  test("an approved template outside the window: chosen, its merged text shown, sent by its id with a click key", async () => {
    const fetch = vi.fn(async (_path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { clickKey: string };
      return Response.json(conversationWith(body.clickKey, "Namaste Sunita ji"));
    });
    vi.stubGlobal("fetch", fetch);
    const closed: EnquiryWhatsApp = {
      ...open,
      windowOpen: false,
      templates: [
        {
          id: "t-hi",
          title: "पहला जवाब",
          metaName: "first_reply_hi",
          language: "hi",
          preview: "नमस्ते सुनीता जी, आपकी 30 सैशे की पूछताछ मिली।",
        },
        {
          id: "t-en",
          title: "Follow-up",
          metaName: "follow_up",
          language: "en",
          preview: "Namaste Sunita ji",
        },
      ],
    };
    const { box, onSent } = composer(closed);
    expect((box as HTMLTextAreaElement).disabled).toBe(true);
    const picker = screen.getByRole("group", { name: whatsappComposerText.templatesHeading });
    fireEvent.click(screen.getByRole("button", { name: whatsappComposerText.sendTemplate }));
    expect(screen.getByRole("alert").textContent).toBe(whatsappComposerText.chooseTemplateFirst);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole("combobox", { name: whatsappComposerText.template }), {
      target: { value: "t-hi" },
    });
    expect(picker.textContent).toContain("नमस्ते सुनीता जी, आपकी 30 सैशे की पूछताछ मिली।");
    fireEvent.click(screen.getByRole("button", { name: whatsappComposerText.sendTemplate }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const [posted] = fetch.mock.calls.map(
      ([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>,
    );
    expect(Object.keys(posted ?? {}).sort()).toEqual(["clickKey", "templateId"]);
    expect(posted?.templateId).toBe("t-hi");
  });

  test("no templates offered: no picker", () => {
    composer();
    expect(screen.queryByRole("group", { name: whatsappComposerText.templatesHeading })).toBeNull();
  });
});
