import { createContext, type ReactNode, use } from "react";
import { type Language, type PageKey, pagePath } from "../../domain/contract";
import type { SiteText } from "../content/site.en";

interface PageLanguageValue {
  language: Language;
  text: SiteText;
}

/**
 * The language of the page being shown and the words around it (header, footer, forms). Each
 * route module provides its own language's texts, so a page's script carries only its language's
 * words: there is no default, which would put the English words in every page's script.
 */
const PageLanguageContext = createContext<PageLanguageValue | null>(null);

function usePageLanguageValue(): PageLanguageValue {
  const value = use(PageLanguageContext);
  if (!value) throw new Error("A page's components need its language: render them inside <PageLanguage>");
  return value;
}

export function PageLanguage({ language, text, children }: PageLanguageValue & { children: ReactNode }) {
  return <PageLanguageContext value={{ language, text }}>{children}</PageLanguageContext>;
}

export function usePageLanguage(): PageLanguageValue {
  return usePageLanguageValue();
}

/** The words around the page, in its language. */
export function useSiteText(): SiteText {
  return usePageLanguageValue().text;
}

/** The path of `page` in the language of the page being shown. */
export function usePagePath(page: PageKey): string {
  return pagePath(page, usePageLanguageValue().language);
}

/**
 * A message the domain's rules or the API gave in English, in the page's language: its twin
 * under the same key, or `otherwise` when it has none (a refusal the API words itself).
 */
export function localMessage<Key extends string>(
  message: string,
  english: Readonly<Record<Key, string>>,
  local: Readonly<Record<Key, string>>,
  otherwise: string,
): string {
  if (english === local) return message;
  const key = (Object.keys(english) as Key[]).find((candidate) => english[candidate] === message);
  return key === undefined ? otherwise : local[key];
}
