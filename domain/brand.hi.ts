/**
 * The product's and the company's names in Hindi prose (docs/languages.md), for the Hindi pages and
 * the server's Hindi mails: the brand stays in Latin letters, as on the pack. Apart from `brand.ts`,
 * so that the English pages' scripts do not carry them.
 */
import { brand } from "./brand";

export const brandHi = {
  productFullName: `${brand.productName} कोलेजन पेप्टाइड`,
  companyName: "सानवेरा हेल्थकेयर प्रा. लि.",
  companyShortName: "सानवेरा हेल्थकेयर",
} as const;
