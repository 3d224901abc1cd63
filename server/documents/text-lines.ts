/**
 * Lines that fit a width, measured with fontkit (the engine @react-pdf/renderer shapes and lays out
 * with), so the renderer is never asked to wrap: its own line breaker splits Devanagari inside a
 * cluster and drops letters at the break (decision 044). Breaks fall between words; a word wider
 * than the line (a UPI URI, a long e-mail) breaks between its grapheme clusters, never inside one.
 */
import { openSync, type Font } from "fontkit";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const FONT_DIR = "@expo-google-fonts/noto-sans-devanagari";

/** Noto Sans Devanagari, static TTF (SIL Open Font License 1.1), regular and bold. */
export const FONT_FILES = {
  regular: require.resolve(`${FONT_DIR}/400Regular/NotoSansDevanagari_400Regular.ttf`),
  bold: require.resolve(`${FONT_DIR}/700Bold/NotoSansDevanagari_700Bold.ttf`),
} as const;

export type FontWeight = keyof typeof FONT_FILES;

const faces = new Map<FontWeight, Font>();

/** Widths in font units, by weight and text: a document's copies and its lines' prefixes repeat. */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 20_000;

/** The width of a text set in one line, in points. */
export function textWidth(text: string, size: number, weight: FontWeight = "regular"): number {
  let face = faces.get(weight);
  if (!face) {
    face = openSync(FONT_FILES[weight]);
    faces.set(weight, face);
  }
  const key = `${weight}\u0000${text}`;
  let units = widths.get(key);
  if (units === undefined) {
    if (widths.size >= WIDTHS_KEPT) widths.clear();
    units = face.layout(text).advanceWidth;
    widths.set(key, units);
  }
  return (units / face.unitsPerEm) * size;
}

/** Room kept at a line's end, so that rounding in the renderer never makes it wrap a line that fits. */
const SLACK = 0.97;
const graphemes = new Intl.Segmenter("hi", { granularity: "grapheme" });

/** A text broken into lines no wider than `width` points; its own line breaks kept. */
export function breakLines(
  text: string,
  width: number,
  size: number,
  weight: FontWeight = "regular",
): string[] {
  const room = width * SLACK;
  const fits = (candidate: string) => textWidth(candidate, size, weight) <= room;
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/).filter((part) => part !== "")) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      if (fits(word)) {
        line = word;
        continue;
      }
      for (const { segment } of graphemes.segment(word)) {
        if (line && !fits(line + segment)) {
          lines.push(line);
          line = "";
        }
        line += segment;
      }
    }
    lines.push(line);
  }
  return lines;
}
