/**
 * React writes `<!-- -->` between two pieces of text it renders side by side, so that hydration
 * finds each as a text node of its own. Only an island is hydrated (decision 045): everywhere
 * else in a page the comments separate nothing anyone reads, and they are taken out. Inside an
 * island they stay, as React will look for them.
 */
import { ISLAND_ELEMENT } from "../domain/islands";

const TEXT_SEPARATOR = "<!-- -->";
const ISLAND_EDGE = new RegExp(`<(/?)${ISLAND_ELEMENT}\\b`, "g");

/** The page without React's text separators outside its islands. */
export function withoutTextSeparators(html: string): string {
  let depth = 0;
  let from = 0;
  let page = "";
  for (const edge of html.matchAll(ISLAND_EDGE)) {
    const part = html.slice(from, edge.index);
    page += depth === 0 ? part.replaceAll(TEXT_SEPARATOR, "") : part;
    depth = Math.max(0, depth + (edge[1] === "/" ? -1 : 1));
    from = edge.index;
  }
  const rest = html.slice(from);
  return page + (depth === 0 ? rest.replaceAll(TEXT_SEPARATOR, "") : rest);
}
