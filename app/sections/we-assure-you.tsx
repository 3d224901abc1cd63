import { weAssureYou } from "../content/landing";
import { Icon } from "../illustrations/icons";
import { SectionHeading } from "./section-heading";

export function WeAssureYou() {
  return (
    <section className="section section--beige" aria-labelledby="assure-heading">
      <div className="container">
        <SectionHeading
          id="assure-heading"
          eyebrow={weAssureYou.eyebrow}
          heading={weAssureYou.heading}
          lead={weAssureYou.lead}
        />
        <ul className="assure__grid">
          {weAssureYou.points.map((point) => (
            <li key={point.title} className="assure__item">
              <span className="icon-badge icon-badge--solid">
                <Icon name={point.icon} />
              </span>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
