import { behaviour } from "../content/site";
import { displayFontArrived, onDisplayFontArrival } from "./display-font";

const GAP_BELOW_HEADER_PX = 12;

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function headerHeight(): number {
  return document.querySelector("header")?.getBoundingClientRect().height ?? 0;
}

let running: number | undefined;
let releaseHold: (() => void) | undefined;

/** The frames a finished scroll may spend catching a target that moved as sections rendered. */
const SETTLE_FRAMES = 5;

/**
 * Scrolls the window to `top` in `behaviour.smoothScrollMs` (at once for reduced motion).
 * `top` may be a function: it is read again on every frame, because sections below the fold
 * are laid out only as they come near the screen (`content-visibility`), which can move the
 * target while the scroll runs; a finished scroll then settles on where the target ended up.
 */
function scrollToY(top: number | (() => number)): Promise<void> {
  const targetNow = () => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    return Math.max(0, Math.min(typeof top === "function" ? top() : top, max));
  };
  if (running !== undefined) cancelAnimationFrame(running);
  releaseHold?.();
  const start = window.scrollY;
  // Already there: nothing to animate, and the visitor's own scrolling is left alone.
  if (typeof top === "number" && Math.abs(targetNow() - start) < 1) return Promise.resolve();
  const duration = prefersReducedMotion() ? 0 : behaviour.smoothScrollMs;
  return new Promise((resolve) => {
    let startedAt: number | undefined;
    let settleFrames = 0;
    const step = (now: number) => {
      startedAt ??= now;
      const progress = duration === 0 ? 1 : Math.min(1, (now - startedAt) / duration);
      const eased = 1 - (1 - progress) ** 3;
      const target = targetNow();
      window.scrollTo({ top: start + (target - start) * eased, behavior: "instant" });
      // The target is a page position (offsetTopOf adds scrollY back): scrolling does not move it.
      const settled = progress === 1 && Math.abs(target - window.scrollY) < 1;
      if (!settled && settleFrames < SETTLE_FRAMES) {
        if (progress === 1) settleFrames += 1;
        running = requestAnimationFrame(step);
      } else {
        running = undefined;
        resolve();
      }
    };
    if (duration === 0) step(0);
    else running = requestAnimationFrame(step);
  });
}

/** What the visitor does to scroll by hand; after any of it, the page leaves the scroll alone. */
const HAND_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** How long after a scroll has settled the page keeps its target in place as the layout settles. */
const KEEP_IN_PLACE_MS = 1_500;

/**
 * Keeps the section the visitor was taken to just below the header while the page settles,
 * unless the visitor scrolls by hand meanwhile. For a moment after the scroll, anything that
 * moves the section (a part above it taking its real height as its script hydrates, the
 * browser's own adjustments) puts it back at once. And the heading font arrives after the page
 * has hydrated (lib/display-font.ts): its fallbacks are sized like it, but a heading can still
 * break one word differently and push the section a few pixels away, so the section is put back
 * when the font arrives too.
 */
function keepInPlace(element: Element) {
  releaseHold?.();
  releaseHold = undefined;
  const putBack = () => {
    const target = offsetTopOf(element);
    if (Math.abs(target - window.scrollY) >= 1) window.scrollTo({ top: target, behavior: "instant" });
  };
  const resizes = new ResizeObserver(putBack);
  resizes.observe(document.body);
  addEventListener("scroll", putBack, { passive: true });
  const settleTimer = window.setTimeout(stopWatching, KEEP_IN_PLACE_MS);
  function stopWatching() {
    window.clearTimeout(settleTimer);
    resizes.disconnect();
    removeEventListener("scroll", putBack);
  }
  const cancelFont = displayFontArrived()
    ? () => {}
    : onDisplayFontArrival(() => {
        release();
        window.scrollTo({ top: offsetTopOf(element), behavior: "instant" });
      });
  const release = () => {
    stopWatching();
    cancelFont();
    for (const type of HAND_SCROLL_EVENTS) removeEventListener(type, release, true);
  };
  for (const type of HAND_SCROLL_EVENTS) addEventListener(type, release, { capture: true, passive: true });
  releaseHold = release;
}

/** Where an element's top must sit so that it shows just below the sticky header. */
function offsetTopOf(element: Element): number {
  return element.getBoundingClientRect().top + window.scrollY - headerHeight() - GAP_BELOW_HEADER_PX;
}

/**
 * Scrolls smoothly to the element with this id, stopping short of the header, and moves
 * keyboard focus there so the next Tab continues from the section the visitor chose.
 * Returns false when no such element exists.
 */
export function scrollToId(id: string, { focus = true } = {}): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const moveFocus = () => {
    if (!focus) return;
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
  };
  // At once, as the browser's own jump to a fragment does: a Tab pressed while the page is still
  // scrolling goes on from the target.
  moveFocus();
  void scrollToY(() => offsetTopOf(element)).then(() => keepInPlace(element));
  return true;
}

export function scrollToTop(): Promise<void> {
  return scrollToY(0);
}

/** How long a fragment's target may take to render before the page stops waiting for it. */
const TARGET_WAIT_MS = 10_000;

/**
 * Calls `reach` once the element with this id is in the document, unless the visitor scrolls
 * by hand first or `TARGET_WAIT_MS` pass (a fragment naming nothing leaves the page alone).
 * Returns a function that stops waiting.
 */
export function whenElementAppears(id: string, reach: () => void): () => void {
  const observer = new MutationObserver(() => {
    if (!document.getElementById(id)) return;
    stop();
    reach();
  });
  const timer = window.setTimeout(() => stop(), TARGET_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of HAND_SCROLL_EVENTS) removeEventListener(type, stop, true);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  for (const type of HAND_SCROLL_EVENTS) addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

/** The id a URL fragment names, decoded; undefined for an empty fragment. */
export function idFromHash(hash: string): string | undefined {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
