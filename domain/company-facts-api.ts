/**
 * The console's API for the company's facts (domain/company-facts.ts), shared by the server's
 * routes and the console's Company page: the paths, what they answer and the messages they give.
 */
import type { CompanyFacts, FactsProblem } from "./company-facts";
import { ADMIN_API_PREFIX } from "./console";

export const COMPANY_API_ROUTES = {
  /** GET (any member): the facts in force with their version; POST (owner) `{ baseVersion, facts }` publishes. */
  company: "/company",
  /** GET (any member): every published version, newest first, without its facts. */
  versions: "/company/versions",
  /** GET (any member): one version with its facts. */
  version: "/company/versions/:version",
  /** POST (owner) `{ baseVersion }`: publishes that version again, as a new one. */
  restore: "/company/versions/:version/restore",
} as const;

/** The console's Company page: owners edit the facts, members read them. */
export const COMPANY_PAGE_PATH = "/admin/company";

/**
 * The pages rendered with a draft of the facts before it is published (served with the public
 * pages' renderer, server/admin/company-preview-routes.ts): POST `{ facts, page }` (any member,
 * behind the console API's guard), answers the page's HTML.
 */
export const COMPANY_PREVIEW_ROUTE = "/company/preview";
export const COMPANY_PREVIEW_PATH = `${ADMIN_API_PREFIX}${COMPANY_PREVIEW_ROUTE}`;
export const PREVIEW_PAGES = ["home", "home-hi", "privacy", "privacy-hi"] as const;
export type PreviewPage = (typeof PREVIEW_PAGES)[number];

/** One published version as the API lists it. */
export interface FactsVersionSummary {
  version: number;
  /** ISO 8601. */
  publishedAt: string;
  publishedBy: string;
  restoredFrom: number | null;
}

/**
 * The facts in force: the last published version, or the build's placeholders with `version`
 * null when none was ever published.
 */
export interface FactsInForce {
  facts: CompanyFacts;
  version: number | null;
  publishedAt: string | null;
  publishedBy: string | null;
  restoredFrom: number | null;
}

/** A refused publication (400): every field's problem. */
export interface FactsRefusal {
  error: string;
  problems: FactsProblem[];
}

export const companyFactsMessages = {
  refused: "Some facts need correcting before they can be published: see the message beside each field.",
  conflict:
    "Another owner published the company's facts since you opened this page. Nothing of yours was published: reload to see their version, then make your changes again.",
  notFound: "There is no such version of the company's facts.",
  malformed: "The company's facts were not sent whole. Reload the page and try again.",
} as const;

/** The activity log's target of a publication: "version 4", or "version 4, returning to version 2". */
export function publicationTarget(version: number, restoredFrom: number | null): string {
  return restoredFrom === null
    ? `version ${version}`
    : `version ${version}, returning to version ${restoredFrom}`;
}
