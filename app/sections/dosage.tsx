import { Info, Stethoscope } from "lucide-react";
import { useLandingContent } from "./landing-content";
import { Section, type SectionPlacement } from "../components/section";

/** Dosage and usage: the daily routine, the physician's advice and the supplement's status. */
export function Dosage({ tone }: SectionPlacement) {
  const { dosage, controls } = useLandingContent();
  return (
    <Section headingId="dosage-heading" intro={dosage} tone={tone} containerClassName="dosage__grid">
      {(intro) => (
        <>
          <div>
            {intro}
            <ol className="dosage__steps">
              {dosage.steps.map((step, index) => (
                <li key={step.title}>
                  <span className="dosage__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div>
                    <h3>{step.title}</h3>
                    <p>{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <aside className="dosage__note" aria-label={controls.adviceLabel}>
            <p className="dosage__physician">
              <Stethoscope aria-hidden="true" size={26} />
              <strong>{dosage.note}</strong>
            </p>
            <ul className="dosage__cautions">
              {dosage.cautions.map((caution) => (
                <li key={caution}>{caution}</li>
              ))}
            </ul>
            <p className="dosage__category">
              <Info aria-hidden="true" size={20} />
              {dosage.category}
            </p>
          </aside>
        </>
      )}
    </Section>
  );
}
