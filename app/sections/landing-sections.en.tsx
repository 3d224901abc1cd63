import { landing } from "../content/landing";
import { LandingContentContext } from "./landing-content";
import { LandingSections as Sections } from "./landing-sections";

/** The landing page's sections in English: the chunk the English page loads. */
export function LandingSections() {
  return (
    <LandingContentContext value={landing}>
      <Sections />
    </LandingContentContext>
  );
}
