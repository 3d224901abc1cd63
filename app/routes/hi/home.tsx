import { LandingPage } from "../../pages/landing-page";
import { LandingSections } from "../../sections/landing-sections.hi";
import { siteTextHi } from "../../content/site.hi";
import { PageLanguage } from "../../lib/page-language";
import { pageMeta } from "../../lib/seo";

export const handle = { language: "hi" };

export const meta = () => pageMeta("home", "hi", siteTextHi);

export default function HindiHomeRoute() {
  return (
    <PageLanguage language="hi" text={siteTextHi}>
      <LandingPage Sections={LandingSections} />
    </PageLanguage>
  );
}
