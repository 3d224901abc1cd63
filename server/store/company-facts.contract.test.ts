import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";
import { storeAdapters } from "../../tests/support/store-sandboxes";
import type { Store } from "./store";

const at = new Date("2030-05-01T04:30:00.000Z");
const later = new Date("2030-05-01T05:00:00.000Z");
const withPhone = (phone: string): CompanyFacts => ({ ...PLACEHOLDER_FACTS, phone, whatsapp: phone });

/** The company's published facts, one contract on both adapters. */
describe.each(storeAdapters("company-facts"))("company facts on the $name store", (adapter) => {
  let store: Store;
  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await store?.close();
  });

  test("never published, there is no version in force and none listed", async () => {
    store = await adapter.open();
    expect(await store.companyFacts.current()).toBeNull();
    expect(await store.companyFacts.version(1)).toBeNull();
    expect(await store.companyFacts.versions()).toEqual([]);
  });

  test("each publication is a new version, kept with who published it and when", async () => {
    store = await adapter.open();
    const first = await store.companyFacts.publish({
      facts: PLACEHOLDER_FACTS,
      baseVersion: null,
      by: "owner@example.com",
      now: at,
    });
    expect(first).toEqual({
      version: 1,
      facts: PLACEHOLDER_FACTS,
      publishedAt: at,
      publishedBy: "owner@example.com",
      restoredFrom: null,
    });
    const second = await store.companyFacts.publish({
      facts: withPhone("+919812345678"),
      baseVersion: 1,
      by: "ravi@example.com",
      now: later,
    });
    expect(second).toMatchObject({ version: 2, facts: { phone: "+919812345678" } });
    const restored = await store.companyFacts.publish({
      facts: PLACEHOLDER_FACTS,
      baseVersion: 2,
      by: "owner@example.com",
      now: later,
      restoredFrom: 1,
    });
    expect(restored).toMatchObject({ version: 3, restoredFrom: 1 });

    expect(await store.companyFacts.current()).toEqual({
      version: 3,
      facts: PLACEHOLDER_FACTS,
      publishedAt: later,
      publishedBy: "owner@example.com",
      restoredFrom: 1,
    });
    expect((await store.companyFacts.version(2))?.facts).toEqual(withPhone("+919812345678"));
    expect(await store.companyFacts.version(4)).toBeNull();
    expect(await store.companyFacts.versions()).toEqual([
      { version: 3, publishedAt: later, publishedBy: "owner@example.com", restoredFrom: 1 },
      { version: 2, publishedAt: later, publishedBy: "ravi@example.com", restoredFrom: null },
      { version: 1, publishedAt: at, publishedBy: "owner@example.com", restoredFrom: null },
    ]);
  });

  test("a publication on a version that is no longer current is refused and changes nothing", async () => {
    store = await adapter.open();
    await store.companyFacts.publish({ facts: PLACEHOLDER_FACTS, baseVersion: null, by: "a", now: at });
    expect(
      await store.companyFacts.publish({
        facts: withPhone("+919812345678"),
        baseVersion: null,
        by: "b",
        now: later,
      }),
    ).toBe("conflict");
    await store.companyFacts.publish({
      facts: withPhone("+919812345678"),
      baseVersion: 1,
      by: "b",
      now: later,
    });
    expect(
      await store.companyFacts.publish({
        facts: withPhone("+919800000000"),
        baseVersion: 1,
        by: "c",
        now: later,
      }),
    ).toBe("conflict");
    expect(
      await store.companyFacts.publish({
        facts: withPhone("+919800000000"),
        baseVersion: 5,
        by: "c",
        now: later,
      }),
    ).toBe("conflict");
    expect((await store.companyFacts.current())?.facts.phone).toBe("+919812345678");
    expect((await store.companyFacts.versions()).map((entry) => entry.version)).toEqual([2, 1]);
  });

  test("of two owners publishing on the same version at once, one is kept and the other told", async () => {
    store = await adapter.open();
    await store.companyFacts.publish({ facts: PLACEHOLDER_FACTS, baseVersion: null, by: "a", now: at });
    const phones = ["+919811111111", "+919822222222", "+919833333333"];
    const results = await Promise.all(
      phones.map((phone) =>
        store.companyFacts.publish({ facts: withPhone(phone), baseVersion: 1, by: phone, now: later }),
      ),
    );
    const kept = results.filter((result) => result !== "conflict");
    expect(kept).toHaveLength(1);
    expect(results.filter((result) => result === "conflict")).toHaveLength(2);
    const current = await store.companyFacts.current();
    expect(current?.version).toBe(2);
    expect(current?.facts.phone).toBe(kept[0]?.facts.phone);
    expect((await store.companyFacts.versions()).map((entry) => entry.version)).toEqual([2, 1]);
  });

  test("the first publication, sent twice at once, is kept once", async () => {
    store = await adapter.open();
    const results = await Promise.all(
      ["+919811111111", "+919822222222"].map((phone) =>
        store.companyFacts.publish({ facts: withPhone(phone), baseVersion: null, by: phone, now: at }),
      ),
    );
    expect(results.filter((result) => result === "conflict")).toHaveLength(1);
    expect((await store.companyFacts.versions()).map((entry) => entry.version)).toEqual([1]);
  });

  test("a version published before the billing facts existed reads with the placeholder's billing", async () => {
    store = await adapter.open();
    const { billing: _billing, ...older } = PLACEHOLDER_FACTS;
    await store.companyFacts.publish({ facts: older as CompanyFacts, baseVersion: null, by: "a", now: at });
    expect((await store.companyFacts.current())?.facts.billing).toEqual(PLACEHOLDER_FACTS.billing);
    expect((await store.companyFacts.version(1))?.facts).toEqual(PLACEHOLDER_FACTS);
  });
});
