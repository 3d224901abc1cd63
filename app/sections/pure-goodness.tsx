import { useLandingContent } from "./landing-content";
import { Icon } from "../illustrations/icons";
import { Section, type SectionPlacement } from "../components/section";

/** Pure goodness: no additives; gluten, nut, dairy and soy free. */
export function PureGoodness({ tone }: SectionPlacement) {
  const { pureGoodness } = useLandingContent();
  return (
    <Section
      headingId="pure-heading"
      className="pure"
      intro={{ ...pureGoodness, align: "center" }}
      tone={tone}
    >
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
    </Section>
  );
}
