import { createContext, use } from "react";
import type { LandingContent } from "../content/landing";

/**
 * The landing page's copy in the page's language, provided by the sections' entry module of that
 * language (landing-sections.en.tsx, landing-sections.hi.tsx), so that each page's sections chunk
 * carries only its own language's copy.
 */
export const LandingContentContext = createContext<LandingContent | null>(null);

export function useLandingContent(): LandingContent {
  const content = use(LandingContentContext);
  if (!content) throw new Error("The landing sections render inside their language's entry module");
  return content;
}
