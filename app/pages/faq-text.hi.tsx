import { faqHi } from "../content/faq.hi";
import { FaqText } from "./faq-text";

export function Text() {
  return <FaqText faq={faqHi} />;
}
