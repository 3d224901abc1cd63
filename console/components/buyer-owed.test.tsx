// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, expect, test } from "vitest";
import type { BuyerHistory as History } from "../../domain/buyer";
import { BuyerHistory } from "./BuyerHistory";

afterEach(cleanup);

const owed: NonNullable<History["owed"]> = {
  buckets: {
    "0-7": { count: 1, balancePaise: 1_234_500 },
    "8-30": { count: 0, balancePaise: 0 },
    "over-30": { count: 1, balancePaise: 50_000_00 },
  },
  invoices: [
    {
      id: "doc-old",
      enquiryId: "enquiry-old",
      number: "SH/2627/T0001",
      issuedAt: "2026-10-01T05:00:00.000Z",
      buyerName: "Meera Stores",
      totalPaise: 60_000_00,
      balancePaise: 50_000_00,
      bucket: "over-30",
      daysOwed: 45,
    },
    {
      id: "doc-new",
      enquiryId: "enquiry-new",
      number: "SH/2627/T0007",
      issuedAt: "2026-11-12T05:00:00.000Z",
      buyerName: "Meera Stores",
      totalPaise: 1_234_500,
      balancePaise: 1_234_500,
      bucket: "0-7",
      daysOwed: 3,
    },
  ],
};

function show(buyer: History) {
  render(
    <MemoryRouter>
      <BuyerHistory buyer={buyer} receivedAt="2026-11-12T05:00:00.000Z" />
    </MemoryRouter>,
  );
}

test("the Same buyer card says what the buyer owes by age and links each invoice's enquiry", () => {
  show({ total: 0, earlier: 0, enquiries: [], owed });
  const group = screen.getByRole("group", { name: "What this buyer owes" });
  expect(
    within(group).getByText("₹62,345.00 on 2 tax invoices, this enquiry's and the ones listed."),
  ).toBeTruthy();
  const ages = [...group.querySelectorAll("dt")].map((term) => [
    term.textContent,
    term.nextElementSibling?.textContent,
  ]);
  expect(ages).toEqual([
    ["0–7 days", "₹12,345.00 (1 invoice)"],
    ["8–30 days", "none"],
    ["Over 30 days", "₹50,000.00 (1 invoice)"],
  ]);
  const links = within(group).getAllByRole("link");
  expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    ["SH/2627/T0001: ₹50,000.00 owed for 45 days", "/enquiries/enquiry-old"],
    ["SH/2627/T0007: ₹12,345.00 owed for 3 days", "/enquiries/enquiry-new"],
  ]);
});

test("a buyer who owes nothing has no such part", () => {
  show({ total: 0, earlier: 0, enquiries: [], owed: { ...owed, invoices: [] } });
  expect(screen.queryByRole("group", { name: "What this buyer owes" })).toBeNull();
  expect(screen.getByText("No other enquiry from this mobile number or e-mail address.")).toBeTruthy();
});
