import { PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";

/**
 * A company's facts as an owner fills them in before launch: every placeholder replaced (the
 * launch check passes on them), a GSTIN of the registered address's state with its check character.
 */
export const FILLED_FACTS: CompanyFacts = {
  ...PLACEHOLDER_FACTS,
  legalName: { en: "Aarogya Nutrition Pvt. Ltd.", hi: "आरोग्य न्यूट्रिशन प्रा. लि." },
  shortName: { en: "Aarogya Nutrition", hi: "आरोग्य न्यूट्रिशन" },
  registeredAddress: {
    street: { en: "B-14, Sector 63", hi: "बी-14, सेक्टर 63" },
    locality: { en: "Noida Sector 63", hi: "नोएडा सेक्टर 63" },
    city: { en: "Noida", hi: "नोएडा" },
    state: { en: "Uttar Pradesh", hi: "उत्तर प्रदेश" },
    gstStateCode: "09",
    pin: "201301",
  },
  manufacturingAddress: {
    street: { en: "Plot 9, Industrial Area, Phase II", hi: "प्लॉट 9, इंडस्ट्रियल एरिया, फ़ेज़ II" },
    locality: { en: "Baddi", hi: "बद्दी" },
    city: { en: "Solan", hi: "सोलन" },
    state: { en: "Himachal Pradesh", hi: "हिमाचल प्रदेश" },
    gstStateCode: "02",
    pin: "173205",
  },
  phone: "+919812345678",
  whatsapp: "+919812345679",
  email: {
    care: "care@aarogya-nutrition.in",
    grievance: "grievance@aarogya-nutrition.in",
    mailbox: "sales@aarogya-nutrition.in",
  },
  gstin: "09AAACR5055K1Z5",
  fssaiLicence: "12722999000456",
  product: { ...PLACEHOLDER_FACTS.product, mrpPaise: 159_900 },
  trade: {
    minimumOrderSachets: 300,
    terms: {
      en: "Retailers ordering at least 300 sachets are offered a trade price, confirmed on the call.",
      hi: "कम से कम 300 सैशे लेने वाले रिटेलरों को कॉल पर ट्रेड क़ीमत बताई जाती है।",
    },
  },
  grievanceOfficer: {
    name: { en: "Meera Sharma", hi: "मीरा शर्मा" },
    designation: { en: "Grievance Officer", hi: "शिकायत अधिकारी" },
  },
  social: {
    facebook: "https://www.facebook.com/aarogyanutrition",
    instagram: "https://www.instagram.com/aarogyanutrition",
    linkedin: null,
  },
  termsConfirmedBy: "Rohit Verma, Director, 2026-11-20",
  billing: {
    ...PLACEHOLDER_FACTS.billing,
    merchantUpiId: "aarogyanutrition@hdfcbank",
    invoicePrefix: "AN",
    signatory: {
      name: { en: "Rohit Verma", hi: "रोहित वर्मा" },
      designation: { en: "Director", hi: "निदेशक" },
    },
    bankAccount: { name: "Aarogya Nutrition Pvt. Ltd.", number: "50200098765432", ifsc: "HDFC0004321" },
  },
};
