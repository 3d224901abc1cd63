import { indications } from "../content/landing";
import { Icon } from "../illustrations/icons";
import { SectionHeading } from "./section-heading";

/** Indications: bone density, anti-ageing, hydration, complexion. */
export function Indications() {
  return (
    <section className="section section--beige" aria-labelledby="indications-heading">
      <div className="container">
        <SectionHeading
          id="indications-heading"
          eyebrow={indications.eyebrow}
          heading={indications.heading}
          lead={indications.lead}
        />
        <ul className="indications__grid">
          {indications.cards.map((card) => (
            <li key={card.title} className="card indications__card">
              <span className="icon-badge">
                <Icon name={card.icon} />
              </span>
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
