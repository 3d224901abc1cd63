/** A retailer's enquiry as the form posts it: the body the API tests send. */
export const retailersEnquiry = {
  Name: "Asha Verma",
  Email: "asha.verma@example.in",
  Mobile: "9876543210",
  Quantity: 12,
  RetailerSelfUse: "Retailer",
} as const;
