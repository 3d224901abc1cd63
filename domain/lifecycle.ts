/**
 * What the console and the server agree on about an enquiry's life beyond its status: how staff
 * contact a buyer from the console, and the messages of taking over and handing on. The rules
 * themselves are decided once, in server/lifecycle/plan.ts.
 */

/** How staff reached the buyer from the console: a call, a WhatsApp chat, or an e-mail reply. */
export const CONTACT_CHANNELS = ["call", "whatsapp", "email"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const LIFECYCLE_API_ROUTES = {
  /** POST { channel }: the console opened a call or a WhatsApp chat with the buyer. */
  contact: "/enquiries/:id/contact",
} as const;

export const lifecycleMessages = {
  contactRecorded: "Recorded. The buyer counts as contacted.",
  /** The owner changed since the page was loaded: the console asks before taking over. */
  ownerChanged: (owner: string | null) =>
    owner ? `${owner} owns this now. Take it over?` : "Nobody owns this now. Take it?",
} as const;
