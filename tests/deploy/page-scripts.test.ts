import { readFile, readdir } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ISLANDS_ENTRY_FILE } from "../../domain/islands";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const clientDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build", "client");

const PAGES = {
  "/": { file: "index.html", language: "en" },
  "/privacy-policy": { file: "privacy-policy/index.html", language: "en" },
  "/hi": { file: "hi/index.html", language: "hi" },
  "/hi/privacy-policy": { file: "hi/privacy-policy/index.html", language: "hi" },
} as const;

/** The budget for what a page runs before any of its islands: 20 KiB, gzipped. */
const BEFORE_ISLANDS_GZIP_BYTES = 20 * 1024;

/** Parts fetched only when needed, each a file of its own: React itself among them. */
const LAZY_CHUNKS = [
  "hydrate",
  "carousel-engine",
  "toasts",
  "web-vitals",
  "proof-of-work",
  "devanagari-font",
];

/** A script and the scripts it imports statically (what the browser must fetch before it runs), in order. */
async function withStaticImports(script: string, seen = new Set<string>()): Promise<string[]> {
  if (seen.has(script)) return [];
  seen.add(script);
  const code = await readFile(resolve(clientDir, `.${script}`), "utf8");
  const imports = [...code.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (match) => resolve(dirname(script), match[1]!),
  );
  const nested = await Promise.all(imports.map((each) => withStaticImports(each, seen)));
  return [script, ...nested.flat()];
}

async function gzipSize(script: string): Promise<number> {
  return gzipSync(await readFile(resolve(clientDir, `.${script}`))).length;
}

describe("the scripts of each built page", () => {
  for (const [path, page] of Object.entries(PAGES)) {
    it(`${path}: no router, its own script after the first paint, at most 20 KiB gzipped before any island`, async () => {
      const html = await readFile(resolve(clientDir, page.file), "utf8");
      const { page: pageScript } = JSON.parse(
        await readFile(resolve(clientDir, ISLANDS_ENTRY_FILE), "utf8"),
      ) as {
        page: string;
      };
      expect(html).not.toMatch(/modulepreload|__reactRouter|<script[^>]*\bsrc=/);
      expect(html).toContain(`import(${JSON.stringify(pageScript)})`);
      const first = await withStaticImports(pageScript);
      for (const lazy of LAZY_CHUNKS) expect(first.join(" ")).not.toContain(`/${lazy}-`);
      const sizes = await Promise.all(first.map(gzipSize));
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(BEFORE_ISLANDS_GZIP_BYTES);
      // The text sections ship no script: each island the page holds is one of the parts that act.
      const islands = [...html.matchAll(/<collarise-island data-island="([\w-]+)"/g)].map(
        (match) => match[1],
      );
      const expected = path.endsWith("privacy-policy")
        ? ["header", "newsletter"]
        : [
            "header",
            "carousel",
            "carousel",
            "read-more",
            "recipe",
            "recipe",
            "recipe",
            "order-form",
            "newsletter",
          ];
      expect(islands).toEqual(expected);
    });
  }

  it("each language's words around the page are a chunk of their own, and the page's script carries neither", async () => {
    const assets = await readdir(resolve(clientDir, "assets/islands"));
    const chunk = async (prefix: string) => {
      const name = assets.find((each) => each.startsWith(prefix) && each.endsWith(".js"));
      expect(name, prefix).toBeDefined();
      return readFile(resolve(clientDir, "assets/islands", name!), "utf8");
    };
    const english = await chunk("site.en-");
    const hindi = await chunk("site.hi-");
    const { page: pageScript } = JSON.parse(
      await readFile(resolve(clientDir, ISLANDS_ENTRY_FILE), "utf8"),
    ) as {
      page: string;
    };
    const page = await readFile(resolve(clientDir, `.${pageScript}`), "utf8");
    for (const words of ["Join our newsletter", "Follow us", "All rights reserved."]) {
      expect(english).toContain(words);
      expect(hindi).not.toContain(words);
      expect(page).not.toContain(words);
    }
    expect(new Set(english.match(/[\u0900-\u097F]{3,}/g) ?? []).size).toBeLessThanOrEqual(10);
    expect(new Set(hindi.match(/[\u0900-\u097F]{3,}/g) ?? []).size).toBeGreaterThan(30);
    // The country's name in each language, for the addresses: the only words of either in the page's script.
    expect(new Set(page.match(/[\u0900-\u097F]{3,}/g) ?? []).size).toBeLessThanOrEqual(2);
  });

  it("the parts fetched only when needed exist as files of their own", async () => {
    const assets = await readdir(resolve(clientDir, "assets/islands"));
    for (const lazy of LAZY_CHUNKS)
      expect(
        assets.some((name) => name.startsWith(`${lazy}-`)),
        lazy,
      ).toBe(true);
  });
});
