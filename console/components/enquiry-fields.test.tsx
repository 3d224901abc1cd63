// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_FIELD_SPECS, type Enquiry, type WhatsAppEnquiry } from "../../domain/enquiry";
import { EnquiryFields } from "./EnquiryParts";

afterEach(cleanup);

/** Each term with its description, as a screen reader reads the list. */
function pairs(container: HTMLElement): [string, string][] {
  const terms = [...container.querySelectorAll("dt")];
  return terms.map((term) => [term.textContent ?? "", term.nextElementSibling?.textContent ?? ""]);
}

test("the enquiry's page lists the form's fields in its order, with their labels", () => {
  const enquiry: Enquiry = {
    Name: "Asha Verma",
    Email: "asha@example.in",
    Mobile: "9876543210",
    Quantity: 24,
    RetailerSelfUse: "Retailer",
  };
  const { container } = render(<EnquiryFields enquiry={enquiry} />);
  expect(pairs(container).map(([label]) => label)).toEqual(
    ENQUIRY_FIELD_SPECS.map((spec) => spec.console.label),
  );
  expect(pairs(container).slice(0, 5)).toEqual([
    ["Name", "Asha Verma"],
    ["Email", "asha@example.in"],
    ["Mobile", "9876543210"],
    ["Quantity", "24 sachets"],
    ["Retailer/Self Use", "Retailer"],
  ]);
});

test("an enquiry started on WhatsApp says which fields were not given", () => {
  const enquiry: WhatsAppEnquiry = {
    Name: null,
    Email: null,
    Mobile: "919876543210",
    Quantity: null,
    RetailerSelfUse: null,
  };
  const { container } = render(<EnquiryFields enquiry={enquiry} />);
  expect(pairs(container).slice(0, 5)).toEqual([
    ["Name", "Not given (no name on WhatsApp)"],
    ["Email", "Not given"],
    ["Mobile", "+919876543210"],
    ["Quantity", "Not given"],
    ["Retailer/Self Use", "Not given"],
  ]);
});
