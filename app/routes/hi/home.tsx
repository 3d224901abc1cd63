import { LandingPage } from "../../pages/landing-page";
import { HindiSections } from "../../pages/landing-page.hi";
import { siteTextHi } from "../../content/site.hi";
import { useEffect } from "react";
import { loadDevanagariFont } from "../../lib/devanagari-font";
import { PageLanguage } from "../../lib/page-language";
import { pageMeta } from "../../lib/seo";

export const handle = { language: "hi" };

export const meta = () => pageMeta("home", "hi", siteTextHi);

export default function HindiHomeRoute() {
  useEffect(() => loadDevanagariFont(), []);
  return (
    <PageLanguage language="hi" text={siteTextHi}>
      <LandingPage Sections={HindiSections} />
    </PageLanguage>
  );
}
