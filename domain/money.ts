/**
 * An amount in rupees as the company states a price, the same on the pages, in the mails and in
 * the templates' merges: "₹1,499.00", with India's digit grouping (₹1,00,000.00) and the paise
 * always written, as an MRP is declared.
 */
let RUPEES: Intl.NumberFormat | undefined;

export function rupees(amount: number): string {
  // Made at its first use, not when the module loads: a currency format loads the currency's data,
  // 23–35 ms of a phone's main thread, and the public pages' own script imports this module
  // without writing any price (docs/decisions/045-public-pages-as-islands.md).
  RUPEES ??= new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
  return RUPEES.format(amount);
}
