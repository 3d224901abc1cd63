// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { documentMessages, type IssuedDocument, type RecordedPayment } from "../../domain/invoice";
import { NO_DEAL_FIGURES } from "../../domain/deal";
import { istDate } from "../../domain/working-hours";
import { creditNoteText, documentsText, paymentText } from "../documents-content";
import { Documents, typedFrom, type DocumentsEnquiry } from "./Documents";
import { DocumentForm } from "./DocumentForm";
import { PaymentForm } from "./PaymentForm";
import { CreditNoteForm } from "./CreditNoteForm";
import { FlashContext } from "../session";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const enquiry: DocumentsEnquiry = {
  id: "e1",
  status: "Confirmed",
  language: "hi",
  name: "Meera Stores",
  email: "meera@example.com",
  mobile: "9811100375",
  quantity: 24,
  deal: {
    ...NO_DEAL_FIGURES,
    version: 2,
    quantity: 240,
    city: "Pune",
    pinCode: "411001",
    gstin: "27AAPFU0939F1ZV",
  },
  whatsappConfigured: true,
};

/** A tax invoice for 240 sachets to Pune: IGST at 18 %. */
function invoice(overrides: Partial<IssuedDocument> = {}): IssuedDocument {
  return {
    id: "d1",
    enquiryId: "e1",
    kind: "tax-invoice",
    number: "CI/2026-27/0007",
    financialYear: "2026-27",
    sequence: 7,
    issuedAt: "2026-11-20T06:00:00.000Z",
    language: "hi",
    supplier: {
      legalName: { en: "Collarise Foods Pvt Ltd", hi: "कोलराइज़ फ़ूड्स" },
      address: {
        lines: [{ en: "Okhla", hi: "ओखला" }],
        city: { en: "New Delhi", hi: "नई दिल्ली" },
        state: { en: "Delhi", hi: "दिल्ली" },
        stateCode: "07",
        pin: "110020",
      },
      gstin: "07AAACC1206D1ZM",
      fssaiLicence: "10012011000123",
      phone: "+911140000000",
      email: "care@collarise.example",
      merchantUpiId: "collarise@icici",
      signatory: { name: { en: "A. Kumar", hi: "ए. कुमार" }, designation: { en: "Director", hi: "निदेशक" } },
    },
    buyer: {
      name: "Meera Stores",
      address: { lines: ["Shop 4, Main Bazar"], city: "Pune", stateCode: "27", pin: "411001" },
      shippingAddress: null,
      gstin: "27AAPFU0939F1ZV",
      email: "meera@example.com",
      mobile: "9811100375",
    },
    placeOfSupply: { stateCode: "27", stateName: "Maharashtra" },
    interState: true,
    reverseCharge: false,
    lines: [
      {
        description: { en: "Collagen peptide, 12.5 g sachet", hi: "कोलेजन पेप्टाइड" },
        hsn: "21069099",
        quantity: 240,
        unit: { en: "sachet", hi: "सैशे" },
        uqc: "PCS",
        unitPricePaise: 2_500,
        discountPaise: 0,
        taxableValuePaise: 600_000,
        rateBasisPoints: 1800,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 108_000,
      },
    ],
    totals: {
      taxableValuePaise: 600_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 108_000,
      roundOffPaise: 0,
      totalPaise: 708_000,
    },
    against: null,
    upiUri: "upi://pay?pa=collarise@icici",
    issuedBy: "asha@collarise.example",
    ...overrides,
  };
}

const payment: RecordedPayment = {
  id: "p1",
  documentId: "d1",
  amountPaise: 300_000,
  method: "upi",
  reference: "512345678901",
  receivedOn: "2026-11-21",
  recordedAt: "2026-11-21T06:00:00.000Z",
  recordedBy: "asha@collarise.example",
};

/** A form's input by the start of its label (a label holds its hint and its error too). */
function field(label: string): HTMLInputElement {
  return screen.getByLabelText(
    new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  ) as HTMLInputElement;
}

