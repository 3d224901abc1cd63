import { buyerText, conversationText } from "../content";

/** The inbox's mark of a buyer who wrote before: how many earlier enquiries (domain/buyer.ts). */
export function ReturningBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="flag flag-returning" title={buyerText.returningLabel(count)}>
      <span aria-hidden="true">{buyerText.returning(count)}</span>
      <span className="visually-hidden">{buyerText.returningLabel(count)}</span>
    </span>
  );
}

/** The inbox's mark of an enquiry whose buyer answered by e-mail and its owner has not read it yet. */
export function AnswerBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="flag flag-answer" title={conversationText.unreadAnswersLabel(count)}>
      <span aria-hidden="true">{conversationText.unreadAnswers(count)}</span>
      <span className="visually-hidden">{conversationText.unreadAnswersLabel(count)}</span>
    </span>
  );
}
