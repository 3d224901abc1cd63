import devanagariUrl from "../fonts/noto-sans-devanagari-subset.woff2?url";
import { loadWithDisplayFont } from "./display-font";

/** The Hindi pages' face for Devanagari, headings and text (`:root:lang(hi)` in app.css). */
const DEVANAGARI_FONT_FAMILY = "Noto Sans Devanagari Subset";
/** The characters the face draws; everything else keeps the page's other fonts. */
const DEVANAGARI_UNICODE_RANGE = "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+25CC, U+A830-A839, U+A8E0-A8FF";
/**
 * The device's own Noto Sans Devanagari, regular and bold, by the names app.css's fallback faces
 * ask for them (`Devanagari Fallback`).
 */
const DEVICE_FACES = [
  'local("Noto Sans Devanagari"), local("NotoSansDevanagari-Regular")',
  'local("Noto Sans Devanagari Bold"), local("NotoSansDevanagari-Bold")',
];

let made = false;

/**
 * Whether the device has Noto Sans Devanagari itself, regular and bold, as Android and most Linux
 * systems do: app.css's fallback faces then draw the text as the web face would, sized alike.
 * Fetched anyway, the web face would only cost its bytes and a second layout of the whole text.
 */
async function deviceHasTheFace(): Promise<boolean> {
  const found = await Promise.allSettled(
    DEVICE_FACES.map((source) => new FontFace("Devanagari On The Device", source).load()),
  );
  return found.every((result) => result.status === "fulfilled");
}

/**
 * Fetches the Hindi pages' Devanagari face with the headings' font (app/lib/display-font.ts): once
 * the page has hydrated, at an idle moment, never before the first paint, and put into use with it
 * in one swap; not at all on a device that has the face itself. Until it arrives the system's own
 * Devanagari font shows, sized like it (app.css). Only the Hindi routes import this module, so the
 * English pages carry none of it. Pages without scripts get the face from the stylesheet. Returns
 * a function that cancels a fetch not yet started.
 */
export function loadDevanagariFont(): () => void {
  if (made) return () => {};
  return loadWithDisplayFont(async () => {
    made = true;
    if (await deviceHasTheFace()) return undefined;
    return new FontFace(DEVANAGARI_FONT_FAMILY, `url(${devanagariUrl}) format("woff2")`, {
      weight: "400 700",
      display: "swap",
      unicodeRange: DEVANAGARI_UNICODE_RANGE,
    });
  });
}
