import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, describe, expect, it } from "vitest";
import type { IssuedDocument } from "../../domain/invoice";
import {
  DELHI_PERSON,
  DELHI_RETAILER,
  issue,
  MUMBAI_RETAILER,
  PUNE_PERSON,
  SUPPLIER_GSTIN,
} from "../../tests/support/documents";
import { renderDocumentPdf, type DocumentCopy } from "./render";

const dir = mkdtempSync(join(tmpdir(), "documents-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as poppler lays it out, one string per page. */
async function pdfText(
  doc: IssuedDocument,
  language: "en" | "hi",
  copies: readonly DocumentCopy[] = ["original"],
) {
  const file = join(dir, `${doc.id}-${language}.pdf`);
  writeFileSync(file, await renderDocumentPdf(doc, { language, copies }));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
    .split("\f")
    .filter((page) => page.trim());
}

const squeeze = (text: string) => text.replace(/\s+/g, " ");

describe.each([
  {
    case: "a registered retailer in Delhi (CGST and SGST)",
    buyer: DELHI_RETAILER,
    buyerType: "Retailer" as const,
    quantity: 300,
  },
  {
    case: "a registered retailer in Maharashtra (IGST)",
    buyer: MUMBAI_RETAILER,
    buyerType: "Retailer" as const,
    quantity: 300,
  },
  {
    case: "an unregistered person in Delhi (CGST and SGST)",
    buyer: DELHI_PERSON,
    buyerType: "Self Use" as const,
    quantity: 30,
  },
  {
    case: "an unregistered person in Maharashtra (IGST)",
    buyer: PUNE_PERSON,
    buyerType: "Self Use" as const,
    quantity: 30,
  },
])("the tax invoice for $case", ({ buyer, buyerType, quantity }) => {
  const doc = issue({ buyer, buyerType, lines: [{ quantity, unitPricePaise: null, discountPaise: 0 }] });

  it("states every field of Rule 46, each copy on its page", async () => {
    const pages = await pdfText(doc, "en", ["original", "duplicate", "triplicate"]);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain("Original for Recipient");
    expect(pages[1]).toContain("Duplicate for Transporter");
    expect(pages[2]).toContain("Triplicate for Supplier");
    const text = squeeze(pages[0] ?? "");
    // (a) the supplier's name, address and GSTIN, and the FSSAI licence the food law asks for
    expect(text).toContain("Sanvera Healthcare Pvt. Ltd.");
    expect(text).toContain(
      "Plot 27, Okhla Industrial Estate, Phase III, Okhla, New Delhi 110020, Delhi (07)",
    );
    expect(text).toContain(`GSTIN: ${SUPPLIER_GSTIN}`);
    expect(text).toContain("FSSAI Lic. No.: 10024011000123");
    // (b) a consecutive number of at most 16 characters, (c) the date
    expect(text).toMatch(/Tax Invoice/);
    expect(text).toMatch(/Invoice No\. SH\/2627\/T0001/);
    expect(text).toMatch(/Date 05-11-2026/);
    // (d) the recipient's name, address and GSTIN (or unregistered), with the state and its code
    expect(text).toContain(buyer.name);
    expect(text).toContain(`${buyer.address.city} ${buyer.address.pin}`);
    expect(text).toContain(`GSTIN: ${buyer.gstin ?? "Unregistered"}`);
    expect(text).toContain(`State code: ${buyer.address.stateCode}`);
    // (f) the place of supply with the state's name
    const state = buyer.address.stateCode === "07" ? "Delhi (07)" : "Maharashtra (27)";
    expect(text).toContain(`Place of supply ${state}`);
    // (g) HSN, (h) description, (i) quantity and unit, (k) taxable value after discount
    const line = doc.lines[0];
    expect(text).toContain("21069099");
    expect(text).toMatch(/Sanvera Healthcare collagen/);
    expect(text).toContain(`${quantity} sachets`);
    // (m, n) the rate and amount of each tax: CGST and SGST within Delhi, IGST to another state
    if (doc.interState) {
      expect(text).toContain("IGST @ 5%");
      expect(text).not.toContain("CGST");
    } else {
      expect(text).toContain("CGST @ 2.5%");
      expect(text).toContain("SGST @ 2.5%");
      expect(text).not.toContain("IGST");
    }
    const money = (paise: number) =>
      new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2 }).format(paise / 100);
    expect(text).toContain(`Taxable value ${money(line?.taxableValuePaise ?? 0)}`);
    // the total in figures and in words, with its round-off
    const roundOff = doc.totals.roundOffPaise;
    expect(text).toContain(`Round off ${roundOff < 0 ? `− ${money(-roundOff)}` : money(roundOff)}`);
    expect(text).toContain(`Total ₹ ${money(doc.totals.totalPaise)}`);
    expect(text).toMatch(/Rupees [A-Za-z -]+ Only/);
    // (p) reverse charge, (q) the signature block
    expect(text).toContain("Reverse charge No");
    expect(text).toContain("For Sanvera Healthcare Pvt. Ltd.");
    expect(text).toContain("Authorised Signatory");
    expect(text).toContain("Meera Kapoor, Director");
    // how to pay: the UPI URI under its QR code, and the bank account
    expect(text).toContain("Pay by UPI");
    expect(text).toContain("IFSC: HDFC0001234");
  });
});

