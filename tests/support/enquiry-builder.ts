import type { Enquiry } from "../../domain/enquiry";

let made = 0;

/**
 * An enquiry as a visitor sends it, different from every other this process made (its name,
 * mailbox and mobile), with what a test cares about given: `anEnquiry({ RetailerSelfUse: "Retailer" })`.
 */
export function anEnquiry(overrides: Partial<Enquiry> = {}): Enquiry {
  made += 1;
  return {
    Name: `Asha Buyer${made}`,
    Email: `buyer${made}@example.in`,
    Mobile: `98${String(76_543_210 + made).padStart(8, "0")}`,
    Quantity: 12,
    RetailerSelfUse: "Self Use",
    ...overrides,
  };
}
