/**
 * An amount in rupees as the company states a price, the same on the pages, in the mails and in
 * the templates' merges: "₹1,499.00", with India's digit grouping (₹1,00,000.00) and the paise
 * always written, as an MRP is declared.
 */
const RUPEES = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

export function rupees(amount: number): string {
  return RUPEES.format(amount);
}
