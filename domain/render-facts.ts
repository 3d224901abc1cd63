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

/**
 * The facts a public page is rendered from, as the browser reads them: the company's record without
 * its billing facts (HSN, GST rates, trade prices, invoice numbering, bank account), which only the
 * console's documents use.
 */
export type PageFacts = Omit<CompanyFacts, "billing">;

/**
 * The facts as the page carries them: JSON that cannot end its script element early, without the
 * billing facts, which the renderer holds but no page reads (about 200 bytes of brotli on every
 * page, where a privacy page is near the bytes of the first round trip: docs/benchmarks.md).
 */
export function embeddedFactsJson(facts: PageFacts): string {
  const { billing: _billing, ...page } = facts as PageFacts & { billing?: unknown };
  return JSON.stringify(page).replace(/</g, "\\u003c");
}
