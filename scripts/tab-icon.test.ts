import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { iconDataUrl, inlineTabIcon } from "./tab-icon";

const ico = readFileSync(new URL("../public/favicon.ico", import.meta.url));
const head =
  '<head><meta charSet="utf-8"/><link rel="icon" href="/favicon.ico" sizes="32x32"/>' +
  '<link rel="icon" href="/icon-192.png" sizes="192x192" type="image/png"/><link rel="apple-touch-icon" href="/apple-touch-icon.png"/>' +
  '<link rel="manifest" href="/manifest.webmanifest"/></head>';

describe("the tab's icon written into a prerendered page", () => {
  const page = inlineTabIcon(`<!DOCTYPE html><html>${head}<body><main>Text</main></body></html>`, ico);

  it("replaces the linked icons with one that carries the icon, so the page asks for no icon file", () => {
    const icons = [...page.matchAll(/<link rel="icon"[^>]*>/g)].map((match) => match[0]);
    expect(icons).toHaveLength(1);
    expect(icons[0]).toMatch(
      /^<link rel="icon" href="data:image\/x-icon;base64,[A-Za-z0-9+/]+=*" sizes="32x32"\/>$/,
    );
    expect(page).not.toContain('href="/favicon.ico"');
    expect(page).not.toContain('href="/icon-192.png"');
  });

  it("leaves the home-screen icon, the manifest and the body as they were", () => {
    expect(page).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(page).toContain("<body><main>Text</main></body>");
  });

  it("carries the very bytes of public/favicon.ico, a bitmap the browser decodes without building a document", () => {
    const url = iconDataUrl(ico);
    const bytes = Buffer.from(url.slice("data:image/x-icon;base64,".length), "base64");
    expect(bytes.equals(ico)).toBe(true);
    // An ICO file whose one image is a PNG (its signature at the image's offset).
    expect(bytes.readUInt16LE(2)).toBe(1);
    const offset = bytes.readUInt32LE(18);
    expect(bytes.subarray(offset, offset + 8).toString("latin1")).toBe("\x89PNG\r\n\x1a\n");
  });

  it("leaves a page without icon links unchanged", () => {
    const bare = "<!DOCTYPE html><html><head></head><body></body></html>";
    expect(inlineTabIcon(bare, ico)).toBe(bare);
  });
});
