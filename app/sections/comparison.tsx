import { Check, Minus } from "lucide-react";
import { useLandingContent } from "./landing-content";
import { Section, type SectionPlacement } from "../components/section";

/** The comparison table: the product against conventional collagen, five rows. */
export function Comparison({ tone }: SectionPlacement) {
  const { comparison } = useLandingContent();
  const [featureColumn, oursColumn, theirsColumn] = comparison.columns;
  return (
    <Section headingId="comparison-heading" intro={comparison} tone={tone}>
      <div className="comparison__frame">
        <table className="comparison__table">
          <caption className="visually-hidden">{comparison.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{featureColumn}</th>
              <th scope="col" className="comparison__ours">
                {oursColumn}
              </th>
              <th scope="col">{theirsColumn}</th>
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <td className="comparison__ours">
                  <span className="comparison__value">
                    <Check aria-hidden="true" size={18} strokeWidth={2.5} />
                    {row.ours}
                  </span>
                </td>
                <td>
                  <span className="comparison__value">
                    <Minus aria-hidden="true" size={18} />
                    {row.theirs}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
