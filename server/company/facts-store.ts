import { PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";
import type { WorkingHours } from "../../domain/working-hours";
import type { PortOf } from "../store/step-port";

/** One published version of the company's facts: who published it, when, and what it said. */
export interface PublishedFacts {
  /** 1 for the first publication, then one more each time. */
  version: number;
  facts: CompanyFacts;
  publishedAt: Date;
  /** The member who published it. */
  publishedBy: string;
  /** The earlier version this one returned to, or null for an edit. */
  restoredFrom: number | null;
}

/**
 * The company's facts as the owners publish them (domain/company-facts.ts). Never published: the
 * build's defaults stand. Every version is kept; publishing is a new version, never an edit of
 * one, and a publication based on a version that is no longer the current one is refused.
 */
export interface CompanyFactsStore {
  /** The version in force, or null when none was ever published. */
  current(): Promise<PublishedFacts | null>;
  /** One version, or null when there is no such version. */
  version(version: number): Promise<PublishedFacts | null>;
  /** Every version, newest first, without their facts. */
  versions(): Promise<Omit<PublishedFacts, "facts">[]>;
  /**
   * Publishes `facts` (already checked) as the version after `baseVersion` (null: the first).
   * "conflict" when another version was published since `baseVersion`; nothing changes then.
   */
  publish(input: {
    facts: CompanyFacts;
    baseVersion: number | null;
    by: string;
    now: Date;
    restoredFrom?: number;
  }): Promise<PublishedFacts | "conflict">;
}

/**
 * The steps a publication of the company's facts asks of a store
 * (server/work/company-facts-changes.ts), answered in one transaction; the read comes first. A
 * store whose write finds the version taken by another publication meanwhile throws
 * WriteConflictError (server/store/work-port.ts).
 */
export type CompanyFactsSteps = {
  /** The latest version published; null when none was ever published. */
  readLatestVersion: { args: Record<never, never>; result: number | null };
  /** Stores a new version. */
  createVersion: { args: { published: PublishedFacts }; result: void };
};

/** What a store keeps of the company's facts beside the publication written above it. */
export type CompanyFactsAdapter = PortOf<CompanyFactsSteps> & Omit<CompanyFactsStore, "publish">;

/** What the pages' renderer and the mails need: the facts in force. */
export type CompanyFactsReader = Pick<CompanyFactsStore, "current">;

/**
 * The working hours of the version in force, read from the store itself: the build's default
 * record's when none was ever published. The server reads them through its facts cache instead.
 */
export async function publishedWorkingHours(reader: CompanyFactsReader): Promise<WorkingHours> {
  return (await reader.current())?.facts.workingHours ?? PLACEHOLDER_FACTS.workingHours;
}

/** The facts of the version in force, read from the store itself: the build's defaults when none was published. */
export async function publishedFacts(reader: CompanyFactsReader): Promise<CompanyFacts> {
  return (await reader.current())?.facts ?? PLACEHOLDER_FACTS;
}
