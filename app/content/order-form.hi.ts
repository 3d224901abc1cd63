import { buyerTypeLabelsHi, enquiryMessagesHi } from "../../domain/enquiry.hi";
import { whatsappConsentWording } from "../../domain/whatsapp-consent";
import type { OrderFormText } from "./order-form";

/** The order form in Hindi, typed as the English one (order-form.ts); the rules' messages live in domain/. */
export const orderFormTextHi: OrderFormText = {
  labels: {
    Name: "नाम",
    Email: "ईमेल",
    Mobile: "मोबाइल",
    Quantity: "मात्रा (सैशे)",
    RetailerSelfUse: "आप ख़रीद रहे हैं",
  },
  quantityStored: { one: "{quantity} सैशे", other: "{quantity} सैशे" },
  honeypotLabel: "इस फ़ील्ड को ख़ाली छोड़ें",
  submit: "पूछताछ भेजें",
  sending: "भेजा जा रहा है…",
  notificationsLabel: "पूछताछ की सूचनाएँ",
  closeNotification: "सूचना बंद करें",
  buyerTypePlaceholder: buyerTypeLabelsHi.placeholder,
  buyerTypes: { Retailer: buyerTypeLabelsHi.Retailer, "Self Use": buyerTypeLabelsHi["Self Use"] },
  messages: enquiryMessagesHi,
  whatsappConsent: whatsappConsentWording.hi,
};
