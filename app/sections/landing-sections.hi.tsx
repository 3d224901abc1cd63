import { keepCompoundsWhole } from "../content/hindi-typesetting";
import { landingHi } from "../content/landing.hi";
import { LandingContentContext } from "./landing-content";
import { LandingSections as Sections } from "./landing-sections";

const content = keepCompoundsWhole(landingHi);

/** The landing page's sections in Hindi: the chunk the Hindi page loads. */
export function LandingSections() {
  return (
    <LandingContentContext value={content}>
      <Sections />
    </LandingContentContext>
  );
}
