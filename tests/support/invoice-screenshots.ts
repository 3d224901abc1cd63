/**
 * The closing pictures of docs/invoices.md: the first page of a tax invoice in English and in
 * Hindi, at 120 dpi (`docs/screenshots/invoice-en.png`, `invoice-hi.png`). Needs poppler-utils.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { renderDocumentPdf } from "../../server/documents/render";
import { issue, MUMBAI_RETAILER } from "./documents";

const dir = mkdtempSync(join(tmpdir(), "invoice-screenshots-"));
const doc = issue({ language: "hi", buyer: MUMBAI_RETAILER });
for (const language of ["en", "hi"] as const) {
  const pdf = join(dir, `${language}.pdf`);
  writeFileSync(pdf, await renderDocumentPdf(doc, { language, copies: ["original"] }));
  const out = resolve("docs/screenshots", `invoice-${language}`);
  execFileSync("pdftoppm", ["-png", "-r", "120", "-f", "1", "-l", "1", "-singlefile", pdf, out]);
  console.log(`${out}.png`);
}
rmSync(dir, { recursive: true, force: true });
