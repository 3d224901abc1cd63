/**
 * The words of the order form and the newsletter box. The rules and their messages
 * live in domain/enquiry.ts and domain/subscriber.ts; this file holds only the labels.
 */

export const orderForm = {
  labels: {
    Name: "Name",
    Email: "Email",
    Mobile: "Mobile",
    // The specification's field name, with the unit a quantity is counted in (domain/company-facts.ts's QUANTITY_UNIT).
    Quantity: "Quantity (sachets)",
    RetailerSelfUse: "Buying as",
  },
  /** Said after the stored message: what was asked for, "24 sachets". */
  quantityStored: { one: "{quantity} sachet", other: "{quantity} sachets" },
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
