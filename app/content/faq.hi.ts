/** The buyer's questions in Hindi, typed as the English ones (faq.ts). */
import { faqFacts, type FaqContent } from "./faq";
import { companyFacts } from "../lib/company-facts";
import { deliveryDaysText, workingHoursText } from "./facts-words";
import { indianNumber, product } from "./site";

const { product: made, trade } = companyFacts;

export const faqHi: FaqContent = {
  eyebrow: "पूछताछ भेजने से पहले",
  heading: "ख़रीदार अक्सर पूछते हैं",
  items: [
    {
      id: "faq-payment",
      question: "भुगतान कैसे करें?",
      answer:
        "इस वेबसाइट पर कोई भुगतान नहीं होता: फ़ॉर्म से पूछताछ जाती है, ऑर्डर नहीं। क़ीमत और डिलीवरी पक्की करने के लिए हमारी टीम आपको फ़ोन करती है, और फिर जैसा हम आपसे तय करें, आप UPI से या डिलीवरी पर नक़द (कैश ऑन डिलीवरी) भुगतान करते हैं।",
    },
    {
      id: "faq-answer-time",
      question: "मेरी पूछताछ का जवाब कितनी जल्दी मिलेगा?",
      answer: `${faqFacts.firstContactHours} कामकाजी घंटों के भीतर, आपके दिए मोबाइल नंबर पर फ़ोन या मैसेज से। कामकाजी घंटों के बाद भेजी गई पूछताछ का जवाब अगले कामकाजी दिन की सुबह से मिलता है।`,
    },
    {
      id: "faq-working-hours",
      question: "आपके कामकाजी घंटे कौन-से हैं?",
      answer: `${workingHoursText(companyFacts.workingHours, "hi")}। इन्हीं घंटों में हमारी ग्राहक सेवा फ़ोन उठाती है, और पहले जवाब के लिए हम जो समय बताते हैं, उसमें सिर्फ़ यही घंटे गिने जाते हैं।`,
    },
    {
      id: "faq-vegetarian",
      question: "क्या यह शाकाहारी है? कोलेजन किससे बनता है?",
      answer:
        made.foodMark === "veg"
          ? `हाँ, यह शाकाहारी है और इस पर हरा शाकाहारी निशान है। इसका कोलेजन: ${made.collagenSource.hi}।`
          : `नहीं। इसका कोलेजन पशु स्रोत से है: ${made.collagenSource.hi}। पैक पर FSSAI का भूरा मांसाहारी निशान है।`,
    },
    {
      id: "faq-minimum-order",
      question: "क्या रिटेलरों के लिए कोई न्यूनतम ऑर्डर है?",
      answer: `रिटेलर के लिए न्यूनतम ऑर्डर ${indianNumber(trade.minimumOrderSachets)} सैशे है। ${trade.terms.hi} अपने इस्तेमाल के लिए आप कितने भी सैशे माँग सकते हैं।`,
    },
    {
      id: "faq-delivery",
      question: "डिलीवरी में कितना समय लगता है, और क्या पैक लौटाया जा सकता है?",
      answer: `हम पूरे भारत में कूरियर से डिलीवरी करते हैं, आम तौर पर ऑर्डर पक्का होने के ${deliveryDaysText(companyFacts.delivery, "hi")} में, और शुल्क ऑर्डर पक्का करते समय बताते हैं। अगर पैक टूटा-फूटा पहुँचे, आपके ऑर्डर से अलग हो या उसकी बेस्ट बिफ़ोर तारीख़ निकल चुकी हो, तो डिलीवरी के ${faqFacts.returnDays} दिन के भीतर हमें बताएँ: हम पैक बदल देंगे या पैसे लौटा देंगे। खाद्य सुरक्षा के कारण खुले हुए सैशे वापस नहीं लिए जाते।`,
    },
    {
      id: "faq-who-should-not",
      question: "इसे किसे नहीं लेना चाहिए?",
      answer:
        "अगर आप गर्भवती हैं, स्तनपान कराती हैं, आपका इलाज चल रहा है या आप कोई दवा लेते हैं, तो इस्तेमाल से पहले अपने डॉक्टर से पूछें। अगर आपको कोलेजन से या पैक पर लिखी किसी भी चीज़ से एलर्जी है, या आपके डॉक्टर मना करें, तो इसे न लें। यह हेल्थ सप्लीमेंट है, दवा के रूप में इस्तेमाल के लिए नहीं, और बच्चों के लिए नहीं बना है।",
    },
    {
      id: "faq-licence",
      question: "क्या यह FSSAI लाइसेंस के तहत बनता है?",
      answer: `हाँ। यह FSSAI लाइसेंस नं. ${product.fssaiLicence} के तहत बनता है, जो हर पैक पर छपा है। आप यह नंबर FSSAI की FoSCoS वेबसाइट (foscos.fssai.gov.in) पर जाँच सकते हैं।`,
    },
  ],
};
