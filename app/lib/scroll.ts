import { behaviour } from "../content/site";

const GAP_BELOW_HEADER_PX = 12;

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function headerHeight(): number {
  return document.querySelector("header")?.getBoundingClientRect().height ?? 0;
}

let running: number | undefined;

/** Scrolls the window to `top` in `behaviour.smoothScrollMs` (at once for reduced motion). */
export function scrollToY(top: number): Promise<void> {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  const target = Math.max(0, Math.min(top, max));
  if (running !== undefined) cancelAnimationFrame(running);
  const start = window.scrollY;
  const distance = target - start;
  if (prefersReducedMotion() || distance === 0) {
    window.scrollTo({ top: target, behavior: "instant" });
    return Promise.resolve();
  }
  const duration = behaviour.smoothScrollMs;
  return new Promise((resolve) => {
    let startedAt: number | undefined;
    const step = (now: number) => {
      startedAt ??= now;
      const progress = Math.min(1, (now - startedAt) / duration);
      const eased = 1 - (1 - progress) ** 3;
      window.scrollTo({ top: start + distance * eased, behavior: "instant" });
      if (progress < 1) {
        running = requestAnimationFrame(step);
      } else {
        running = undefined;
        resolve();
      }
    };
    running = requestAnimationFrame(step);
  });
}

/** Where an element's top must sit so that it shows just below the sticky header. */
export function offsetTopOf(element: Element): number {
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
  void scrollToY(offsetTopOf(element)).then(() => {
    if (!focus) return;
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
  });
  return true;
}

export function scrollToTop(): Promise<void> {
  return scrollToY(0);
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
