import { Fragment } from "react";
import { StatusBadge } from "./StatusBadge";
import { Link } from "react-router";
import type { BuyerHistory as History } from "../../domain/buyer";
import { formatRupees, LOST_REASONS } from "../../domain/deal";
import { duplicateMessages } from "../../domain/duplicate";
import { OVERDUE_BUCKETS, type Receivables } from "../../domain/invoice";
import { buyerText, formatFullTime } from "../content";
import { appPaths } from "../paths";

/**
 * The buyer's other enquiries on an enquiry's page (the same mobile number or mailbox), newest
 * first: each with its reference (a link to it), when it came, its status and how it ended (the
 * order's value, or why it was lost), and what it shares with this one.
 */
export function BuyerHistory({ buyer, receivedAt }: { buyer: History; receivedAt: string }) {
  return (
    <section className="card buyer" aria-labelledby="buyer-heading">
      <h2 id="buyer-heading">{buyerText.heading}</h2>
      {buyer.owed && buyer.owed.invoices.length > 0 && <BuyerOwed owed={buyer.owed} />}
      {buyer.total === 0 ? (
        <p className="empty">{buyerText.none}</p>
      ) : (
        <>
          <p className="card-note">
            {buyerText.summary(buyer.total, buyer.earlier)}
            {buyer.enquiries.length < buyer.total &&
              ` ${buyerText.shown(buyer.enquiries.length, buyer.total)}`}
          </p>
          <ul className="buyer-enquiries">
            {buyer.enquiries.map((other) => (
              <li key={other.id}>
                <p className="buyer-line">
                  <Link to={appPaths.enquiry(other.id)} className="reference-link">
                    {other.reference}
                  </Link>
                  <StatusBadge status={other.status} />
                  {other.orderValue !== null && (
                    <strong className="buyer-value">{formatRupees(other.orderValue)}</strong>
                  )}
                  {other.lostReason && (
                    <span className="buyer-lost">Lost: {LOST_REASONS[other.lostReason]}</span>
                  )}
                  {other.duplicateOf && (
                    <span className="buyer-lost">
                      {duplicateMessages.label}{" "}
                      <Link to={appPaths.enquiry(other.duplicateOf.id)} className="reference-link">
                        {other.duplicateOf.reference}
                      </Link>
                    </span>
                  )}
                </p>
                <p className="history-who">
                  <time dateTime={other.receivedAt}>{formatFullTime(other.receivedAt)}</time>
                  {other.receivedAt > receivedAt && ` (${buyerText.later})`} ·{" "}
                  {other.quantity === null ? buyerText.quantityNotGiven : buyerText.sachets(other.quantity)} ·{" "}
                  {[other.sameMobile && buyerText.sameMobile, other.sameMailbox && buyerText.sameMailbox]
                    .filter(Boolean)
                    .join(", ")}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * What the buyer owes across their tax invoices (this enquiry's and the listed ones'): the total,
 * each age's balance (0–7, 8–30, over 30 days since the invoice's date), and each invoice with a
 * link to its enquiry, oldest first.
 */
export function BuyerOwed({ owed }: { owed: Receivables }) {
  const total = owed.invoices.reduce((sum, invoice) => sum + invoice.balancePaise, 0);
  return (
    <div className="buyer-owed" role="group" aria-labelledby="buyer-owed-heading">
      <h3 id="buyer-owed-heading">{buyerText.owedHeading}</h3>
      <p className="card-note">{buyerText.owedSummary(owed.invoices.length, total)}</p>
      <dl className="fields buyer-owed-ages">
        {OVERDUE_BUCKETS.map((bucket) => {
          const { count, balancePaise } = owed.buckets[bucket];
          return (
            <Fragment key={bucket}>
              <dt>{buyerText.owedAges[bucket]}</dt>
              <dd className={bucket === "over-30" && count > 0 ? "owed-late" : undefined}>
                {buyerText.owedAge(count, balancePaise)}
              </dd>
            </Fragment>
          );
        })}
      </dl>
      <ul className="buyer-owed-invoices">
        {owed.invoices.map((invoice) => (
          <li key={invoice.id}>
            <Link to={appPaths.enquiry(invoice.enquiryId)} className="owed-link">
              {buyerText.owedInvoice(invoice.number, invoice.balancePaise, invoice.daysOwed)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
