import { describe, expect, test } from "vitest";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { CompanyFactsCache, FACTS_MAX_AGE_MS } from "./facts-cache";
import type { PublishedFacts } from "./facts-store";

const at = new Date("2030-05-01T04:30:00.000Z");
const version = (number: number, phone: string): PublishedFacts => ({
  version: number,
  facts: { ...FILLED_FACTS, phone },
  publishedAt: at,
  publishedBy: "owner@example.com",
  restoredFrom: null,
});

/** A store's `current()` that another instance publishes to, counting the reads. */
function sharedStore(initial: PublishedFacts | null) {
  const shared = { current: initial, reads: 0, down: false };
  const reader = {
    async current() {
      shared.reads += 1;
      if (shared.down) throw new Error("The store cannot be reached");
      return shared.current;
    },
  };
  return { shared, reader };
}

describe("the company's facts in force on one instance", () => {
  test("never published: the build's placeholders", async () => {
    const { reader } = sharedStore(null);
    const cache = new CompanyFactsCache({ reader, now: () => at });
    expect(await cache.facts()).toEqual(PLACEHOLDER_FACTS);
    expect(await cache.current()).toBeNull();
  });

  test("another instance's publication is read within 30 seconds, and the store is asked once meanwhile", async () => {
    const { shared, reader } = sharedStore(version(1, "+919800000001"));
    let now = at.getTime();
    const cache = new CompanyFactsCache({ reader, now: () => new Date(now) });
    expect((await Promise.all([cache.facts(), cache.facts()])).map((facts) => facts.phone)).toEqual([
      "+919800000001",
      "+919800000001",
    ]);
    shared.current = version(2, "+919800000002");
    now += FACTS_MAX_AGE_MS - 1;
    expect((await cache.facts()).phone).toBe("+919800000001");
    expect(shared.reads).toBe(1);
    now += 1;
    expect((await cache.facts()).phone).toBe("+919800000002");
    expect(shared.reads).toBe(2);
  });

  test("what this instance publishes is in force here at once, and an older read does not undo it", async () => {
    const { shared, reader } = sharedStore(version(1, "+919800000001"));
    let now = at.getTime();
    const cache = new CompanyFactsCache({ reader, now: () => new Date(now) });
    await cache.facts();
    cache.published(version(2, "+919800000002"));
    expect((await cache.facts()).phone).toBe("+919800000002");
    // A read that still answers version 1 (a replica behind) keeps version 2.
    now += FACTS_MAX_AGE_MS;
    expect((await cache.current())?.version).toBe(2);
    expect(shared.reads).toBe(2);
  });

  test("when the store cannot be reached, the facts last read stand; before any read, the failure shows", async () => {
    const { shared, reader } = sharedStore(version(3, "+919800000003"));
    let now = at.getTime();
    const cache = new CompanyFactsCache({ reader, now: () => new Date(now) });
    await cache.facts();
    shared.down = true;
    now += FACTS_MAX_AGE_MS;
    expect((await cache.facts()).phone).toBe("+919800000003");
    const fresh = new CompanyFactsCache({ reader, now: () => new Date(now) });
    await expect(fresh.facts()).rejects.toThrow("The store cannot be reached");
  });
});
