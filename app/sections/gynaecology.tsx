import { Carousel } from "../components/carousel";
import { useLandingContent } from "./landing-content";
import { Section, type SectionPlacement } from "../components/section";

/** The gynaecology carousel: five numbered benefits for women's health. */
export function Gynaecology({ tone }: SectionPlacement) {
  const { gynaecology, controls } = useLandingContent();
  const slides = gynaecology.cards.map((card, index) => ({
    key: card.title,
    content: (
      <article className="benefit-card benefit-card--numbered">
        <span className="benefit-card__number" aria-hidden="true">
          {String(index + 1).padStart(2, "0")}
        </span>
        <h3>{card.title}</h3>
        <p>{card.text}</p>
      </article>
    ),
  }));
  return (
    <Section headingId="gynaecology-heading" intro={gynaecology} tone={tone}>
      <Carousel
        id="gynaecology-carousel"
        label={gynaecology.carouselLabel}
        slides={slides}
        labels={controls.carousel}
      />
    </Section>
  );
}
