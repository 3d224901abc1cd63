/**
 * The company's facts the build renders the pages with: the placeholder defaults, or the facts
 * file it is given (`COMPANY_FACTS_FILE`, JSON of domain/company-facts.ts's `CompanyFacts`),
 * checked as the console checks a publication. Imported first by whatever loads the pages'
 * content outside the browser at build time (react-router.config.ts, the post-build steps).
 */
import { readFileSync } from "node:fs";
import {
  type CompanyFacts,
  factsFromStored,
  factsProblems,
  PLACEHOLDER_FACTS,
} from "../domain/company-facts";
import { setFactsToRender } from "../domain/render-facts";

export function factsForBuild(environment: NodeJS.ProcessEnv = process.env): CompanyFacts {
  const file = environment.COMPANY_FACTS_FILE;
  if (!file) return PLACEHOLDER_FACTS;
  // A file written before the billing facts existed reads as a stored version does.
  const facts = factsFromStored(JSON.parse(readFileSync(file, "utf8")));
  const problems = factsProblems(facts);
  if (problems.length > 0) {
    throw new Error(
      `${file} is not a publishable facts record: ${problems.map((problem) => `${problem.field}: ${problem.message}`).join("; ")}`,
    );
  }
  return facts;
}

setFactsToRender(factsForBuild());
