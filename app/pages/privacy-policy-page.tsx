import type { Language } from "../../domain/contract";
import { PrerenderedText, type TextModule } from "../components/prerendered-text";
import { usePageLanguage } from "../lib/page-language";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";

// The policy's text travels in the prerendered HTML only: the browser loads its module (in the
// page's language) after a client-side navigation to this page, never to hydrate the page it was
// served.
const loadText: Record<Language, () => Promise<TextModule>> = {
  en: () => import("./privacy-policy-text.en"),
  hi: () => import("./privacy-policy-text.hi"),
};
const prerendered = import.meta.env.SSR ? { en: await loadText.en(), hi: await loadText.hi() } : undefined;

export function PrivacyPolicyPage() {
  const { language } = usePageLanguage();
  return (
    <>
      <SiteHeader page="privacyPolicy" />
      <PrerenderedText
        name={`privacy-policy-${language}`}
        as="main"
        id="main"
        tabIndex={-1}
        className="policy"
        load={loadText[language]}
        prerendered={prerendered?.[language]}
      />
      <SiteFooter />
    </>
  );
}
