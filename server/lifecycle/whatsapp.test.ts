import { describe, expect, test } from "vitest";
import { enquiryForWhatsApp } from "./whatsapp";

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
