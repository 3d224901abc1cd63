import { PrivacyPolicyPage } from "../pages/privacy-policy-page";
import { pages } from "../content/site";
import { pageMeta } from "../lib/seo";

export const meta = () => pageMeta(pages.privacyPolicy);

export default function PrivacyPolicyRoute() {
  return <PrivacyPolicyPage />;
}
