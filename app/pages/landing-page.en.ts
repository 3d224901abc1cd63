import { landingSections } from "./landing-page";

// The English sections are a chunk of their own, so that the page loads only its own language's
// copy; while prerendering they are imported at once and render in place.
const load = () => import("../sections/landing-sections.en");

export const EnglishSections = landingSections(import.meta.env.SSR ? await load() : undefined, load);
