import { expect, test } from "vitest";
import { enquiryReference } from "../../domain/console";
import { ANSWER_QUOTE_MAX_LENGTH, answerQuote } from "../../domain/conversation";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { ANSWERS_PER_ENQUIRY_PER_DAY } from "../lifecycle/conversation";
import { memberAlertMail } from "./team-mail";

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
});

test("a long answer is quoted up to its limit, cut at a word", () => {
  const quote = answerQuote(`${"word ".repeat(200)}end`);
  expect(quote.length).toBeLessThanOrEqual(ANSWER_QUOTE_MAX_LENGTH);
  expect(quote).toMatch(/word…$/);
  expect(answerQuote("  Yes,\n\n\n\n  60   sachets  ")).toBe("Yes,\n\n60 sachets");
});