describe("a discount on the line", () => {
  it("is printed with the line's price, and the taxable value after it is what the tax is on (Rule 46(k))", async () => {
    // 300 sachets at the list's ₹34.00 less ₹1,200.00: ₹9,000.00 taxable, CGST and SGST ₹225.00 each.
    const doc = issue({ lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 120_000 }] });
    expect(doc.totals).toMatchObject({ taxableValuePaise: 900_000, cgstPaise: 22_500, sgstPaise: 22_500 });
    const text = squeeze((await pdfText(doc, "en"))[0] ?? "");
    expect(text).toMatch(/Discount Taxable value/);
    expect(text).toContain("300 sachets 34.00 1,200.00 9,000.00");
    expect(text).toContain("Taxable value 9,000.00");
    expect(text).toContain("Total ₹ 9,450.00");
    const hindi = squeeze((await pdfText(doc, "hi"))[0] ?? "");
    expect(hindi).toContain("1,200.00 9,000.00");
  });
});

describe("documents in Hindi and English", () => {
  it("the Hindi invoice has Hindi labels and the same figures; the English copy comes from the same render", async () => {
    const doc = issue({ language: "hi", buyer: MUMBAI_RETAILER });
    const [hindi] = await pdfText(doc, "hi");
    const text = squeeze(hindi ?? "");
    expect(text).toContain("कर बीजक");
    expect(text).toContain("बीजक सं. SH/2627/T0001");
    expect(text).toContain("कर योग्य मूल्य 10,200.00");
    expect(text).toContain("रुपये दस हज़ार सात सौ दस मात्र");
    expect(text).toContain("₹ 10,710.00");
    expect(text).toContain(`GSTIN: ${SUPPLIER_GSTIN}`);
    // No cluster drawn broken: a matra on its own is set on a dotted circle (U+25CC).
    expect(text).not.toContain("\u25CC");
    const [english] = await pdfText(doc, "en");
    expect(squeeze(english ?? "")).toContain("Rupees Ten Thousand Seven Hundred Ten Only");
  });

  it("a quotation and a pro-forma say they are not tax invoices, and have no copies", async () => {
    for (const kind of ["quotation", "proforma"] as const) {
      const pages = await pdfText(issue({ kind }), "en", ["original", "duplicate", "triplicate"]);
      expect(pages).toHaveLength(1);
      expect(squeeze(pages[0] ?? "")).toContain("This is not a tax invoice");
      expect(pages[0]).not.toContain("Original for Recipient");
    }
  });

  it("a credit note names the invoice it is against and why", async () => {
    const invoice = issue();
    const note = issue({
      kind: "credit-note",
      against: invoice,
      reason: "10 sachets returned: outer box damaged in transit",
      lines: [{ quantity: 10, unitPricePaise: null, discountPaise: 0 }],
    });
    const [page] = await pdfText(note, "en");
    const text = squeeze(page ?? "");
    expect(text).toContain("Credit Note");
    expect(text).toContain("Credit Note No. SH/2627/C0001");
    expect(text).toContain("Against invoice: SH/2627/T0001, date 05-11-2026");
    expect(text).toContain("Reason: 10 sachets returned: outer box damaged in transit");
  });
});

describe("goods delivered to another state than the billing address", () => {
  it("take the delivery state as the place of supply, with IGST, and print both addresses", async () => {
    const doc = issue({ buyer: { ...DELHI_RETAILER, shippingAddress: MUMBAI_RETAILER.address } });
    expect(doc.interState).toBe(true);
    const [page] = await pdfText(doc, "en");
    const text = squeeze(page ?? "");
    expect(text).toContain("Place of supply Maharashtra (27)");
    expect(text).toContain("New Delhi 110024, Delhi (07)");
    expect(text).toContain("12 Hill Road, Bandra West, Mumbai 400050, Maharashtra (27)");
    expect(text).toContain("IGST @ 5%");
  });
});

describe("the UPI QR code", () => {
  it("scans back to the invoice's upi://pay URI", async () => {
    const doc = issue();
    const file = join(dir, "qr.pdf");
    writeFileSync(file, await renderDocumentPdf(doc, { language: "en", copies: ["original"] }));
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "150",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      file,
      join(dir, "qr"),
    ]);
    const png = PNG.sync.read(readFileSync(join(dir, "qr.png")));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(doc.upiUri);
    expect(doc.upiUri).toBe(
      "upi://pay?pa=sanverahealth@icici&pn=Sanvera%20Healthcare%20Pvt.%20Ltd.&am=10710.00&cu=INR&tn=Invoice%20SH%2F2627%2FT0001&tr=SH%2F2627%2FT0001",
    );
  });
});
