import { factsProblems, type CompanyFacts, type FactsProblem } from "../../domain/company-facts";
import { publicationTarget } from "../../domain/company-facts-api";
import type { ActivityLog } from "../store/activity";
import type { CompanyFactsCache } from "./facts-cache";
import type { CompanyFactsStore, PublishedFacts } from "./facts-store";

export type PublicationOutcome =
  | { outcome: "published"; published: PublishedFacts }
  /** Facts that may not be published: every field's problem; nothing was written. */
  | { outcome: "refused"; problems: FactsProblem[] }
  /** Another version was published since `baseVersion`; nothing was written. */
  | { outcome: "conflict"; current: Omit<PublishedFacts, "facts"> | null }
  /** The version to return to does not exist. */
  | { outcome: "not-found" };

interface Dependencies {
  store: { companyFacts: CompanyFactsStore; activity: ActivityLog };
  cache: CompanyFactsCache;
}

interface Publication {
  baseVersion: number | null;
  by: string;
  now: Date;
}

/**
 * The one sequence of a publication of the company's facts, whoever asks for it: the facts are
 * checked (`factsProblems`), published on the version the owner saw (the store refuses a stale
 * one in the same transaction), recorded in the activity log, and in force on this instance at once.
 */
export async function publishFacts(
  { store, cache }: Dependencies,
  input: Publication & { facts: CompanyFacts; restoredFrom?: number },
): Promise<PublicationOutcome> {
  const problems = factsProblems(input.facts);
  if (problems.length > 0) return { outcome: "refused", problems };
  const published = await store.companyFacts.publish(input);
  if (published === "conflict") {
    const current = await store.companyFacts.current();
    return { outcome: "conflict", current: current && withoutFacts(current) };
  }
  cache.published(published);
  await store.activity.record({
    actor: input.by,
    action: published.restoredFrom === null ? "company-facts-published" : "company-facts-restored",
    target: publicationTarget(published.version, published.restoredFrom),
    at: input.now,
  });
  return { outcome: "published", published };
}

/** Publishes an earlier version again, as a new version that names the one it returned to. */
export async function restoreFacts(
  dependencies: Dependencies,
  input: Publication & { version: number },
): Promise<PublicationOutcome> {
  const earlier = await dependencies.store.companyFacts.version(input.version);
  if (!earlier) return { outcome: "not-found" };
  return publishFacts(dependencies, {
    facts: earlier.facts,
    baseVersion: input.baseVersion,
    by: input.by,
    now: input.now,
    restoredFrom: earlier.version,
  });
}

export function withoutFacts({ facts: _facts, ...summary }: PublishedFacts): Omit<PublishedFacts, "facts"> {
  return summary;
}
