/**
 * The public pages' own script (docs/decisions/045-public-pages-as-islands.md), the only one a page
 * fetches before any of its islands: it runs once the page has painted (scripts/first-paint.ts).
 * Without React it keeps what the whole page does: the sticky header's change past 200 px, the smooth
 * scroll to a section for links to this page, Back and Forward, the language switch following the
 * fragment, the web fonts and the measurements. And it decides when each island hydrates: as it
 * nears the screen, at the visitor's first touch of it, or in idle time once the visitor has
 * scrolled, pressed a key or moved a pointer anywhere, whichever comes first. A click on a button of an island still on its way is held and given again once it
 * has hydrated; what is typed into a form's fields is kept by the fields themselves.
 */
import { behaviour } from "../content/site";
import { loadDisplayFont, whenIdle } from "../lib/display-font";
import { linkIconsAndManifest } from "../lib/icons";
import { reportWebVitals } from "../lib/report-web-vitals";
import { idFromHash, scrollToId, scrollToTop } from "../lib/scroll";
import { rememberVisitSource } from "../lib/visit-source";
import type * as Hydrate from "./hydrate";
import { islandModules } from "./islands";
import { HYDRATED_ATTRIBUTE, ISLAND_ELEMENT, type IslandName } from "./names";

// ---- Islands ----

type HydrateModule = typeof Hydrate;

const hydrations = new WeakMap<Element, Promise<void>>();
let react: Promise<HydrateModule> | undefined;

function hydrate(element: HTMLElement): Promise<void> {
  let hydration = hydrations.get(element);
  if (!hydration) {
    react ??= import("./hydrate");
    const module = islandModules[element.dataset.island as IslandName]();
    hydration = Promise.all([react, module]).then(([runtime, island]) =>
      runtime.hydrateIsland(element, island),
    );
    hydrations.set(element, hydration);
  }
  return hydration;
}

const islands = [...document.querySelectorAll<HTMLElement>(ISLAND_ELEMENT)];

/** The island a node belongs to, while it has not hydrated. */
function waitingIsland(node: EventTarget | null): HTMLElement | null {
  const island = node instanceof Element ? node.closest<HTMLElement>(ISLAND_ELEMENT) : null;
  return island && !island.hasAttribute(HYDRATED_ATTRIBUTE) ? island : null;
}

// Near the screen: a screen's height ahead, so that it is ready by the time it is reached. An island's
// element has no box of its own (`display: contents`): its children are watched.
const nearScreen = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const island = entry.target.closest<HTMLElement>(ISLAND_ELEMENT);
      if (island) void hydrate(island);
    }
  },
  { rootMargin: "100% 0px" },
);
for (const island of islands) {
  if (island.hasAttribute("data-idle-only")) continue;
  for (const child of island.children) nearScreen.observe(child);
}

// Idle, once a visitor is there: the first scroll, key, pointer or touch anywhere on the page starts
// the rest, one island at a time, each in its own idle moment, so that none makes a long task of the
// others. Until then nothing but an island near the screen fetches React: a page only loaded (as a
// speed test loads it) runs no more than this script. The header, on every first screen, waits for
// this or for a touch of its own, which hydrates it at once.
const idleQueue = [...islands];
function hydrateNextWhenIdle() {
  const next = idleQueue.shift();
  if (next) whenIdle(() => void hydrate(next).then(hydrateNextWhenIdle));
}
const PRESENCE = ["scroll", "wheel", "keydown", "pointerdown", "pointermove", "touchstart"] as const;
function visitorIsHere() {
  for (const type of PRESENCE) removeEventListener(type, visitorIsHere, { capture: true });
  hydrateNextWhenIdle();
  whenIdle(keepVisitSource);
}
for (const type of PRESENCE) addEventListener(type, visitorIsHere, { capture: true, passive: true });

// The first touch: a pointer, a key or a focus inside an island starts it at once.
for (const type of ["pointerdown", "touchstart", "focusin", "keydown", "input"]) {
  document.addEventListener(
    type,
    (event) => {
      const island = waitingIsland(event.target);
      if (island) void hydrate(island);
    },
    { capture: true, passive: true },
  );
}

// A click on a button of an island still on its way is held, then given again once it has hydrated.
// A submit button is left to the browser: the form posts to the server's page, as without script.
document.addEventListener(
  "click",
  (event) => {
    const island = waitingIsland(event.target);
    const button = (event.target as Element).closest?.<HTMLButtonElement>("button");
    if (!island || !button || button.type === "submit" || !island.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    void hydrate(island).then(() => button.click());
  },
  true,
);

// ---- The header's change after 200 px ----

const header = document.querySelector<HTMLElement>("header.site-header");
const markScrolled = () =>
  header?.setAttribute("data-scrolled", String(window.scrollY > behaviour.headerScrollThresholdPx));
addEventListener("scroll", markScrolled, { passive: true });
markScrolled();

// ---- Links to this page's parts, Back and Forward ----

/** The language switch leads to the same part of the page in the other language. */
function followFragment() {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a.site-nav__language")) {
    const href = link.getAttribute("href") ?? "";
    link.setAttribute("href", `${href.split("#")[0]}${window.location.hash}`);
  }
}

/** Takes the visitor to the fragment's target, smoothly and just below the header; to the top without one. */
function goToLocation() {
  const id = idFromHash(window.location.hash);
  if (id === undefined) void scrollToTop();
  else scrollToId(id);
}

document.addEventListener("click", (event) => {
  if (
    event.defaultPrevented ||
    event.button ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[href]");
  if (!link || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href);
  const here = window.location;
  if (url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search) return;
  event.preventDefault();
  if (url.href !== here.href) history.pushState(null, "", url.href);
  followFragment();
  goToLocation();
});
addEventListener("popstate", () => {
  followFragment();
  goToLocation();
});
addEventListener("hashchange", followFragment);
// The fragment the page was opened at: the browser's own jump does not follow a section that takes
// its real height as it nears the screen, nor stop short of the sticky header.
const loadedAt = idFromHash(window.location.hash);
if (loadedAt !== undefined) {
  followFragment();
  scrollToId(loadedAt);
}

// ---- The tab's icon files, the web app manifest, fonts and measurements ----

linkIconsAndManifest();

// The Hindi pages' Devanagari face goes with the headings' font, in one swap; the English pages carry none of it.
if (document.documentElement.lang.startsWith("hi")) {
  void import("../lib/devanagari-font").then((module) => {
    module.loadDevanagariFont();
    loadDisplayFont();
  });
} else loadDisplayFont();
reportWebVitals();

// ---- Where the visit came from ----

// Kept in session storage, whose first use in a page waits on the browser process: not in the
// load's tasks but in idle time once the visitor is there, or as the page is left (a link followed
// at once), whichever is first; the order form reads it through `visitSource`, which keeps it first.
let visitSourceKept = false;
function keepVisitSource() {
  if (visitSourceKept) return;
  visitSourceKept = true;
  removeEventListener("pagehide", keepVisitSource);
  rememberVisitSource();
}
addEventListener("pagehide", keepVisitSource);

/** For operators and browser tests: the page's script has started, its links and header work. */
performance.mark("page-script:ready");
