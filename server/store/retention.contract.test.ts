import { statusCounts } from "./enquiry-work";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { EnquiryStatus } from "../../domain/console";
import type { Enquiry } from "../../domain/enquiry";
import { ENQUIRIES_PER_BATCH } from "./retention";
import type { Store } from "./store";
import { confirmedSubscriber } from "../../tests/support/subscribers";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";

/** Erasure of expired personal data on both adapters. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<Store>;
  /**
   * Where anything of the enquiry is still stored, read behind the store's back: the names of
   * the tables or collections that still hold it. `notificationIds` are its notifications' ids.
   */
  remnants(enquiryId: string, notificationIds: readonly string[]): Promise<string[]>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("retention-contract");
  let path = "";
  return {
    ...sandbox,
    async open() {
      const opened = await sandbox.openStore();
      path = opened.path;
      return opened.store;
    },
    async remnants(enquiryId, notificationIds) {
      const db = new Database(path, { readonly: true, fileMustExist: true });
      try {
        const count = (sql: string, ...params: string[]) =>
          db.prepare<string[], { count: number }>(`SELECT count(*) AS count FROM ${sql}`).get(...params)
            ?.count ?? 0;
        const found: Record<string, number> = {
          [ENQUIRY_COLLECTION]: count(`"${ENQUIRY_COLLECTION}" WHERE id = ?`, enquiryId),
          enquiry_work: count(`enquiry_work WHERE enquiry_id = ?`, enquiryId),
          enquiry_history: count(`enquiry_history WHERE enquiry_id = ?`, enquiryId),
          notifications:
            count(`notifications WHERE enquiry_id = ?`, enquiryId) +
            notificationIds.reduce((sum, id) => sum + count(`notifications WHERE id = ?`, id), 0),
          enquiry_search: count(`enquiry_search WHERE enquiry_id = ?`, enquiryId),
          enquiry_messages: count(`enquiry_messages WHERE enquiry_id = ?`, enquiryId),
        };
        return Object.keys(found).filter((table) => (found[table] ?? 0) > 0);
      } finally {
        db.close();
      }
    },
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("retention");
  let projectId = "";
  let probe: App | undefined;
  return {
    ...sandbox,
    async tearDown() {
      if (probe) await deleteApp(probe);
      await sandbox.tearDown();
    },
    async open() {
      const opened = await sandbox.openStore();
      projectId = opened.projectId;
      return opened.store;
    },
    async remnants(enquiryId, notificationIds) {
      if (probe) await deleteApp(probe);
      probe = initializeApp({ projectId }, `retention-probe-${randomUUID()}`);
      const db = getFirestore(probe);
      const work = db.collection("enquiryWork").doc(enquiryId);
      const found: Record<string, number> = {
        [ENQUIRY_COLLECTION]: (await db.collection(ENQUIRY_COLLECTION).doc(enquiryId).get()).exists ? 1 : 0,
        enquiryWork: (await work.get()).exists ? 1 : 0,
        "enquiryWork/history": (await work.collection("history").get()).size,
        "enquiryWork/versions": (await work.collection("versions").get()).size,
        notifications: (await db.collection("notifications").where("enquiryId", "==", enquiryId).get()).size,
        "notifications/claims": 0,
        enquiryMessages: (await db.collection("enquiryMessages").where("enquiryId", "==", enquiryId).get())
          .size,
      };
      for (const id of notificationIds) {
        const notification = db.collection("notifications").doc(id);
        if ((await notification.get()).exists) found.notifications = (found.notifications ?? 0) + 1;
        found["notifications/claims"] =
          (found["notifications/claims"] ?? 0) + (await notification.collection("claims").get()).size;
      }
      return Object.keys(found).filter((name) => (found[name] ?? 0) > 0);
    },
  };
}

