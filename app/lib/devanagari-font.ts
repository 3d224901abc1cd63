import devanagariUrl from "../fonts/noto-sans-devanagari-subset.woff2?url";
import { whenIdle } from "./display-font";

/** The Hindi pages' face for Devanagari, headings and text (`:root:lang(hi)` in app.css). */
const DEVANAGARI_FONT_FAMILY = "Noto Sans Devanagari Subset";
/** The characters the face draws; everything else keeps the page's other fonts. */
const DEVANAGARI_UNICODE_RANGE = "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+25CC, U+A830-A839, U+A8E0-A8FF";

let face: FontFace | undefined;

/**
 * Fetches the Hindi pages' Devanagari face as the headings' font is fetched (app/lib/display-font.ts):
 * once the page has hydrated, at an idle moment, never before the first paint. Until it arrives the
 * system's own Devanagari font shows, sized like it (app.css). Only the Hindi routes import this
 * module, so the English pages carry none of it. Pages without scripts get the face from the stylesheet.
 */
export function loadDevanagariFont(): () => void {
  if (face || typeof document === "undefined" || !("fonts" in document) || typeof FontFace !== "function")
    return () => {};
  return whenIdle(() => {
    if (face) return;
    face = new FontFace(DEVANAGARI_FONT_FAMILY, `url(${devanagariUrl}) format("woff2")`, {
      weight: "400 700",
      display: "swap",
      unicodeRange: DEVANAGARI_UNICODE_RANGE,
    });
    document.fonts.add(face);
    face.load().catch(() => {
      // Offline or a new deployment: the system's Devanagari font stays.
    });
  });
}
