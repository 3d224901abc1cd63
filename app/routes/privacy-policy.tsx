import { PrivacyPolicyPage } from "../pages/privacy-policy-page";
import { siteText } from "../content/site.en";
import { PageLanguage } from "../lib/page-language";
import { pageMeta } from "../lib/seo";
import "../pages/privacy-policy-page.css";

export const handle = { language: "en" };

export const meta = () => pageMeta("privacyPolicy", "en", siteText);

export default function PrivacyPolicyRoute() {
  return (
    <PageLanguage language="en" text={siteText}>
      <PrivacyPolicyPage />
    </PageLanguage>
  );
}
