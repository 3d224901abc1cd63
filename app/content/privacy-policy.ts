import { company, product } from "./site";

/** A block of policy text: a paragraph, or a list of points each with an optional lead-in. */
export type PolicyBlock =
  { kind: "paragraph"; text: string } | { kind: "list"; items: readonly { lead?: string; text: string }[] };

export interface PolicySection {
  id: string;
  heading: string;
  blocks: readonly PolicyBlock[];
}

export const privacyPolicy = {
  heading: "Privacy Policy",
  updated: "Last updated: 1 November 2024",
  intro: `${company.name} ("we", "us") makes ${product.fullName}. This policy explains what information we collect when you visit this website, send an order enquiry or join our newsletter, what we do with it, and the choices you have. It is written to meet India's Digital Personal Data Protection Act, 2023.`,
  sections: [
    {
      id: "information-we-collect",
      heading: "Information We Collect",
      blocks: [
        { kind: "paragraph", text: "We collect only what we need to answer you and to run this website:" },
        {
          kind: "list",
          items: [
            {
              lead: "Details you give us.",
              text: "Your name, email address and phone number, and anything else you choose to tell us when you contact us, send an order enquiry or make a purchase, such as the quantity you want and whether you buy as a retailer or for your own use.",
            },
            {
              lead: "Usage data.",
              text: "When you visit, our server records your IP address, your browser type and how the site is used (the pages you open and when). Your browser also reports how quickly each page loaded and responded (page-speed measurements such as loading time and layout stability), with the page's address and no personal details.",
            },
            {
              lead: "Cookies.",
              text: "The site itself sets no advertising or tracking cookies. Your browser may keep small files that remember technical settings; you can clear or block them in your browser's settings.",
            },
          ],
        },
      ],
    },
    {
      id: "how-we-use-the-information",
      heading: "How We Use the Information",
      blocks: [
        { kind: "paragraph", text: "We use your information to:" },
        {
          kind: "list",
          items: [
            { text: "process your order enquiries and transactions;" },
            { text: "deliver the products you order;" },
            { text: "give you customer support;" },
            { text: "send you updates about your order, and our newsletter if you asked for it;" },
            { text: "answer your inquiries and requests;" },
            { text: "prevent fraud and abuse of this website, and keep it fast and working." },
          ],
        },
        {
          kind: "paragraph",
          text: "We do not sell or rent your personal information. We share it only with the service providers who help us run this website, send e-mail and deliver orders, and only as far as they need it to do that work for us, or where the law requires it.",
        },
      ],
    },
    {
      id: "data-security",
      heading: "Data Security",
      blocks: [
        {
          kind: "paragraph",
          text: "We are committed to keeping your information safe. It travels to us over an encrypted connection, is stored on systems that only authorised staff can reach, and is kept only as long as we need it for the purposes above or as the law requires. No method of sending or storing data is perfectly secure, but we review our safeguards regularly and will tell you and the authorities promptly if a breach affects your data.",
        },
      ],
    },
    {
      id: "your-rights",
      heading: "Your Rights",
      blocks: [
        {
          kind: "paragraph",
          text: "You have the rights of access and correction over the personal information we hold about you, and more:",
        },
        {
          kind: "list",
          items: [
            {
              lead: "Access.",
              text: "You may ask what personal information we hold about you and receive a copy of it.",
            },
            {
              lead: "Correction.",
              text: "You may ask us to correct or complete information that is wrong or out of date.",
            },
            {
              lead: "Withdrawal and erasure.",
              text: "You may withdraw your consent, unsubscribe from our newsletter at any time, and ask us to delete your information where we no longer need to keep it.",
            },
          ],
        },
        {
          kind: "paragraph",
          text: "To use any of these rights, write to us at the address below. We answer within 30 days.",
        },
      ],
    },
    {
      id: "changes-to-this-policy",
      heading: "Changes To This Policy",
      blocks: [
        {
          kind: "paragraph",
          text: "We may change this policy from time to time, for example when the law or our services change. The new version will be published on this page with its date, and where a change matters to how we use your information we will tell you before it applies.",
        },
      ],
    },
    {
      id: "contact-us",
      heading: "Contact Us",
      blocks: [
        {
          kind: "paragraph",
          text: "For any question about this policy or your information, contact us:",
        },
      ],
    },
  ] satisfies readonly PolicySection[],
} as const;
