import { Carousel } from "../components/carousel";
import { orthopedics } from "../content/landing";
import { Icon } from "../illustrations/icons";
import { SectionHeading } from "./section-heading";

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

/** The orthopedics carousel: five benefits for joints and connective tissue. */
export function Orthopedics() {
  return (
    <section className="section section--white" aria-labelledby="orthopedics-heading">
      <div className="container">
        <SectionHeading
          id="orthopedics-heading"
          eyebrow={orthopedics.eyebrow}
          heading={orthopedics.heading}
          lead={orthopedics.lead}
        />
        <Carousel label={orthopedics.carouselLabel} slides={slides} />
      </div>
    </section>
  );
}
