import { describe, expect, it } from "vitest";
import { checkReply, conversationMessages, REPLY_MAX_LENGTH } from "../../domain/conversation";
import { parseImapUrl } from "../mail/imap-settings";
import { acknowledgementNotificationIdOf, messageIdsIn } from "../notify/message-ids";
import { answeringSubject } from "../notify/mail-content";
import {
  ANSWERS_PER_ENQUIRY_PER_DAY,
  matchAnswer,
  opensAnswers,
  planAnswer,
  planReply,
  referencesIn,
  REFERENCES_KEPT,
  threadHeaders,
  withReference,
  type AnswerDay,
  type AnswerPlan,
} from "./conversation";
import { untouchedWork, type MemberFacts } from "./plan";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

const DOMAIN = "collarise.example";
const ACK = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, "0")}:00.000Z`;
const due = { receivedAt: "2026-11-19T08:00:00.000Z", hours: DEFAULT_HOURS };

describe("how a reply threads", () => {
  it("answers the acknowledgement when nothing else was said yet", () => {
    expect(threadHeaders({ acknowledgementId: ACK, messages: [] }, DOMAIN)).toEqual({
      inReplyTo: `<acknowledgement-${ACK}@${DOMAIN}>`,
      references: [`<acknowledgement-${ACK}@${DOMAIN}>`],
    });
  });

  it("starts the thread when the enquiry was never acknowledged", () => {
    expect(threadHeaders({ acknowledgementId: null, messages: [] }, DOMAIN)).toEqual({
      inReplyTo: null,
      references: [],
    });
  });

  it("answers the newest message, with the thread from the acknowledgement on", () => {
    const thread = {
      acknowledgementId: ACK,
      messages: [
        { messageId: "<buyer-1@mail.example>", at: at(5) },
        { messageId: "<reply-a@collarise.example>", at: at(1) },
      ],
    };
    expect(threadHeaders(thread, DOMAIN)).toEqual({
      inReplyTo: "<buyer-1@mail.example>",
      references: [
        `<acknowledgement-${ACK}@${DOMAIN}>`,
        "<reply-a@collarise.example>",
        "<buyer-1@mail.example>",
      ],
    });
  });

  it("keeps the first and the newest Message-IDs of a long thread", () => {
    const messages = Array.from({ length: 30 }, (_, i) => ({ messageId: `<m${i}@x.example>`, at: at(i) }));
    const { references, inReplyTo } = threadHeaders({ acknowledgementId: ACK, messages }, DOMAIN);
    expect(references).toHaveLength(REFERENCES_KEPT);
    expect(references[0]).toBe(`<acknowledgement-${ACK}@${DOMAIN}>`);
    expect(references.at(-1)).toBe("<m29@x.example>");
    expect(inReplyTo).toBe("<m29@x.example>");
  });

  it("is contact by e-mail, stamped with a Message-ID of its own", () => {
    const plan = planReply(untouchedWork(), {
      due,
      at: at(0),
      messageRowId: "row-1",
      domain: DOMAIN,
      thread: { acknowledgementId: ACK, messages: [] },
    });
    expect(plan.message.messageId).toBe(`<reply-row-1@${DOMAIN}>`);
    // The first contact moves New to Contacted, as a status change would.
    expect(plan.history).toEqual([
      { kind: "contact", text: "email", touch: "first-contact" },
      { kind: "status", from: "New", to: "Contacted", text: null, touch: "first-contact" },
    ]);
    expect(plan.work.touchedAt).toBe(at(0));
    expect(plan.alerts).toEqual([]);
  });
});

describe("who hears of an answer, and who reads it", () => {
  const members: MemberFacts[] = [
    { id: "priya", email: "priya@example.com", alerts: "mine", invited: false },
    { id: "aman", email: "aman@example.com", alerts: "none", invited: false },
  ];

  // 10:00 UTC on 20 November is 15:30 IST that day; 19:00 UTC is 00:30 IST on the 21st.
  const first = { at: new Date(at(0)), unreadBefore: false, day: null };

  it("alerts the owner unless they chose no alerts; nobody when nobody owns it", () => {
    expect(planAnswer({ ...untouchedWork(), ownerId: "priya" }, members, first)).toEqual({
      store: true,
      unread: true,
      alerts: [{ staffId: "priya", answered: true }],
      day: { day: "2026-11-20", stored: 1, setAsideTold: false },
      // Due now for its owner.
      work: expect.objectContaining({ followUpAt: at(0), dueAt: at(0) }) as unknown,
    });
    expect(planAnswer({ ...untouchedWork(), ownerId: "aman" }, members, first).alerts).toEqual([]);
    expect(planAnswer(untouchedWork(), members, first).alerts).toEqual([]);
  });

  it("alerts once while the answers are unread: the next answers add to them, and once read the next alerts again", () => {
    const owned = { ...untouchedWork(), ownerId: "priya" };
    const day = { day: "2026-11-20", stored: 1, setAsideTold: false };
    const whileUnread = planAnswer(owned, members, { at: new Date(at(5)), unreadBefore: true, day });
    expect(whileUnread).toMatchObject({ store: true, unread: true, alerts: [] });
    expect(whileUnread.day.stored).toBe(2);
    const afterRead = planAnswer(owned, members, { at: new Date(at(9)), unreadBefore: false, day });
    expect(afterRead.alerts).toEqual([{ staffId: "priya", answered: true }]);
  });

  it(`stores ${ANSWERS_PER_ENQUIRY_PER_DAY} answers an IST day, sets aside the rest, and tells the owner once that day`, () => {
    const owned = { ...untouchedWork(), ownerId: "priya" };
    let day: AnswerDay | null = null;
    const outcomes: AnswerPlan[] = [];
    for (let n = 0; n < 150; n += 1) {
      const plan = planAnswer(owned, members, { at: new Date(at(n % 60)), unreadBefore: n > 0, day });
      outcomes.push(plan);
      day = plan.day;
    }
    expect(outcomes.filter((plan) => plan.store)).toHaveLength(ANSWERS_PER_ENQUIRY_PER_DAY);
    expect(outcomes.slice(ANSWERS_PER_ENQUIRY_PER_DAY).every((plan) => !plan.store)).toBe(true);
    expect(outcomes.flatMap((plan) => plan.alerts)).toEqual([
      { staffId: "priya", answered: true },
      { staffId: "priya", setAside: true },
    ]);
    expect(day).toEqual({ day: "2026-11-20", stored: ANSWERS_PER_ENQUIRY_PER_DAY, setAsideTold: true });

    // After midnight IST (18:30 UTC) the count starts again.
    const nextDay = planAnswer(owned, members, {
      at: new Date("2026-11-20T19:00:00.000Z"),
      unreadBefore: false,
      day,
    });
    expect(nextDay).toMatchObject({ store: true, alerts: [{ staffId: "priya", answered: true }] });
    expect(nextDay.day).toEqual({ day: "2026-11-21", stored: 1, setAsideTold: false });
  });

  it("tells nobody of answers set aside when the owner chose no alerts, or nobody owns the enquiry", () => {
    const full = { day: "2026-11-20", stored: ANSWERS_PER_ENQUIRY_PER_DAY, setAsideTold: false };
    for (const work of [{ ...untouchedWork(), ownerId: "aman" }, untouchedWork()]) {
      const plan = planAnswer(work, members, { at: new Date(at(1)), unreadBefore: true, day: full });
      expect(plan).toEqual({ store: false, alerts: [], day: { ...full, setAsideTold: true } });
    }
  });

  it("is read by its owner opening it, or by anyone while nobody owns it", () => {
    expect(opensAnswers("priya", "priya")).toBe(true);
    expect(opensAnswers("priya", "aman")).toBe(false);
    expect(opensAnswers(null, "aman")).toBe(true);
  });
});

describe("a reply's subject", () => {
  it("answers once, and keeps the reference", () => {
    expect(answeringSubject("RE: Re : Your enquiry 1A2B3C4D for Collarise")).toBe(
      "Re: Your enquiry 1A2B3C4D for Collarise",
    );
    expect(withReference("Price for 60 sachets", "1A2B3C4D")).toBe("Price for 60 sachets [1A2B3C4D]");
    expect(withReference("About 1a2b3c4d", "1A2B3C4D")).toBe("About 1a2b3c4d");
  });

  it("is refused when empty, too long, or carrying a line break or a direction mark", () => {
    expect(checkReply({ subject: " ", text: "Hello" })).toMatchObject({ ok: false, field: "subject" });
    expect(checkReply({ subject: "Hi\r\nBcc: x@y.example", text: "Hello" })).toEqual({
      ok: false,
      error: conversationMessages.subjectCharacters,
      field: "subject",
    });
    expect(checkReply({ subject: "Refund \u202Egnidnep", text: "Hello" })).toMatchObject({ ok: false });
    expect(checkReply({ subject: "x".repeat(201), text: "Hello" })).toMatchObject({ ok: false });
    expect(checkReply({ subject: "Hi", text: "  " })).toEqual({
      ok: false,
      error: conversationMessages.replyEmpty,
      field: "text",
    });
    expect(checkReply({ subject: "Hi", text: "x".repeat(REPLY_MAX_LENGTH + 1) })).toMatchObject({
      ok: false,
      field: "text",
    });
    expect(checkReply({ subject: " Hi ", text: "Line 1\r\nLine 2 " })).toEqual({
      ok: true,
      subject: "Hi",
      text: "Line 1\nLine 2",
    });
  });
});

describe("which mail is an answer to which enquiry", () => {
  const mail = (
    from: string,
    extra: Partial<{ messageId: string; automatic: boolean; authenticated: boolean }> = {},
  ) => ({
    messageId: extra.messageId ?? "<abc@mail.example>",
    from,
    automatic: extra.automatic ?? false,
    authenticated: extra.authenticated ?? false,
  });
  const company = "sales@collarise.example";

  it("follows its thread, from whichever address", () => {
    expect(
      matchAnswer({
        mail: mail("colleague@shop.example"),
        companyAddress: company,
        threadEnquiryId: "e1",
        referenced: [],
      }),
    ).toEqual({ enquiryId: "e1", by: "thread", verified: true });
  });

  it("takes the reference in the subject only from the enquiry's own mailbox, verified only when its receiving server vouched for the sender", () => {
    const referenced = [{ id: "e1", email: "Asha.Verma@gmail.com" }];
    expect(
      matchAnswer({
        mail: mail("ashaverma@googlemail.com", { authenticated: true }),
        companyAddress: company,
        threadEnquiryId: null,
        referenced,
      }),
    ).toEqual({ enquiryId: "e1", by: "reference", verified: true });
    // A forged From: filed, but never as the buyer's own words.
    expect(
      matchAnswer({
        mail: mail("ashaverma@googlemail.com"),
        companyAddress: company,
        threadEnquiryId: null,
        referenced,
      }),
    ).toEqual({ enquiryId: "e1", by: "reference", verified: false });
    expect(
      matchAnswer({
        mail: mail("stranger@mail.example"),
        companyAddress: company,
        threadEnquiryId: null,
        referenced,
      }),
    ).toEqual({ enquiryId: null, reason: "stranger" });
  });

  it("leaves our own mail, automatic answers and unrelated mail alone", () => {
    expect(
      matchAnswer({
        mail: mail("Sales@Collarise.example"),
        companyAddress: company,
        threadEnquiryId: "e1",
        referenced: [],
      }),
    ).toEqual({ enquiryId: null, reason: "ours" });
    expect(
      matchAnswer({
        mail: mail("asha@mail.example", { messageId: "<reply-0190@collarise.example>" }),
        companyAddress: company,
        threadEnquiryId: "e1",
        referenced: [],
      }),
    ).toEqual({ enquiryId: null, reason: "ours" });
    expect(
      matchAnswer({
        mail: mail("asha@mail.example", { automatic: true }),
        companyAddress: company,
        threadEnquiryId: "e1",
        referenced: [],
      }),
    ).toEqual({ enquiryId: null, reason: "automatic" });
    expect(
      matchAnswer({
        mail: mail("asha@mail.example"),
        companyAddress: company,
        threadEnquiryId: null,
        referenced: [],
      }),
    ).toEqual({ enquiryId: null, reason: "unrelated" });
  });

  it("finds references and Message-IDs where mail programs put them", () => {
    expect(referencesIn("Re: Your enquiry 1A2B3C4D for Collarise [1a2b3c4d] DEADBEEFCAFE")).toEqual([
      "1A2B3C4D",
    ]);
    expect(messageIdsIn(" <a@x.example>\r\n <b@y.example> <a@x.example>")).toEqual([
      "<a@x.example>",
      "<b@y.example>",
    ]);
    expect(acknowledgementNotificationIdOf(`<acknowledgement-${ACK}@old-domain.example>`)).toBe(ACK);
    expect(acknowledgementNotificationIdOf("<acknowledgement-nope@x.example>")).toBeNull();
  });
});

describe("IMAP_URL", () => {
  it("names the mailbox, its TLS and its credentials", () => {
    expect(parseImapUrl("imaps://sales%40collarise.in:s%3Acret@imap.mail.example/INBOX")).toMatchObject({
      host: "imap.mail.example",
      port: 993,
      secure: true,
      user: "sales@collarise.in",
      pass: "s:cret",
      mailbox: "INBOX",
      key: "sales@collarise.in@imap.mail.example:993/INBOX",
    });
    expect(parseImapUrl("imap://u:p@imap.mail.example/Sales")).toMatchObject({
      port: 143,
      secure: false,
      startTls: true,
      mailbox: "Sales",
    });
    expect(parseImapUrl("imap://u:p@127.0.0.1:1143?tls=none")).toMatchObject({
      startTls: false,
      mailbox: "INBOX",
    });
  });

  it("refuses plain text to another machine, and URLs it cannot use", () => {
    expect(parseImapUrl("imap://u:p@imap.mail.example?tls=none")).toHaveProperty("problem");
    expect(parseImapUrl("imaps://imap.mail.example/INBOX")).toHaveProperty("problem");
    expect(parseImapUrl("pop3://u:p@mail.example")).toHaveProperty("problem");
    expect(parseImapUrl("imap://u:p@mail.example?tls=maybe")).toHaveProperty("problem");
  });
});
