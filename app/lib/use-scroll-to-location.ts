import { useEffect } from "react";
import { useLocation } from "react-router";
import { idFromHash, scrollToId, scrollToTop, whenElementAppears } from "./scroll";

/** Whether the location the document was loaded at has been handled. */
let loadedLocationHandled = false;

/**
 * The one place that takes the visitor to the URL fragment's target: on a fresh load, a
 * same-page link, a link from the other page, Back and Forward. It scrolls smoothly to the
 * element the fragment names and moves focus there; a target that is not rendered yet (a page
 * reached by a client-side navigation renders its lazy parts a moment later) is reached as soon
 * as it appears. Without a fragment, a navigation goes back to the top; a page loaded without a
 * fragment keeps wherever the visitor has scrolled by the time it hydrates.
 */
export function useScrollToLocation() {
  const location = useLocation();
  useEffect(() => {
    const onLoad = !loadedLocationHandled;
    loadedLocationHandled = true;
    const id = idFromHash(location.hash);
    if (id === undefined) {
      if (!onLoad) void scrollToTop();
      return;
    }
    if (scrollToId(id)) return;
    // Another page's scroll position means nothing here: start from the top while the target renders.
    if (!onLoad) window.scrollTo({ top: 0, behavior: "instant" });
    return whenElementAppears(id, () => scrollToId(id));
  }, [location.key, location.hash]);
}
