import { BUYER_TYPE_PLACEHOLDER, enquiryMessages } from "../../domain/enquiry";
import type { Translated } from "./translated";

/**
 * The words of the order form and the newsletter box. The rules and their messages
 * live in domain/enquiry.ts and domain/subscriber.ts; this file holds only the labels.
 */

export const orderForm = {
  labels: {
    Name: "Name",
    Email: "Email",
    Mobile: "Mobile",
    Quantity: "Quantity",
    RetailerSelfUse: "Buying as",
  },
  honeypotLabel: "Leave this field empty",
  submit: "Place Order",
  sending: "Sending…",
  notificationsLabel: "Order notifications",
  closeNotification: "Close notification",
} as const;

export const newsletterForm = {
  label: "Your email address",
  sending: "Subscribing…",
} as const;

/**
 * Everything the order form says, with the rules' messages: the Buy Now section hands it to the
 * form in the page's language (forms.hi.ts), so it travels in the sections' chunk, not the first load.
 */
export const orderFormText = {
  ...orderForm,
  buyerTypePlaceholder: BUYER_TYPE_PLACEHOLDER,
  buyerTypes: { Retailer: "Retailer", "Self Use": "Self Use" },
  messages: enquiryMessages,
} as const;

export type OrderFormText = Translated<typeof orderFormText>;
