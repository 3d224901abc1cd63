import { Carousel } from "../components/carousel";
import { gynaecology } from "../content/landing";
import { SectionHeading } from "./section-heading";

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

/** The gynaecology carousel: five numbered benefits for women's health. */
export function Gynaecology() {
  return (
    <section className="section section--beige" aria-labelledby="gynaecology-heading">
      <div className="container">
        <SectionHeading
          id="gynaecology-heading"
          eyebrow={gynaecology.eyebrow}
          heading={gynaecology.heading}
          lead={gynaecology.lead}
        />
        <Carousel label={gynaecology.carouselLabel} slides={slides} />
      </div>
    </section>
  );
}
