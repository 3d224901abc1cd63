import { describe, expect, test } from "vitest";
import {
  isWhatsAppOptOut,
  isWhatsAppRestart,
  whatsappSendMessages,
  whatsappWindow,
} from "../../domain/whatsapp";
import { whatsappConsentOf, whatsappConsentWording } from "../../domain/whatsapp-consent";
import { untouchedWork } from "./plan";
import {
  enquiryForWhatsApp,
  planWhatsAppSend,
  whatsappFactsOf,
  whatsappSendRefusal,
  whatsappStateOf,
  type WhatsAppSendFacts,
} from "./whatsapp";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

describe("where a buyer's WhatsApp message is filed", () => {
  test("on their newest open enquiry: a closed one, however new, is passed over", () => {
    expect(
      enquiryForWhatsApp([
        { id: "a", receivedAt: "2026-11-01T05:00:00.000Z", status: "Contacted" },
        { id: "b", receivedAt: "2026-11-20T05:00:00.000Z", status: "New" },
        { id: "c", receivedAt: "2026-11-25T05:00:00.000Z", status: "Declined" },
      ]),
    ).toBe("b");
  });

  test("nowhere when none of theirs is open", () => {
    expect(
      enquiryForWhatsApp([{ id: "c", receivedAt: "2026-11-25T05:00:00.000Z", status: "Fulfilled" }]),
    ).toBeNull();
    expect(enquiryForWhatsApp([])).toBeNull();
  });
});

describe("the 24-hour customer-service window", () => {
  const wrote = "2026-11-20T10:00:00.000Z";
  test("open for 24 hours after the buyer's last WhatsApp message, to the millisecond", () => {
    expect(whatsappWindow(wrote, new Date("2026-11-21T09:59:59.999Z"))).toEqual({
      open: true,
      until: "2026-11-21T10:00:00.000Z",
    });
    expect(whatsappWindow(wrote, new Date("2026-11-21T10:00:00.000Z")).open).toBe(false);
  });

  test("closed, with no end, while the buyer never wrote on WhatsApp", () => {
    expect(whatsappWindow(null, new Date(wrote))).toEqual({ open: false, until: null });
  });
});

describe("who may be sent a WhatsApp message, and what", () => {
  const now = new Date("2026-11-22T10:00:00.000Z");
  const inWindow: WhatsAppSendFacts = {
    lastBuyerMessageAt: "2026-11-22T08:00:00.000Z",
    consentAt: null,
    optOut: null,
  };
  const afterWindow: WhatsAppSendFacts = { ...inWindow, lastBuyerMessageAt: "2026-11-20T08:00:00.000Z" };
  const consentOnly: WhatsAppSendFacts = {
    lastBuyerMessageAt: null,
    consentAt: "2026-11-19T08:00:00.000Z",
    optOut: null,
  };

  test("inside the window, free text or a template", () => {
    expect(whatsappSendRefusal(inWindow, "text", now)).toBeNull();
    expect(whatsappSendRefusal(inWindow, "template", now)).toBeNull();
  });

  test("outside the window, only a template", () => {
    expect(whatsappSendRefusal(afterWindow, "text", now)).toBe(whatsappSendMessages.windowClosed);
    expect(whatsappSendRefusal(afterWindow, "template", now)).toBeNull();
  });

  test("a buyer who never wrote: a template with their recorded consent, nothing without it", () => {
    expect(whatsappSendRefusal(consentOnly, "template", now)).toBeNull();
    expect(whatsappSendRefusal(consentOnly, "text", now)).toBe(whatsappSendMessages.windowClosed);
    expect(whatsappSendRefusal({ ...consentOnly, consentAt: null }, "template", now)).toBe(
      whatsappSendMessages.noConsent,
    );
  });

  test("nothing at all after the buyer's STOP, even inside the window", () => {
    const stopped = { ...inWindow, optOut: { at: "2026-11-22T09:00:00.000Z", wording: "STOP" } };
    expect(whatsappSendRefusal(stopped, "text", now)).toBe(whatsappSendMessages.optedOut);
    expect(whatsappSendRefusal(stopped, "template", now)).toBe(whatsappSendMessages.optedOut);
  });

  test("a message sent is contact by WhatsApp: the first moves New to Contacted", () => {
    const sent = planWhatsAppSend(untouchedWork(), {
      facts: inWindow,
      type: "text",
      at: now.toISOString(),
      due: { receivedAt: "2026-11-19T08:00:00.000Z", hours: DEFAULT_HOURS },
    });
    expect(sent.ok && sent.plan.history).toEqual([
      { kind: "contact", text: "whatsapp", touch: "first-contact" },
      { kind: "status", from: "New", to: "Contacted", text: null, touch: "first-contact" },
    ]);
    const refused = planWhatsAppSend(untouchedWork(), {
      facts: afterWindow,
      type: "text",
      at: now.toISOString(),
      due: { receivedAt: "2026-11-19T08:00:00.000Z", hours: DEFAULT_HOURS },
    });
    expect(refused).toEqual({ ok: false, error: whatsappSendMessages.windowClosed });
  });
});

