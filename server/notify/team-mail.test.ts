import { expect, test } from "vitest";
import { enquiryReference } from "../../domain/console";
import { ANSWER_QUOTE_MAX_LENGTH, answerQuote } from "../../domain/conversation";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { ANSWERS_PER_ENQUIRY_PER_DAY } from "../lifecycle/conversation";
import { digestMail, memberAlertMail } from "./team-mail";

const ENQUIRY = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

test("the owner's notice of answers set aside says the day's cap was reached and where the rest are", () => {
  const mail = memberAlertMail(
    {
      id: "n1",
      staffId: "s1",
      to: "priya@example.com",
      attempts: 0,
      kind: "member-alert",
      enquiryId: ENQUIRY,
      enquiry: anEnquiry(),
      receivedAt: "2026-11-20T06:30:00.000Z",
      setAside: true,
    },
    "https://collarise.example",
  );
  expect(mail.subject).toMatch(
    new RegExp(`^\\[${enquiryReference(ENQUIRY)}\\] Answers set aside in the mailbox: `),
  );
  expect(mail.text).toContain(`(${ANSWERS_PER_ENQUIRY_PER_DAY})`);
  expect(mail.text).toContain("set aside in the company's mailbox");
  expect(mail.text).toContain(`https://collarise.example/admin/enquiries/${ENQUIRY}`);
});

test("the owner's notice of an answer quotes it as plain text, escaped in the HTML, and sends them to the console", () => {
  const answer = `Please send 60 <b>today</b> & bill "Sharma Stores".\n\nThanks`;
  const mail = memberAlertMail(
    {
      id: "n2",
      staffId: "s1",
      to: "priya@example.com",
      attempts: 0,
      kind: "member-alert",
      enquiryId: ENQUIRY,
      enquiry: anEnquiry(),
      receivedAt: "2026-11-20T06:30:00.000Z",
      answered: true,
      quote: answerQuote(answer),
    },
    "https://collarise.example",
  );
  expect(mail.subject).toMatch(new RegExp(`^\\[${enquiryReference(ENQUIRY)}\\] The buyer answered: `));
  expect(mail.text).toContain(
    `They wrote:\n> Please send 60 <b>today</b> & bill "Sharma Stores".\n>\n> Thanks\n`,
  );
  expect(mail.html).toContain(
    "Please send 60 &lt;b&gt;today&lt;/b&gt; &amp; bill &quot;Sharma Stores&quot;.",
  );
  expect(mail.html).not.toContain("<b>today");
  expect(mail.text).toContain(`https://collarise.example/admin/enquiries/${ENQUIRY}`);
  expect(mail.text).toContain("answered your enquiry");
  expect(mail.text).toContain("by e-mail.");
});

test("the alert of an answer on WhatsApp says it came on WhatsApp, not by e-mail", () => {
  const mail = memberAlertMail(
    {
      id: "n3",
      staffId: "s1",
      to: "priya@example.com",
      attempts: 0,
      kind: "member-alert",
      enquiryId: ENQUIRY,
      enquiry: anEnquiry(),
      receivedAt: "2026-11-20T06:30:00.000Z",
      answered: true,
      channel: "whatsapp",
      quote: "Send 60 sachets",
    },
    "https://collarise.example",
  );
  expect(mail.text).toContain(`The buyer answered your enquiry ${enquiryReference(ENQUIRY)} on WhatsApp.`);
  expect(mail.text).not.toContain("by e-mail");
});

test("a long answer is quoted up to its limit, cut at a word", () => {
  const quote = answerQuote(`${"word ".repeat(200)}end`);
  expect(quote.length).toBeLessThanOrEqual(ANSWER_QUOTE_MAX_LENGTH);
  expect(quote).toMatch(/word…$/);
  expect(answerQuote("  Yes,\n\n\n\n  60   sachets  ")).toBe("Yes,\n\n60 sachets");
});

test("a member's alert of an enquiry started on WhatsApp says where it came from and what was not given", () => {
  const mail = memberAlertMail(
    {
      id: "n2",
      staffId: "s1",
      to: "priya@example.com",
      attempts: 0,
      kind: "member-alert",
      enquiryId: ENQUIRY,
      enquiry: {
        Name: "Sunita Sharma",
        Email: null,
        Mobile: "9812345670",
        Quantity: null,
        RetailerSelfUse: null,
      },
      receivedAt: "2026-11-20T06:30:00.000Z",
    },
    "https://collarise.example",
  );
  expect(mail.subject).toBe(
    `[${enquiryReference(ENQUIRY)}] WhatsApp enquiry for Collarise from Sunita Sharma (+91 98123 45670)`,
  );
  expect(mail.text).toContain("arrived on WhatsApp");
  expect(mail.text).toContain("Email: not given");
  expect(mail.text).toContain("Quantity: not given");
  expect(mail.text).not.toContain("null");
});

test("the digest lists an enquiry started on WhatsApp with its quantity not given", () => {
  const item = { id: ENQUIRY, reference: enquiryReference(ENQUIRY), receivedAt: "2026-11-20T06:30:00.000Z" };
  const mail = digestMail(
    {
      day: "2026-11-20",
      overdue: {
        count: 2,
        items: [
          {
            ...item,
            firstName: "Sunita",
            Quantity: null,
            RetailerSelfUse: null,
            dueAt: "2026-11-20T08:30:00.000Z",
          },
          { ...item, Quantity: 24, RetailerSelfUse: "Retailer", dueAt: "2026-11-20T09:30:00.000Z" },
        ],
      },
      dueToday: { count: 0, items: [] },
      unownedOverdue: { count: 0, items: [] },
      unownedDueToday: { count: 0, items: [] },
      team: { overdue: 2, dueToday: 0 },
      spamFiled: 0,
    },
    "https://collarise.example",
  );
  expect(mail.text).toContain(`${enquiryReference(ENQUIRY)}: Sunita, on WhatsApp, quantity not given, due `);
  expect(mail.text).toContain(`${enquiryReference(ENQUIRY)}: 24 sachets, Retailer, due `);
  expect(mail.text).not.toContain("null");
});
