import type { Request } from "autocannon";
import { API_PATHS } from "../../domain/contract";
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

/**
 * autocannon's request for a load of enquiries: a new body from `next` each time, and the id of
 * each one answered 201 kept in `answered`, so that the store can be checked for every one.
 */
export function enquiryRequest(next: () => Enquiry, answered: Set<string>): Request {
  return {
    method: "POST",
    path: API_PATHS.enquiries,
    headers: { "content-type": "application/json" },
    setupRequest: (request) => ({ ...request, body: JSON.stringify(next()) }),
    onResponse: (status, body) => {
      if (status === 201) answered.add((JSON.parse(body) as { id: string }).id);
    },
  };
}
