/**
 * Rewrites a prerendered page so that a phone on a slow network paints it first and
 * hydrates it after: the scripts that hydrate the page are fetched once the page has loaded,
 * instead of competing with the stylesheets, the font and the text for the first second of
 * bandwidth (docs/decisions/007-paint-before-hydrating.md). React hydrates module preloads
 * by their address, so their absence from the HTML changes nothing for it.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const HYDRATION_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"]+");$/gm;

/** The longest the hydration waits for the load event (a stalled image must not keep the page inert). */
export const HYDRATION_WAIT_LIMIT_MS = 3000;

export function paintBeforeHydrating(html: string): string {
  const hydration = HYDRATION_SCRIPT.exec(html);
  if (!hydration) return html;

  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const page = html.replace(MODULE_PRELOAD, "");

  const body = hydration[1]!.replace(STATIC_IMPORT, (_line, name: string | undefined, specifier: string) =>
    name ? `const ${name} = await import(${specifier});` : `await import(${specifier});`,
  );
  const script = `await new Promise((resolve) => {
  let started = false;
  const start = () => {
    if (!started) (started = true), setTimeout(resolve, 0);
  };
  setTimeout(start, ${HYDRATION_WAIT_LIMIT_MS});
  const afterPaint = () => {
    // buffered: a paint that came before this call is reported at once.
    if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      new PerformanceObserver((entries, observer) => {
        if (entries.getEntriesByName("first-contentful-paint").length > 0) observer.disconnect(), start();
      }).observe({ type: "paint", buffered: true });
    } else requestAnimationFrame(() => setTimeout(start, 0));
  };
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
});
for (const href of ${JSON.stringify(preloads)}) {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = href;
  document.head.append(link);
}
${body}`;
  return page.replace(HYDRATION_SCRIPT, () => `<script type="module" async="">${script}</script>`);
}
