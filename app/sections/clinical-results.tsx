import { useLandingContent } from "./landing-content";
import { ResultDiagram } from "../illustrations/result-diagrams";
import { Section, type SectionPlacement } from "../components/section";

/** Clinical results: three calm before/after diagrams, described in words, with no figures. */
export function ClinicalResults({ tone }: SectionPlacement) {
  const { clinicalResults } = useLandingContent();
  return (
    <Section headingId="results-heading" intro={clinicalResults} tone={tone}>
      <div className="results__grid">
        {clinicalResults.cards.map((card) => (
          <article key={card.key} className="card results__card">
            <h3>{card.title}</h3>
            <div className="results__pair">
              <figure className="results__figure">
                <ResultDiagram kind={card.key} state="before" />
                <figcaption>
                  <strong>{clinicalResults.beforeLabel}</strong>
                  {card.before}
                </figcaption>
              </figure>
              <figure className="results__figure results__figure--after">
                <ResultDiagram kind={card.key} state="after" />
                <figcaption>
                  <strong>{clinicalResults.afterLabel}</strong>
                  {card.after}
                </figcaption>
              </figure>
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}
