/**
 * A document's PDF made by the compiled server (`npm run build` first): its `renderDocumentPdf`
 * finds the documents' thread's script beside the bundle, and that script, with the packages kept
 * external, makes the PDF. The build is copied beside a link to the project's node_modules, as a
 * release folder has it, so that a BUILD_DIR outside the project resolves its packages too.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Render from "../../server/documents/render";
import { issue, MUMBAI_RETAILER } from "../support/documents";
import { projectRoot } from "../support/server-process";

const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");
let release: string;
let built: typeof Render;

beforeAll(async () => {
  await stat(join(buildDir, "server/documents/pdf-worker.js")).catch(() => {
    throw new Error(`No documents' renderer in ${buildDir}/server: run npm run build first.`);
  });
  release = await mkdtemp(join(tmpdir(), "document-pdf-build-"));
  await cp(join(buildDir, "server"), join(release, "build/server"), { recursive: true });
  await symlink(join(projectRoot, "node_modules"), join(release, "node_modules"), "dir");
  built = (await import(
    pathToFileURL(join(release, "build/server/documents/render.js")).href
  )) as typeof Render;
});

afterAll(async () => {
  await built?.closeDocumentRendering();
  if (release) await rm(release, { recursive: true, force: true });
});

describe("the compiled server's documents", () => {
  it("makes a Hindi tax invoice's three copies on the documents' thread", async () => {
    const pdf = await built.renderDocumentPdf(issue({ language: "hi", buyer: MUMBAI_RETAILER }), {
      language: "hi",
      copies: ["original", "duplicate", "triplicate"],
    });
    const file = join(release, "invoice.pdf");
    await writeFile(file, pdf);
    const pages = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
      .split("\f")
      .filter((page) => page.trim());
    expect(pages).toHaveLength(3);
    const text = pages[0]?.replace(/\s+/g, " ") ?? "";
    expect(text).toContain("कर बीजक");
    expect(text).toContain("बीजक सं. SH/2627/T0001");
    expect(text).toContain("₹ 10,710.00");
  });
});
