import { statusCounts } from "./enquiry-work";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Enquiry } from "../../domain/enquiry";
import { StaffExistsError } from "./staff";
import type { Store } from "./store";
import { confirmedSubscriber } from "../../tests/support/subscribers";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { lastNotesOf, NOTE_KINDS } from "../lifecycle/last-note";

/** The console's concerns of the store (staff, sessions, throttling, work on enquiries, activity) on both adapters. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<Store>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("console-contract");
  return { ...sandbox, open: async () => (await sandbox.openStore()).store };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("console");
  return { ...sandbox, open: async () => (await sandbox.openStore()).store };
}

const enquiry = (Name: string, overrides: Partial<Enquiry> = {}): Enquiry => ({
  Name,
  Email: `${Name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
  Mobile: "9876543210",
  Quantity: 3,
  RetailerSelfUse: "Self Use",
  ...overrides,
});

const HOUR = 3_600_000;

describe.each([sqliteAdapter(), firestoreAdapter()])(
  "the console's concerns on the $name store",
  (adapter) => {
    let store: Store;

    beforeAll(() => adapter.setUp());
    afterAll(() => adapter.tearDown());
    afterEach(async () => {
      await store?.close();
    });

    test("a member of staff is stored once per address, found by e-mail whatever its case, and removed with their sessions", async () => {
      store = await adapter.open();
      expect(await store.staff.ownerExists()).toBe(false);
      const owner = await store.staff.add({ email: "Owner@Example.com", role: "owner", passwordHash: "h1" });
      expect(owner).toMatchObject({ email: "owner@example.com", role: "owner", totpEnabled: false });
      await expect(
        store.staff.add({ email: "owner@example.com", role: "member", passwordHash: "h2" }),
      ).rejects.toThrow(StaffExistsError);
      expect(await store.staff.ownerExists()).toBe(true);
      expect((await store.staff.findByEmail("OWNER@example.com"))?.passwordHash).toBe("h1");
      expect((await store.staff.findById(owner.id))?.email).toBe("owner@example.com");
      expect((await store.staff.list()).map((member) => member.email)).toEqual(["owner@example.com"]);

      await store.sessions.create({ tokenHash: "t1", staffId: owner.id, now: new Date() });
      expect(await store.members.remove("owner@example.com")).not.toBeNull();
      expect(await store.sessions.touch("t1", new Date(), HOUR)).toBeNull();
      expect(await store.members.remove("owner@example.com")).toBeNull();
      expect(await store.staff.ownerExists()).toBe(false);
    });

    test("a session is made only for an account that still exists: for one removed, nothing is made and the answer says so", async () => {
      store = await adapter.open();
      const member = await store.staff.add({ email: "gone@example.com", role: "member", passwordHash: "h" });
      const now = new Date("2026-01-01T09:00:00.000Z");
      expect(await store.sessions.create({ tokenHash: "before", staffId: member.id, now })).toBe(true);
      expect(await store.members.remove("gone@example.com")).not.toBeNull();
      expect(await store.sessions.touch("before", now, HOUR)).toBeNull();

      expect(await store.sessions.create({ tokenHash: "after", staffId: member.id, now })).toBe(false);
      expect(await store.sessions.countActive(member.id, now, HOUR)).toBe(0);
      expect(await store.sessions.touch("after", now, HOUR)).toBeNull();
    });

    test("TOTP is on only once confirmed, a recovery code works once, and a password reset turns TOTP off", async () => {
      store = await adapter.open();
      const member = await store.staff.add({ email: "a@example.com", role: "member", passwordHash: "h" });
      await store.staff.setPendingTotp(member.id, "SECRET");
      expect((await store.staff.findById(member.id))?.totpEnabled).toBe(false);
      await store.staff.enableTotp(member.id, ["c1", "c2"]);
      const enabled = await store.staff.findById(member.id);
      expect(enabled).toMatchObject({ totpEnabled: true, totpSecret: "SECRET", pendingTotpSecret: null });
      const twice = await Promise.all([
        store.staff.useRecoveryCode(member.id, "c1"),
        store.staff.useRecoveryCode(member.id, "c1"),
      ]);
      expect(twice.filter(Boolean)).toHaveLength(1);
      expect((await store.staff.findById(member.id))?.recoveryCodeHashes).toEqual(["c2"]);
      expect(await store.staff.useTotpStep(member.id, 100)).toBe(true);
      expect(await store.staff.useTotpStep(member.id, 100)).toBe(false);
      expect(await store.staff.useTotpStep(member.id, 99)).toBe(false);
      expect(await store.staff.useTotpStep(member.id, 101)).toBe(true);
      // An account made again at a removed one's address has used no time step yet.
      await store.staff.add({ email: "owner@example.com", role: "owner", passwordHash: "h" });
      expect(await store.members.remove("a@example.com")).toBe(0);
      const again = await store.staff.add({ email: "a@example.com", role: "member", passwordHash: "h" });
      expect(await store.staff.useTotpStep(again.id, 101)).toBe(true);
      expect(await store.staff.useTotpStep(again.id, 101)).toBe(false);
      await store.staff.setPendingTotp(again.id, "SECRET");
      await store.staff.enableTotp(again.id, ["c1"]);
      expect(await store.staff.useRecoveryCode(again.id, "c1")).toBe(true);
      expect(await store.staff.resetPassword("a@example.com", "new")).toBe(true);
      expect(await store.staff.findById(again.id)).toMatchObject({
        passwordHash: "new",
        totpEnabled: false,
        recoveryCodeHashes: [],
      });
    });

    test("a session lives while used within the idle time, ends after it, and an owner can end every session of an account", async () => {
      store = await adapter.open();
      const member = await store.staff.add({ email: "s@example.com", role: "member", passwordHash: "h" });
      const start = new Date("2026-01-01T00:00:00.000Z");
      await store.sessions.create({ tokenHash: "a", staffId: member.id, now: start });
      await store.sessions.create({ tokenHash: "b", staffId: member.id, now: start });
      expect(await store.sessions.touch("a", new Date(start.getTime() + 11 * HOUR), 12 * HOUR)).toEqual({
        staffId: member.id,
      });
      // Used at 11 h, so still alive at 22 h; "b" was last used at 0 h.
      expect(await store.sessions.touch("a", new Date(start.getTime() + 22 * HOUR), 12 * HOUR)).toEqual({
        staffId: member.id,
      });
      expect(
        await store.sessions.countActive(member.id, new Date(start.getTime() + 22 * HOUR), 12 * HOUR),
      ).toBe(1);
      expect(await store.sessions.touch("b", new Date(start.getTime() + 22 * HOUR), 12 * HOUR)).toBeNull();
      expect(await store.sessions.deleteForStaff(member.id)).toBe(1);
      expect(await store.sessions.touch("a", new Date(start.getTime() + 22 * HOUR), 12 * HOUR)).toBeNull();
    });

    test("attempt counters count per name, take one back, and are erased once expired", async () => {
      store = await adapter.open();
      const expires = new Date("2026-01-01T00:15:00.000Z");
      expect(await store.attemptCounters.add("account:a@example.com|w1", expires)).toBe(1);
      expect(await store.attemptCounters.add("account:a@example.com|w1", expires)).toBe(2);
      expect(await store.attemptCounters.add("address:192.0.2.1|w1", expires)).toBe(1);
      await store.attemptCounters.takeBack("account:a@example.com|w1");
      expect(await store.attemptCounters.add("account:a@example.com|w1", expires)).toBe(2);
      await store.attemptCounters.add("account:a@example.com|w2", new Date("2026-01-02T00:00:00.000Z"));
      expect(await store.attemptCounters.eraseExpired(new Date("2026-01-01T00:15:00.000Z"))).toBe(0);
      expect(await store.attemptCounters.eraseExpired(new Date("2026-01-01T00:15:00.001Z"))).toBe(2);
      // Erased: a new window starts at one, and taking back from nothing changes nothing.
      await store.attemptCounters.takeBack("address:192.0.2.1|w1");
      expect(await store.attemptCounters.add("address:192.0.2.1|w1", expires)).toBe(1);
      expect(await store.attemptCounters.add("account:a@example.com|w2", expires)).toBe(2);
      // Read without adding, in order: a counter never made, or erased, reads 0.
      expect(
        await store.attemptCounters.read(["account:a@example.com|w2", "nobody|w1", "address:192.0.2.1|w1"]),
      ).toEqual([2, 0, 1]);
      expect(await store.attemptCounters.add("account:a@example.com|w2", expires)).toBe(3);
      // Two counters added together each count on their own; twenty such pairs at once all count.
      const addPair = (names: readonly string[]) =>
        Promise.all(names.map((name) => store.attemptCounters.add(name, expires)));
      expect(await addPair(["m|1", "e|1"])).toEqual([1, 1]);
      expect(await addPair(["m|1", "e|1"])).toEqual([2, 2]);
      await Promise.all(Array.from({ length: 20 }, () => addPair(["m|2", "e|2"])));
      expect(await addPair(["m|2", "e|2"])).toEqual([21, 21]);
    });

    test("a counter taken back more often than added stays at zero, and is forgotten at its latest add's expiry", async () => {
      store = await adapter.open();
      const early = new Date("2026-01-01T00:15:00.000Z");
      const late = new Date("2026-01-01T01:00:00.000Z");
      expect(await store.attemptCounters.add("account:z@example.com|w1", early)).toBe(1);
      await store.attemptCounters.takeBack("account:z@example.com|w1");
      await store.attemptCounters.takeBack("account:z@example.com|w1");
      expect(await store.attemptCounters.read(["account:z@example.com|w1"])).toEqual([0]);
      // Nothing owed from the takes back: the next attempt counts as the first.
      expect(await store.attemptCounters.add("account:z@example.com|w1", late)).toBe(1);
      // Added again with a later expiry: kept until that one, not the first.
      expect(await store.attemptCounters.eraseExpired(new Date("2026-01-01T00:30:00.000Z"))).toBe(0);
      expect(await store.attemptCounters.eraseExpired(new Date("2026-01-01T01:00:00.001Z"))).toBe(1);
    });

    test("forty attempts at once on one counter count as forty, and at most five see a count of five or less", async () => {
      store = await adapter.open();
      const expires = new Date(Date.now() + HOUR);
      const counts = await Promise.all(
        Array.from({ length: 40 }, () => store!.attemptCounters.add("account:burst@example.com", expires)),
      );
      expect(counts.filter((count) => count <= 5).length).toBeLessThanOrEqual(5);
      expect(Math.max(...counts)).toBe(40);
      expect(await store.attemptCounters.add("account:burst@example.com", expires)).toBe(41);
    });

    test("sessions ended by idleness are erased, and nothing else", async () => {
      store = await adapter.open();
      const member = await store.staff.add({ email: "s@example.com", role: "member", passwordHash: "h" });
      const start = new Date("2026-01-01T00:00:00.000Z");
      await store.sessions.create({ tokenHash: "idle", staffId: member.id, now: start });
      await store.sessions.create({ tokenHash: "used", staffId: member.id, now: start });
      await store.sessions.touch("used", new Date(start.getTime() + 10 * HOUR), 12 * HOUR);
      expect(await store.sessions.eraseIdle(new Date(start.getTime() + 5 * HOUR))).toBe(1);
      expect(await store.sessions.eraseIdle(new Date(start.getTime() + 5 * HOUR))).toBe(0);
      expect(await store.sessions.touch("idle", new Date(start.getTime() + HOUR), 12 * HOUR)).toBeNull();
      expect(await store.sessions.touch("used", new Date(start.getTime() + 11 * HOUR), 12 * HOUR)).toEqual({
        staffId: member.id,
      });
    });

    test("the inbox lists newest first in pages, counts per status, filters by status and buyer, and searches", async () => {
      store = await adapter.open();
      const asha = await store.enquiries.add(
        enquiry("Asha Verma", { RetailerSelfUse: "Retailer", Mobile: "9000011111" }),
      );
      const ravi = await store.enquiries.add(enquiry("Ravi Kumar"));
      const meera = await store.enquiries.add(enquiry("Meera Shah", { Email: "meera@shop.in" }));

      const first = await store.enquiryWork.list({ limit: 2 });
      expect(first.items.map((row) => row.id)).toEqual([meera.id, ravi.id]);
      expect(first.items[0]).toMatchObject({
        status: "New",
        companyNotification: "pending",
        enquiry: meera.enquiry,
      });
      const second = await store.enquiryWork.list({ limit: 2, cursor: first.nextCursor });
      expect(second.items.map((row) => row.id)).toEqual([asha.id]);
      expect(second.nextCursor).toBeNull();

      const changed = await store.work.changeStatus(ravi.id, {
        to: "Contacted",
        expectedVersion: 0,
        staffEmail: "s@example.com",
        at: new Date(),
      });
      expect(changed).toEqual({ outcome: "changed", version: 1 });
      expect(await statusCounts(store.enquiryWork)).toEqual({
        New: 2,
        Contacted: 1,
        Confirmed: 0,
        Fulfilled: 0,
        Declined: 0,
        Duplicate: 0,
        Spam: 0,
      });
      // A store tallies the statuses it is asked for, and no other.
      expect(await store.enquiryWork.statusTally(["Contacted", "Declined"])).toEqual({
        total: 3,
        counted: { Contacted: 1, Declined: 0 },
      });
      expect(
        (await store.enquiryWork.list({ limit: 10, status: "Contacted" })).items.map((row) => row.id),
      ).toEqual([ravi.id]);
      expect((await store.enquiryWork.list({ limit: 10, status: "New" })).items.map((row) => row.id)).toEqual(
        [meera.id, asha.id],
      );
      expect(
        (await store.enquiryWork.list({ limit: 10, buyer: "Retailer" })).items.map((row) => row.id),
      ).toEqual([asha.id]);
      for (const q of ["verma", "SHOP.IN", "00011", "Me"]) {
        const found = (await store.enquiryWork.list({ limit: 10, q })).items.map((row) => row.enquiry.Name);
        expect(found, q).toEqual(
          q === "Me" ? ["Meera Shah"] : [q === "SHOP.IN" ? "Meera Shah" : "Asha Verma"],
        );
      }
      expect((await store.enquiryWork.list({ limit: 10, q: '"% _' })).items).toEqual([]);

      const newest = await store.enquiryWork.newestCursor();
      expect(await store.enquiryWork.listSince(newest, 10)).toEqual([]);
      const later = await store.enquiries.add(enquiry("Later One"));
      expect((await store.enquiryWork.listSince(newest, 10)).map((row) => row.id)).toEqual([later.id]);
    });

    test("two status changes from the same version: one is made, the other refused, and the history keeps who and when", async () => {
      store = await adapter.open();
      const stored = await store.enquiries.add(enquiry("Asha Verma"));
      const at = new Date();
      const results = await Promise.all(
        (["Contacted", "Spam"] as const).map((to, index) =>
          store.work.changeStatus(stored.id, {
            to,
            expectedVersion: 0,
            staffEmail: `s${index}@example.com`,
            at,
          }),
        ),
      );
      expect(results.map((result) => result.outcome).sort()).toEqual(["changed", "conflict"]);
      await store.work.addNote(stored.id, {
        text: "Called, will order Monday",
        staffEmail: "s0@example.com",
        at: new Date(),
      });
      const record = await store.enquiryWork.get(stored.id);
      expect(record?.version).toBe(1);
      expect(record?.history).toHaveLength(2);
      expect(record?.history[0]).toMatchObject({ kind: "status", from: "New" });
      expect(record?.history[1]).toMatchObject({
        kind: "note",
        text: "Called, will order Monday",
        staffEmail: "s0@example.com",
      });
      expect(record?.notifications).toEqual([
        expect.objectContaining({ kind: "company", state: "pending", attempts: 0, sentAt: null }),
      ]);
      expect(
        await store.work.changeStatus("missing", {
          to: "Spam",
          expectedVersion: 0,
          staffEmail: "x",
          at,
        }),
      ).toEqual({
        outcome: "not-found",
      });
      expect(await store.work.addNote("missing", { text: "x", staffEmail: "x", at })).toBe(false);
    });

    test("the history lines that may carry a note are read in order, and the last note is picked from them", async () => {
      store = await adapter.open();
      const [noted, quiet] = [
        await store.enquiries.add(enquiry("Asha Verma")),
        await store.enquiries.add(enquiry("Ravi Kumar")),
      ];
      const at = Date.now();
      await store.work.addNote(noted.id, {
        text: "First call",
        staffEmail: "s@example.com",
        at: new Date(at),
      });
      await store.work.changeStatus(noted.id, {
        to: "Contacted",
        expectedVersion: 0,
        note: "Will order 40",
        staffEmail: "s@example.com",
        at: new Date(at + 1_000),
      });
      await store.work.changeStatus(noted.id, {
        to: "Confirmed",
        expectedVersion: 1,
        staffEmail: "s@example.com",
        at: new Date(at + 2_000),
      });
      const lines = await store.enquiryWork.noteLines([noted.id, quiet.id], NOTE_KINDS);
      expect(lines.filter((line) => line.text).map((line) => [line.enquiryId, line.text])).toEqual([
        [noted.id, "First call"],
        [noted.id, "Will order 40"],
      ]);
      expect([...lastNotesOf(lines)]).toEqual([[noted.id, "Will order 40"]]);
      expect(await store.enquiryWork.noteLines([], NOTE_KINDS)).toEqual([]);
    });

    test("a delivered notification can be sent again", async () => {
      store = await adapter.open();
      const stored = await store.enquiries.add(enquiry("Asha Verma"));
      const [claimed] = await store.enquiries.claimDueNotifications({
        worker: "w",
        now: new Date(),
        limit: 1,
        leaseMs: 60_000,
      });
      await store.enquiries.markNotificationSent(claimed!.id, "w");
      expect((await store.enquiryWork.get(stored.id))?.notifications[0]).toMatchObject({
        state: "sent",
        attempts: 1,
      });
      expect(await store.enquiryWork.resendNotification(stored.id, claimed!.id, new Date())).toBe(true);
      expect(await store.enquiryWork.resendNotification("other", claimed!.id, new Date())).toBe(false);
      // It waits in the outbox again, due at once: the next claim takes it.
      const again = await store.enquiries.claimDueNotifications({
        worker: "w2",
        now: new Date(Date.now() + 1_000),
        limit: 10,
        leaseMs: 60_000,
      });
      expect(again.map((notification) => notification.id)).toEqual([claimed!.id]);
    });

    test("the activity log lists newest first in pages; subscribers are searched and removed", async () => {
      store = await adapter.open();
      for (const [index, action] of (["sign-in", "export", "sign-out"] as const).entries()) {
        await store.activity.record({
          actor: "o@example.com",
          action,
          target: null,
          at: new Date(Date.UTC(2026, 0, 1, index)),
        });
      }
      const first = await store.activity.list({ limit: 2 });
      expect(first.items.map((entry) => entry.action)).toEqual(["sign-out", "export"]);
      const second = await store.activity.list({ limit: 2, cursor: first.nextCursor });
      expect(second).toMatchObject({ items: [{ action: "sign-in" }], nextCursor: null });

      await confirmedSubscriber(store, "one@example.com");
      await confirmedSubscriber(store, "two@example.org");
      // Asked for but never confirmed: not a subscriber, so not listed.
      await store.subscribers.request("three@example.org", { now: new Date(), resendAfterMs: 3_600_000 });
      expect((await store.subscriberDirectory.list({ q: "three", limit: 10 })).items).toEqual([]);
      const found = await store.subscriberDirectory.list({ q: "TWO", limit: 10 });
      expect(found.items.map((subscriber) => subscriber.email)).toEqual(["two@example.org"]);
      // The three addresses' mails wait: two welcomes and a confirmation.
      expect((await store.enquiries.outboxBacklog()).waiting).toBe(3);
      expect(await store.subscriberDirectory.remove(found.items[0]!.id)).toBe(true);
      // The removed address's welcome goes with it: no mail is sent to an address the team removed.
      expect((await store.enquiries.outboxBacklog()).waiting).toBe(2);
      const mailed = await store.enquiries.claimDueNotifications({
        worker: "w",
        now: new Date(Date.now() + 60_000),
        limit: 10,
        leaseMs: 60_000,
      });
      expect(mailed.map((mail) => ("email" in mail ? mail.email : null)).sort()).toEqual([
        "one@example.com",
        "three@example.org",
      ]);
      expect(await store.subscriberDirectory.remove(found.items[0]!.id)).toBe(false);
      expect(
        (await store.subscriberDirectory.list({ limit: 10 })).items.map((subscriber) => subscriber.email),
      ).toEqual(["one@example.com"]);
    });
  },
);
