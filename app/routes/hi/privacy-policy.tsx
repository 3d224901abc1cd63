import { PrivacyPolicyPage } from "../../pages/privacy-policy-page";
import { siteTextHi } from "../../content/site.hi";
import { PageLanguage } from "../../lib/page-language";
import { pageMeta } from "../../lib/seo";
import "../../pages/privacy-policy-page.css";

export const handle = { language: "hi" };

export const meta = () => pageMeta("privacyPolicy", "hi", siteTextHi);

export default function HindiPrivacyPolicyRoute() {
  return (
    <PageLanguage language="hi" text={siteTextHi}>
      <PrivacyPolicyPage />
    </PageLanguage>
  );
}
