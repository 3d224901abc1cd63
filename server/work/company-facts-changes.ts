import type {
  CompanyFactsAdapter,
  CompanyFactsSteps,
  CompanyFactsStore,
  PublishedFacts,
} from "../company/facts-store";
import { stepsOf, type ChangeOf } from "../store/step-port";
import { WriteConflictError } from "../store/work-port";

const step = stepsOf<CompanyFactsSteps>();

/**
 * The company's facts as published, the publication written once above the stores: it reads the
 * latest version, refuses one based on another, and writes the next, in one transaction of the
 * store's. Of two publications on one base, one is refused.
 */
export function companyFactsStore(adapter: CompanyFactsAdapter): CompanyFactsStore {
  return {
    current: () => adapter.current(),
    version: (version) => adapter.version(version),
    versions: () => adapter.versions(),
    publish: async (input) => {
      try {
        return await adapter.run(() => publish(input));
      } catch (error) {
        // Another publication took that version first.
        if (error instanceof WriteConflictError) return "conflict";
        throw error;
      }
    },
  };
}

function* publish(
  input: Parameters<CompanyFactsStore["publish"]>[0],
): ChangeOf<CompanyFactsSteps, PublishedFacts | "conflict"> {
  const current = yield* step("readLatestVersion", {});
  if (current !== input.baseVersion) return "conflict";
  const published: PublishedFacts = {
    version: (current ?? 0) + 1,
    facts: input.facts,
    publishedAt: input.now,
    publishedBy: input.by,
    restoredFrom: input.restoredFrom ?? null,
  };
  yield* step("createVersion", { published });
  return published;
}