describe("the enquiry's WhatsApp state the console shows", () => {
  const now = new Date("2026-11-22T10:00:00.000Z");
  const wrote = (at: string | null): WhatsAppSendFacts => ({
    lastBuyerMessageAt: at,
    consentAt: null,
    optOut: null,
  });

  test("inside the window: anything may be sent, free text until 24 hours after the buyer's last message", () => {
    expect(whatsappStateOf(wrote("2026-11-22T08:00:00.000Z"), [], now)).toEqual({
      configured: true,
      mayMessage: true,
      reason: null,
      reasonText: null,
      windowOpen: true,
      windowOpenUntil: "2026-11-23T08:00:00.000Z",
      optOut: null,
      templates: [],
    });
  });

  test("after the window: the buyer may still be messaged (a template), free text may not, and when it closed is said", () => {
    expect(whatsappStateOf(wrote("2026-11-20T08:00:00.000Z"), [], now)).toMatchObject({
      mayMessage: true,
      reason: null,
      windowOpen: false,
      windowOpenUntil: "2026-11-21T08:00:00.000Z",
    });
  });

  test("a buyer who never wrote and gave no consent: nothing, with the reason", () => {
    expect(whatsappStateOf(wrote(null), [], now)).toMatchObject({
      mayMessage: false,
      reason: "no-consent",
      reasonText: whatsappSendMessages.noConsent,
      windowOpen: false,
      windowOpenUntil: null,
    });
  });

  test("after STOP: nothing, inside the window too, with the opt-out's time and wording", () => {
    const optOut = { at: "2026-11-22T09:00:00.000Z", wording: "STOP" };
    expect(whatsappStateOf({ ...wrote("2026-11-22T09:00:00.000Z"), optOut }, [], now)).toMatchObject({
      mayMessage: false,
      reason: "opted-out",
      reasonText: whatsappSendMessages.optedOut,
      windowOpen: true,
      optOut,
    });
  });

  test("WhatsApp not set up: not configured, nothing may be sent", () => {
    expect(whatsappStateOf(null, [], now)).toMatchObject({
      configured: false,
      mayMessage: false,
      reason: "not-configured",
      templates: [],
    });
  });
});

describe("a buyer's opt-out", () => {
  test("STOP, UNSUBSCRIBE and «बंद करें» alone, in any case and with an ending stop", () => {
    for (const text of ["STOP", "stop", " Stop. ", "Unsubscribe!", "बंद करें", "बंद करें।", "बंद  करें"])
      expect(isWhatsAppOptOut(text), text).toBe(true);
  });

  test("a sentence that merely contains one is an answer, not an opt-out", () => {
    for (const text of ["Don't stop the order", "stop sending the blue box", "बंद करें क्या?", "STOPPED", ""])
      expect(isWhatsAppOptOut(text), text).toBe(false);
  });
});

describe("WhatsApp's state on an enquiry, as the console is told it", () => {
  const now = new Date("2030-05-02T12:00:00.000Z");
  const offer = {
    id: "t1",
    title: "Follow-up",
    metaName: "order_followup",
    language: "en",
    preview: "Hello",
  };
  const facts = (over: Partial<WhatsAppSendFacts>): WhatsAppSendFacts => ({
    lastBuyerMessageAt: "2030-05-02T09:30:00.000Z",
    consentAt: null,
    optOut: null,
    ...over,
  });

  test("inside the window: free text or a template, open until 24 hours after the buyer's last message", () => {
    expect(whatsappStateOf(facts({}), [offer], now)).toEqual({
      configured: true,
      mayMessage: true,
      reason: null,
      reasonText: null,
      windowOpen: true,
      windowOpenUntil: "2030-05-03T09:30:00.000Z",
      optOut: null,
      templates: [offer],
    });
  });

  test("outside the window: templates only, the window closed since 24 hours after the last message", () => {
    const state = whatsappStateOf(facts({ lastBuyerMessageAt: "2030-05-01T08:00:00.000Z" }), [offer], now);
    expect(state).toMatchObject({
      mayMessage: true,
      windowOpen: false,
      windowOpenUntil: "2030-05-02T08:00:00.000Z",
    });
    expect(state.templates).toEqual([offer]);
  });

  test("after STOP, without consent, or not set up: nothing may be sent, and why, with no templates", () => {
    const optOut = { at: "2030-05-02T10:00:00.000Z", wording: "STOP" };
    expect(whatsappStateOf(facts({ optOut }), [offer], now)).toMatchObject({
      mayMessage: false,
      reason: "opted-out",
      reasonText: whatsappSendMessages.optedOut,
      optOut,
      templates: [],
    });
    expect(whatsappStateOf(facts({ lastBuyerMessageAt: null }), [offer], now)).toMatchObject({
      mayMessage: false,
      reason: "no-consent",
      reasonText: whatsappSendMessages.noConsent,
      windowOpen: false,
      windowOpenUntil: null,
      templates: [],
    });
    expect(whatsappStateOf(null, [offer], now)).toMatchObject({
      configured: false,
      mayMessage: false,
      reason: "not-configured",
      templates: [],
    });
  });
});

