import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { PUSH_DEVICES_MAX } from "../../domain/push";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { reminderNotificationId, REMINDER_STALE_AFTER_MS } from "../lifecycle/reminders";
import type { PendingNotification, Store } from "./store";

/** Push subscriptions, the pushes a change queues, and follow-up reminders: one contract on both adapters. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** A store on a new database, and a second connection to it: what another instance (or a restart) has. */
  open(): Promise<{ store: Store; other: () => Promise<Store> }>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("push-contract");
  return {
    ...sandbox,
    async open() {
      const { store, path } = await sandbox.openStore();
      const { SqliteStore } = await import("./index");
      const { ENQUIRY_COLLECTION } = await import("../../domain/contract");
      return { store, other: () => SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION }) };
    },
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("push");
  return {
    ...sandbox,
    async open() {
      const { store, projectId } = await sandbox.openStore();
      return { store, other: () => sandbox.reopenStore(projectId) };
    },
  };
}

const SERVER_KEY = "BJTAGo66aanabYewIm5eQlBfQJGaZ8vNrK0QHKRkCJMax41gQKys0x6j7eB-bnkGVzHG6DwBGc9RrpBUj30HrOs";
let devices = 0;
const device = (staffId: string) => ({
  staffId,
  endpoint: `https://push.example.net/send/device-${++devices}`,
  keys: { p256dh: `p256dh-${devices}`, auth: `auth-${devices}` },
  serverKey: SERVER_KEY,
});

const MINUTE = 60_000;
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs);

/** The pushes due by `now`, claimed at once (other kinds are left claimed: these tests look only at pushes). */
async function claimPushes(store: Store, now = new Date("2031-01-01T00:00:00Z")) {
  const claimed: PendingNotification[] = await store.enquiries.claimDueNotifications({
    worker: "test",
    now,
    limit: 500,
    leaseMs: 60_000,
  });
  return claimed.flatMap((notification) =>
    "kind" in notification && notification.kind === "push" ? [notification] : [],
  );
}

