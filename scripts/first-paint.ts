/**
 * Puts the page's own script into a prerendered page, to run once the page has painted, in place of
 * React Router's: the browser gets no router runtime. The
 * page's script (app/islands/page.ts) then hydrates the parts that act, as islands
 * (docs/decisions/045-public-pages-as-islands.md). Nothing but the HTML comes before the first
 * paint (decisions 007, 008 and 019): the script is asked for once the page has loaded and shown
 * its first text, or after the wait limit.
 */

/** The longest the page's script waits for the load event and the first paint (a stalled image must not keep the page inert). */
export const HYDRATION_WAIT_LIMIT_MS = 3000;

/** What React Router's own browser scripts look like in a page: none may be left. */
const ROUTER_SCRIPTS = /<link rel="modulepreload"|__reactRouter/;
/** React Router's scripts as `<Scripts />` writes them: its module preloads, its context, its hydration module and their boundaries. */
const ROUTER_PARTS = [
  /<link rel="modulepreload" href="[^"]+"[^>]*\/?>/g,
  /<script>window\.__reactRouter[\s\S]*?<\/script>/g,
  /<script type="module" async="">[\s\S]*?<\/script>/g,
  // The Suspense boundaries they were rendered in, left empty at the end of the body.
  /(?:<!--\/?\$-->)+(?=<\/body>)/g,
];

/**
 * The page without React Router's browser scripts: its prerender will not render a page without
 * them, and the public pages run islands instead (app/islands/).
 */
export function withoutRouterScripts(html: string): string {
  return ROUTER_PARTS.reduce((page, part) => page.replace(part, ""), html);
}

/**
 * The inline script that fetches the page's script after the first paint. Its paint observer is
 * buffered: a paint that came before the observer is reported at once. It is sent on one line,
 * without its indentation: every page carries it, and its CSP hash is taken from the built pages.
 */
export function pageScriptLoader(pageScript: string): string {
  const loader = `await new Promise((resolve) => {
    let started = false;
    const start = () => {
      if (!started) (started = true), setTimeout(resolve, 0);
    };
    setTimeout(start, ${HYDRATION_WAIT_LIMIT_MS});
    const afterPaint = () => {
      if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
        new PerformanceObserver((entries, observer) => {
          if (entries.getEntriesByName("first-contentful-paint").length > 0) observer.disconnect(), start();
        }).observe({ type: "paint", buffered: true });
      } else requestAnimationFrame(() => setTimeout(start, 0));
    };
    if (document.readyState === "complete") afterPaint();
    else addEventListener("load", afterPaint, { once: true });
  });
  import(${JSON.stringify(pageScript)});`;
  // Every statement ends in ";", "{" or "}", so the lines join without a separator.
  return `<script type="module">${loader.replace(/\n\s*/g, "")}</script>`;
}

/** The page with its script loader at the end of its body. */
export function paintBeforeScripts(prerendered: string, pageScript: string, name = "page"): string {
  const html = withoutRouterScripts(prerendered);
  if (ROUTER_SCRIPTS.test(html))
    throw new Error(`${name} carries React Router's browser scripts: the public pages run islands only`);
  if (!html.includes("</body>")) throw new Error(`${name} has no body to put its script into`);
  return html.replace("</body>", () => `${pageScriptLoader(pageScript)}</body>`);
}
