import { PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";
import type { WorkingHours } from "../../domain/working-hours";
import type { CompanyFactsReader, PublishedFacts } from "./facts-store";

/** How old the facts an instance holds may be before it reads them again. */
export const FACTS_MAX_AGE_MS = 30_000;

/**
 * The one place the server reads the company's facts in force: the mails, the templates' merge
 * fields and the console ask it. It holds what it last read for at most `maxAgeMs` (another
 * instance's publication is seen within that), and what this instance publishes at once.
 */
export class CompanyFactsCache {
  private held: { published: PublishedFacts | null; readAt: number } | null = null;
  private reading: Promise<PublishedFacts | null> | null = null;
  private readonly reader: CompanyFactsReader;
  private readonly now: () => Date;
  private readonly maxAgeMs: number;

  constructor(options: { reader: CompanyFactsReader; now?: () => Date; maxAgeMs?: number }) {
    this.reader = options.reader;
    this.now = options.now ?? (() => new Date());
    this.maxAgeMs = options.maxAgeMs ?? FACTS_MAX_AGE_MS;
  }

  /** The version in force, or null when none was ever published. */
  async current(): Promise<PublishedFacts | null> {
    const held = this.held;
    if (held && this.now().getTime() - held.readAt < this.maxAgeMs) return held.published;
    // One read at a time: a burst of mails asks the store once.
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** The facts in force: the last published version's, or the build's placeholders. */
  async facts(): Promise<CompanyFacts> {
    return (await this.current())?.facts ?? PLACEHOLDER_FACTS;
  }

  /** The working hours in force: the due times, the first-contact target and the dashboard count by them. */
  async workingHours(): Promise<WorkingHours> {
    return (await this.facts()).workingHours;
  }

  /**
   * The facts last read, at once and without waiting on the store: for an answer that cannot
   * wait (the page a form posted without JavaScript is answered with). The build's placeholders
   * before the first read; a read is started when what is held is older than `maxAgeMs`.
   */
  latest(): CompanyFacts {
    const held = this.held;
    if (!held || this.now().getTime() - held.readAt >= this.maxAgeMs) {
      // A store that cannot be reached is counted where every store call is (instrumentStore).
      this.current().catch(() => undefined);
    }
    return held?.published?.facts ?? PLACEHOLDER_FACTS;
  }

  /** What this instance has just published: in force here from now on. */
  published(published: PublishedFacts): void {
    const held = this.held?.published;
    if (held && held.version > published.version) return;
    this.held = { published, readAt: this.now().getTime() };
  }

  private async read(): Promise<PublishedFacts | null> {
    const readAt = this.now().getTime();
    try {
      const published = await this.reader.current();
      const held = this.held?.published;
      // A publication of this instance's that the read did not see yet stands.
      const kept = held && (!published || held.version > published.version) ? held : published;
      this.held = { published: kept, readAt };
      return kept;
    } catch (error) {
      // The store cannot be reached: the facts last read stand until it can.
      if (this.held) return this.held.published;
      throw error;
    }
  }
}
