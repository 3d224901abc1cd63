import { quantityText } from "../../domain/company-facts";
import type { ContactChannel } from "../../domain/lifecycle";
import { contactChannelLabels } from "../content";
import type { HistoryEntry } from "../../domain/console";
import { displayMobile } from "../../domain/buyer";
import { Fragment } from "react";
import {
  ENQUIRY_FIELD_SPECS,
  enquiryFieldValue,
  isWhatsAppEnquiry,
  type EnquiryFieldSpec,
  type StoredEnquiryFields,
} from "../../domain/enquiry";
import { enquiryText, formatFullTime } from "../content";
import { EmailAddress } from "./EmailAddress";

/** A field's value as the enquiry's page shows it, by the descriptor's `display`. */
function FieldValue({ enquiry, spec }: { enquiry: StoredEnquiryFields; spec: EnquiryFieldSpec }) {
  const value = enquiryFieldValue(enquiry, spec.name) ?? null;
  if (value === null)
    return <>{spec.console.display === "name" ? enquiryText.nameNotGiven : enquiryText.notGiven}</>;
  switch (spec.console.display) {
    case "email":
      return <EmailAddress value={String(value)} />;
    case "mobile":
      return <>{isWhatsAppEnquiry(enquiry) ? displayMobile(String(value)) : value}</>;
    case "quantity":
      return <>{quantityText(Number(value), "en")}</>;
    default:
      return <>{value}</>;
  }
}

/**
 * The enquiry's fields as sent, in the form's order (domain/enquiry.ts: ENQUIRY_FIELD_SPECS); one
 * started on WhatsApp says which were not given (no address, quantity or buyer type, perhaps no
 * name) rather than leaving them blank, and an optional field left empty says so too.
 */
export function EnquiryFields({ enquiry }: { enquiry: StoredEnquiryFields }) {
  return (
    <dl className="fields">
      {ENQUIRY_FIELD_SPECS.map((spec) => (
        <Fragment key={spec.name}>
          <dt>{spec.console.label}</dt>
          <dd>
            <FieldValue enquiry={enquiry} spec={spec} />
          </dd>
        </Fragment>
      ))}
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
