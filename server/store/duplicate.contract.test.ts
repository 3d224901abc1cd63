import { statusCounts } from "./enquiry-work";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { enquiryReference } from "../../domain/console";
import { duplicateLine } from "../../domain/duplicate";
import { istDayBounds } from "../../domain/working-hours";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { storeAdapters } from "../../tests/support/store-sandboxes";
import { inboxFilterOf } from "../lifecycle/inbox-listing";
import { DASHBOARD_APART, salesOf } from "../work/dashboard-figures";
import type { Store } from "./store";
import { DECIDED_STATUSES } from "../../domain/deal";
import { COUNTED_STATUSES } from "../../domain/status";

/**
 * A duplicate is a close of its own on both stores: linked to the enquiry it repeats, out of every
 * view and count of work and of the won and lost figures, and back to work when reopened.
 */
describe.each(storeAdapters("duplicate"))("a duplicate on $name", (adapter) => {
  let store: Store;
  beforeAll(async () => {
    await adapter.setUp();
    store = await adapter.open();
  }, 60_000);
  afterAll(async () => {
    await store.close();
    await adapter.tearDown();
  });

  test("closed as a duplicate of the buyer's earlier enquiry: linked, in history, in no view or count of work, not a lost sale; reopening forgets the link", async () => {
    const member = await store.staff.add({ email: "asha@example.com", role: "member", passwordHash: "h" });
    const by = { staffEmail: "asha@example.com" };
    const now = new Date();
    const buyer = { Name: "Rekha Gupta", Mobile: "9810012345", Email: "rekha@example.in" };
    const first = await store.enquiries.add(anEnquiry({ ...buyer, RetailerSelfUse: "Self Use" }));
    const again = await store.enquiries.add(anEnquiry({ ...buyer, RetailerSelfUse: "Self Use" }));
    for (const id of [first.id, again.id]) {
      await store.work.setOwner(id, { ownerId: member.id, ...by, at: now });
    }
    await store.work.changeStatus(first.id, { to: "Confirmed", expectedVersion: 0, ...by, at: now });
    const closed = await store.work.changeStatus(again.id, {
      to: "Duplicate",
      expectedVersion: 0,
      duplicateOf: first.id,
      ...by,
      at: now,
    });
    expect(closed).toMatchObject({ outcome: "changed", version: 1 });

    const fields = (await store.team.fieldsOf([again.id])).get(again.id);
    expect(fields).toMatchObject({ duplicateOf: first.id, dueAt: null, followUpAt: null });
    const record = await store.enquiryWork.get(again.id);
    expect(record?.status).toBe("Duplicate");
    expect(record?.history.map((entry) => [entry.kind, entry.to ?? entry.text])).toEqual([
      ["owner", "asha@example.com"],
      ["status", "Duplicate"],
      ["deal", duplicateLine(enquiryReference(first.id))],
    ]);

    // On the buyer's history, with its link.
    const history = await store.buyers.history(first.id, 10);
    expect(history?.enquiries.map((other) => [other.id, other.status, other.duplicateOf ?? null])).toEqual([
      [again.id, "Duplicate", { id: first.id, reference: enquiryReference(first.id) }],
    ]);

    // Out of every view of work, All included; one filter away by its status.
    const viewer = { staffId: member.id, now, dayEnd: istDayBounds(now).end };
    const listed = async (query: Parameters<typeof inboxFilterOf>[0]) => {
      const filter = inboxFilterOf(query, viewer);
      return filter
        ? (await store.enquiryWork.list({ ...filter, limit: 20 })).items.map((row) => row.id)
        : [];
    };
    for (const query of [{}, { view: "mine" as const }, { view: "mine" as const, closed: "too" as const }]) {
      expect({ query, ids: await listed(query) }).toEqual({ query, ids: [first.id] });
    }
    expect(await listed({ view: "waiting" })).toEqual([]);
    expect(await listed({ status: "Duplicate" })).toEqual([again.id]);
    expect(await store.team.viewCounts(viewer)).toMatchObject({ mine: 1, unassigned: 0, waiting: 0 });
    expect((await statusCounts(store.enquiryWork)).Duplicate).toBe(1);

    // Neither won nor lost: the win rate is the confirmed sale alone.
    const span = {
      from: new Date(now.getTime() - 86_400_000),
      to: new Date(now.getTime() + 86_400_000),
      apart: DASHBOARD_APART,
      decided: DECIDED_STATUSES,
      counted: COUNTED_STATUSES,
    };
    const parts = await store.dashboard.parts(span);
    expect(parts.statuses).toMatchObject({ Confirmed: 1, Duplicate: 1 });
    const sales = salesOf(parts.outcomes, span.from.toISOString(), span.to.toISOString());
    expect([sales.won, sales.decided]).toEqual([1, 1]);

    // Reopened, it is work again and repeats nothing.
    await store.work.changeStatus(again.id, { to: "Contacted", expectedVersion: 1, ...by, at: now });
    expect((await store.team.fieldsOf([again.id])).get(again.id)?.duplicateOf ?? null).toBeNull();
    expect((await listed({ view: "mine" })).sort()).toEqual([first.id, again.id].sort());
  });
});
