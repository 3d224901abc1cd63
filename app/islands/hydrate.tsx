/**
 * React in the browser: fetched only once the first island is to hydrate (app/islands/page.ts), and
 * then shared by every island of the page. Each island is a root of its own, hydrated over the HTML
 * the page was served with.
 */
import { type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import type { Language } from "../../domain/contract";
import type { SiteText } from "../content/site.en";
import { PageLanguage } from "../lib/page-language";
import type { IslandModule } from "./islands";
import { HYDRATED_ATTRIBUTE } from "./names";

const language: Language = document.documentElement.lang.startsWith("hi") ? "hi" : "en";

let siteText: Promise<SiteText> | undefined;

/** The words around the page in its own language only: each language is a chunk of its own. */
function siteTextOfThePage(): Promise<SiteText> {
  siteText ??=
    language === "hi"
      ? import("../content/site.hi").then((module) => module.siteTextHi)
      : import("../content/site.en").then((module) => module.siteText);
  return siteText;
}

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Hydrates one island's element; resolves once it answers the visitor (and is marked `data-hydrated`). */
export async function hydrateIsland(element: HTMLElement, module: IslandModule): Promise<void> {
  const props = JSON.parse(element.dataset.props ?? "{}") as never;
  const text = await siteTextOfThePage();
  const content = module.render(props, element);
  await new Promise<void>((resolve) => {
    const onHydrated = () => {
      element.setAttribute(HYDRATED_ATTRIBUTE, "true");
      resolve();
    };
    hydrateRoot(
      element,
      <PageLanguage language={language} text={text}>
        <Hydrated onHydrated={onHydrated}>{content}</Hydrated>
      </PageLanguage>,
    );
  });
}
