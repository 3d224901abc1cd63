import { LandingPage } from "../pages/landing-page";
import { LandingSections } from "../sections/landing-sections.en";
import { siteText } from "../content/site.en";
import { PageLanguage } from "../lib/page-language";
import { pageMeta } from "../lib/seo";

export const handle = { language: "en" };

export const meta = () => pageMeta("home", "en", siteText);

export default function HomeRoute() {
  return (
    <PageLanguage language="en" text={siteText}>
      <LandingPage Sections={LandingSections} />
    </PageLanguage>
  );
}
