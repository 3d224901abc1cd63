/**
 * Phrasings a Hindi editor corrected in the pages, the form, the messages and the mails, each with
 * why (docs/languages.md). The Hindi copy's tests fail if any of them comes back, in any Hindi text.
 */
export const correctedHindiPhrasings: readonly { phrasing: string | RegExp; why: string }[] = [
  { phrasing: "शोध में देखा जाता है", why: "research looks for the changes; it does not observe them" },
  { phrasing: "नमी रोक", why: "the tissues hold moisture, they do not block it" },
  { phrasing: "इससे पहले इस्तेमाल करें", why: "best before, not use before: «बेस्ट बिफ़ोर»" },
  { phrasing: "उत्पादक", why: "'productive collagen' is not a collagen that produces" },
  { phrasing: "असरदार", why: "a claim stronger than the English" },
  { phrasing: "ताकि यह पूरी तरह घुल जाए और इसका स्वाद", why: "the hydrolysis does not make the taste" },
  { phrasing: "सेंधमारी", why: "a burglary; a data breach is «डेटा उल्लंघन»" },
  { phrasing: "अधिकारियों को", why: "officials; the policy means the authorities («प्राधिकरणों»)" },
  {
    phrasing: "लेन-देन पूरे करना",
    why: "the policy processes transactions, it does not promise to complete them",
  },
  { phrasing: "सहमति वापस लेकर", why: "erasure does not depend on withdrawing consent" },
  { phrasing: "कुछ ज़्यादा समय", why: "'for longer', not 'for somewhat longer'" },
  { phrasing: "आपके ऑर्डर के बारे में, और", why: "'send you updates': the updates were lost" },
  { phrasing: "स्वयं के उपयोग", why: "'Self use' is «अपने इस्तेमाल के लिए» everywhere" },
  { phrasing: "किसके लिए ख़रीद रहे हैं", why: "does not fit the answer «रिटेलर»" },
  { phrasing: /^वे कोलेजन पेप्टाइड देता है/, why: "a verb without its subject" },
  { phrasing: "फ़ायदा हर दिन एक सैशे लेने से आता है", why: "a benefit is «मिलता», not «आता»" },
  { phrasing: "हमारा भरोसा", why: "'We assure you' is a promise to the reader" },
  { phrasing: "हरकत", why: "also means mischief; movement is «चलना-फिरना»" },
  { phrasing: "फ्रूट", why: "the loanword keeps its nukta: «फ़्रूट»" },
  { phrasing: "में सहायता करत", why: "the stiff pattern; «…को सहारा देता है» or «…में मदद करता है»" },
  { phrasing: "कच्चा माल", why: "'building blocks' are «बुनियादी तत्व»" },
  { phrasing: "कच्चे माल", why: "'building blocks' are «बुनियादी तत्व»" },
  { phrasing: "अवशोषित", why: "«सोखना», as a buyer says it" },
  { phrasing: "नवीनीकरण", why: "«नया बनना», as a buyer says it" },
  { phrasing: "अखंड", why: "'intact' is «बिना टूटे»" },
  { phrasing: /(?:ग्लूटेन|नट्स|डेयरी|सोया)-मुक्त|सोया से मुक्त/, why: "a pack says «-फ़्री»" },
  { phrasing: /\bBack\b/, why: "English on a Hindi answer page" },
  { phrasing: /आपकी पूछताछ [0-9A-F]{8},/, why: "the mail's subject: «Collarise: आपकी पूछताछ मिल गई (संदर्भ …)»" },
  { phrasing: "ऑर्डर सफलतापूर्वक", why: "the visitor sent an enquiry («पूछताछ»), not an order" },
];

/** The corrected phrasings found in `texts`, each with where it was found. */
export function correctedPhrasingsIn(texts: readonly { place: string; text: string }[]) {
  return texts.flatMap(({ place, text }) =>
    correctedHindiPhrasings
      .filter(({ phrasing }) =>
        typeof phrasing === "string" ? text.includes(phrasing) : phrasing.test(text),
      )
      .map(({ phrasing, why }) => ({ place, phrasing: String(phrasing), why })),
  );
}

/** Every string in `value` with its place (`banner.facts.2`), however deeply it sits. */
export function textsOf(value: unknown, place = ""): { place: string; text: string }[] {
  if (typeof value === "string") return [{ place, text: value }];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, inner]) => textsOf(inner, place ? `${place}.${key}` : key));
  return [];
}
