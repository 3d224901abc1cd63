import { readFileSync } from "node:fs";
import type { Enquiry } from "../../domain/enquiry";
import type { SpamReason } from "../../domain/spam";
import { countedScreening } from "../../server/spam/screening";
import type { CounterToAdd } from "../../server/store/store";

/** One enquiry of the labelled set, with what its sender did besides typing it. */
export interface LabelledEnquiry {
  label: "genuine" | "spam";
  /** What sort of genuine or spam enquiry it is, for the figures per kind. */
  kind: string;
  enquiry: Enquiry;
  honeypot: boolean;
  /** Solved on the page; none sent; or the first one's proof sent again with each repeat. */
  proofOfWork: "solved" | "none" | "replayed";
}

export const SPAM_SET_PATH = new URL("../fixtures/spam-set.json", import.meta.url);

export function readSpamSet(): LabelledEnquiry[] {
  return JSON.parse(readFileSync(SPAM_SET_PATH, "utf8")) as LabelledEnquiry[];
}

/** The attempt counters as one store keeps them, in memory: the set's enquiries all arrive on one day. */
function memoryCounters(): (counters: readonly CounterToAdd[]) => number[] {
  const counts = new Map<string, number>();
  return (counters) =>
    counters.map(({ name }) => {
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      return count;
    });
}

export interface SpamSetFigures {
  genuine: number;
  spam: number;
  /** Genuine enquiries filed as Spam: the goal is none. */
  genuineFiledAsSpam: LabelledEnquiry[];
  /** Spam that reached the team as New. */
  spamGotThrough: LabelledEnquiry[];
  /** Share of the spam filed as Spam. */
  caught: number;
  reasonsSeen: Partial<Record<SpamReason, number>>;
}

/**
 * Scores the set in order, as the server would on one day: the same scoring, repeats counted
 * as the store counts them, and a replayed proof of work counted as used once.
 */
export async function scoreSpamSet(
  set: readonly LabelledEnquiry[],
  now = new Date(),
): Promise<SpamSetFigures> {
  const addCounters = memoryCounters();
  const expiresAt = new Date(now.getTime() + 60 * 60_000);
  const figures: SpamSetFigures = {
    genuine: 0,
    spam: 0,
    genuineFiledAsSpam: [],
    spamGotThrough: [],
    caught: 0,
    reasonsSeen: {},
  };
  for (const [index, entry] of set.entries()) {
    // A solved proof is counted once; a replayed one shares its counter with every repeat of the body.
    const proofOfWork =
      entry.proofOfWork === "none"
        ? undefined
        : {
            name: `proof-of-work:${entry.proofOfWork === "replayed" ? JSON.stringify(entry.enquiry) : index}`,
            expiresAt,
          };
    const checks = countedScreening({ enquiry: entry.enquiry, honeypot: entry.honeypot, proofOfWork, now });
    const screening = checks.score(addCounters(checks.counters));
    for (const reason of screening.reasons)
      figures.reasonsSeen[reason] = (figures.reasonsSeen[reason] ?? 0) + 1;
    if (entry.label === "genuine") {
      figures.genuine += 1;
      if (screening.spam) figures.genuineFiledAsSpam.push(entry);
    } else {
      figures.spam += 1;
      if (!screening.spam) figures.spamGotThrough.push(entry);
    }
  }
  figures.caught = figures.spam === 0 ? 1 : 1 - figures.spamGotThrough.length / figures.spam;
  return figures;
}
