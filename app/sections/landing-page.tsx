import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { anchors } from "../content/site";
import { useScrollToLocation } from "../lib/use-scroll-to-location";

/** The landing page: header, the sections in the specification's order, footer. */
export function LandingPage() {
  useScrollToLocation();
  return (
    <>
      <SiteHeader page="home" />
      <main id="main" tabIndex={-1}>
        <section id={anchors.about} className="section section--white" aria-label="About" />
        <section id={anchors.buyNow} className="section section--beige" aria-label="Buy Now" />
      </main>
      <SiteFooter />
    </>
  );
}
