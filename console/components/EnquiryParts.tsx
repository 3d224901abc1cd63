import { quantityText } from "../../domain/company-facts";
import type { ContactChannel } from "../../domain/lifecycle";
import { contactChannelLabels } from "../content";
import type { HistoryEntry } from "../../domain/console";
import { displayMobile } from "../../domain/buyer";
import { isWhatsAppEnquiry, type StoredEnquiryFields } from "../../domain/enquiry";
import { enquiryText, formatFullTime } from "../content";
import { EmailAddress } from "./EmailAddress";

/**
 * The enquiry's five fields as sent; one started on WhatsApp says which were not given (no
 * address, quantity or buyer type, perhaps no name) rather than leaving them blank.
 */
export function EnquiryFields({ enquiry }: { enquiry: StoredEnquiryFields }) {
  return (
    <dl className="fields">
      <dt>Name</dt>
      <dd>{enquiry.Name ?? enquiryText.nameNotGiven}</dd>
      <dt>Email</dt>
      <dd>{enquiry.Email === null ? enquiryText.notGiven : <EmailAddress value={enquiry.Email} />}</dd>
      <dt>Mobile</dt>
      <dd>{isWhatsAppEnquiry(enquiry) ? displayMobile(enquiry.Mobile) : enquiry.Mobile}</dd>
      <dt>Quantity</dt>
      <dd>{enquiry.Quantity === null ? enquiryText.notGiven : quantityText(enquiry.Quantity, "en")}</dd>
      <dt>Retailer/Self Use</dt>
      <dd>{enquiry.RetailerSelfUse ?? enquiryText.notGiven}</dd>
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
