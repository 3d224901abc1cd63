import { ReadMore } from "../components/read-more";
import { useLandingContent } from "./landing-content";
import { PeptideIllustration } from "../illustrations/peptides";
import { Section, type SectionPlacement } from "../components/section";

/** Why it works: a short explanation, with the science behind a Read More panel. */
export function WhyItWorks({ tone }: SectionPlacement) {
  const { whyItWorks } = useLandingContent();
  return (
    <Section
      headingId="why-heading"
      intro={{ eyebrow: whyItWorks.eyebrow, heading: whyItWorks.heading }}
      tone={tone}
      containerClassName="why__grid"
    >
      {(intro) => (
        <>
          <div>
            {intro}
            {whyItWorks.summary.map((paragraph) => (
              <p key={paragraph} className="lead">
                {paragraph}
              </p>
            ))}
            <ReadMore id="why-more" label={whyItWorks.readMore}>
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
        </>
      )}
    </Section>
  );
}
