/**
 * The words a document prints, in each language it is issued in. The Hindi copy keeps GSTIN, HSN,
 * CGST, SGST, IGST, UPI and FSSAI as the law and the portal write them.
 */
import type { DocumentKind, DocumentLanguage } from "../../domain/invoice";

/** The copies Rule 48 asks of a tax invoice for goods, each its own page. */
export const DOCUMENT_COPIES = ["original", "duplicate", "triplicate"] as const;
export type DocumentCopy = (typeof DOCUMENT_COPIES)[number];

export interface DocumentLabels {
  title: Record<DocumentKind, string>;
  number: Record<DocumentKind, string>;
  notTaxInvoice: string;
  copy: Record<DocumentCopy, string>;
  date: string;
  placeOfSupply: string;
  reverseCharge: string;
  yes: string;
  no: string;
  billedTo: string;
  shippedTo: string;
  sameAsBilling: string;
  gstin: string;
  unregistered: string;
  stateCode: string;
  fssai: string;
  phone: string;
  email: string;
  serial: string;
  description: string;
  hsn: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  taxableValue: string;
  cgst: string;
  sgst: string;
  igst: string;
  roundOff: string;
  total: string;
  inWords: string;
  againstInvoice: string;
  reason: string;
  payByUpi: string;
  scanWithAnyApp: string;
  bankTransfer: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  forCompany: string;
  authorisedSignatory: string;
  declaration: string;
  validity: string;
}

export const DOCUMENT_LABELS: Readonly<Record<DocumentLanguage, DocumentLabels>> = {
  en: {
    title: {
      quotation: "Quotation",
      proforma: "Pro-forma Invoice",
      "tax-invoice": "Tax Invoice",
      "credit-note": "Credit Note",
    },
    number: {
      quotation: "Quotation No.",
      proforma: "Pro-forma No.",
      "tax-invoice": "Invoice No.",
      "credit-note": "Credit Note No.",
    },
    notTaxInvoice: "This is not a tax invoice",
    copy: {
      original: "Original for Recipient",
      duplicate: "Duplicate for Transporter",
      triplicate: "Triplicate for Supplier",
    },
    date: "Date",
    placeOfSupply: "Place of supply",
    reverseCharge: "Reverse charge",
    yes: "Yes",
    no: "No",
    billedTo: "Billed to",
    shippedTo: "Shipped to",
    sameAsBilling: "Same as the billing address",
    gstin: "GSTIN",
    unregistered: "Unregistered",
    stateCode: "State code",
    fssai: "FSSAI Lic. No.",
    phone: "Phone",
    email: "E-mail",
    serial: "#",
    description: "Description of goods",
    hsn: "HSN",
    quantity: "Qty",
    unitPrice: "Rate (₹)",
    discount: "Discount",
    taxableValue: "Taxable value",
    cgst: "CGST",
    sgst: "SGST",
    igst: "IGST",
    roundOff: "Round off",
    total: "Total",
    inWords: "Amount in words",
    againstInvoice: "Against invoice",
    reason: "Reason",
    payByUpi: "Pay by UPI",
    scanWithAnyApp: "Scan with any UPI app",
    bankTransfer: "Bank transfer",
    accountName: "Account name",
    accountNumber: "Account no.",
    ifsc: "IFSC",
    forCompany: "For",
    authorisedSignatory: "Authorised Signatory",
    declaration:
      "We declare that this document shows the actual price of the goods described and that all particulars are true and correct.",
    validity: "Prices and GST as on the date above; the tax invoice follows on dispatch.",
  },
  hi: {
    title: {
      quotation: "कोटेशन",
      proforma: "प्रोफ़ॉर्मा बीजक",
      "tax-invoice": "कर बीजक",
      "credit-note": "क्रेडिट नोट",
    },
    number: {
      quotation: "कोटेशन सं.",
      proforma: "प्रोफ़ॉर्मा सं.",
      "tax-invoice": "बीजक सं.",
      "credit-note": "क्रेडिट नोट सं.",
    },
    notTaxInvoice: "यह कर बीजक नहीं है",
    copy: {
      original: "प्राप्तकर्ता के लिए मूल प्रति",
      duplicate: "परिवहनकर्ता के लिए दूसरी प्रति",
      triplicate: "आपूर्तिकर्ता के लिए तीसरी प्रति",
    },
    date: "दिनांक",
    placeOfSupply: "आपूर्ति का स्थान",
    reverseCharge: "रिवर्स चार्ज",
    yes: "हाँ",
    no: "नहीं",
    billedTo: "बिल प्राप्तकर्ता",
    shippedTo: "माल भेजने का पता",
    sameAsBilling: "बिल के पते पर",
    gstin: "GSTIN",
    unregistered: "अपंजीकृत",
    stateCode: "राज्य कोड",
    fssai: "FSSAI लाइसेंस सं.",
    phone: "फ़ोन",
    email: "ईमेल",
    serial: "क्र.",
    description: "माल का विवरण",
    hsn: "HSN",
    quantity: "मात्रा",
    unitPrice: "दर (₹)",
    discount: "छूट",
    taxableValue: "कर योग्य मूल्य",
    cgst: "CGST",
    sgst: "SGST",
    igst: "IGST",
    roundOff: "पूर्णांकन",
    total: "कुल",
    inWords: "राशि शब्दों में",
    againstInvoice: "बीजक के विरुद्ध",
    reason: "कारण",
    payByUpi: "UPI से भुगतान करें",
    scanWithAnyApp: "किसी भी UPI ऐप से स्कैन करें",
    bankTransfer: "बैंक ट्रांसफ़र",
    accountName: "खाते का नाम",
    accountNumber: "खाता सं.",
    ifsc: "IFSC",
    forCompany: "कृते",
    authorisedSignatory: "अधिकृत हस्ताक्षरकर्ता",
    declaration: "हम घोषणा करते हैं कि इस दस्तावेज़ में वर्णित माल का वास्तविक मूल्य दिखाया गया है और सभी विवरण सही हैं।",
    validity: "ऊपर की तारीख़ की क़ीमत और GST; माल भेजने पर कर बीजक दिया जाएगा।",
  },
};
