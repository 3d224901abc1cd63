import { ReadMore } from "../components/read-more";
import { whyItWorks } from "../content/landing";
import { PeptideIllustration } from "../illustrations/peptides";
import { SectionHeading } from "./section-heading";

/** Why it works: a short explanation, with the science behind a Read More panel. */
export function WhyItWorks() {
  return (
    <section className="section section--white" aria-labelledby="why-heading">
      <div className="container why__grid">
        <div>
          <SectionHeading id="why-heading" eyebrow={whyItWorks.eyebrow} heading={whyItWorks.heading} />
          {whyItWorks.summary.map((paragraph) => (
            <p key={paragraph} className="lead">
              {paragraph}
            </p>
          ))}
          <ReadMore label={whyItWorks.readMore}>
            <div className="why__more">
              {whyItWorks.more.map((point) => (
                <div key={point.title}>
                  <h3>{point.title}</h3>
                  <p>{point.text}</p>
                </div>
              ))}
            </div>
          </ReadMore>
        </div>
        <PeptideIllustration className="why__illustration" />
      </div>
    </section>
  );
}
