import { type ComponentType, Suspense, lazy, memo, useEffect } from "react";
import type { LandingSectionsProps } from "../sections/landing-sections";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { useScrollToLocation } from "../lib/use-scroll-to-location";
// Every style of the sections loads with the page, so the prerendered HTML is styled from the
// first paint, although the sections' script arrives a moment later.
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

/** A language's sections module: landing-sections.en.tsx or landing-sections.hi.tsx. */
export interface SectionsModule {
  LandingSections: ComponentType<LandingSectionsProps>;
}

// The prerender renders the sections in place (each route module imports its language's sections
// while prerendering). In the browser their script is a chunk of its own, fetched at the visitor's
// first sign of use: a scroll, a touch, a key, the pointer, or an interactive part coming into view.
// Until then the prerendered sections stay as they are, readable, with working links (a dehydrated
// Suspense boundary), and a visitor who only reads the first screen downloads and runs no script
// for the rest of the page.
let requestSections = () => {};
const sectionsRequested = new Promise<void>((resolve) => {
  requestSections = resolve;
});
let markSectionsHydrated = () => {};
const sectionsHydrated = new Promise<void>((resolve) => {
  markSectionsHydrated = resolve;
});

// Pointer events cover mouse, pen and touch; scroll covers the wheel and scrolling by keys.
const FIRST_USE_EVENTS = ["scroll", "pointerdown", "pointermove", "keydown", "focusin"];
/** The parts that need script (marked `data-needs-script`): on screen, their script must come. */
const NEEDS_SCRIPT = "main [data-needs-script]";

/**
 * Requests the sections' script at the first sign of use. Until they have hydrated, it also
 * holds a click on a link to this page (Home, About, Buy Now…) and gives it again afterwards:
 * a navigation reaching the sections while they wait for their script would make React drop
 * their prerendered HTML and render them afresh, emptying the page and losing the scroll target.
 */
function useSectionsOnFirstUse() {
  useEffect(() => {
    let hydrated = false;
    void sectionsHydrated.then(() => (hydrated = true));
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
    const hold = (event: MouseEvent) => {
      if (hydrated || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[href]");
      if (!link || link.target || link.origin + link.pathname !== location.origin + location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      request();
      void sectionsHydrated.then(() => link.click());
    };
    window.addEventListener("click", hold, true);
    // Arriving by a client-side navigation, there is no prerendered page to show meanwhile;
    // arriving at an anchor, the visitor asked for a part below the first screen.
    if (!document.querySelector(NEEDS_SCRIPT) || location.hash) request();
    else {
      for (const type of FIRST_USE_EVENTS)
        window.addEventListener(type, request, { capture: true, passive: true });
      for (const element of document.querySelectorAll(NEEDS_SCRIPT)) observer.observe(element);
    }
    return () => {
      stop();
      window.removeEventListener("click", hold, true);
    };
  }, []);
}

/**
 * The sections of one language, for its route module: `prerendered` while prerendering, `load`
 * (a dynamic import, so a chunk of its own) in the browser. Memoised and without props, so that
 * no update reaches the boundary before it has hydrated.
 */
export function landingSections(
  prerendered: SectionsModule | undefined,
  load: () => Promise<SectionsModule>,
): ComponentType {
  const LazySections = lazy(() =>
    sectionsRequested.then(load).then((module) => ({ default: module.LandingSections })),
  );
  return memo(function Sections() {
    const Content = prerendered?.LandingSections ?? LazySections;
    return (
      <Suspense fallback={null}>
        <Content onHydrated={markSectionsHydrated} />
      </Suspense>
    );
  });
}

/** The landing page: header, the sections in the specification's order, footer. */
export function LandingPage({ Sections }: { Sections: ComponentType }) {
  useScrollToLocation();
  useSectionsOnFirstUse();
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
