import { pureGoodness } from "../content/landing";
import { Icon } from "../illustrations/icons";
import { SectionHeading } from "./section-heading";

/** Pure goodness: no additives; gluten, nut, dairy and soy free. */
export function PureGoodness() {
  return (
    <section className="section section--beige pure" aria-labelledby="pure-heading">
      <div className="container">
        <SectionHeading
          id="pure-heading"
          eyebrow={pureGoodness.eyebrow}
          heading={pureGoodness.heading}
          lead={pureGoodness.lead}
          align="center"
        />
        <ul className="pure__marks">
          {pureGoodness.marks.map((mark) => (
            <li key={mark.title} className="pure__mark">
              <span className="pure__icon">
                <Icon name={mark.icon} size={34} />
              </span>
              {mark.title}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
