import { ReadMoreView, type ReadMoreIslandProps } from "../components/read-more";

/** A Read More disclosure, its panel taken from the HTML it was served with. */
export function render(props: ReadMoreIslandProps, element: HTMLElement) {
  return <ReadMoreView {...props} panelHtml={element.querySelector(".read-more__panel")?.innerHTML ?? ""} />;
}
