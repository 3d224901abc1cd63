/**
 * The questions a buyer asks before sending an enquiry, with their answers (../shared/DECISIONS.md,
 * 22): the landing page shows them before the footer, and gives them to search engines as FAQPage
 * data. The company confirms the payment and the delivery here, as the other brand details.
 */
import { companyFacts } from "../lib/company-facts";
import { deliveryDaysText, workingHoursText } from "./facts-words";
import { indianNumber, product } from "./site";
import type { Translated } from "./translated";

/**
 * How the company takes payment, delivers and takes returns, as the answers state them, from the
 * company's facts. `confirmedBy` names who confirmed the terms and when ("Name, role, date");
 * `npm run check-launch` lists it while it is null.
 */
export const faqFacts: {
  readonly firstContactHours: number;
  /** Days from delivery in which a damaged, wrong or expired pack is replaced or refunded. */
  readonly returnDays: number;
  readonly confirmedBy: string | null;
} = {
  firstContactHours: companyFacts.workingHours.firstContactHours,
  returnDays: companyFacts.delivery.returnDays,
  confirmedBy: companyFacts.termsConfirmedBy,
};

const workingHours = workingHoursText(companyFacts.workingHours, "en");
const { product: made, trade } = companyFacts;

export const faq = {
  eyebrow: "Before you order",
  heading: "Questions buyers ask",
  items: [
    {
      id: "faq-payment",
      question: "How do I pay?",
      answer:
        "There is no payment on this website: the form sends an enquiry, not an order. Our team calls you to confirm the price and delivery, and you pay by UPI or in cash on delivery, as we agree with you then.",
    },
    {
      id: "faq-answer-time",
      question: "How soon will you answer my enquiry?",
      answer: `Within ${faqFacts.firstContactHours} working hours, by a call or a message on the mobile number you gave. An enquiry sent outside working hours is answered from the next working morning.`,
    },
    {
      id: "faq-working-hours",
      question: "What are your working hours?",
      answer: `${workingHours}. Our customer care answers the phone in these hours, and the time we promise for a first answer counts only these hours.`,
    },
    {
      id: "faq-vegetarian",
      question: "Is it vegetarian? What is the collagen made from?",
      answer:
        made.foodMark === "veg"
          ? `Yes, it is vegetarian and carries the green vegetarian mark. Its collagen: ${made.collagenSource.en}.`
          : `No. Its collagen is animal-derived: ${made.collagenSource.en}. The pack carries FSSAI's brown non-vegetarian mark.`,
    },
    {
      id: "faq-minimum-order",
      question: "Is there a minimum order for retailers?",
      answer: `A retailer's minimum order is ${indianNumber(trade.minimumOrderSachets)} sachets. ${trade.terms.en} For your own use, you may ask for any number of sachets.`,
    },
    {
      id: "faq-delivery",
      question: "How long does delivery take, and can I return it?",
      answer: `We deliver across India by courier, usually in ${deliveryDaysText(companyFacts.delivery, "en")} from when we confirm your order, and tell you the charge then. If a pack arrives damaged, is not what you ordered or is past its best-before date, tell us within ${faqFacts.returnDays} days of delivery and we replace it or refund you. For food safety, opened sachets cannot be returned.`,
    },
    {
      id: "faq-who-should-not",
      question: "Who should not take it?",
      answer:
        "If you are pregnant or breastfeeding, under medical care or taking medicines, ask your physician before use. Do not take it if you are allergic to collagen or to anything listed on the pack, or if your physician advises against it. It is a health supplement, not for medicinal use, and not meant for children.",
    },
    {
      id: "faq-licence",
      question: "Is it licensed by FSSAI?",
      answer: `Yes. It is made under FSSAI licence no. ${product.fssaiLicence}, printed on every pack. You can check the number on FSSAI's FoSCoS website (foscos.fssai.gov.in).`,
    },
  ],
} as const;

export type FaqContent = Translated<typeof faq>;
