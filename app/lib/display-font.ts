import frauncesUrl from "../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";

/** The family the headings ask for first (`--font-display` in app.css). */
const DISPLAY_FONT_FAMILY = "Fraunces";

/** The longest the font waits for an idle moment after hydration. */
const IDLE_TIMEOUT_MS = 2000;

let face: FontFace | undefined;
let markArrived = () => {};
const arrival = new Promise<void>((resolve) => (markArrived = resolve));

/** Whether the headings' web font has arrived and is in use. */
export function displayFontArrived(): boolean {
  return face?.status === "loaded";
}

/** Calls `callback` once the headings' web font arrives; returns a function that cancels it. */
export function onDisplayFontArrival(callback: () => void): () => void {
  let live = true;
  void arrival.then(() => {
    if (live) callback();
  });
  return () => {
    live = false;
  };
}

/**
 * Fetches the headings' web font once the page has hydrated and the browser is idle. Until it
 * arrives the headings show a fallback sized like it (app.css), so nothing moves; fetched earlier,
 * it would share the first round trips with the stylesheets and the text, and its swap would lay
 * out the page again while the page's scripts start. Pages without scripts get the font from the
 * stylesheet. Returns a function that cancels a fetch not yet started.
 */
export function loadDisplayFont(): () => void {
  if (face || typeof document === "undefined" || !("fonts" in document) || typeof FontFace !== "function")
    return () => {};
  return whenIdle(() => {
    if (face) return;
    face = new FontFace(DISPLAY_FONT_FAMILY, `url(${frauncesUrl}) format("woff2")`, {
      weight: "100 900",
      display: "swap",
    });
    document.fonts.add(face);
    face.load().then(markArrived, () => {
      // Offline or a new deployment: the fallback stays, sized like the font.
    });
  });
}

/**
 * Runs `work` at the browser's next idle moment (at the latest after IDLE_TIMEOUT_MS): how the
 * pages' web fonts are fetched after hydration. Returns a function that cancels it if not yet run.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