describe.each([sqliteAdapter(), firestoreAdapter()])("push on the $name store", (adapter) => {
  const opened: Store[] = [];
  const open = async () => {
    const pair = await adapter.open();
    opened.push(pair.store);
    return {
      store: pair.store,
      other: async () => {
        const other = await pair.other();
        opened.push(other);
        return other;
      },
    };
  };
  const member = (store: Store, email: string) =>
    store.staff.add({ email, role: "member", passwordHash: "hash" });

  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  test("a device is kept once per endpoint, for the member last signed in on it, and at most PUSH_DEVICES_MAX of a member's", async () => {
    const { store } = await open();
    const asha = await member(store, "asha@example.com");
    const ravi = await member(store, "ravi@example.com");
    const phone = device(asha.id);
    await store.push.subscribe(phone, { now: at("2030-01-01T10:00:00Z"), max: PUSH_DEVICES_MAX });
    await store.push.subscribe(phone, { now: at("2030-01-01T10:01:00Z"), max: PUSH_DEVICES_MAX });
    expect(await store.push.devicesOf(asha.id)).toEqual([
      {
        staffId: asha.id,
        endpoint: phone.endpoint,
        keys: phone.keys,
        serverKey: SERVER_KEY,
        createdAt: "2030-01-01T10:01:00.000Z",
      },
    ]);

    // Ravi signs in on Asha's phone and turns notifications on: the device is his now.
    await store.push.subscribe({ ...phone, staffId: ravi.id }, { now: at("2030-01-01T11:00:00Z"), max: 3 });
    expect(await store.push.devicesOf(asha.id)).toEqual([]);
    expect((await store.push.devicesOf(ravi.id)).map((each) => each.endpoint)).toEqual([phone.endpoint]);

    // Three devices at most here: a fourth drops the oldest.
    const more = [device(ravi.id), device(ravi.id), device(ravi.id)];
    for (const [index, each] of more.entries()) {
      await store.push.subscribe(each, { now: at("2030-01-01T12:00:00Z", index * MINUTE), max: 3 });
    }
    expect((await store.push.devicesOf(ravi.id)).map((each) => each.endpoint)).toEqual(
      more.map((each) => each.endpoint),
    );

    // Off: only one's own device; a push service's "gone" forgets it whoever it was.
    expect(await store.push.unsubscribe(asha.id, more[0]!.endpoint)).toBe(false);
    expect(await store.push.unsubscribe(ravi.id, more[0]!.endpoint)).toBe(true);
    await store.push.forget(more[1]!.endpoint);
    expect((await store.push.devicesOf(ravi.id)).map((each) => each.endpoint)).toEqual([more[2]!.endpoint]);

    // A member removed takes their devices along.
    expect(await store.members.remove("ravi@example.com")).not.toBeNull();
    expect(await store.push.devicesOf(ravi.id)).toEqual([]);
  });

  test("new devices subscribed at once by one member leave them the most kept, the newest", async () => {
    const { store } = await open();
    const ravi = await member(store, "ravi@example.com");
    const max = 3;
    const endpointsOf = async (staffId: string) =>
      (await store.push.devicesOf(staffId)).map((each) => each.endpoint);
    const atOnce = async (now: Date) => {
      const batch = [device(ravi.id), device(ravi.id), device(ravi.id), device(ravi.id)];
      await Promise.all(batch.map((each) => store.push.subscribe(each, { now, max })));
      return batch.map((each) => each.endpoint);
    };

    // Their first devices, one more than kept, at once.
    const first = await atOnce(at("2030-01-05T09:00:00Z"));
    expect(await endpointsOf(ravi.id)).toHaveLength(max);
    expect(first).toEqual(expect.arrayContaining(await endpointsOf(ravi.id)));

    // At the most kept, four new ones at once: each finds the older ones to drop.
    const next = await atOnce(at("2030-01-05T10:00:00Z"));
    expect(await endpointsOf(ravi.id)).toHaveLength(max);
    expect(next).toEqual(expect.arrayContaining(await endpointsOf(ravi.id)));
  });

  test("an enquiry handed to a member with a device queues a push to them, with the buyer's first name at most; taking it oneself does not", async () => {
    const { store } = await open();
    const asha = await member(store, "asha@example.com");
    const ravi = await member(store, "ravi@example.com");
    await store.push.subscribe(device(ravi.id), { now: new Date(), max: PUSH_DEVICES_MAX });
    const stored = await store.enquiries.add(anEnquiry({ Name: "Dr. Anil Mehta" }));
    const handedAt = new Date("2030-02-01T05:00:00Z");

    await store.work.setOwner(stored.id, {
      ownerId: ravi.id,
      actorId: asha.id,
      staffEmail: asha.email,
      at: handedAt,
    });
    // Asha has no device; Ravi hands it back and Asha gets her mail alert only.
    await store.work.setOwner(stored.id, {
      ownerId: asha.id,
      actorId: ravi.id,
      staffEmail: ravi.email,
      at: handedAt,
    });
    // Ravi takes it himself: nothing to tell him.
    await store.work.setOwner(stored.id, {
      ownerId: ravi.id,
      actorId: ravi.id,
      staffEmail: ravi.email,
      at: handedAt,
    });

    const pushes = await claimPushes(store);
    expect(pushes).toEqual([
      expect.objectContaining({
        kind: "push",
        staffId: ravi.id,
        enquiryId: stored.id,
        push: { reason: "assigned", handedOnBy: asha.email, firstName: "Dr. Mehta" },
        queuedAt: handedAt.toISOString(),
      }),
    ]);
  });

  test("a follow-up's reminder is queued once when it falls due, across instances and restarts, and cleared", async () => {
    const { store, other } = await open();
    const ravi = await member(store, "ravi@example.com");
    await store.push.subscribe(device(ravi.id), { now: new Date(), max: PUSH_DEVICES_MAX });
    const stored = await store.enquiries.add(anEnquiry({ Name: "Meera Kapoor" }));
    await store.work.setOwner(stored.id, {
      ownerId: ravi.id,
      actorId: ravi.id,
      staffEmail: ravi.email,
      at: new Date(),
    });
    const due = "2030-03-02T05:30:00.000Z";
    await store.work.setFollowUp(stored.id, {
      followUpAt: new Date(due),
      nextStep: "Call about the retailer price",
      staffEmail: ravi.email,
      at: at(due, -3_600_000),
    });

    expect(await store.work.queueDueReminders({ now: at(due, -MINUTE), limit: 50 })).toEqual({
      seen: 0,
      queued: 0,
    });
    expect(await store.work.queueDueReminders({ now: at(due, MINUTE), limit: 50 })).toEqual({
      seen: 1,
      queued: 1,
    });
    // The same sweep again, on another instance and after a restart: nothing more.
    const second = await other();
    expect(await second.work.queueDueReminders({ now: at(due, 2 * MINUTE), limit: 50 })).toEqual({
      seen: 0,
      queued: 0,
    });
    expect(await store.work.queueDueReminders({ now: at(due, 3 * MINUTE), limit: 50 })).toEqual({
      seen: 0,
      queued: 0,
    });

    const pushes = await claimPushes(store);
    expect(pushes).toEqual([
      expect.objectContaining({
        id: reminderNotificationId(stored.id, due),
        staffId: ravi.id,
        enquiryId: stored.id,
        push: { reason: "follow-up", firstName: "Meera" },
      }),
    ]);
    // The next step a member typed is not in the notification: it may name anything.
    expect(JSON.stringify(pushes)).not.toContain("retailer price");

    // A new follow-up time is reminded again at its own time; saving the same time again is not.
    const next = "2030-03-03T05:30:00.000Z";
    const setFollowUp = (when: string) =>
      store.work.setFollowUp(stored.id, {
        followUpAt: new Date(when),
        nextStep: null,
        staffEmail: ravi.email,
        at: at(due, 5 * MINUTE),
      });
    await setFollowUp(due);
    expect(await store.work.queueDueReminders({ now: at(due, 6 * MINUTE), limit: 50 })).toEqual({
      seen: 0,
      queued: 0,
    });
    await setFollowUp(next);
    expect(await store.work.queueDueReminders({ now: at(next, MINUTE), limit: 50 })).toEqual({
      seen: 1,
      queued: 1,
    });
  });

  test("a reminder is cleared without a push when the enquiry closed, its owner has no device, or it is long overdue", async () => {
    const { store } = await open();
    const ravi = await member(store, "ravi@example.com");
    const asha = await member(store, "asha@example.com");
    await store.push.subscribe(device(ravi.id), { now: new Date(), max: PUSH_DEVICES_MAX });
    const due = "2030-04-01T05:30:00.000Z";
    const withFollowUp = async (ownerId: string) => {
      const stored = await store.enquiries.add(anEnquiry());
      await store.work.setOwner(stored.id, {
        ownerId,
        actorId: ownerId,
        staffEmail: "x@example.com",
        at: new Date(),
      });
      await store.work.setFollowUp(stored.id, {
        followUpAt: new Date(due),
        nextStep: null,
        staffEmail: "x@example.com",
        at: at(due, -3_600_000),
      });
      return stored;
    };
    const closed = await withFollowUp(ravi.id);
    const work = await store.enquiryWork.get(closed.id);
    await store.work.changeStatus(closed.id, {
      to: "Declined",
      expectedVersion: work?.version ?? 0,
      staffEmail: ravi.email,
      at: at(due, -MINUTE),
    });
    await withFollowUp(asha.id);
    expect(await store.work.queueDueReminders({ now: at(due, MINUTE), limit: 50 })).toEqual({
      seen: 1,
      queued: 0,
    });

    const late = await withFollowUp(ravi.id);
    expect(
      await store.work.queueDueReminders({ now: at(due, REMINDER_STALE_AFTER_MS + MINUTE), limit: 50 }),
    ).toEqual({
      seen: 1,
      queued: 0,
    });
    expect(
      await store.work.queueDueReminders({ now: at(due, REMINDER_STALE_AFTER_MS + 2 * MINUTE), limit: 50 }),
    ).toEqual({
      seen: 0,
      queued: 0,
    });
    expect((await claimPushes(store)).filter((push) => push.enquiryId === late.id)).toEqual([]);
  });

  test("erasing a buyer's data erases the pushes that name them", async () => {
    const { store } = await open();
    const asha = await member(store, "asha@example.com");
    const ravi = await member(store, "ravi@example.com");
    await store.push.subscribe(device(ravi.id), { now: new Date(), max: PUSH_DEVICES_MAX });
    const buyer = anEnquiry({ Name: "Meera Kapoor" });
    const stored = await store.enquiries.add(buyer);
    await store.work.setOwner(stored.id, {
      ownerId: ravi.id,
      actorId: asha.id,
      staffEmail: asha.email,
      at: new Date(),
    });
    await store.personalData.erase({ email: buyer.Email }, { actor: asha.email, at: new Date() });
    expect(await claimPushes(store)).toEqual([]);
  });
});
