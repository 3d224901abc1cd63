import { Carousel } from "../components/carousel";
import { useLandingContent } from "./landing-content";
import { Icon } from "../illustrations/icons";
import { Section, type SectionPlacement } from "../components/section";

/** The orthopedics carousel: five benefits for joints and connective tissue. */
export function Orthopedics({ tone }: SectionPlacement) {
  const { orthopedics, controls } = useLandingContent();
  const slides = orthopedics.cards.map((card) => ({
    key: card.title,
    content: (
      <article className="benefit-card">
        <span className="icon-badge">
          <Icon name={card.icon} />
        </span>
        <h3>{card.title}</h3>
        <p>{card.text}</p>
      </article>
    ),
  }));
  return (
    <Section headingId="orthopedics-heading" intro={orthopedics} tone={tone}>
      <Carousel
        id="orthopedics-carousel"
        label={orthopedics.carouselLabel}
        slides={slides}
        labels={controls.carousel}
      />
    </Section>
  );
}
