import { clinicalResults } from "../content/landing";
import { ResultDiagram } from "../illustrations/result-diagrams";
import { SectionHeading } from "./section-heading";

/** Clinical results: three calm before/after diagrams, described in words, with no figures. */
export function ClinicalResults() {
  return (
    <section className="section section--white" aria-labelledby="results-heading">
      <div className="container">
        <SectionHeading
          id="results-heading"
          eyebrow={clinicalResults.eyebrow}
          heading={clinicalResults.heading}
          lead={clinicalResults.lead}
        />
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
      </div>
    </section>
  );
}
