/**
 * The documents tests issue: a company ready to invoice (GSTIN in Delhi, merchant UPI ID, bank
 * account), buyers in Delhi and Maharashtra, registered and not, and `issue()` that drafts and
 * numbers a document the way the store does.
 */
import { gstinCheckCharacter, PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";
import type { BuyerType } from "../../domain/enquiry";
import { documentNumber, draftDocument, financialYearOf, numbered, type DraftInput } from "../../domain/gst";
import type { DocumentBuyer, DocumentKind, DocumentLanguage, IssuedDocument } from "../../domain/invoice";

/** A well-formed GSTIN: the state, a PAN, the entity number, Z and the right check character. */
export function gstinFor(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

export const SUPPLIER_GSTIN = gstinFor("07", "AAKCS4821M");

export const INVOICING_FACTS: CompanyFacts = {
  ...PLACEHOLDER_FACTS,
  gstin: SUPPLIER_GSTIN,
  billing: {
    ...PLACEHOLDER_FACTS.billing,
    merchantUpiId: "sanverahealth@icici",
    signatory: {
      name: { en: "Meera Kapoor", hi: "मीरा कपूर" },
      designation: { en: "Director", hi: "निदेशक" },
    },
    bankAccount: { name: "Sanvera Healthcare Pvt. Ltd.", number: "50200012345678", ifsc: "HDFC0001234" },
  },
};

export const DELHI_RETAILER: DocumentBuyer = {
  name: "Shree Ganesh Medicos",
  address: {
    lines: ["Shop 14, Lajpat Nagar Central Market"],
    city: "New Delhi",
    stateCode: "07",
    pin: "110024",
  },
  shippingAddress: null,
  gstin: gstinFor("07", "ABCPG1234K"),
  email: "orders@ganeshmedicos.example",
  mobile: "9812345678",
};

export const MUMBAI_RETAILER: DocumentBuyer = {
  name: "Arogya Wellness Store",
  address: { lines: ["12 Hill Road", "Bandra West"], city: "Mumbai", stateCode: "27", pin: "400050" },
  shippingAddress: null,
  gstin: gstinFor("27", "AAFFA5678Q"),
  email: null,
  mobile: "9820012345",
};

export const DELHI_PERSON: DocumentBuyer = {
  name: "Priya Sharma",
  address: { lines: ["C-42, Defence Colony"], city: "New Delhi", stateCode: "07", pin: "110024" },
  shippingAddress: null,
  gstin: null,
  email: "priya@example.com",
  mobile: "9876543210",
};

export const PUNE_PERSON: DocumentBuyer = {
  name: "Rahul Deshmukh",
  address: { lines: ["Flat 7, Sai Residency", "Kothrud"], city: "Pune", stateCode: "27", pin: "411038" },
  shippingAddress: null,
  gstin: null,
  email: null,
  mobile: "9922012345",
};

export function draftInput(overrides: Partial<DraftInput> = {}): DraftInput {
  return {
    kind: "tax-invoice",
    at: new Date("2026-11-05T06:30:00.000Z"),
    language: "en",
    facts: INVOICING_FACTS,
    buyer: DELHI_RETAILER,
    buyerType: "Retailer" satisfies BuyerType,
    lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
    against: null,
    reason: null,
    issuedBy: "ravi@example.com",
    ...overrides,
  };
}

/** Drafts and numbers a document as the store would: throws when the draft is refused. */
export function issue(
  overrides: Partial<DraftInput> & {
    sequence?: number;
    language?: DocumentLanguage;
    kind?: DocumentKind;
  } = {},
): IssuedDocument {
  const { sequence = 1, ...rest } = overrides;
  const input = draftInput(rest);
  const result = draftDocument(input);
  if (!result.ok) throw new Error(`refused: ${result.missing.map((field) => field.field).join(", ")}`);
  const financialYear = financialYearOf(input.at);
  return numbered(result.draft, {
    id: `doc-${input.kind}-${sequence}`,
    enquiryId: "enquiry-1",
    number: documentNumber(input.facts, input.kind, financialYear, sequence),
    sequence,
    financialYear,
  });
}
