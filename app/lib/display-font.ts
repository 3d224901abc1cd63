import frauncesUrl from "../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";

/** The family the headings ask for first (`--font-display` in app.css). */
export const DISPLAY_FONT_FAMILY = "Fraunces";
/** The longest the font waits for an idle moment after hydration. */
const IDLE_TIMEOUT_MS = 2000;

let requested = false;

/**
 * Fetches the headings' web font once the page has hydrated and the browser is idle. Until it
 * arrives the headings show a fallback sized like it (app.css), so nothing moves; fetched earlier,
 * it would share the first round trips with the stylesheets and the text, and its swap would lay
 * out the page again while the page's scripts start. Pages without scripts get the font from the
 * stylesheet. Returns a function that cancels a fetch not yet started.
 */
export function loadDisplayFont(): () => void {
  if (
    requested ||
    typeof document === "undefined" ||
    !("fonts" in document) ||
    typeof FontFace !== "function"
  )
    return () => {};
  const load = () => {
    if (requested) return;
    requested = true;
    const face = new FontFace(DISPLAY_FONT_FAMILY, `url(${frauncesUrl}) format("woff2")`, {
      weight: "100 900",
      display: "swap",
    });
    document.fonts.add(face);
    face.load().catch(() => {
      // Offline or a new deployment: the fallback stays, sized like the font.
    });
  };
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 0);
  return () => clearTimeout(timer);
}
