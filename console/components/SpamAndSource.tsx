import { ShieldCheck } from "lucide-react";
import { Fragment } from "react";
import { SOURCE_PARTS } from "../../domain/enquiry-source";
import type { EnquiryDetail } from "../../domain/console";
import { isSpam } from "../../domain/status";
import { sourcePartLabels, spamReasonLabels, spamText } from "../content";

/** Why an enquiry was filed as Spam, with the button that releases it; the signals seen on any other. */
export function SpamReasons({
  detail,
  busy,
  onNotSpam,
}: {
  detail: EnquiryDetail;
  busy: boolean;
  onNotSpam: () => void;
}) {
  if (detail.spamReasons.length === 0) return null;
  const filed = isSpam(detail.status);
  return (
    <section
      className={filed ? "card spam-card" : "card"}
      aria-labelledby="spam-heading"
      role={filed ? "note" : undefined}
    >
      <h2 id="spam-heading">{filed ? spamText.heading : "Spam signals"}</h2>
      <p>{filed ? spamText.intro(detail.spamScore) : spamText.scored(detail.spamScore)}</p>
      <ul className="spam-reasons">
        {detail.spamReasons.map((reason) => (
          <li key={reason}>{spamReasonLabels[reason]}</li>
        ))}
      </ul>
      {filed && (
        <>
          <p className="hint">{spamText.notSpamHint}</p>
          <button type="button" className="button primary" onClick={onNotSpam} disabled={busy}>
            <ShieldCheck aria-hidden="true" size={18} />
            {spamText.notSpam}
          </button>
        </>
      )}
    </section>
  );
}

/** Where the enquiry came from, as the page kept it for the visit. */
export function SourceDetails({ source }: { source: EnquiryDetail["source"] }) {
  const parts = SOURCE_PARTS.filter((part) => source[part]);
  return (
    <section className="card" aria-labelledby="source-heading">
      <h2 id="source-heading">{spamText.sourceHeading}</h2>
      {parts.length === 0 ? (
        <p className="empty">{spamText.sourceUnknown}</p>
      ) : (
        <dl className="fields">
          {parts.map((part) => (
            <Fragment key={part}>
              <dt>{sourcePartLabels[part]}</dt>
              <dd className="ellipsis" title={source[part]}>
                {source[part]}
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  );
}
