import type { IssuedDocument } from "../../domain/invoice";
import { documentsText } from "../documents-content";
import { paise } from "../documents";

/** What the totals need from a draft or an issued document. */
export type Totalled = Pick<IssuedDocument, "totals" | "lines" | "interState" | "placeOfSupply">;

/** "9%", "2.5%": a rate in basis points of a percent as people write it. */
function percentOf(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString("en-IN", { maximumFractionDigits: 2 })}%`;
}

/**
 * A document's totals as it will print them: the taxable value, CGST and SGST (each half the
 * rate) within the supplier's state or IGST across states, the round-off to whole rupees, and
 * the total.
 */
export function DocumentTotals({ document: shown }: { document: Totalled }) {
  const { totals } = shown;
  const rate = shown.lines[0]?.rateBasisPoints ?? 0;
  const text = documentsText.preview;
  const discount = shown.lines.reduce((sum, line) => sum + line.discountPaise, 0);
  return (
    <>
      <p className="place-of-supply">
        {text.placeOfSupply(shown.placeOfSupply.stateName, shown.placeOfSupply.stateCode)}
      </p>
      <dl className="totals">
        {discount > 0 && (
          <div>
            <dt>{text.discount}</dt>
            <dd>{`− ${paise(discount)}`}</dd>
          </div>
        )}
        <div>
          <dt>{text.taxable}</dt>
          <dd>{paise(totals.taxableValuePaise)}</dd>
        </div>
        {shown.interState ? (
          <div>
            <dt>{text.igst(percentOf(rate))}</dt>
            <dd>{paise(totals.igstPaise)}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>{text.cgst(percentOf(rate / 2))}</dt>
              <dd>{paise(totals.cgstPaise)}</dd>
            </div>
            <div>
              <dt>{text.sgst(percentOf(rate / 2))}</dt>
              <dd>{paise(totals.sgstPaise)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{text.roundOff}</dt>
          <dd>{paise(totals.roundOffPaise)}</dd>
        </div>
        <div className="totals-total">
          <dt>{text.total}</dt>
          <dd>{paise(totals.totalPaise)}</dd>
        </div>
      </dl>
    </>
  );
}
