import { PrerenderedText, type TextModule } from "../components/prerendered-text";
import { useScrollToLocation } from "../lib/use-scroll-to-location";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import "./privacy-policy-page.css";

// The policy's text travels in the prerendered HTML only: the browser loads its module after a
// client-side navigation to this page, never to hydrate the page it was served.
const loadText = (): Promise<TextModule> => import("./privacy-policy-text");
const prerendered = import.meta.env.SSR ? await loadText() : undefined;

export function PrivacyPolicyPage() {
  useScrollToLocation();
  return (
    <>
      <SiteHeader page="privacyPolicy" />
      <PrerenderedText
        name="privacy-policy"
        as="main"
        id="main"
        tabIndex={-1}
        className="policy"
        load={loadText}
        prerendered={prerendered}
      />
      <SiteFooter />
    </>
  );
}
