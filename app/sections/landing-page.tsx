import { Suspense, lazy, memo } from "react";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { useScrollToLocation } from "../lib/use-scroll-to-location";
// Every style of the sections loads with the page, so the prerendered HTML is styled from the
// first paint, although the sections' script arrives a moment later.
import "./landing-page.css";
import "./banner.css";
import "./about.css";
import "./we-assure-you.css";
import "./benefit-card.css";
import "./indications.css";
import "./dosage.css";
import "./clinical-results.css";
import "./pure-goodness.css";
import "./why-it-works.css";
import "./comparison.css";
import "./daily-diet.css";
import "./buy-now.css";
import "../components/carousel.css";
import "../components/read-more.css";
import "../components/recipe-dialog.css";
import "../components/order-form.css";

const loadSections = () => import("./landing-sections");

// The prerender renders the sections in place. In the browser their script is a chunk of its
// own, fetched while the page hydrates: until it arrives the prerendered sections stay as they
// are (a dehydrated Suspense boundary), which keeps the first-load script small.
const prerendered = import.meta.env.SSR ? await loadSections() : undefined;
const LazySections = lazy(() => loadSections().then((module) => ({ default: module.LandingSections })));

/** Memoised and without props, so that no update reaches the boundary before it has hydrated. */
const Sections = memo(function Sections() {
  const Content = prerendered?.LandingSections ?? LazySections;
  return (
    <Suspense fallback={null}>
      <Content />
    </Suspense>
  );
});

/** The landing page: header, the sections in the specification's order, footer. */
export function LandingPage() {
  useScrollToLocation();
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
