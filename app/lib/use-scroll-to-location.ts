import { useEffect } from "react";
import { useLocation } from "react-router";
import { idFromHash, scrollToId, scrollToTop } from "./scroll";

/** Whether the location the document was loaded at has been handled. */
let loadedLocationHandled = false;

/**
 * Scrolls smoothly to the element the URL fragment names, on load and on every
 * navigation (a header link, Back, Forward); without a fragment, back to the top on a
 * navigation. A page loaded without a fragment keeps wherever the visitor has scrolled by
 * the time it hydrates (or where the browser restored it).
 */
export function useScrollToLocation() {
  const location = useLocation();
  useEffect(() => {
    const onLoad = !loadedLocationHandled;
    loadedLocationHandled = true;
    const id = idFromHash(location.hash);
    if (id !== undefined && scrollToId(id)) return;
    if (!onLoad) void scrollToTop();
  }, [location.key, location.hash]);
}
