import type {
  newsletterLinkLabels,
  newsletterLinkPages,
  subscriberAnswerDetails,
  subscriberMessages,
} from "./subscriber";
import { UNCONFIRMED_SUBSCRIBER_DAYS } from "./retention";

/** The newsletter box's answers in Hindi: the same keys as domain/subscriber.ts. */
export const subscriberMessagesHi = {
  invalid: "कृपया सही ईमेल पता लिखें",
  confirmationSent:
    "बस एक क़दम बाक़ी! हमने आपको एक लिंक ईमेल किया है: सदस्यता पक्की करने के लिए उसे खोलें। अगर आप पहले से सदस्य हैं, तो आपको और कुछ नहीं करना है।",
  failed: "अभी हम आपकी सदस्यता नहीं ले सके। कृपया थोड़ी देर में फिर कोशिश करें।",
} as const satisfies Record<keyof typeof subscriberMessages, string>;

/** The answer pages' words below the answer, in Hindi (domain/subscriber.ts). */
export const subscriberAnswerDetailsHi = {
  confirmationDetail: `यह लिंक ${UNCONFIRMED_SUBSCRIBER_DAYS} दिन तक काम करता है। हम आपका पता सिर्फ़ न्यूज़लेटर के लिए इस्तेमाल करते हैं, और हर न्यूज़लेटर में एक क्लिक में सदस्यता छोड़ने का लिंक होता है।`,
} as const satisfies Record<keyof typeof subscriberAnswerDetails, string>;

export const newsletterLinkLabelsHi = {
  home: "साइट पर जाएँ",
  subscribeAgain: "फिर से सदस्यता लें",
} as const satisfies Record<keyof typeof newsletterLinkLabels, string>;

export const newsletterLinkPagesHi = {
  confirmed: {
    title: "आपकी सदस्यता पक्की हो गई है",
    text: "धन्यवाद। हमारा न्यूज़लेटर इसी पते पर आएगा, और हर एक में एक क्लिक में सदस्यता छोड़ने का लिंक होगा।",
  },
  alreadyConfirmed: {
    title: "यह लिंक पहले ही इस्तेमाल हो चुका है",
    text: "आपका पता पहले से पक्का है, इसलिए और कुछ नहीं करना है। कुछ भी बदला नहीं गया।",
  },
  unsubscribed: {
    title: "आपकी सदस्यता हट गई है",
    text: "आपका पता हमारी सूची से हटा दिया गया है, और हम आपको अब कोई न्यूज़लेटर नहीं भेजेंगे।",
  },
  notOnList: {
    title: "यह पता हमारी सूची में नहीं है",
    text: "हो सकता है इसकी सदस्यता पहले ही हट चुकी हो, या समय पर पक्का न होने से इसे मिटा दिया गया हो। कुछ भी बदला नहीं गया।",
  },
  invalid: {
    title: "यह लिंक सही नहीं है",
    text: "हो सकता है आप तक पहुँचते हुए यह अधूरा रह गया हो या बदल गया हो। कुछ भी बदला नहीं गया। कृपया ईमेल से लिंक फिर खोलें, या पूरा लिंक कॉपी करके ब्राउज़र में डालें।",
  },
  unavailable: {
    title: "अभी हम यह नहीं कर सके",
    text: "कुछ भी बदला नहीं गया। कृपया कुछ मिनट बाद लिंक फिर खोलें।",
  },
  expired: {
    title: "इस लिंक की मियाद ख़त्म हो गई है",
    text: `पता पक्का करने के लिंक ${UNCONFIRMED_SUBSCRIBER_DAYS} दिन तक काम करते हैं। कुछ भी बदला नहीं गया। आप हमारे होम पेज के नीचे फिर से सदस्यता ले सकते हैं।`,
  },
} as const satisfies { [K in keyof typeof newsletterLinkPages]: { title: string; text: string } };
