import { expect, test } from "vitest";
import { enquiryReference } from "../../domain/console";
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
