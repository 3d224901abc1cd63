import { privacyPolicyHi } from "../content/privacy-policy.hi";
import { PolicyText } from "./privacy-policy-text";

export function Text() {
  return <PolicyText policy={privacyPolicyHi} />;
}
