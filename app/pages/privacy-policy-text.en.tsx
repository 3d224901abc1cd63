import { privacyPolicy } from "../content/privacy-policy";
import { PolicyText } from "./privacy-policy-text";

export function Text() {
  return <PolicyText policy={privacyPolicy} />;
}
