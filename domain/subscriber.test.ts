import { describe, expect, test } from "vitest";
import { enquiryMessages } from "./enquiry";
import { checkSubscriberEmail, subscriberMessages } from "./subscriber";

describe("a newsletter address", () => {
  test("is accepted trimmed and in lower case, so it is stored once whatever its case", () => {
    expect(checkSubscriberEmail("  Asha@Example.COM ")).toEqual({ ok: true, email: "asha@example.com" });
    expect(checkSubscriberEmail("asha@example.com")).toEqual({ ok: true, email: "asha@example.com" });
  });

  test.each(["", "   ", "asha", "asha@", "@example.com", "asha@example", "asha @example.com"])(
    "%j is refused with the enquiry form's e-mail message",
    (value) => {
      expect(checkSubscriberEmail(value)).toEqual({ ok: false, error: "Please enter a valid email address" });
    },
  );

  test("that is not text is refused", () => {
    for (const value of [undefined, null, 42, ["asha@example.com"], { email: "asha@example.com" }]) {
      expect(checkSubscriberEmail(value)).toEqual({ ok: false, error: subscriberMessages.invalid });
    }
  });

  test("longer than 254 characters is refused", () => {
    const long = `${"a".repeat(64)}@${"b".repeat(186)}.com`;
    expect(checkSubscriberEmail(long)).toEqual({ ok: false, error: subscriberMessages.invalid });
    expect(checkSubscriberEmail(long.slice(1)).ok).toBe(true);
  });
});

describe("the newsletter's messages", () => {
  test("share the enquiry form's e-mail message and say what happened", () => {
    expect(subscriberMessages.invalid).toBe(enquiryMessages.email);
    // One answer for every valid address: the box never says whether an address is on the list.
    expect(subscriberMessages.confirmationSent).toMatch(/e-mailed you a link: open it to confirm/);
    expect(subscriberMessages.failed).toBe(
      "We could not subscribe you just now. Please try again in a moment.",
    );
  });
});
