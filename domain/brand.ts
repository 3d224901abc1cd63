/**
 * Who the product and the company are: the names, the e-mail address and the phone that both the pages
 * and the server's mails and answer pages use. Fictional placeholders, replaced here in one
 * place (docs/decisions/005-content-in-one-place.md). The pages' copy, built from these names,
 * stays in `app/content/`; the server reads only this module (docs/decisions/010-one-contract-for-both-halves.md).
 */
export const brand = {
  productName: "Collarise",
  productFullName: "Collarise Collagen Peptide",
  companyName: "Sanvera Healthcare Pvt. Ltd.",
  companyShortName: "Sanvera Healthcare",
  companyEmail: "care@collarise.example",
  companyPhone: { display: "+91 11 4155 2024", tel: "+911141552024" },
  /**
   * Maximum retail price of one pack, in rupees, inclusive of all taxes: the pages declare it and
   * the console's reply templates quote it ({mrp}).
   */
  mrpRupees: 1499,
  /** Sachets in one pack, the unit the MRP is for. */
  sachetsPerPack: 30,
} as const;
