import { Phone } from "lucide-react";
import { useId, useState } from "react";
import { CALL_OUTCOMES, type CallOutcome } from "../../domain/lifecycle";
import { callText } from "../content";

/**
 * The enquiry page's Call button: it opens the phone's dialler and asks how the call went
 * (answered, no answer, busy, a wrong number), one button each. Only an answered call is contact
 * with the buyer; the others are recorded in history and make the enquiry due again by the rule
 * (server/lifecycle/plan.ts: planContact). Nothing is recorded until an outcome is chosen.
 */
export function CallButton({ href, onOutcome }: { href: string; onOutcome: (outcome: CallOutcome) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  return (
    <>
      <a
        className="button contact"
        href={href}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <Phone aria-hidden="true" size={20} />
        {callText.call}
      </a>
      <div
        id={panelId}
        className="call-outcomes card"
        hidden={!open}
        role="group"
        aria-labelledby={headingId}
      >
        <p id={headingId} className="call-outcomes-heading">
          {callText.question}
        </p>
        <div className="call-outcome-buttons">
          {CALL_OUTCOMES.map((outcome) => (
            <button
              key={outcome}
              type="button"
              className={outcome === "answered" ? "button primary" : "button"}
              onClick={() => {
                setOpen(false);
                onOutcome(outcome);
              }}
            >
              {callText.outcomes[outcome]}
            </button>
          ))}
        </div>
        <button type="button" className="button call-outcome-later" onClick={() => setOpen(false)}>
          {callText.notNow}
        </button>
      </div>
    </>
  );
}
