import type { ComponentType } from "react";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
// Every style of the sections is inlined into the page (scripts/inline-styles.ts): the sections are
// HTML only, and the parts that act hydrate as islands (app/islands/).
import "./landing-page.css";
import "../sections/banner.css";
import "../sections/about.css";
import "../sections/we-assure-you.css";
import "../sections/benefit-card.css";
import "../sections/indications.css";
import "../sections/dosage.css";
import "../sections/clinical-results.css";
import "../sections/pure-goodness.css";
import "../sections/why-it-works.css";
import "../sections/comparison.css";
import "../sections/daily-diet.css";
import "../sections/buy-now.css";
import "../components/carousel.css";
import "../components/read-more.css";
import "../components/recipe-dialog.css";
import "../components/order-form.css";
import "../components/faq.css";

/** The landing page: header, the sections in the specification's order, footer. */
export function LandingPage({ Sections }: { Sections: ComponentType }) {
  return (
    <>
      <SiteHeader page="home" />
      <main id="main" tabIndex={-1}>
        <Sections />
      </main>
      <SiteFooter />
    </>
  );
}
