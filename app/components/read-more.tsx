import { ChevronDown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Island } from "../islands/island";
import "./read-more.css";

/** What the disclosure's island is given again in the browser (its panel is read from its HTML). */
export interface ReadMoreIslandProps {
  /** Names its panel: unique in the page. */
  id: string;
  label: string;
}

interface ReadMoreProps extends ReadMoreIslandProps {
  /** The panel as rendered into the page; in the browser, the HTML it was served with (`panelHtml`). */
  children?: ReactNode;
  panelHtml?: string;
}

/** A disclosure: a button with `aria-expanded` that shows and hides the panel after it. */
export function ReadMore({ children, ...islandProps }: ReadMoreProps) {
  return (
    <Island name="read-more" props={islandProps}>
      <ReadMoreView {...islandProps}>{children}</ReadMoreView>
    </Island>
  );
}

export function ReadMoreView({ id, label, children, panelHtml }: ReadMoreProps) {
  const [open, setOpen] = useState(false);
  const panelId = id;
  return (
    <div className="read-more" data-needs-script="">
      <button
        type="button"
        className="button button--outline read-more__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {label}
        <ChevronDown aria-hidden="true" size={20} className="read-more__chevron" />
      </button>
      <div
        id={panelId}
        className="read-more__panel"
        hidden={!open}
        {...(panelHtml === undefined ? {} : { dangerouslySetInnerHTML: { __html: panelHtml } })}
      >
        {panelHtml === undefined ? children : undefined}
      </div>
    </div>
  );
}
