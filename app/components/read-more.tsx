import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import "./read-more.css";

interface ReadMoreProps {
  label: string;
  children: ReactNode;
}

/** A disclosure: a button with `aria-expanded` that shows and hides the panel after it. */
export function ReadMore({ label, children }: ReadMoreProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
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
      <div id={panelId} className="read-more__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
