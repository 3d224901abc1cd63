/**
 * Writes the Hindi pages' Devanagari face, cut down to the characters their copy uses: Noto Sans
 * Devanagari (variable, from @fontsource-variable/noto-sans-devanagari), Devanagari glyphs only,
 * weights 400 to 700, with every conjunct and mark those characters form (HarfBuzz's subsetter
 * keeps the shaping rules and the glyphs they reach). Run before each build; the result is not
 * committed (app/fonts/ is ignored), so it always matches the copy. docs/decisions/021-hindi-pages.md
 */
// The Hindi pages are rendered with the facts the build is given: set them before the copy loads.
import "./facts-for-build";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { landingHi } from "../app/content/landing.hi";
import { privacyPolicyHiFor } from "../app/content/privacy-policy.hi";
import { siteTextHi } from "../app/content/site.hi";
import { retentionPeriodsFrom } from "../domain/retention";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = join(
  root,
  "node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2",
);
export const DEVANAGARI_SUBSET_FILE = join(root, "app/fonts/noto-sans-devanagari-subset.woff2");

/** Devanagari and the joiners and marks Devanagari text uses (the face's unicode-range). */
const DEVANAGARI_RANGES: readonly (readonly [number, number])[] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0x200c, 0x200d],
  [0x25cc, 0x25cc],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
];

function isDevanagari(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return DEVANAGARI_RANGES.some(([from, to]) => code >= from && code <= to);
}

function allText(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(allText);
  if (value && typeof value === "object") return Object.values(value).flatMap(allText);
  return [];
}

/** Every Devanagari character the Hindi pages show, with the retention periods this build states. */
export function devanagariInUse(): string {
  const text = allText([landingHi, siteTextHi, privacyPolicyHiFor(retentionPeriodsFrom(process.env))]).join(
    "",
  );
  return [...new Set([...text].filter(isDevanagari))].sort().join("");
}

const characters = devanagariInUse();
const subset = await subsetFont(await readFile(SOURCE), characters, {
  targetFormat: "woff2",
  variationAxes: { wght: { min: 400, max: 700 } },
});
await mkdir(dirname(DEVANAGARI_SUBSET_FILE), { recursive: true });
await writeFile(DEVANAGARI_SUBSET_FILE, subset);
console.log(
  `subset-devanagari-font: ${characters.length} characters, ${subset.length.toLocaleString("en-IN")} bytes (from ${(await readFile(SOURCE)).length.toLocaleString("en-IN")})`,
);
