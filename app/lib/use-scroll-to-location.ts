import { useEffect } from "react";
import { useLocation } from "react-router";
import { idFromHash, scrollToId, scrollToTop } from "./scroll";

/**
 * Scrolls smoothly to the element the URL fragment names, on load and on every
 * navigation (a header link, Back, Forward); without a fragment, back to the top.
 */
export function useScrollToLocation() {
  const location = useLocation();
  useEffect(() => {
    const id = idFromHash(location.hash);
    if (id !== undefined && scrollToId(id)) return;
    void scrollToTop();
  }, [location.key, location.hash]);
}