const enquiry = (Name: string): Enquiry => ({
  Name,
  Email: `${Name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
  Mobile: "9876543210",
  Quantity: 2,
  RetailerSelfUse: "Retailer",
});

const DAY = 86_400_000;
const MINUTE = 60_000;

describe.each([sqliteAdapter(), firestoreAdapter()])("retention on the $name store", (adapter) => {
  let store: Store;

  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await store?.close();
  });

  /** Stores an enquiry and moves it through `statuses`, each change at its own time. */
  async function enquiryWith(name: string, changes: readonly { to: EnquiryStatus; at: Date }[]) {
    const stored = await store.enquiries.add(enquiry(name), { acknowledge: true });
    for (const [version, change] of changes.entries()) {
      const result = await store.work.changeStatus(stored.id, {
        to: change.to,
        expectedVersion: version,
        note: `moved to ${change.to}`,
        staffEmail: "staff@example.com",
        at: change.at,
      });
      expect(result.outcome).toBe("changed");
    }
    await store.work.addNote(stored.id, {
      text: `Called ${name}`,
      staffEmail: "staff@example.com",
      at: changes.at(-1)?.at ?? new Date(),
    });
    return stored;
  }

  test("a closed enquiry is kept until its period is over, then erased with everything attached; open and reopened ones stay", async () => {
    store = await adapter.open();
    // The sweep runs 400 days from now; enquiries were received now and worked on after.
    const now = new Date(Date.now() + 400 * DAY);
    const days = 365;
    const cutoff = now.getTime() - days * DAY;
    const pastPeriod = await enquiryWith("Asha Verma", [
      { to: "Contacted", at: new Date(cutoff - 10 * DAY) },
      { to: "Fulfilled", at: new Date(cutoff - MINUTE) },
    ]);
    const spam = await enquiryWith("Spam Sender", [{ to: "Spam", at: new Date(cutoff - DAY) }]);
    const declined = await enquiryWith("Ravi Kumar", [{ to: "Declined", at: new Date(cutoff - 2 * DAY) }]);
    const justInside = await enquiryWith("Meera Shah", [{ to: "Fulfilled", at: new Date(cutoff + MINUTE) }]);
    const reopened = await enquiryWith("Kiran Rao", [
      { to: "Declined", at: new Date(cutoff - 30 * DAY) },
      { to: "Contacted", at: new Date(cutoff - 29 * DAY) },
    ]);
    const open = await enquiryWith("Dev Patel", [{ to: "Confirmed", at: new Date(cutoff - 60 * DAY) }]);
    const untouched = await store.enquiries.add(enquiry("Nisha Iyer"));

    // Notifications sent, failed and pending, with the claims a worker leaves behind.
    const claimed = await store.enquiries.claimDueNotifications({
      worker: "w",
      now: new Date(Date.now() + 1_000),
      limit: 50,
      leaseMs: 60_000,
    });
    expect(claimed.length).toBeGreaterThanOrEqual(2);
    for (const [index, notification] of claimed.entries()) {
      if (index % 2 === 0) await store.enquiries.markNotificationSent(notification.id, "w");
      else await store.enquiries.markNotificationFailed(notification.id, "w", "refused", new Date());
    }
    // A reply to one of them, and the buyer's answer: the conversation goes with the enquiry.
    await store.work.reply(pastPeriod.id, {
      subject: "Re: Your enquiry",
      text: "Sent today.",
      staffEmail: "staff@example.com",
      at: new Date(),
      messageIdDomain: "collarise.example",
    });
    await store.work.addAnswers([
      {
        enquiryId: pastPeriod.id,
        messageId: "<thanks@example.com>",
        inReplyTo: null,
        references: [],
        from: "asha.verma@example.com",
        subject: "Re: Your enquiry",
        text: "Thank you.",
        at: new Date(),
        attachments: 0,
        truncated: false,
        quoteTrimmed: false,
        verified: true,
      },
    ]);
    const erasedIds = [pastPeriod.id, spam.id, declined.id];
    const notificationsOf = new Map<string, string[]>();
    for (const id of erasedIds) {
      const record = await store.enquiryWork.get(id);
      expect(record?.history.length).toBeGreaterThanOrEqual(2);
      expect(record?.notifications).toHaveLength(2);
      notificationsOf.set(id, record?.notifications.map((notification) => notification.id) ?? []);
      expect(await adapter.remnants(id, notificationsOf.get(id) ?? [])).not.toEqual([]);
    }
    const keptBefore = new Map(
      await Promise.all(
        [justInside, reopened, open, untouched].map(
          async (stored) => [stored.id, await store.enquiryWork.get(stored.id)] as const,
        ),
      ),
    );
    await confirmedSubscriber(store, "reader@example.com");
    await store.activity.record({ actor: "owner@example.com", action: "export", target: null });

    const erased = await store.retention.eraseExpired({ now, closedEnquiryDays: days, vitalsDays: 90 });
    expect(erased).toEqual({ enquiries: 3, vitals: 0, taxRecords: 0 });

    for (const id of erasedIds) {
      expect(await store.enquiryWork.get(id)).toBeNull();
      expect(await adapter.remnants(id, notificationsOf.get(id) ?? [])).toEqual([]);
    }
    for (const [id, before] of keptBefore) {
      expect(await store.enquiryWork.get(id), id).toEqual(before);
    }
    expect((await store.enquiries.list()).map((stored) => stored.enquiry.Name).sort()).toEqual([
      "Dev Patel",
      "Kiran Rao",
      "Meera Shah",
      "Nisha Iyer",
    ]);
    expect((await store.enquiryWork.list({ limit: 10, q: "Asha" })).items).toEqual([]);
    expect((await store.enquiryWork.list({ limit: 10, q: "Meera" })).items.map((row) => row.id)).toEqual([
      justInside.id,
    ]);
    expect(await statusCounts(store.enquiryWork)).toEqual({
      New: 1,
      Contacted: 1,
      Confirmed: 1,
      Fulfilled: 1,
      Declined: 0,
      Duplicate: 0,
      Spam: 0,
    });
    expect((await store.subscribers.list()).map((subscriber) => subscriber.email)).toEqual([
      "reader@example.com",
    ]);
    expect((await store.activity.list({ limit: 10 })).items.map((entry) => entry.action)).toEqual(["export"]);

    // A second sweep at the same time finds nothing more; the one just inside goes once its period is over.
    expect(await store.retention.eraseExpired({ now, closedEnquiryDays: days, vitalsDays: 90 })).toEqual({
      enquiries: 0,
      vitals: 0,
      taxRecords: 0,
    });
    const later = new Date(now.getTime() + 2 * MINUTE);
    expect(
      await store.retention.eraseExpired({ now: later, closedEnquiryDays: days, vitalsDays: 90 }),
    ).toEqual({ enquiries: 1, vitals: 0, taxRecords: 0 });
    expect(await store.enquiryWork.get(justInside.id)).toBeNull();
    expect((await store.enquiries.list()).map((stored) => stored.enquiry.Name).sort()).toEqual([
      "Dev Patel",
      "Kiran Rao",
      "Nisha Iyer",
    ]);
  });

  test("page-speed measurements are erased by age, and a backlog larger than one batch goes in full", async () => {
    store = await adapter.open();
    const now = new Date("2026-11-23T12:00:00.000Z");
    const sample = { page: "/", metric: "LCP", value: 1200 } as const;
    await store.vitals.add(
      Array.from({ length: 1_203 }, () => sample),
      new Date(now.getTime() - 90 * DAY - MINUTE),
    );
    await store.vitals.add([{ ...sample, value: 900 }], new Date(now.getTime() - 90 * DAY + MINUTE));
    await store.vitals.add([{ ...sample, value: 800 }], new Date(now.getTime() - DAY));
    const kept = await store.enquiries.add(enquiry("Asha Verma"));

    expect(await store.retention.eraseExpired({ now, closedEnquiryDays: 1, vitalsDays: 90 })).toEqual({
      enquiries: 0,
      vitals: 1_203,
      taxRecords: 0,
    });
    expect(await store.vitals.summarize()).toEqual([{ page: "/", metric: "LCP", count: 2, p75: 900 }]);
    expect((await store.enquiries.list()).map((stored) => stored.id)).toEqual([kept.id]);
  });

  test("a backlog of closed enquiries over two batches long is erased in full, those closed at one time together", async () => {
    store = await adapter.open();
    const start = Date.now();
    // Closed 15 at a time, one minute after another: each batch's last time is shared past its end.
    const closings = 2 * ENQUIRIES_PER_BATCH + 50;
    const closedAt = (index: number) => new Date(start + Math.floor(index / 15) * MINUTE);
    for (let index = 0; index < closings; index++) {
      const stored = await store.enquiries.add(enquiry(`Buyer ${index}`));
      await store.work.changeStatus(stored.id, {
        to: index % 2 ? "Fulfilled" : "Spam",
        expectedVersion: 0,
        staffEmail: "staff@example.com",
        at: closedAt(index),
      });
    }
    const kept = await store.enquiries.add(enquiry("Asha Verma"));
    const now = new Date(closedAt(closings - 1).getTime() + 31 * DAY);
    expect(await store.retention.eraseExpired({ now, closedEnquiryDays: 30, vitalsDays: 90 })).toEqual({
      enquiries: closings,
      vitals: 0,
      taxRecords: 0,
    });
    expect((await store.enquiries.list()).map((stored) => stored.id)).toEqual([kept.id]);
  }, 180_000);
});
