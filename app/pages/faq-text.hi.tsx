import { keepCompoundsWhole } from "../content/hindi-typesetting";
import { faqHi } from "../content/faq.hi";
import { FaqText } from "./faq-text";

const faq = keepCompoundsWhole(faqHi);

export function Text() {
  return <FaqText faq={faq} />;
}
