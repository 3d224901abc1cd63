import { keepCompoundsWhole } from "../content/hindi-typesetting";
import { privacyPolicyHi } from "../content/privacy-policy.hi";
import { PolicyText } from "./privacy-policy-text";

const policy = keepCompoundsWhole(privacyPolicyHi);

export function Text() {
  return <PolicyText policy={policy} />;
}
