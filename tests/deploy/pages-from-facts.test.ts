/**
 * The public pages rendered again from other company facts by the server's renderer, from the
 * build's own React Router server build (`npm run build` first): the same render as the build's,
 * with the new facts on every page, in both languages and in the structured data.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACTS_ELEMENT_ID } from "../../domain/render-facts";
import {
  renderDirFor,
  renderedPageProblems,
  renderPages,
  writePageSet,
} from "../../server/site/page-renderer";
import { CHANGED_FACTS, CHANGED_PAGE_TEXTS as TEXTS } from "../support/changed-facts";
import { projectRoot } from "../support/server-process";

const siteDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build", "client");
const dirs = { siteDir, renderDir: renderDirFor(siteDir) };

const PAGES = [
  { file: "index.html", language: "en", landing: true },
  { file: "hi/index.html", language: "hi", landing: true },
  { file: "privacy-policy/index.html", language: "en", landing: false },
  { file: "hi/privacy-policy/index.html", language: "hi", landing: false },
] as const;

/** The text of an element of the page as HTML shows it (entities decoded where the tests need it). */
function decoded(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as unknown,
  );
}

let rendered: Map<string, string>;

beforeAll(async () => {
  await readFile(join(dirs.renderDir, "index.js")).catch(() => {
    throw new Error(`No page renderer in ${dirs.renderDir}: run npm run build first.`);
  });
  rendered = await renderPages(CHANGED_FACTS, dirs);
}, 120_000);

describe("the pages rendered from other facts", () => {
  for (const page of PAGES) {
    it(`${page.file}: the new phone, address${page.landing ? " and MRP" : ""} in the page and its structured data; the placeholder's gone`, () => {
      const html = decoded(rendered.get(page.file) ?? "");
      expect(html).toContain(TEXTS.phone);
      expect(html).toContain(TEXTS.street[page.language]);
      if (page.landing) expect(html).toContain(TEXTS.mrp);
      expect(html).not.toContain(TEXTS.placeholderPhone);
      expect(html).not.toContain(TEXTS.placeholderName[page.language]);
      expect(html).not.toContain(TEXTS.placeholderStreet[page.language]);
      // The structured data names the company with its new phone, address and price.
      const graph = JSON.stringify(jsonLd(html));
      expect(graph).toContain('"telephone":"+919812345678"');
      expect(graph).toContain('"streetAddress":"B-14, Sector 63"');
      expect(graph).toContain('"addressLocality":"Noida"');
      expect(graph).toContain('"price":"1299.00"');
      expect(graph).not.toContain("Sanvera");
      // And the page carries the facts it was rendered with, for the browser to hydrate from: all
      // but the billing facts, which no page shows (the trade prices, the bank account).
      const embedded = new RegExp(
        `<script type="application/json" id="${FACTS_ELEMENT_ID}">([\\s\\S]*?)</script>`,
      ).exec(rendered.get(page.file) ?? "");
      const { billing, ...pageFacts } = CHANGED_FACTS;
      expect(JSON.parse(embedded?.[1] ?? "null")).toEqual(pageFacts);
      expect(html).not.toContain(`"retailerPrices"`);
      expect(html).not.toContain(billing.hsn);
    });
  }

  it("the Hindi pages name the company, its address and the grievance officer in Hindi", () => {
    const home = rendered.get("hi/index.html") ?? "";
    expect(home).toContain("तरंग न्यूट्रिशन प्रा. लि., सी-7, इंडस्ट्रियल एरिया, कुंडली, सोनीपत 131028, हरियाणा, भारत");
    expect(home).toContain("₹1,299.00 (सभी करों सहित)");
    const policy = rendered.get("hi/privacy-policy/index.html") ?? "";
    expect(policy).toContain("मीरा शर्मा (ग्राहक सेवा प्रमुख)");
    expect(decoded(rendered.get("privacy-policy/index.html") ?? "")).toContain(
      "is Meera Sharma, Head of Customer Care, who answers",
    );
  });

  it("run the build's inline scripts and state its retention periods, so the server may serve them", async () => {
    expect(await renderedPageProblems(rendered, siteDir)).toEqual([]);
  });

  it("are written as one set, each page beside its brotli and gzip twins", async () => {
    const pagesDir = await mkdtemp(join(tmpdir(), "collarise-pages-"));
    try {
      const set = await writePageSet(rendered, { pagesDir, buildId: "test", version: 7 });
      expect(set).toBe(join(pagesDir, "test", "v7"));
      for (const page of PAGES) {
        const html = await readFile(join(set, page.file), "utf8");
        expect(html).toBe(rendered.get(page.file));
        expect(brotliDecompressSync(await readFile(join(set, `${page.file}.br`))).toString("utf8")).toBe(
          html,
        );
        expect(gunzipSync(await readFile(join(set, `${page.file}.gz`))).toString("utf8")).toBe(html);
      }
      // Nothing half-written is left beside the set.
      expect(await readdir(join(pagesDir, "test"))).toEqual(["v7"]);
    } finally {
      await rm(pagesDir, { recursive: true, force: true });
    }
  });
});

afterAll(() => undefined);
