import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inlineTabIcon, svgDataUrl } from "./tab-icon";

const svg = readFileSync(new URL("../public/icon.svg", import.meta.url), "utf8");
const head =
  '<head><meta charSet="utf-8"/><link rel="icon" href="/favicon.ico" sizes="32x32"/>' +
  '<link rel="icon" href="/icon.svg" type="image/svg+xml"/><link rel="apple-touch-icon" href="/apple-touch-icon.png"/>' +
  '<link rel="manifest" href="/manifest.webmanifest"/></head>';

describe("the tab's icon written into a prerendered page", () => {
  const page = inlineTabIcon(`<!DOCTYPE html><html>${head}<body><main>Text</main></body></html>`, svg);

  it("replaces the linked icons with one that carries the SVG, so the page asks for no icon file", () => {
    const icons = [...page.matchAll(/<link rel="icon"[^>]*>/g)].map((match) => match[0]);
    expect(icons).toHaveLength(1);
    expect(icons[0]).toMatch(
      /^<link rel="icon" href="data:image\/svg\+xml,[^"]+" type="image\/svg\+xml"\/>$/,
    );
    expect(page).not.toContain('href="/favicon.ico"');
    expect(page).not.toContain('href="/icon.svg"');
  });

  it("leaves the home-screen icon, the manifest and the body as they were", () => {
    expect(page).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(page).toContain("<body><main>Text</main></body>");
  });

  it("carries the very drawing of public/icon.svg, readable as an attribute's value", () => {
    const url = svgDataUrl(svg);
    expect(url).not.toMatch(/["<>#\n]/);
    const drawing = decodeURIComponent(url.slice("data:image/svg+xml,".length));
    const shapes = (markup: string) => markup.replace(/"/g, "'").replace(/>\s+</g, "><").trim();
    expect(drawing).toBe(shapes(svg));
    expect(drawing).toContain("fill='#f28c28'");
  });

  it("leaves a page without icon links unchanged", () => {
    const bare = "<!DOCTYPE html><html><head></head><body></body></html>";
    expect(inlineTabIcon(bare, svg)).toBe(bare);
  });
});
