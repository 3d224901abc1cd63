import { useLandingContent } from "./landing-content";
import { Icon } from "../illustrations/icons";
import { Section, type SectionPlacement } from "../components/section";

export function WeAssureYou({ tone }: SectionPlacement) {
  const { weAssureYou } = useLandingContent();
  return (
    <Section headingId="assure-heading" intro={weAssureYou} tone={tone}>
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
    </Section>
  );
}
