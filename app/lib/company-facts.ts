import { FACTS_ELEMENT_ID, factsToRender, type PageFacts } from "../../domain/render-facts";

/**
 * The company's facts the page is rendered with, read once as the content modules load: while
 * rendering, those the renderer set (render-facts.ts); in the browser, those the page carries as
 * JSON (root.tsx writes them), so that hydration sees exactly what the HTML was rendered from.
 */
function loadFacts(): PageFacts {
  const given = factsToRender();
  if (given) return given;
  // Typed by hand: the server's compilation, which reads the build's content too, knows no DOM.
  const page = (
    globalThis as { document?: { getElementById(id: string): { textContent: string | null } | null } }
  ).document;
  const embedded = page?.getElementById(FACTS_ELEMENT_ID);
  if (embedded?.textContent) return JSON.parse(embedded.textContent) as PageFacts;
  throw new Error("No company facts to render the page with (setFactsToRender)");
}

export const companyFacts: PageFacts = loadFacts();
