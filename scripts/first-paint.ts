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
 * The inline script that fetches the page's script once the page has painted its first text (a
 * buffered observer reports a paint that came before it; without paint timing, a frame after the
 * load event), or after the wait limit, whichever is first. It is written as it is sent, without
 * spaces or line breaks: every page carries it, and its CSP hash is taken from the built pages.
 */
export function pageScriptLoader(pageScript: string): string {
  const loader = [
    "await new Promise((go)=>{",
    "let started=!1;",
    "const start=()=>{started||(started=!0,setTimeout(go,0))};",
    `setTimeout(start,${HYDRATION_WAIT_LIMIT_MS});`,
    "const afterPaint=()=>{",
    'PerformanceObserver.supportedEntryTypes?.includes("paint")',
    "?new PerformanceObserver((list,observer)=>{",
    'list.getEntriesByName("first-contentful-paint").length>0&&(observer.disconnect(),start())',
    '}).observe({type:"paint",buffered:!0})',
    ":requestAnimationFrame(()=>setTimeout(start,0))",
    "};",
    'document.readyState==="complete"?afterPaint():addEventListener("load",afterPaint,{once:!0})',
    "});",
    `import(${JSON.stringify(pageScript)});`,
  ];
  return `<script type="module">${loader.join("")}</script>`;
}

/** The page with its script loader at the end of its body. */
export function paintBeforeScripts(prerendered: string, pageScript: string, name = "page"): string {
  const html = withoutRouterScripts(prerendered);
  if (ROUTER_SCRIPTS.test(html))
    throw new Error(`${name} carries React Router's browser scripts: the public pages run islands only`);
  if (!html.includes("</body>")) throw new Error(`${name} has no body to put its script into`);
  return html.replace("</body>", () => `${pageScriptLoader(pageScript)}</body>`);
}
