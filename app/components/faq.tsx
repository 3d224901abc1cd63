import type { Language } from "../../domain/contract";
import { usePageLanguage } from "../lib/page-language";
import { PrerenderedText, type TextModule } from "./prerendered-text";

// The answers travel in the prerendered HTML only, as the privacy policy's text does: the
// sections' script carries none of them, and the browser loads them only after a client-side
// navigation. The section is not laid out later as the others are (no `content-visibility`): its
// answers are closed disclosures, whose text the browser does not lay out until opened.
const loadText: Record<Language, () => Promise<TextModule>> = {
  en: () => import("../pages/faq-text.en"),
  hi: () => import("../pages/faq-text.hi"),
};
const prerendered = import.meta.env.SSR ? { en: await loadText.en(), hi: await loadText.hi() } : undefined;

/** The buyer's first questions, after the specification's sections, before the footer. */
export function Faq() {
  const { language } = usePageLanguage();
  return (
    <PrerenderedText
      name={`faq-${language}`}
      as="section"
      className="faq"
      aria-labelledby="faq-heading"
      load={loadText[language]}
      prerendered={prerendered?.[language]}
    />
  );
}
