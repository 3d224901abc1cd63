import type { Enquiry } from "../../domain/enquiry";

/**
 * A source of distinct, valid enquiries: each call returns a new buyer, so that every request
 * of a load test is a different record (`mobileBase` keeps two benchmarks' buyers apart).
 */
export function distinctEnquiries(label: string, mobileBase: number): () => Enquiry {
  let sequence = 0;
  return () => {
    sequence += 1;
    return {
      Name: `${label} ${sequence}`,
      Email: `${label.toLowerCase().replace(/\W+/g, ".")}${sequence}@bench.example`,
      Mobile: String(mobileBase + sequence),
      Quantity: (sequence % 200) + 1,
      RetailerSelfUse: sequence % 2 === 0 ? "Retailer" : "Self Use",
    };
  };
}
