import { type CompanyFacts, PLACEHOLDER_FACTS } from "../../domain/company-facts";

/** A company whose phone, addresses, MRP and grievance officer differ from the placeholder's in both languages. */
export const CHANGED_FACTS: CompanyFacts = {
  ...PLACEHOLDER_FACTS,
  legalName: { en: "Tarang Nutrition Pvt. Ltd.", hi: "तरंग न्यूट्रिशन प्रा. लि." },
  shortName: { en: "Tarang Nutrition", hi: "तरंग न्यूट्रिशन" },
  registeredAddress: {
    street: { en: "B-14, Sector 63", hi: "बी-14, सेक्टर 63" },
    locality: { en: "Sector 63", hi: "सेक्टर 63" },
    city: { en: "Noida", hi: "नोएडा" },
    state: { en: "Uttar Pradesh", hi: "उत्तर प्रदेश" },
    gstStateCode: "09",
    pin: "201301",
  },
  manufacturingAddress: {
    street: { en: "C-7, Industrial Area", hi: "सी-7, इंडस्ट्रियल एरिया" },
    locality: { en: "Kundli", hi: "कुंडली" },
    city: { en: "Sonipat", hi: "सोनीपत" },
    state: { en: "Haryana", hi: "हरियाणा" },
    gstStateCode: "06",
    pin: "131028",
  },
  phone: "+919812345678",
  whatsapp: "+919812345678",
  product: { ...PLACEHOLDER_FACTS.product, mrpPaise: 129_900, foodMark: "non-veg" },
  grievanceOfficer: {
    name: { en: "Meera Sharma", hi: "मीरा शर्मा" },
    designation: { en: "Head of Customer Care", hi: "ग्राहक सेवा प्रमुख" },
  },
};

/** What each of the four pages must now say, in its language, and what it no longer may. */
export const CHANGED_PAGE_TEXTS = {
  phone: "+91 98123 45678",
  street: { en: "B-14, Sector 63", hi: "बी-14, सेक्टर 63" },
  mrp: "₹1,299.00",
  placeholderPhone: "+91 11 4155 2024",
  placeholderName: { en: "Sanvera Healthcare", hi: "सानवेरा हेल्थकेयर" },
  placeholderStreet: { en: "Okhla", hi: "ओखला" },
} as const;