type Answer = (path: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs the network: `answer` decides each call; the calls are kept, bodies parsed. */
function network(answer: Answer) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => answer(path, init));
  vi.stubGlobal("fetch", fetch);
  const posted = (ending: string) =>
    fetch.mock.calls
      .filter(([path, init]) => String(path).endsWith(ending) && init?.method === "POST")
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { fetch, posted };
}

const draftAnswer = () => {
  const { totals, lines, interState, placeOfSupply } = invoice();
  return Response.json({ draft: { totals, lines, interState, placeOfSupply } });
};

function issueForm(onIssued = vi.fn()) {
  render(
    <DocumentForm
      enquiryId="e1"
      initial={typedFrom(enquiry, "tax-invoice")}
      contact={{ email: enquiry.email, mobile: enquiry.mobile }}
      onIssued={onIssued}
      onCancel={vi.fn()}
      previewDelayMs={0}
    />,
  );
  return { onIssued };
}

describe("issuing a document", () => {
  test("the form comes filled in from the enquiry and its deal, and shows the draft's totals: IGST for a buyer in Maharashtra", async () => {
    const { posted } = network((path) =>
      path.endsWith("/draft") ? draftAnswer() : new Response(null, { status: 500 }),
    );
    issueForm();
    expect(field(documentsText.form.name).value).toBe("Meera Stores");
    expect(field(documentsText.form.city).value).toBe("Pune");
    expect(field(documentsText.form.pin).value).toBe("411001");
    expect(field(documentsText.form.state).value).toBe("27");
    expect(field(documentsText.form.quantity).value).toBe("240");
    expect(field(documentsText.form.gstin).value).toBe("27AAPFU0939F1ZV");
    expect(field(documentsText.form.language).value).toBe("hi");
    // Typing starts where the form is empty: the billing address.
    expect(document.activeElement).toBe(field(documentsText.form.line1));
    // Only what is missing is asked: no shipping address until the goods go elsewhere.
    expect(screen.queryByRole("group", { name: documentsText.form.shipping })).toBeNull();
    const totals = screen.getByRole("region", { name: documentsText.preview.heading });
    await waitFor(() => expect(totals.textContent).toContain("IGST 18%₹1,080.00"));
    expect(totals.textContent).toContain("Taxable value₹6,000.00");
    expect(totals.textContent).toContain("Total₹7,080.00");
    expect(totals.textContent).toContain("Place of supply: Maharashtra (27)");
    expect(posted("/draft")[0]).toMatchObject({
      kind: "tax-invoice",
      language: "hi",
      buyer: { name: "Meera Stores", address: { lines: [], city: "Pune", stateCode: "27", pin: "411001" } },
      lines: [{ quantity: 240, unitPricePaise: null, discountPaise: 0 }],
    });
  });

  test("a discount on the line is sent in paise, and the totals show it before the taxable value after it; one that is not rupees is named beside its input", async () => {
    const discounted = (discountPaise: number) => {
      const shown = invoice();
      const line = { ...shown.lines[0]!, discountPaise, taxableValuePaise: 600_000 - discountPaise };
      line.igstPaise = Math.round(line.taxableValuePaise * 0.18);
      const totals = {
        ...shown.totals,
        taxableValuePaise: line.taxableValuePaise,
        igstPaise: line.igstPaise,
        totalPaise: line.taxableValuePaise + line.igstPaise,
      };
      return { totals, lines: [line], interState: true, placeOfSupply: shown.placeOfSupply };
    };
    // The draft and the issue answer alike: a discount that is not rupees is refused by name.
    const { posted } = network((path, init) => {
      if (init?.method !== "POST") return new Response(null, { status: 500 });
      const body = JSON.parse(String(init?.body)) as { lines: { discountPaise: number }[] };
      const discountPaise = body.lines[0]?.discountPaise ?? 0;
      return discountPaise < 0
        ? Response.json(
            {
              error: "Missing",
              missing: [
                {
                  field: "lines.0.discountPaise",
                  message: "Give the discount in rupees and paise, ₹0 or more.",
                },
              ],
            },
            { status: 422 },
          )
        : Response.json({ draft: discounted(discountPaise) });
    });
    issueForm();
    const discount = field(documentsText.form.discount);
    expect(discount.value).toBe("");
    fireEvent.change(discount, { target: { value: "₹ 250.50" } });
    const totals = screen.getByRole("region", { name: documentsText.preview.heading });
    await waitFor(() => expect(totals.textContent).toContain("Discount− ₹250.50"));
    expect(totals.textContent).toContain("Taxable value₹5,749.50");
    expect(posted("/draft").at(-1)).toMatchObject({
      lines: [{ quantity: 240, unitPricePaise: null, discountPaise: 25_050 }],
    });

    fireEvent.change(discount, { target: { value: "250.505" } });
    await waitFor(() => expect(posted("/draft").at(-1)).toMatchObject({ lines: [{ discountPaise: -1 }] }));
    fireEvent.submit(discount.form!);
    await waitFor(() => expect(discount.getAttribute("aria-invalid")).toBe("true"));
    expect(
      document.getElementById(discount.getAttribute("aria-describedby")?.split(" ").at(-1) ?? "")
        ?.textContent,
    ).toBe("Give the discount in rupees and paise, ₹0 or more.");
    expect(document.activeElement).toBe(discount);
  });

  test("a refusal names each field beside its input, the first takes the focus, and the company's own gap is said above the button", async () => {
    network((path) =>
      path.endsWith("/draft")
        ? Response.json({ error: "Missing", missing: [] }, { status: 422 })
        : Response.json(
            {
              error: "The document cannot be issued yet.",
              missing: [
                {
                  field: "supplier.merchantUpiId",
                  message: "The company's UPI ID is not set on the Company page.",
                },
                { field: "buyer.address.lines", message: "Enter the buyer's billing address." },
                { field: "buyer.address.pin", message: "Enter the 6-digit PIN code." },
              ],
            },
            { status: 422 },
          ),
    );
    const { onIssued } = issueForm();
    fireEvent.change(field(documentsText.form.pin), { target: { value: "4110" } });
    fireEvent.click(screen.getByRole("button", { name: "Issue tax invoice" }));
    const street = field(documentsText.form.line1);
    await waitFor(() => expect(document.activeElement).toBe(street));
    expect(street.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(street.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Enter the buyer's billing address.",
    );
    const pin = field(documentsText.form.pin);
    expect(pin.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(pin.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Enter the 6-digit PIN code.",
    );
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts).toContain("The company's UPI ID is not set on the Company page.");
    expect(alerts).toContain(documentsText.form.refused);
    expect(field(documentsText.form.city).getAttribute("aria-invalid")).toBeNull();
    expect(onIssued).not.toHaveBeenCalled();
  });

  test("an issue that got no answer is sent again with the same click key; a second tap on its way sends nothing", async () => {
    let attempt = 0;
    let release: (response: Response) => void = () => undefined;
    const { posted } = network((path) => {
      if (path.endsWith("/draft")) return draftAnswer();
      attempt += 1;
      if (attempt === 1) throw new TypeError("Failed to fetch");
      return new Promise<Response>((resolve) => (release = resolve));
    });
    const { onIssued } = issueForm();
    fireEvent.change(field(documentsText.form.line1), { target: { value: "Shop 4, Main Bazar" } });
    fireEvent.click(screen.getByRole("button", { name: "Issue tax invoice" }));
    await screen.findByText(/connection|offline|network/i);
    fireEvent.click(screen.getByRole("button", { name: "Issue tax invoice" }));
    fireEvent.click(screen.getByRole("button", { name: documentsText.form.issuing }));
    release(Response.json({ document: invoice() }, { status: 201 }));
    await waitFor(() => expect(onIssued).toHaveBeenCalledTimes(1));
    const issued = posted("/enquiries/e1/documents");
    expect(issued).toHaveLength(2);
    expect(issued[0]?.clickKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(issued[1]?.clickKey).toBe(issued[0]?.clickKey);
  });
});

test("what was typed is kept in the tab: the form opened again after a reload shows it, and Cancel forgets it", () => {
  network((path) => (path.endsWith("/draft") ? draftAnswer() : new Response(null, { status: 500 })));
  issueForm();
  fireEvent.change(field(documentsText.form.line1), { target: { value: "Shop 4, Main Bazar" } });
  cleanup();
  issueForm();
  expect(field(documentsText.form.line1).value).toBe("Shop 4, Main Bazar");
  fireEvent.click(screen.getByRole("button", { name: documentsText.form.cancel }));
  cleanup();
  issueForm();
  expect(field(documentsText.form.line1).value).toBe("");
});

describe("recording a payment", () => {
  test("the balance, UPI and today to begin with; the amount goes in paise with its reference, and more than is owed is refused beside the amount", async () => {
    const { posted } = network(() =>
      Response.json({ error: documentMessages.overBalance, balancePaise: 408_000 }, { status: 422 }),
    );
    const onRecorded = vi.fn();
    render(
      <PaymentForm invoice={invoice()} balancePaise={408_000} onRecorded={onRecorded} onCancel={vi.fn()} />,
    );
    const amount = field(paymentText.amount);
    expect(amount.value).toBe("4080");
    expect(field(paymentText.method).value).toBe("upi");
    expect(field(paymentText.receivedOn).value).toBe(istDate(new Date()));
    fireEvent.change(amount, { target: { value: "5,000" } });
    fireEvent.change(field(paymentText.reference), { target: { value: "512345678901" } });
    fireEvent.click(screen.getByRole("button", { name: paymentText.save }));
    await screen.findByText(documentMessages.overBalance);
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(amount);
    expect(posted("/documents/d1/payments")[0]).toMatchObject({
      amountPaise: 500_000,
      method: "upi",
      reference: "512345678901",
      receivedOn: istDate(new Date()),
    });
    expect(onRecorded).not.toHaveBeenCalled();
  });

  test("an amount that is not rupees is refused before anything is sent", () => {
    const { fetch } = network(() => new Response(null, { status: 500 }));
    render(
      <PaymentForm invoice={invoice()} balancePaise={408_000} onRecorded={vi.fn()} onCancel={vi.fn()} />,
    );
    fireEvent.change(field(paymentText.amount), { target: { value: "40.805" } });
    fireEvent.click(screen.getByRole("button", { name: paymentText.save }));
    expect(screen.getByRole("alert").textContent).toBe(paymentText.amountInvalid);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("the documents issued", () => {
  test("each with its number, date, total, balance and how it stands, its PDF in the buyer's language and in English, and its payments", async () => {
    network(() =>
      Response.json({
        documents: [
          invoice({ id: "q1", kind: "quotation", number: "CQ/2026-27/0003", language: "en" }),
          invoice(),
        ],
        payments: [payment],
        balances: { d1: 408_000 },
      }),
    );
    render(<Documents enquiry={enquiry} onChanged={vi.fn()} />);
    const list = await screen.findByRole("list", { name: documentsText.list.caption });
    const [newest, older] = within(list)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === list);
    expect(newest?.textContent).toContain("Tax invoice CI/2026-27/0007Part paid");
    expect(newest?.textContent).toContain("Date20 Nov 2026");
    expect(newest?.textContent).toContain("Total₹7,080.00");
    expect(newest?.textContent).toContain("Balance₹4,080.00");
    expect(
      within(newest as HTMLElement).getByRole("list", { name: "Payments, CI/2026-27/0007" }).textContent,
    ).toBe("₹3,000.00 by UPI on 21 Nov 2026 (ref 512345678901)");
    const pdfs = within(newest as HTMLElement).getAllByRole("link");
    expect(pdfs.map((link) => [link.getAttribute("aria-label"), link.getAttribute("href")])).toEqual([
      ["PDF, Hindi (हिन्दी), CI/2026-27/0007", "/api/admin/documents/d1/pdf?language=hi&copy=original"],
      ["PDF, English, CI/2026-27/0007", "/api/admin/documents/d1/pdf?language=en&copy=original"],
      ["Three copies to print, CI/2026-27/0007", "/api/admin/documents/d1/pdf?language=en&copy=all"],
    ]);
    const buttons = within(newest as HTMLElement)
      .getAllByRole("button")
      .map((button) => button.textContent);
    expect(buttons).toEqual([
      "Send by e-mail",
      "Send on WhatsApp",
      "Send reminder by e-mail",
      "Send reminder on WhatsApp",
      "Record a payment",
      "Credit note",
    ]);
    // A quotation in English: one PDF, no balance, nothing to pay.
    expect(older?.textContent).not.toContain("Balance");
    expect(within(older as HTMLElement).getAllByRole("link")).toHaveLength(1);
    expect(within(older as HTMLElement).queryByRole("button", { name: /Record a payment/ })).toBeNull();
  });

  test("before the sale is won a quotation or pro-forma is offered, and the tax invoice waits for Confirmed", async () => {
    network(() => Response.json({ documents: [], payments: [], balances: {} }));
    render(<Documents enquiry={{ ...enquiry, status: "Contacted" }} onChanged={vi.fn()} />);
    await screen.findByText(documentsText.none);
    const offered = screen.getByRole("group", { name: documentsText.issueHeading });
    expect(
      within(offered)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Issue quotation", "Issue pro-forma invoice"]);
    expect(offered.textContent).toContain(documentsText.taxInvoiceAfterConfirmed);
  });

  test("a paid invoice says Paid and offers no payment; sending it queues once per click and says so", async () => {
    const { posted } = network((path) =>
      path.endsWith("/send")
        ? new Response(null, { status: 202 })
        : Response.json({ documents: [invoice()], payments: [payment], balances: { d1: 0 } }),
    );
    const onChanged = vi.fn();
    render(<Documents enquiry={enquiry} onChanged={onChanged} />);
    const item = await screen.findByText("Paid");
    const row = item.closest("li") as HTMLElement;
    expect(within(row).queryByRole("button", { name: /Record a payment/ })).toBeNull();
    expect(within(row).queryByRole("button", { name: /Send reminder/ })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Send by e-mail, CI/2026-27/0007" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(posted("/documents/d1/send")).toEqual([
      { channel: "email", clickKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
  });
});

describe("a payment reminder", () => {
  test("an owed invoice's row sends a reminder once per click, busy meanwhile, and says it is on its way", async () => {
    let release: (response: Response) => void = () => undefined;
    const { posted } = network((path) =>
      path.endsWith("/remind")
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : Response.json({ documents: [invoice()], payments: [payment], balances: { d1: 408_000 } }),
    );
    const flashed: string[] = [];
    const onChanged = vi.fn();
    render(
      <FlashContext.Provider value={(message) => flashed.push(message)}>
        <Documents enquiry={enquiry} onChanged={onChanged} />
      </FlashContext.Provider>,
    );
    const remind = await screen.findByRole("button", { name: "Send reminder by e-mail, CI/2026-27/0007" });
    fireEvent.click(remind);
    // While it is on its way every sending button waits, so a second tap sends nothing.
    await waitFor(() => expect(remind).toHaveProperty("disabled", true));
    expect(screen.getByRole("button", { name: "Send reminder on WhatsApp, CI/2026-27/0007" })).toHaveProperty(
      "disabled",
      true,
    );
    fireEvent.click(remind);
    release(new Response(null, { status: 202 }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(posted("/documents/d1/remind")).toEqual([
      { channel: "email", clickKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(flashed).toEqual(["A payment reminder for CI/2026-27/0007 is on its way by e-mail."]);
    expect(remind).toHaveProperty("disabled", false);
  });

  test("a refusal is said under the invoice's row", async () => {
    network((path) =>
      path.endsWith("/remind")
        ? Response.json({ error: documentMessages.notOwed }, { status: 422 })
        : Response.json({ documents: [invoice()], payments: [payment], balances: { d1: 408_000 } }),
    );
    render(<Documents enquiry={enquiry} onChanged={vi.fn()} />);
    fireEvent.click(
      await screen.findByRole("button", { name: "Send reminder on WhatsApp, CI/2026-27/0007" }),
    );
    expect(await screen.findByText(documentMessages.notOwed)).toBeTruthy();
  });
});

describe("a credit note for a return", () => {
  test("asked from the invoice's row: more sachets than were invoiced, or no reason, is refused before anything is sent", () => {
    const { fetch } = network(() => new Response(null, { status: 500 }));
    render(<CreditNoteForm enquiryId="e1" invoice={invoice()} onIssued={vi.fn()} onCancel={vi.fn()} />);
    const quantity = field(creditNoteText.quantity);
    expect(document.activeElement).toBe(quantity);
    fireEvent.change(quantity, { target: { value: "241" } });
    fireEvent.click(screen.getByRole("button", { name: creditNoteText.issue }));
    expect(screen.getByRole("alert").textContent).toBe(creditNoteText.quantityInvalid(240));
    fireEvent.change(quantity, { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: creditNoteText.issue }));
    expect(screen.getByRole("alert").textContent).toBe(creditNoteText.reasonRequired);
    expect(document.activeElement).toBe(field(creditNoteText.reason));
    expect(fetch).not.toHaveBeenCalled();
  });

  test("past what the invoice can still be credited, the refusal names what is left beside the sachets", async () => {
    const message =
      "The credit notes against CI/2026-27/0007 would come to more than the invoice: ₹1,180.00 can still be credited.";
    network(() => Response.json({ error: message, creditablePaise: 118_000 }, { status: 422 }));
    render(<CreditNoteForm enquiryId="e1" invoice={invoice()} onIssued={vi.fn()} onCancel={vi.fn()} />);
    const quantity = field(creditNoteText.quantity);
    fireEvent.change(quantity, { target: { value: "200" } });
    fireEvent.change(field(creditNoteText.reason), { target: { value: "Returned unopened" } });
    fireEvent.click(screen.getByRole("button", { name: creditNoteText.issue }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(message));
    expect(quantity.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(quantity.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      message,
    );
    expect(document.activeElement).toBe(quantity);
  });

  test("issued against the invoice, for its buyer, language and price, with the quantity returned and why", async () => {
    const { posted } = network(() =>
      Response.json(
        {
          document: invoice({
            id: "c1",
            kind: "credit-note",
            number: "CI/2026-27/C001",
            against: { number: "CI/2026-27/0007", issuedAt: "2026-11-20T06:00:00.000Z", reason: "Damaged" },
          }),
        },
        { status: 201 },
      ),
    );
    const onIssued = vi.fn();
    render(<CreditNoteForm enquiryId="e1" invoice={invoice()} onIssued={onIssued} onCancel={vi.fn()} />);
    fireEvent.change(field(creditNoteText.quantity), { target: { value: "12" } });
    fireEvent.change(field(creditNoteText.reason), { target: { value: " 12 sachets came back damaged " } });
    fireEvent.click(screen.getByRole("button", { name: creditNoteText.issue }));
    await waitFor(() => expect(onIssued).toHaveBeenCalledTimes(1));
    const [body] = posted("/enquiries/e1/documents");
    expect(body).toMatchObject({
      kind: "credit-note",
      language: "hi",
      buyer: invoice().buyer,
      lines: [{ quantity: 12, unitPricePaise: 2_500, discountPaise: 0 }],
      againstId: "d1",
      reason: "12 sachets came back damaged",
    });
    expect(body?.clickKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});
