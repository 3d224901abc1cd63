import { BUYER_TYPE_PLACEHOLDER, enquiryMessages } from "../../domain/enquiry";
import { whatsappConsentWording } from "../../domain/whatsapp-consent";
import { orderForm } from "./forms";
import type { Translated } from "./translated";

/**
 * Everything the order form says, with the rules' messages: the Buy Now section hands it to the
 * form in the page's language (order-form.hi.ts), so it travels in the sections' chunk, not the first load.
 */
export const orderFormText = {
  ...orderForm,
  buyerTypePlaceholder: BUYER_TYPE_PLACEHOLDER,
  buyerTypes: { Retailer: "Retailer", "Self Use": "Self Use" },
  messages: enquiryMessages,
  /** The optional WhatsApp box: the server records these very words with the consent. */
  whatsappConsent: whatsappConsentWording.en,
} as const;

export type OrderFormText = Translated<typeof orderFormText>;