describe("consent on the form and an opt-out across the buyer's enquiries", () => {
  const now = new Date("2026-11-29T10:00:00.000Z");
  const ticked = whatsappConsentOf({ asked: true, language: "en", receivedAt: "2026-11-29T08:32:00.000Z" });
  const stop = { at: "2026-11-27T09:00:00.000Z", text: "STOP" };
  const start = { at: "2026-11-28T09:00:00.000Z", text: "Start!" };
  const hello = { at: "2026-11-28T11:00:00.000Z", text: "Hello, is the price the same?" };

  test("a ticked box is recorded with the time, the exact words shown and their language; an unticked one is not", () => {
    expect(ticked).toEqual({
      at: "2026-11-29T08:32:00.000Z",
      wording: "You may message me on WhatsApp about this enquiry",
      language: "en",
    });
    expect(whatsappConsentOf({ asked: true, language: "hi", receivedAt: ticked!.at })?.wording).toBe(
      whatsappConsentWording.hi,
    );
    expect(whatsappConsentOf({ asked: false, language: "en", receivedAt: ticked!.at })).toBeNull();
  });

  test("a buyer who opted in on the form and never wrote may be messaged first (by an approved template)", () => {
    const facts = whatsappFactsOf({ answers: [], buyerMessages: [], consent: ticked });
    expect(facts).toEqual({ lastBuyerMessageAt: null, consentAt: ticked!.at, optOut: null });
    expect(whatsappSendRefusal(facts, "template", now)).toBeNull();
    const unticked = whatsappFactsOf({ answers: [], buyerMessages: [], consent: null });
    expect(whatsappSendRefusal(unticked, "template", now)).toBe(whatsappSendMessages.noConsent);
  });

  test("STOP sent on enquiry A blocks enquiry B of the same mobile, even inside B's window", () => {
    const onB = { at: "2026-11-29T09:30:00.000Z", text: "Please call after 6" };
    const facts = whatsappFactsOf({ answers: [onB], buyerMessages: [onB, stop], consent: null });
    expect(facts.optOut).toEqual({ at: stop.at, wording: "STOP" });
    expect(whatsappSendRefusal(facts, "text", now)).toBe(whatsappSendMessages.optedOut);
  });

  test("only START (or «शुरू करें») lifts it: another message after STOP does not", () => {
    const stillStopped = whatsappFactsOf({ answers: [hello], buyerMessages: [hello, stop], consent: null });
    expect(whatsappSendRefusal(stillStopped, "text", now)).toBe(whatsappSendMessages.optedOut);
    const restarted = whatsappFactsOf({ answers: [], buyerMessages: [hello, start, stop], consent: ticked });
    expect(restarted.optOut).toBeNull();
    expect(whatsappSendRefusal(restarted, "template", now)).toBeNull();
    const hindi = whatsappFactsOf({
      answers: [],
      buyerMessages: [{ at: start.at, text: "शुरू करें।" }, stop],
      consent: ticked,
    });
    expect(hindi.optOut).toBeNull();
  });

  test("a STOP after START binds again", () => {
    const again = { at: "2026-11-29T07:00:00.000Z", text: "बंद करें" };
    const facts = whatsappFactsOf({ answers: [], buyerMessages: [again, hello, start, stop], consent: null });
    expect(facts.optOut).toEqual({ at: again.at, wording: "बंद करें" });
  });

  test("a form's tick after the STOP is a fresh consent for its enquiry; an enquiry made later without it stays blocked", () => {
    const laterTicked = whatsappFactsOf({ answers: [], buyerMessages: [stop], consent: ticked });
    expect(laterTicked.optOut).toBeNull();
    expect(whatsappSendRefusal(laterTicked, "template", now)).toBeNull();
    const laterUnticked = whatsappFactsOf({ answers: [], buyerMessages: [stop], consent: null });
    expect(whatsappSendRefusal(laterUnticked, "template", now)).toBe(whatsappSendMessages.optedOut);
    const tickedBefore = whatsappConsentOf({
      asked: true,
      language: "hi",
      receivedAt: "2026-11-26T08:00:00.000Z",
    });
    const stoppedAfterTick = whatsappFactsOf({ answers: [], buyerMessages: [stop], consent: tickedBefore });
    expect(whatsappSendRefusal(stoppedAfterTick, "template", now)).toBe(whatsappSendMessages.optedOut);
  });

  test("START and «शुरू करें» alone, in any case, restart; a sentence containing one does not", () => {
    for (const text of ["START", "start", " Start. ", "शुरू करें", "शुरू करें।"])
      expect(isWhatsAppRestart(text), text).toBe(true);
    for (const text of ["start the order", "STARTED", "कब शुरू करें?", ""])
      expect(isWhatsAppRestart(text), text).toBe(false);
  });
});
