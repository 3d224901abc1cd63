import { describe, expect, test } from "vitest";
import type { BuyerEnquiry } from "../../domain/buyer";
import type { EnquiryStatus } from "../../domain/status";
import { buyerHistoryShown } from "./buyers";

const enquiry = (id: string, status: EnquiryStatus): BuyerEnquiry => ({
  id,
  reference: id.toUpperCase(),
  receivedAt: "2030-01-01T04:30:00.000Z",
  status,
  quantity: 12,
  sameMobile: true,
  sameMailbox: false,
  orderValue: null,
  lostReason: "price",
});

describe("a buyer's other enquiries on the enquiry's page", () => {
  test("why a sale was lost shows while it stands Declined, not once it was reopened", () => {
    const shown = buyerHistoryShown({
      total: 2,
      earlier: 1,
      enquiries: [enquiry("declined", "Declined"), enquiry("reopened", "Contacted")],
    });
    expect(shown.enquiries.map(({ id, lostReason }) => [id, lostReason])).toEqual([
      ["declined", "price"],
      ["reopened", null],
    ]);
    expect(shown).toMatchObject({ total: 2, earlier: 1 });
  });
});
