import { describe, expect, test } from "vitest";
import { recordMails } from "./enquiry-work";

describe("the mails an enquiry's record shows", () => {
  test("the company's mail first, then the acknowledgement, each oldest first; a reply, alert or digest is not listed", () => {
    const mails = [
      { id: "ack", kind: "acknowledgement" },
      { id: "reply", kind: "reply" },
      { id: "company", kind: "company" },
      { id: "alert", kind: "member-alert" },
      { id: "company-resent", kind: "company" },
    ];
    expect(recordMails(mails).map((mail) => mail.id)).toEqual(["company", "company-resent", "ack"]);
  });
});
