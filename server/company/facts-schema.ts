import { z } from "zod";
import type { CompanyFacts } from "../../domain/company-facts";

/**
 * The company's facts as sent to the console's API: their shape only, every field present, a
 * text far past any limit refused as a bad request. What is wrong with the values is
 * `factsProblems`' answer, in words beside each field.
 */
const text = z.string().max(2_000);
const bilingual = z.object({ en: text, hi: text }).strict();
const address = z
  .object({
    street: bilingual,
    locality: bilingual,
    city: bilingual,
    state: bilingual,
    gstStateCode: z.string().max(8),
    pin: z.string().max(16),
  })
  .strict();
const count = z.number().finite();
const link = z.string().max(500).nullable();

const shape = z
  .object({
    legalName: bilingual,
    shortName: bilingual,
    registeredAddress: address,
    manufacturingAddress: address,
    phone: z.string().max(32),
    whatsapp: z.string().max(32),
    email: z.object({ care: text, grievance: text, mailbox: text }).strict(),
    gstin: z.string().max(32).nullable(),
    fssaiLicence: z.string().max(32),
    product: z
      .object({
        sachetGrams: count,
        sachetsPerUnit: count,
        mrpPaise: count,
        foodMark: z.enum(["veg", "non-veg"]),
        collagenSource: bilingual,
        bestBeforeMonths: count,
      })
      .strict(),
    trade: z.object({ minimumOrderSachets: count, terms: bilingual }).strict(),
    delivery: z.object({ minDays: count, maxDays: count, returnDays: count }).strict(),
    workingHours: z
      .object({
        days: z.array(count).max(7),
        opens: z.string().max(8),
        closes: z.string().max(8),
        firstContactHours: count,
      })
      .strict(),
    grievanceOfficer: z.object({ name: bilingual, designation: bilingual }).strict(),
    social: z.object({ facebook: link, instagram: link, linkedin: link }).strict(),
    termsConfirmedBy: z.string().max(200).nullable(),
    billing: z
      .object({
        hsn: z.string().max(16),
        gstRates: z.array(z.object({ from: z.string().max(16), rateBasisPoints: count }).strict()).max(50),
        unitOfSale: bilingual,
        uqc: z.string().max(8),
        retailerPrices: z.array(z.object({ fromSachets: count, pricePaise: count }).strict()).max(50),
        selfUsePricePaise: count,
        merchantUpiId: z.string().max(300).nullable(),
        invoicePrefix: z.string().max(16),
        signatory: z.object({ name: bilingual, designation: bilingual }).strict(),
        bankAccount: z
          .object({ name: text, number: z.string().max(32), ifsc: z.string().max(16) })
          .strict()
          .nullable(),
      })
      .strict(),
  })
  .strict();

/** The facts' shape; the weekdays are numbers here, checked as weekdays by `factsProblems`. */
export const companyFactsShape = shape as unknown as z.ZodType<CompanyFacts>;
