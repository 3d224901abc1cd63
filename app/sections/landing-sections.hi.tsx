import { landingHi } from "../content/landing.hi";
import { LandingContentContext } from "./landing-content";
import { LandingSections as Sections, type LandingSectionsProps } from "./landing-sections";

/** The landing page's sections in Hindi: the chunk the Hindi page loads. */
export function LandingSections(props: LandingSectionsProps) {
  return (
    <LandingContentContext value={landingHi}>
      <Sections {...props} />
    </LandingContentContext>
  );
}
