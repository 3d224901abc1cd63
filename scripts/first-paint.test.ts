import { describe, expect, it } from "vitest";
import { HYDRATION_WAIT_LIMIT_MS, paintBeforeHydrating } from "./first-paint";

const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" href="/assets/manifest.js"/><link rel="modulepreload" href="/assets/entry.client.js"/></head><body><main>Text</main><script type="module" async="">import "/assets/manifest.js";
import * as route0 from "/assets/root.js";
import * as route1 from "/assets/home.js";
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client.js");</script></body></html>`;

describe("a prerendered page set to paint before it hydrates", () => {
  const rewritten = paintBeforeHydrating(page);

  it("no longer preloads the hydration scripts beside the stylesheets and the text", () => {
    expect(rewritten).not.toContain('rel="modulepreload"');
    expect(rewritten).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(rewritten).toContain("<main>Text</main>");
  });

  it("fetches them once the page has loaded and shown its first text, or after the wait limit, in their original order", () => {
    const script = /<script type="module" async="">([\s\S]*)<\/script>/.exec(rewritten)![1]!;
    expect(script).toContain('addEventListener("load", afterPaint, { once: true })');
    expect(script).toContain('getEntriesByName("first-contentful-paint")');
    expect(script).toContain(`setTimeout(start, ${HYDRATION_WAIT_LIMIT_MS})`);
    expect(script).toContain('["/assets/manifest.js","/assets/entry.client.js"]');
    const order = [
      'await import("/assets/manifest.js")',
      'const route0 = await import("/assets/root.js")',
      'const route1 = await import("/assets/home.js")',
      'import("/assets/entry.client.js")',
    ].map((part) => script.indexOf(part));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(script).not.toMatch(/^import /m);
  });

  it("leaves a page without a hydration script as it was", () => {
    const plain = "<html><head></head><body><p>Hello</p></body></html>";
    expect(paintBeforeHydrating(plain)).toBe(plain);
  });
});
