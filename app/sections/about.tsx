import { about } from "../content/landing";
import { anchors } from "../content/site";
import { Icon } from "../illustrations/icons";
import { SectionHeading } from "./section-heading";

/** About: key ingredients, directions for use and how it works. The header's About link lands here. */
export function About() {
  return (
    <section id={anchors.about} className="section section--white" aria-labelledby="about-heading">
      <div className="container">
        <SectionHeading
          id="about-heading"
          eyebrow={about.eyebrow}
          heading={about.heading}
          lead={about.lead}
        />
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
      </div>
    </section>
  );
}
