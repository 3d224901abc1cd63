import { quantityText } from "../../domain/company-facts";
import type { ContactChannel } from "../../domain/lifecycle";
import { contactChannelLabels } from "../content";
import type { HistoryEntry } from "../../domain/console";
import type { Enquiry } from "../../domain/enquiry";
import { formatFullTime } from "../content";
import { EmailAddress } from "./EmailAddress";

/** An enquiry's five fields, as the enquiry's page and a person's data show them. */
export function EnquiryFields({ enquiry }: { enquiry: Enquiry }) {
  return (
    <dl className="fields">
      <dt>Name</dt>
      <dd>{enquiry.Name}</dd>
      <dt>Email</dt>
      <dd>
        <EmailAddress value={enquiry.Email} />
      </dd>
      <dt>Mobile</dt>
      <dd>{enquiry.Mobile}</dd>
      <dt>Quantity</dt>
      <dd>{quantityText(enquiry.Quantity, "en")}</dd>
      <dt>Retailer/Self Use</dt>
      <dd>{enquiry.RetailerSelfUse}</dd>
    </dl>
  );
}

/** A follow-up entry's text, "<ISO time> · <next step>", as staff read it. */
function followUpText(text: string): string {
  const [at = "", ...step] = text.split(" · ");
  return [Number.isNaN(Date.parse(at)) ? at : formatFullTime(at), ...step].join(" · ");
}

/** An enquiry's status changes and notes in the order given, with who and when; `empty` when there are none. */
export function HistoryList({ history, empty }: { history: readonly HistoryEntry[]; empty: string }) {
  if (history.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ol className="history">
      {history.map((entry) => (
        <li key={entry.id}>
          <p className="history-what">
            {entry.kind === "status" && (
              <>
                {entry.from} → <strong>{entry.to}</strong>
              </>
            )}
            {entry.kind === "note" && "Note"}
            {entry.kind === "owner" && (
              <>
                Owner {entry.fromOwner ? <EmailAddress value={entry.fromOwner} /> : "Nobody"} →{" "}
                <strong>{entry.text ? <EmailAddress value={entry.text} /> : "Nobody"}</strong>
              </>
            )}
            {entry.kind === "contact" && (
              <>
                Contacted by{" "}
                <strong>{contactChannelLabels[entry.text as ContactChannel] ?? entry.text}</strong>
              </>
            )}
            {entry.kind === "follow-up" && (entry.text ? "Follow-up set" : "Follow-up cleared")}
            {entry.kind === "deal" && entry.text}
          </p>
          {entry.text && entry.kind !== "owner" && entry.kind !== "contact" && entry.kind !== "deal" && (
            <p className="history-text">
              {entry.kind === "follow-up" ? followUpText(entry.text) : entry.text}
            </p>
          )}
          <p className="history-who">
            <EmailAddress value={entry.staffEmail} /> ·{" "}
            <time dateTime={entry.at}>{formatFullTime(entry.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
