import { describe, expect, it } from "vitest";
import { HYDRATION_WAIT_LIMIT_MS, paintBeforeScripts } from "./first-paint";

const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/root.css"/></head><body><main>Text</main></body></html>`;

describe("a prerendered page given its script, to run after the first paint", () => {
  const rewritten = paintBeforeScripts(page, "/assets/islands/page-abc.js");

  it("keeps the page as it was, its script last in the body", () => {
    expect(rewritten).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(rewritten).toContain("<main>Text</main><script");
    expect(rewritten.endsWith("</script></body></html>")).toBe(true);
    expect(rewritten).not.toContain("modulepreload");
  });

  it("fetches the page's script once the page has loaded and shown its first text, or after the wait limit", () => {
    const script = /<script type="module">([\s\S]*)<\/script>/.exec(rewritten)![1]!;
    expect(script).toContain('addEventListener("load",afterPaint,{once:!0})');
    expect(script).toContain('getEntriesByName("first-contentful-paint")');
    expect(script).toContain(`setTimeout(start,${HYDRATION_WAIT_LIMIT_MS})`);
    expect(script.indexOf("await new Promise")).toBeLessThan(
      script.indexOf('import("/assets/islands/page-abc.js")'),
    );
    expect(script).not.toMatch(/^import /m);
  });

  it("takes out React Router's browser scripts: its preloads, its context and its hydration module", () => {
    const routed = page
      .replace("</head>", '<link rel="modulepreload" href="/assets/entry.client.js"/></head>')
      .replace(
        "</body>",
        '<!--$--><!--$--><script>window.__reactRouterContext = {"basename":"/"};</script><script type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.client.js");</script><script>window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$--></body>',
      );
    expect(paintBeforeScripts(routed, "/assets/islands/page-abc.js")).toBe(rewritten);
  });

  it("refuses a page that still carries React Router's scripts in a form it does not know", () => {
    const routed = page.replace(
      "</body>",
      '<script nonce="n">window.__reactRouterContext = {};</script></body>',
    );
    expect(() => paintBeforeScripts(routed, "/assets/islands/page-abc.js", "index.html")).toThrow(
      /index\.html carries React Router's browser scripts/,
    );
  });
});
