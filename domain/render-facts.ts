import type { CompanyFacts } from "./company-facts";

/**
 * Where the company's facts come from while the pages are rendered, and where the rendered page
 * keeps them for the browser (docs/decisions/041-pages-rendered-from-the-company-facts.md).
 * Apart from app/lib/company-facts.ts, which reads them as it loads: whoever renders sets them here first.
 */

/** The id of the `<script type="application/json">` that carries the facts a page was rendered with. */
export const FACTS_ELEMENT_ID = "company-facts";

const RENDER_FACTS_KEY = "__companyFactsToRender";

type WithFacts = typeof globalThis & { [RENDER_FACTS_KEY]?: CompanyFacts };

/**
 * Sets the facts the pages are rendered with, before any content module loads: the build (its
 * defaults or a facts file), the server's renderer (the published version) and the tests.
 */
export function setFactsToRender(facts: CompanyFacts): void {
  (globalThis as WithFacts)[RENDER_FACTS_KEY] = facts;
}

export function factsToRender(): CompanyFacts | undefined {
  return (globalThis as WithFacts)[RENDER_FACTS_KEY];
}

/** The facts as the page carries them: JSON that cannot end its script element early. */
export function embeddedFactsJson(facts: CompanyFacts): string {
  return JSON.stringify(facts).replace(/</g, "\\u003c");
}
