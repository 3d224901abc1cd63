/**
 * A payment reminder for a tax invoice still owed, in the buyer's language: what the company
 * writes, one function per language, from the invoice as issued (its number, date, supplier's UPI
 * ID and bank account), its balance and the days since its date. A fixed text, not one of the
 * owners' editable reply templates: the reply templates merge an enquiry's fields only, and a
 * reminder needs the invoice's (docs/invoices.md, "Payment reminders"). No I/O.
 */
import { upiUri } from "./gst";
import type { DocumentLanguage, IssuedDocument } from "./invoice";
import { rupees } from "./money";

export const REMINDER_CHANNELS = ["email", "whatsapp"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** What a reminder is made from. */
export interface ReminderFacts {
  invoice: IssuedDocument;
  /** What the invoice still asks for (domain/accounts.ts: balancePaise), more than 0. */
  balancePaise: number;
  /** Whole IST days since the invoice's date (domain/accounts.ts: daysOwed). */
  daysOwed: number;
  channel: ReminderChannel;
  /**
   * The invoice's payment page (domain/payment-page.ts), which the reminder links to in place of
   * the bare `upi://pay` link when given: an https link opens from any mail program or chat.
   */
  payPageUrl?: string | null;
}

/** A reminder as it is sent: the subject (e-mail only) and the text. */
export interface PaymentReminder {
  subject: string;
  text: string;
}

/** The `upi://pay` link for the balance (not the invoice's total), or null without a merchant UPI ID. */
export function reminderUpiUri(invoice: IssuedDocument, balancePaise: number): string | null {
  if (!invoice.supplier.merchantUpiId) return null;
  return upiUri({
    pa: invoice.supplier.merchantUpiId,
    pn: invoice.supplier.legalName.en,
    amountPaise: balancePaise,
    tn: `Invoice ${invoice.number}`,
    tr: invoice.number,
  });
}

/** The invoice's date as the buyer reads it: "20 November 2026", "20 नवंबर 2026". */
export function invoiceDate(invoice: IssuedDocument, language: DocumentLanguage): string {
  return new Intl.DateTimeFormat(language === "hi" ? "hi-IN" : "en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(invoice.issuedAt));
}

const money = (paise: number) => rupees(paise / 100);

/** The English reminder. */
export function paymentReminderEn(facts: ReminderFacts): PaymentReminder {
  const { invoice, balancePaise, daysOwed, channel } = facts;
  const { supplier } = invoice;
  const company = supplier.legalName.en;
  const total = invoice.totals.totalPaise;
  const link = reminderUpiUri(invoice, balancePaise);
  const bank = supplier.bankAccount;
  const paragraphs = [
    `Dear ${invoice.buyer.name},`,
    `This is a gentle reminder that ${money(balancePaise)} is still due on our tax invoice ` +
      `${invoice.number} dated ${invoiceDate(invoice, "en")}` +
      (daysOwed > 0 ? `, ${daysOwed} ${daysOwed === 1 ? "day" : "days"} ago.` : ".") +
      (balancePaise < total
        ? ` Of the invoice's ${money(total)}, we have received ${money(total - balancePaise)} with thanks.`
        : ""),
    ...(facts.payPageUrl
      ? [
          `To see what is owed and pay by UPI or bank transfer, open this page:\n${facts.payPageUrl}` +
            (supplier.merchantUpiId ? `\nor pay to our UPI ID ${supplier.merchantUpiId}.` : ""),
        ]
      : link && supplier.merchantUpiId
        ? [
            `To pay by UPI, open this link in any UPI app on your phone:\n${link}\n` +
              `or pay to our UPI ID ${supplier.merchantUpiId}.`,
          ]
        : []),
    ...(bank
      ? [
          `To pay by bank transfer: account name ${bank.name}, account number ${bank.number}, ` +
            `IFSC ${bank.ifsc}. Please write ${invoice.number} in the transfer's remarks.`,
        ]
      : []),
    `If you have already paid, thank you, and please send us the payment's reference so we can ` +
      `match it. For any question, call us on ${supplier.phone} or ` +
      `${channel === "email" ? "reply to this mail" : "reply here"}.`,
    `Warm regards,\n${company}`,
  ];
  return {
    subject: `Payment reminder: invoice ${invoice.number} from ${company}`,
    text: `${paragraphs.join("\n\n")}\n`,
  };
}

/** The Hindi reminder. */
export function paymentReminderHi(facts: ReminderFacts): PaymentReminder {
  const { invoice, balancePaise, daysOwed, channel } = facts;
  const { supplier } = invoice;
  const company = supplier.legalName.hi || supplier.legalName.en;
  const total = invoice.totals.totalPaise;
  const link = reminderUpiUri(invoice, balancePaise);
  const bank = supplier.bankAccount;
  const paragraphs = [
    `प्रिय ${invoice.buyer.name},`,
    `विनम्र अनुस्मरण: हमारे टैक्स इनवॉइस ${invoice.number}, दिनांक ${invoiceDate(invoice, "hi")} ` +
      (daysOwed > 0 ? `(${daysOwed} दिन पहले), ` : ", ") +
      `पर ${money(balancePaise)} अभी बकाया है।` +
      (balancePaise < total
        ? ` इनवॉइस के ${money(total)} में से ${money(total - balancePaise)} हमें धन्यवाद सहित मिल चुके हैं।`
        : ""),
    ...(facts.payPageUrl
      ? [
          `बकाया राशि देखने और UPI या बैंक ट्रांसफ़र से भुगतान के लिए यह पेज खोलें:\n${facts.payPageUrl}` +
            (supplier.merchantUpiId ? `\nया हमारी UPI ID ${supplier.merchantUpiId} पर भुगतान करें।` : ""),
        ]
      : link && supplier.merchantUpiId
        ? [
            `UPI से भुगतान के लिए यह लिंक अपने फ़ोन के किसी भी UPI ऐप में खोलें:\n${link}\n` +
              `या हमारी UPI ID ${supplier.merchantUpiId} पर भुगतान करें।`,
          ]
        : []),
    ...(bank
      ? [
          `बैंक ट्रांसफ़र से भुगतान के लिए: खाते का नाम ${bank.name}, खाता संख्या ${bank.number}, ` +
            `IFSC ${bank.ifsc}। कृपया ट्रांसफ़र के विवरण में ${invoice.number} लिखें।`,
        ]
      : []),
    `यदि आप भुगतान कर चुके हैं तो धन्यवाद; कृपया भुगतान का रेफ़रेंस हमें भेज दें ताकि हम उसे मिला सकें। ` +
      `किसी भी प्रश्न के लिए हमें ${supplier.phone} पर कॉल करें या ` +
      `${channel === "email" ? "इस ईमेल का उत्तर दें" : "यहीं उत्तर दें"}।`,
    `सादर,\n${company}`,
  ];
  return {
    subject: `भुगतान अनुस्मरण: ${company} का इनवॉइस ${invoice.number}`,
    text: `${paragraphs.join("\n\n")}\n`,
  };
}

/** Each language's reminder. */
export const PAYMENT_REMINDERS: Readonly<
  Record<DocumentLanguage, (facts: ReminderFacts) => PaymentReminder>
> = {
  en: paymentReminderEn,
  hi: paymentReminderHi,
};

/** The reminder in the invoice's language. */
export function paymentReminder(facts: ReminderFacts): PaymentReminder {
  return PAYMENT_REMINDERS[facts.invoice.language](facts);
}

/** The enquiry's history line: "Payment reminder sent by e-mail for SH/2627/T0001, ₹1,200.00 owed". */
export function reminderLineText(
  invoice: IssuedDocument,
  balancePaise: number,
  channel: ReminderChannel,
): string {
  return `Payment reminder sent by ${channel === "email" ? "e-mail" : "WhatsApp"} for ${invoice.number}, ${money(balancePaise)} owed`;
}
