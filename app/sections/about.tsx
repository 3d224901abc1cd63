import { useLandingContent } from "./landing-content";
import { anchors } from "../content/site";
import { Icon } from "../illustrations/icons";
import { Section, type SectionPlacement } from "../components/section";

/** About: key ingredients, directions for use and how it works. The header's About link lands here. */
export function About({ tone }: SectionPlacement) {
  const { about } = useLandingContent();
  return (
    <Section headingId="about-heading" id={anchors.about} intro={about} tone={tone}>
      <div className="about__grid">
        {about.blocks.map((block) => (
          <article key={block.title} className="card about__card">
            <span className="icon-badge">
              <Icon name={block.icon} />
            </span>
            <h3>{block.title}</h3>
            <ul className="about__points">
              {block.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </Section>
  );
}
