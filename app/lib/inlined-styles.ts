/**
 * The build puts each stylesheet of a prerendered page into the page, beside its disabled link
 * (scripts/inline-styles.ts). When a client-side navigation removes a stylesheet's link, as
 * React Router does with the styles of the page left behind, this removes the inline copy too,
 * so that the next page is styled as it would be on a fresh load. A link the navigation adds is
 * an ordinary one, and loads.
 */
import { INLINED_FROM } from "../../domain/inlined-styles";

export { INLINED_FROM };

export function followInlinedStyles(): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) {
        if (!(node instanceof HTMLLinkElement) || node.rel !== "stylesheet") continue;
        const href = node.getAttribute("href");
        if (href === null) continue;
        for (const style of document.head.querySelectorAll(`style[${INLINED_FROM}]`)) {
          if (style.getAttribute(INLINED_FROM) === href) style.remove();
        }
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return () => observer.disconnect();
}
