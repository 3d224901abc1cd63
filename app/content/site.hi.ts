/**
 * The words around the Hindi pages (header, footer, forms and their messages), typed as the
 * English `siteText` (site.ts): a missing text does not compile. Brand names, the licence number,
 * the phone and the e-mail stay as they are.
 */
import { brandHi } from "../../domain/brand.hi";
import { subscriberMessagesHi } from "../../domain/subscriber.hi";
import { company, product } from "./site";
import type { SiteText } from "./site.en";

export { product };

/** The product's words that the Hindi copy repeats. */
export const productHi = {
  /** The product's one name in Hindi prose (docs/languages.md). */
  fullName: brandHi.productFullName,
  flavour: "संतरे",
  sachet: "12.5 ग्राम",
  mainClaim: "200% ज़्यादा काम आने वाला कोलेजन",
  category: "हेल्थ सप्लीमेंट। दवा के रूप में इस्तेमाल के लिए नहीं।",
  dosageNote: "अपने डॉक्टर के बताए अनुसार लें।",
} as const;

/** The company's address in Hindi, written apart from site.ts's: fill it in with that one. */
const addressLines = ["प्लॉट 27, ओखला इंडस्ट्रियल एस्टेट, फ़ेज़ III", "नई दिल्ली 110020", "भारत"] as const;

/** The company as the Hindi pages name it. */
export const companyHi = {
  name: brandHi.companyName,
  addressLines,
  phone: company.phone.display,
  email: company.email,
} as const;

export const siteTextHi: SiteText = {
  header: {
    subtitle: "कोलेजन पेप्टाइड",
    homeSuffix: ", होम",
    navLabel: "मुख्य",
    openMenu: "मेन्यू खोलें",
    closeMenu: "मेन्यू बंद करें",
    switchLabel: "English",
    switchName: "Read this page in English",
  },
  navigation: {
    home: "होम",
    about: "परिचय",
    contactUs: "संपर्क करें",
    buyNow: "अभी ख़रीदें",
  },
  footer: {
    copyrightYear: 2024,
    newsletter: {
      heading: "हमारे न्यूज़लेटर से जुड़ें",
      placeholder: "अपना ईमेल लिखें",
      button: "सदस्यता लें",
      purpose:
        "कभी-कभार Collarise की ख़बरें: नई रेसिपी, ऑफ़र और उत्पाद से जुड़ी जानकारी। पहले हम आपको पता पक्का करने का लिंक ईमेल करते हैं, पते का और कोई इस्तेमाल नहीं करते, और हर ईमेल से आप एक क्लिक में सदस्यता छोड़ सकते हैं।",
    },
    contactHeading: "संपर्क में रहें",
    privacyLinkLabel: "गोपनीयता नीति",
    followUs: "हमें फ़ॉलो करें",
    opensInNewTab: "(नए टैब में खुलता है)",
    rights: "सर्वाधिकार सुरक्षित।",
    licence: "FSSAI लाइसेंस नं.",
    category: productHi.category,
  },
  social: {
    Facebook: "Facebook",
    Instagram: "Instagram",
    LinkedIn: "LinkedIn",
    "WhatsApp chat": "WhatsApp पर बात करें",
  },
  company: { name: companyHi.name, shortName: brandHi.companyShortName, addressLines },
  newsletterForm: {
    label: "आपका ईमेल पता",
    sending: "सदस्यता ली जा रही है…",
  },
  subscriberMessages: subscriberMessagesHi,
  otherRefusal: "अभी हम इसे नहीं ले सके। कृपया कुछ मिनट रुककर फिर कोशिश करें।",
  policy: { tocLabel: "इस पेज पर" },
  pages: {
    home: {
      title: `${brandHi.productFullName} | 200% ज़्यादा काम आने वाला कोलेजन, संतरे का सैशे 12.5 ग्राम`,
      description:
        "Collarise संतरे के स्वाद वाला कोलेजन पेप्टाइड सैशे (12.5 ग्राम) है, जोड़ों, त्वचा, हड्डियों और महिलाओं की सेहत के लिए। संतरे के फ़्लेवर के अलावा कोई एडिटिव नहीं; ग्लूटेन-फ़्री, नट्स-फ़्री, डेयरी-फ़्री और सोया-फ़्री। रिटेलर के रूप में या अपने इस्तेमाल के लिए ऑर्डर की पूछताछ भेजें।",
    },
    privacyPolicy: {
      title: `गोपनीयता नीति | ${brandHi.productFullName}`,
      description: `Collarise वेबसाइट पर दी गई आपकी जानकारी ${brandHi.companyShortName} कैसे इकट्ठा करती है, कैसे इस्तेमाल करती है और कैसे सुरक्षित रखती है, और इस बारे में हमसे कैसे संपर्क करें।`,
    },
  },
  ogImageAlt: `${brandHi.productFullName}, संतरे के स्वाद वाला 12.5 ग्राम का सैशे`,
};
