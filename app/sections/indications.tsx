import { useLandingContent } from "./landing-content";
import { Icon } from "../illustrations/icons";
import { Section, type SectionPlacement } from "../components/section";

/** Indications: bone density, anti-ageing, hydration, complexion. */
export function Indications({ tone }: SectionPlacement) {
  const { indications } = useLandingContent();
  return (
    <Section headingId="indications-heading" intro={indications} tone={tone}>
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
    </Section>
  );
}
