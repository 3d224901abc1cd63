import { DISPATCH_STEP_LABELS, type DispatchStep } from "../../domain/dispatch";
import { buyerText, conversationText, dispatchText } from "../content";

/** One of the inbox's marks on a row: a short word shown, its meaning said to a screen reader. */
function Mark({ className, shown, label }: { className: string; shown: string; label: string }) {
  return (
    <span className={`flag ${className}`} title={label}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The inbox's mark of a buyer who wrote before: how many earlier enquiries (domain/buyer.ts). */
export function ReturningBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Mark
      className="flag-returning"
      shown={buyerText.returning(count)}
      label={buyerText.returningLabel(count)}
    />
  );
}

/** The inbox's mark of an enquiry whose buyer answered by e-mail and its owner has not read it yet. */
export function AnswerBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Mark
      className="flag-answer"
      shown={conversationText.unreadAnswers(count)}
      label={conversationText.unreadAnswersLabel(count)}
    />
  );
}

/** The inbox's mark of an order on its way: its last dispatch step (domain/dispatch.ts). */
export function DispatchBadge({ step }: { step: DispatchStep | undefined }) {
  if (!step) return null;
  const shown = DISPATCH_STEP_LABELS[step];
  return (
    <Mark
      className={`flag-dispatch flag-dispatch-${step}`}
      shown={shown}
      label={dispatchText.badgeLabel(shown)}
    />
  );
}
