/**
 * The templates the console starts with, added once when templates are first listed (the store
 * remembers it, so templates an owner removes do not come back): a first reply, the price and
 * delivery, and a follow-up, as an e-mail and as a WhatsApp message, in English and in Hindi.
 * Owners change them on the Templates page. The Hindi follows docs/languages.md: the product is
 * {product} («Collarise कोलेजन पेप्टाइड»), the visitor's message is a «पूछताछ» and only what the
 * company confirms is an «ऑर्डर»; the team speaks as «हम», so no sentence depends on who writes
 * or who reads it.
 */
import { brand } from "../../domain/brand";
import type { TemplateInput } from "../../domain/templates";

/** The signature: the member writing (their display name, when they have one), then the company's team. */
const team = `{senderName}\nThe ${brand.productName} sales team`;
const teamHi = `{senderName}\n${brand.productName} सेल्स टीम`;

export const DEFAULT_TEMPLATES: readonly TemplateInput[] = [
  {
    channel: "email",
    language: "en",
    name: "First reply",
    subject: "Your enquiry {reference} for {product}",
    body: `Hello {firstName},

Thank you for your enquiry ({reference}) for {quantity} of {product}, {buyerType}.

We are the ${brand.productName} sales team and will help you with your enquiry. When is a good time to call you to confirm the price, delivery and payment? You can also simply reply to this email.

Warm regards,
${team}`,
  },
  {
    channel: "email",
    language: "en",
    name: "Price and delivery",
    subject: "Price and delivery for your enquiry {reference}",
    body: `Hello {firstName},

Thank you for your interest in {product}. Its MRP is {mrp} for {unitOfSale}, inclusive of all taxes. For {quantity}, bought {buyerType}, we can offer you a better price.

Reply with your city and PIN code, or a good time to call, and we will send you the total with the delivery charges and date.

Warm regards,
${team}`,
  },
  {
    channel: "email",
    language: "en",
    name: "Follow-up",
    subject: "Following up on your enquiry {reference}",
    body: `Hello {firstName},

We are following up on your enquiry {reference} for {product}. If you have any questions about the price, delivery or how to take it, we are happy to help.

If you would like to go ahead, just reply to this email and we will confirm your order.

Warm regards,
${team}`,
  },
  {
    channel: "whatsapp",
    language: "en",
    name: "First reply",
    subject: null,
    body: `Hello {firstName}, thank you for your enquiry about {product} (reference {reference}). This is the ${brand.productName} sales team: when may we call you to confirm the price and delivery?`,
  },
  {
    channel: "whatsapp",
    language: "en",
    name: "Price and delivery",
    subject: null,
    body: `Hello {firstName}, the MRP of {product} is {mrp} for {unitOfSale}, inclusive of all taxes. For {quantity}, bought {buyerType}, we can offer a better price. Please send us your city and PIN code and we will tell you the total with delivery.`,
  },
  {
    channel: "whatsapp",
    language: "en",
    name: "Follow-up",
    subject: null,
    body: "Hello {firstName}, just following up on your enquiry {reference} for {product}. Shall we confirm your order, or do you have any questions? We are happy to help.",
  },
  {
    channel: "email",
    language: "hi",
    name: "पहला जवाब (First reply)",
    subject: "{product}: आपकी पूछताछ (संदर्भ {reference})",
    body: `नमस्ते {firstName},

{product} के बारे में आपकी पूछताछ के लिए धन्यवाद। इसका संदर्भ नंबर {reference} है।

हम ${brand.productName} की सेल्स टीम से हैं और आपका ऑर्डर पक्का करने में मदद करेंगे। क़ीमत, डिलीवरी और भुगतान पक्का करने के लिए हम आपको किस समय फ़ोन करें? चाहें तो इसी ईमेल के जवाब में समय बताएँ।

सादर,
${teamHi}`,
  },
  {
    channel: "email",
    language: "hi",
    name: "क़ीमत और डिलीवरी (Price and delivery)",
    subject: "क़ीमत और डिलीवरी: आपकी पूछताछ (संदर्भ {reference})",
    body: `नमस्ते {firstName},

{product} में रुचि के लिए धन्यवाद। इसका MRP {mrp} है ({unitOfSale}, सभी करों सहित)। {buyerType} {quantity} लेने पर हम आपको इससे बेहतर क़ीमत दे सकते हैं।

अपना शहर और पिन कोड, या फ़ोन के लिए सही समय, इस ईमेल के जवाब में बताएँ। हम डिलीवरी के शुल्क और तारीख़ के साथ कुल रक़म भेज देंगे।

सादर,
${teamHi}`,
  },
  {
    channel: "email",
    language: "hi",
    name: "फ़ॉलो-अप (Follow-up)",
    subject: "आपकी पूछताछ (संदर्भ {reference}) के बारे में",
    body: `नमस्ते {firstName},

{product} की आपकी पूछताछ ({reference}) के बारे में हम दोबारा संपर्क कर रहे हैं। क़ीमत, डिलीवरी या इसके इस्तेमाल के बारे में कोई भी सवाल हो, तो बेझिझक पूछें।

ऑर्डर पक्का करना हो, तो बस इस ईमेल का जवाब दें: बाक़ी हम सँभाल लेंगे।

सादर,
${teamHi}`,
  },
  {
    channel: "whatsapp",
    language: "hi",
    name: "पहला जवाब (First reply)",
    subject: null,
    body: `नमस्ते {firstName}, {product} के बारे में पूछताछ के लिए धन्यवाद (संदर्भ नंबर {reference})। हम ${brand.productName} की सेल्स टीम से हैं। क़ीमत और डिलीवरी पक्की करने के लिए हम आपको किस समय फ़ोन करें?`,
  },
  {
    channel: "whatsapp",
    language: "hi",
    name: "क़ीमत और डिलीवरी (Price and delivery)",
    subject: null,
    body: `नमस्ते {firstName}, {product} का MRP {mrp} है ({unitOfSale}, सभी करों सहित)। {buyerType} {quantity} लेने पर हम इससे बेहतर क़ीमत दे सकते हैं। अपना शहर और पिन कोड भेजें, तो हम डिलीवरी के साथ कुल रक़म बता देंगे।`,
  },
  {
    channel: "whatsapp",
    language: "hi",
    name: "फ़ॉलो-अप (Follow-up)",
    subject: null,
    body: "नमस्ते {firstName}, {product} की आपकी पूछताछ ({reference}) के बारे में पूछना था: क्या ऑर्डर पक्का करें? कोई सवाल हो तो बेझिझक पूछें।",
  },
  // The WhatsApp messages that carry an invoice and a payment reminder outside the 24-hour window
  // (docs/whatsapp.md, "Invoices and payment reminders"): submitted to WhatsApp Manager as
  // utility templates, {{1}} to {{4}} the fields in the order they appear; sent once an owner
  // records the approved name here.
  {
    channel: "whatsapp",
    language: "en",
    name: "Invoice",
    subject: null,
    body: "Dear {buyerName}, your invoice {documentNumber} for {amount} is ready. To see it and pay by UPI or bank transfer, open {paymentLink}",
    purpose: "invoice",
  },
  {
    channel: "whatsapp",
    language: "en",
    name: "Payment reminder",
    subject: null,
    body: "Dear {buyerName}, a gentle reminder that {amount} is still due on our invoice {documentNumber}. To see it and pay by UPI or bank transfer, open {paymentLink} If you have already paid, thank you.",
    purpose: "payment-reminder",
  },
  {
    channel: "whatsapp",
    language: "hi",
    name: "इनवॉइस (Invoice)",
    subject: null,
    body: "प्रिय {buyerName} जी, आपका इनवॉइस {documentNumber}, राशि {amount}, तैयार है। इसे देखने और UPI या बैंक ट्रांसफ़र से भुगतान के लिए खोलें: {paymentLink}",
    purpose: "invoice",
  },
  {
    channel: "whatsapp",
    language: "hi",
    name: "भुगतान अनुस्मरण (Payment reminder)",
    subject: null,
    body: "प्रिय {buyerName} जी, विनम्र अनुस्मरण: हमारे इनवॉइस {documentNumber} पर {amount} अभी बकाया है। इसे देखने और UPI या बैंक ट्रांसफ़र से भुगतान के लिए खोलें: {paymentLink} यदि आप भुगतान कर चुके हैं तो धन्यवाद।",
    purpose: "payment-reminder",
  },
];
