import { Suspense, lazy, memo, useEffect } from "react";
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
// own, fetched at the visitor's first sign of use: a scroll, a touch, a key, the pointer, or
// an interactive part coming into view. Until then the prerendered sections stay as they are,
// readable, with working links (a dehydrated Suspense boundary), and a visitor who only reads
// the first screen downloads and runs no script for the rest of the page.
const prerendered = import.meta.env.SSR ? await loadSections() : undefined;

let requestSections = () => {};
const sectionsRequested = new Promise<void>((resolve) => {
  requestSections = resolve;
});
let markSectionsHydrated = () => {};
const sectionsHydrated = new Promise<void>((resolve) => {
  markSectionsHydrated = resolve;
});
const LazySections = lazy(() =>
  sectionsRequested.then(loadSections).then((module) => ({ default: module.LandingSections })),
);

const FIRST_USE_EVENTS = [
  "scroll",
  "wheel",
  "touchstart",
  "pointerdown",
  "pointermove",
  "keydown",
  "focusin",
];
/** The parts that need script: once one is on screen, its script must be there. */
const NEEDS_SCRIPT = "main [aria-roledescription='carousel'], main .read-more, main .diet__grid, main form";

function useSectionsOnFirstUse() {
  useEffect(() => {
    // Arriving by a client-side navigation, there is no prerendered page to show meanwhile;
    // arriving at an anchor, the visitor asked for a part below the first screen.
    const prerenderedHere = document.querySelector(NEEDS_SCRIPT) !== null;
    if (!prerenderedHere || window.location.hash) {
      requestSections();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) request();
    });
    const stop = () => {
      observer.disconnect();
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, request, true);
    };
    const request = () => {
      requestSections();
      stop();
    };
    for (const type of FIRST_USE_EVENTS)
      window.addEventListener(type, request, { capture: true, passive: true });
    for (const element of document.querySelectorAll(NEEDS_SCRIPT)) observer.observe(element);
    return stop;
  }, []);
}

/**
 * Holds a click on a link to this page (Home, About, Buy Now…) until the sections have
 * hydrated, then gives it again. A navigation reaching the sections while they still wait for
 * their script would make React drop their prerendered HTML and render them afresh: the page
 * would empty for a moment and the scroll would find no target.
 */
function useHoldPageLinksUntilHydrated() {
  useEffect(() => {
    let hydrated = false;
    void sectionsHydrated.then(() => (hydrated = true));
    const onClick = (event: MouseEvent) => {
      if (hydrated || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (!link || link.target) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      requestSections();
      void sectionsHydrated.then(() => link.click());
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, []);
}

/** Memoised and without props, so that no update reaches the boundary before it has hydrated. */
const Sections = memo(function Sections() {
  const Content = prerendered?.LandingSections ?? LazySections;
  return (
    <Suspense fallback={null}>
      <Content onHydrated={markSectionsHydrated} />
    </Suspense>
  );
});

/** The landing page: header, the sections in the specification's order, footer. */
export function LandingPage() {
  useScrollToLocation();
  useSectionsOnFirstUse();
  useHoldPageLinksUntilHydrated();
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
