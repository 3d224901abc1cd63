import { readFile, readdir } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const clientDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build", "client");

const PAGES = {
  "/": { file: "index.html", language: "en" },
  "/privacy-policy": { file: "privacy-policy/index.html", language: "en" },
  "/hi": { file: "hi/index.html", language: "hi" },
  "/hi/privacy-policy": { file: "hi/privacy-policy/index.html", language: "hi" },
} as const;

/** Parts of the pages loaded only when they are needed: none of them may be fetched to hydrate. */
const LAZY_CHUNKS = ["carousel-engine", "toasts", "web-vitals", "landing-sections", "privacy-policy-text"];

/** The scripts a built page fetches to hydrate, in order (scripts/first-paint.ts writes the list). */
async function hydrationScripts(file: string): Promise<string[]> {
  const html = await readFile(resolve(clientDir, file), "utf8");
  const list = /\[("\/assets\/[^"\]]+\.js"(?:,"\/assets\/[^"\]]+\.js")*)\]/.exec(html);
  expect(list, `${file} lists the scripts it hydrates with`).not.toBeNull();
  return JSON.parse(`[${list![1]}]`) as string[];
}

describe("the scripts each built page hydrates with", () => {
  for (const [path, page] of Object.entries(PAGES)) {
    it(`${path}: a few files, none of the lazily loaded parts, only its own language's words`, async () => {
      const scripts = await hydrationScripts(page.file);
      // The framework, the shared shell, the page's own language's words, the root and the page's
      // route, the router's manifest and entry, the bundler's runtime: not a dozen small files.
      expect(scripts.length).toBeLessThanOrEqual(9);
      for (const lazy of LAZY_CHUNKS) expect(scripts.join(" ")).not.toContain(`/${lazy}`);
      const code = await Promise.all(
        scripts.map((script) => readFile(resolve(clientDir, `.${script}`), "utf8")),
      );
      // English pages carry a handful of Hindi words (the language switch names Hindi in Hindi, the
      // root knows each language's skip link), never the Hindi pages' words around the page.
      const hindiWords = new Set(code.join("\n").match(/[\u0900-\u097F]{3,}/g) ?? []);
      if (page.language === "en") expect(hindiWords.size).toBeLessThanOrEqual(10);
      else expect(hindiWords.size).toBeGreaterThan(100);
      // And the Hindi pages carry none of the English pages' words around the page.
      const englishOnly = ["Join our newsletter", "Follow us", "All rights reserved."];
      for (const words of englishOnly) {
        if (page.language === "hi") expect(code.join("\n")).not.toContain(words);
        else expect(code.join("\n")).toContain(words);
      }
    });
  }

  it("the lazily loaded parts exist as files of their own", async () => {
    const assets = await readdir(resolve(clientDir, "assets"));
    for (const lazy of LAZY_CHUNKS) expect(assets.some((name) => name.startsWith(`${lazy}`))).toBe(true);
  });
});
