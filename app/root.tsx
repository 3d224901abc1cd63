import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useMatches } from "react-router";
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from "../domain/contract";
import type { Route } from "./+types/root";
import { NotFound } from "./components/not-found";
import { languageSettings } from "./content/languages";
import { notFound, site } from "./content/site";
import { companyFacts } from "./lib/company-facts";
import { ICON_LINKS } from "./lib/icons";
import { embeddedFactsJson, FACTS_ELEMENT_ID } from "../domain/render-facts";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [
  ...ICON_LINKS,
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

// Marks the document as scripted before first paint, so that narrow screens fold the
// navigation behind the menu button only when the button can work.
const markScripted = "document.documentElement.classList.add('js')";

/** The language a route declares in its `handle`; English for the error page. */
function usePageLanguageFromRoute(): Language {
  const declared = useMatches()
    .map((match) => (match.handle as { language?: unknown } | undefined)?.language)
    .findLast((language) => LANGUAGES.some((known) => known === language));
  return (declared as Language | undefined) ?? DEFAULT_LANGUAGE;
}

export function Layout({ children }: { children: ReactNode }) {
  const language = usePageLanguageFromRoute();
  const settings = languageSettings[language];
  return (
    <html lang={settings.htmlLang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={site.themeColor} />
        <script dangerouslySetInnerHTML={{ __html: markScripted }} />
        {/* The company's facts this page was rendered with: the browser hydrates from the same (app/lib/company-facts.ts). */}
        <script
          type="application/json"
          id={FACTS_ELEMENT_ID}
          dangerouslySetInnerHTML={{ __html: embeddedFactsJson(companyFacts) }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {settings.skipLink}
        </a>
        {children}
        {/* React Router's prerender insists on its scripts; the build takes them out of every page, which
            gets no router runtime but its own script and islands after the first paint
            (scripts/first-paint.ts, app/islands/, docs/decisions/045-public-pages-as-islands.md). */}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Shown while an unknown address is being resolved in the browser: the same page as the error. */
export function HydrateFallback() {
  return <NotFound />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return <NotFound message={missing ? notFound.message : notFound.failure} />;
}
