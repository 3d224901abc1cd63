import { faq } from "../content/faq";
import { FaqText } from "./faq-text";

export function Text() {
  return <FaqText faq={faq} />;
}
