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
 * Makes a face a page asks for besides the headings' (the Hindi pages' Devanagari), or settles on
 * none when the device's own font will do.
 */
export type FaceMaker = () => FontFace | undefined | Promise<FontFace | undefined>;

/** Faces a page asks for besides the headings', fetched with it. */
const companions: FaceMaker[] = [];

/**
 * Fetches `make()`'s face with the headings' font and puts both into use at the same moment, so
 * the page is laid out again once, not once for each: on a slow phone each swap of a face that
 * draws the whole text is a long task. Asked for after the headings' font was fetched (a page
 * reached by a link within the site), it is fetched on its own at the next idle moment.
 */
export function loadWithDisplayFont(make: FaceMaker): () => void {
  if (typeof document === "undefined" || !("fonts" in document) || typeof FontFace !== "function")
    return () => {};
  // Until the headings' font is made (at the idle moment below), a face waits to go with it.
  if (!face) {
    companions.push(make);
    return () => {
      const at = companions.indexOf(make);
      if (at >= 0) companions.splice(at, 1);
    };
  }
  return whenIdle(() => {
    void Promise.resolve(make()).then((alone) =>
      alone?.load().then(
        () => document.fonts.add(alone),
        () => {
          // Offline or a new deployment: the system's font stays.
        },
      ),
    );
  });
}

/**
 * Fetches the headings' web font, with the faces the page asked for beside it, once the page has
 * hydrated and the browser is idle, and puts them into use together once all have arrived. Until
 * then the headings show a fallback sized like it (app.css), so nothing moves; fetched earlier,
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
    const fraunces = face;
    // The headings' font is fetched at once, the others as soon as they are made.
    fraunces.load().catch(() => {});
    const made = Promise.all(companions.splice(0).map((make) => make()));
    // Each face is put into use only once every one has arrived or failed: one swap, one layout.
    void made.then(async (others) => {
      const faces = [fraunces, ...others.filter((each) => each !== undefined)];
      const results = await Promise.allSettled(faces.map((each) => each.load()));
      results.forEach((result, i) => {
        const each = faces[i];
        if (result.status === "fulfilled" && each) document.fonts.add(each);
      });
      // Offline or a new deployment: the fallback stays, sized like the font.
      if (results[0]?.status === "fulfilled") markArrived();
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
