import { type enquiryMessages, NAME_MAX_LENGTH, OPTIONAL_TEXT_MAX_LENGTH, QUANTITY_MAX } from "./enquiry";

/**
 * The enquiry's messages in Hindi, one for each English message of domain/enquiry.ts (the same
 * keys, so a new English message without its Hindi twin does not compile). The rules stay in
 * English's module and answer with the English text; `hindiEnquiryMessage` finds its twin.
 */
export const enquiryMessagesHi = {
  missing: "कृपया सारी जानकारी भरें।",
  email: "कृपया सही ईमेल पता लिखें।",
  mobileDigits: "कृपया सिर्फ़ अंक लिखें।",
  mobileLength: "कृपया 10 अंकों का मोबाइल नंबर लिखें।",
  quantity: "कृपया कम से कम 1 सैशे की मात्रा लिखें।",
  quantityTooLarge: `कृपया ज़्यादा से ज़्यादा ${QUANTITY_MAX.toLocaleString("en-IN")} सैशे की मात्रा लिखें।`,
  nameTooLong: `कृपया ज़्यादा से ज़्यादा ${NAME_MAX_LENGTH} अक्षरों का नाम लिखें।`,
  nameInvalid: "कृपया नाम में कंट्रोल या न पढ़े जा सकने वाले अक्षर न लिखें।",
  buyerType: "कृपया चुनें कि आप रिटेलर के रूप में ख़रीद रहे हैं या अपने इस्तेमाल के लिए।",
  optionalText: `कृपया ज़्यादा से ज़्यादा ${OPTIONAL_TEXT_MAX_LENGTH} अक्षर लिखें, बिना कंट्रोल या न पढ़े जा सकने वाले अक्षरों के, या इसे ख़ाली छोड़ें।`,
  stored: "धन्यवाद! आपकी पूछताछ मिल गई है। हमारी टीम जल्द फ़ोन करेगी।",
  notStored: "आपकी पूछताछ सेव नहीं हो सकी। कृपया दोबारा भेजें।",
} as const satisfies Record<keyof typeof enquiryMessages, string>;

/** The buyer types as the Hindi form shows them; the values sent and stored stay the English ones. */
export const buyerTypeLabelsHi = {
  placeholder: "— चुनें —",
  Retailer: "रिटेलर के रूप में",
  "Self Use": "अपने इस्तेमाल के लिए",
} as const;
