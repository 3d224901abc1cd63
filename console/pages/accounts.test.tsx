// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import { type Receivables } from "../../domain/invoice";
import { accountsText } from "../documents-content";
import { receivablesSummary } from "../dashboard/ReceivablesTile";
import { Component as Accounts, lastMonth } from "./Accounts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const receivables: Receivables = {
  buckets: {
    "0-7": { count: 2, balancePaise: 1_062_000 },
    "8-30": { count: 0, balancePaise: 0 },
    "over-30": { count: 1, balancePaise: 354_000 },
  },
  invoices: [
    {
      id: "d9",
      enquiryId: "e9",
      number: "CI/2026-27/0002",
      issuedAt: "2026-10-01T05:00:00.000Z",
      buyerName: "Sharma Medicos",
      totalPaise: 354_000,
      balancePaise: 354_000,
      bucket: "over-30",
      daysOwed: 45,
    },
  ],
};

function openAccounts(at: string, role: "owner" | "member" = "owner") {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(receivables)),
  );
  const staff = { id: "s1", email: "asha@collarise.example", role };
  const router = createMemoryRouter(
    [{ id: "layout", loader: () => ({ staff }), children: [{ path: "/accounts", Component: Accounts }] }],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("the accounts page", () => {
  test("what is owed by age with count and amount, and each invoice owed linked to its enquiry", async () => {
    openAccounts("/accounts");
    const table = await screen.findByRole("table", { name: accountsText.receivables });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "Days since the invoiceInvoicesOwed",
      "0–7 days2₹10,620.00",
      "8–30 days0₹0.00",
      "Over 30 days1₹3,540.00",
    ]);
    const owed = screen.getByRole("region", { name: accountsText.owedHeading });
    const link = within(owed).getByRole("link", { name: "CI/2026-27/0002" });
    expect(link.getAttribute("href")).toBe("/enquiries/e9");
    expect(owed.textContent).toContain("Sharma Medicos");
    expect(owed.textContent).toContain("Balance ₹3,540.00");
    expect(owed.textContent).toContain("Over 30 days");
  });

  test("the month in the URL gives its files: the seven GSTR-1 tables as CSV and the Tally XML; choosing another month changes them", async () => {
    const router = openAccounts("/accounts?month=2026-11");
    const files = await screen.findByRole("list", { name: `${accountsText.filesHeading}, November 2026` });
    expect(
      within(files)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual([
      "/api/admin/accounts/2026-11/gstr1/b2b.csv",
      "/api/admin/accounts/2026-11/gstr1/b2cl.csv",
      "/api/admin/accounts/2026-11/gstr1/b2cs.csv",
      "/api/admin/accounts/2026-11/gstr1/cdnr.csv",
      "/api/admin/accounts/2026-11/gstr1/cdnur.csv",
      "/api/admin/accounts/2026-11/gstr1/hsn-b2b.csv",
      "/api/admin/accounts/2026-11/gstr1/hsn-b2c.csv",
      "/api/admin/accounts/2026-11/tally.xml",
    ]);
    expect(within(files).getByRole("link", { name: /HSN\(B2C\)/ }).textContent).toBe(
      "GSTR-1 HSN(B2C): HSN summary, B2C tab",
    );
    fireEvent.change(screen.getByLabelText(accountsText.month), { target: { value: "2026-10" } });
    await screen.findByRole("list", { name: `${accountsText.filesHeading}, October 2026` });
    expect(router.state.location.search).toBe("?month=2026-10");
  });

  test("a member sees what is owed; the month's files are an owner's, as the API says", async () => {
    openAccounts("/accounts?month=2026-11", "member");
    await screen.findByRole("table", { name: accountsText.receivables });
    const files = screen.getByRole("region", { name: accountsText.filesHeading });
    expect(files.textContent).toContain(accountsText.filesOwners);
    expect(within(files).queryAllByRole("link")).toEqual([]);
  });

  test("without a month the page opens on the month before today's in Delhi", () => {
    expect(lastMonth(new Date("2026-12-01T00:00:00.000Z"))).toBe("2026-11");
    // 31 Dec 19:00 UTC is already 1 January in Delhi.
    expect(lastMonth(new Date("2026-12-31T19:00:00.000Z"))).toBe("2026-12");
    expect(lastMonth(new Date("2027-01-15T06:00:00.000Z"))).toBe("2026-12");
  });
});

test("the dashboard's tile adds every bucket and sets apart what is over 30 days", () => {
  expect(receivablesSummary(receivables)).toEqual({ count: 3, owed: 1_416_000, late: 354_000 });
});
