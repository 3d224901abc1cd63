import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-styles";

const stylesheets: Record<string, string> = {
  "/assets/root.css": "body{margin:0}\n",
  "/assets/home.css": ".banner{color:red}",
};
const cssOf = (path: string) => {
  const css = stylesheets[path];
  if (css === undefined) throw new Error(`no stylesheet ${path}`);
  return css;
};

const head = `<head><meta charSet="utf-8"/><link rel="icon" href="/favicon.ico"/><link rel="stylesheet" href="/assets/root.css"/><link rel="stylesheet" href="/assets/home.css#"/></head>`;

describe("a prerendered page with its stylesheets inlined", () => {
  const page = inlineStylesheets(`<!DOCTYPE html><html>${head}<body><main>Text</main></body></html>`, cssOf);

  it("carries each stylesheet's rules, in the links' order, where each link was", () => {
    expect(page).toContain(
      '<link rel="icon" href="/favicon.ico"/><style>body{margin:0}</style><style>.banner{color:red}</style></head>',
    );
  });

  it("links no stylesheet of its own, so that the browser fetches none", () => {
    expect(page).not.toMatch(/<link rel="stylesheet"/);
  });

  it("leaves other links and the body as they were", () => {
    expect(page).toContain('<link rel="icon" href="/favicon.ico"/>');
    expect(page).toContain("<body><main>Text</main></body>");
  });

  it("leaves a stylesheet from elsewhere linked", () => {
    const outside = '<link rel="stylesheet" href="https://fonts.example/x.css"/>';
    expect(inlineStylesheets(outside, cssOf)).toBe(outside);
  });

  it("refuses a stylesheet that would end the style element or whose url() would resolve against the page", () => {
    const link = '<link rel="stylesheet" href="/assets/x.css"/>';
    expect(() => inlineStylesheets(link, () => "a::after{content:'</style>'}")).toThrow(/<\/style/);
    expect(() => inlineStylesheets(link, () => "@font-face{src:url(font.woff2)}")).toThrow(/relative url/);
    expect(inlineStylesheets(link, () => "@font-face{src:url(/assets/font.woff2)}")).toContain(
      "url(/assets/font.woff2)",
    );
  });
});
