import Database from "better-sqlite3";
import { whatsappConsentWording } from "../../domain/whatsapp-consent";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { Enquiry } from "../../domain/enquiry";
import { enquiryReference } from "../../domain/console";
import { checkPersonQuery, type PersonQuery } from "../../domain/personal-data";
import type { DealFigures } from "../../domain/deal";
import type { Store, StoredEnquiry } from "./store";
import { confirmedSubscriber } from "../../tests/support/subscribers";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";

/**
 * Every row or document the store holds, one line each (its table or path, then its content),
 * read behind the store's back: what a test checks, not what the site needs. On Firestore,
 * `parents` names notifications and enquiries whose subcollections must be read even when the
 * parent document is gone (the emulator cannot list collections).
 */
type Dump = (parents: { notifications: string[]; enquiries: string[] }) => Promise<string[]>;

interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<{ store: Store; dump: Dump; close(): Promise<void> }>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("personal-data-contract");
  return {
    ...sandbox,
    async open() {
      const { store, path } = await sandbox.openStore();
      const dump: Dump = async () => {
        const db = new Database(path, { readonly: true, fileMustExist: true });
        try {
          const tables = [
            `"${ENQUIRY_COLLECTION}"`,
            "notifications",
            "enquiry_work",
            "enquiry_history",
            "enquiry_messages",
            "subscribers",
            "activity",
            "enquiry_deals",
            "enquiry_buyers",
          ];
          const lines = tables.flatMap((table) =>
            db
              .prepare(`SELECT * FROM ${table}`)
              .all()
              .map((row) => `${table} ${JSON.stringify(row)}`),
          );
          for (const row of db.prepare(`SELECT enquiry_id, text FROM enquiry_search`).all()) {
            lines.push(`enquiry_search ${JSON.stringify(row)}`);
          }
          return lines.sort();
        } finally {
          db.close();
        }
      };
      return { store, dump, close: () => store.close() };
    },
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("personal-data");
  return {
    ...sandbox,
    async open() {
      const { store, projectId } = await sandbox.openStore();
      const app = initializeApp({ projectId }, `probe-${projectId}`);
      const db = getFirestore(app);
      const dump: Dump = async (parents) => {
        const lines: string[] = [];
        const read = async (path: string) => {
          for (const doc of (await db.collection(path).get()).docs) {
            lines.push(`${doc.ref.path} ${JSON.stringify(doc.data())}`);
          }
        };
        for (const path of [
          ENQUIRY_COLLECTION,
          "notifications",
          "enquiryWork",
          "enquiryMessages",
          "enquiryDeals",
          "subscribers",
          "activity",
        ]) {
          await read(path);
        }
        const notificationIds = new Set([
          ...parents.notifications,
          ...(await db.collection("notifications").get()).docs.map((doc) => doc.id),
        ]);
        const enquiryIds = new Set([
          ...parents.enquiries,
          ...(await db.collection(ENQUIRY_COLLECTION).get()).docs.map((doc) => doc.id),
        ]);
        for (const id of notificationIds) await read(`notifications/${id}/claims`);
        for (const id of enquiryIds) {
          await read(`enquiryWork/${id}/history`);
          await read(`enquiryWork/${id}/versions`);
          await read(`enquiryDeals/${id}/versions`);
        }
        return lines.sort();
      };
      return {
        store,
        dump,
        async close() {
          await deleteApp(app);
          await store.close();
        },
      };
    },
  };
}

const asha = (overrides: Partial<Enquiry> = {}): Enquiry => ({
  Name: "Asha Verma",
  Email: "asha@example.com",
  Mobile: "9876543210",
  Quantity: 3,
  RetailerSelfUse: "Self Use",
  ...overrides,
});
const ravi: Enquiry = {
  Name: "Ravi Kumar",
  Email: "ravi@example.in",
  Mobile: "9876543211",
  Quantity: 24,
  RetailerSelfUse: "Retailer",
};
/** Her address holds Asha's whole address: a substring search alone would take it for hers. */
const masha: Enquiry = {
  Name: "Masha Rao",
  Email: "masha@example.com",
  Mobile: "9988776655",
  Quantity: 1,
  RetailerSelfUse: "Self Use",
};

const ashaDeal: DealFigures = {
  quantity: 3,
  valueRupees: 2_970,
  city: "Jaipur",
  pinCode: "302001",
  gstin: null,
};
const raviDeal: DealFigures = {
  quantity: 24,
  valueRupees: 21_600,
  city: "Mumbai",
  pinCode: "400001",
  gstin: "27AAACR5055K1Z7",
};

function query(input: { email?: string; mobile?: string }): PersonQuery {
  const checked = checkPersonQuery(input);
  if (!checked.ok) throw new Error(checked.error);
  return checked.query;
}

const HOUR = 3_600_000;

/** Oldest first, as the store lists a person's enquiries (two may share a millisecond). */
function oldestFirst(...stored: StoredEnquiry[]): StoredEnquiry[] {
  return stored.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id));
}

describe.each([sqliteAdapter(), firestoreAdapter()])("a person's data on the $name store", (adapter) => {
  let opened: Awaited<ReturnType<Adapter["open"]>> | undefined;

  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  /**
   * Asha: two enquiries (the second with her address in another case and with spaces, from
   * another mobile), one worked by staff, her mails, one of them failing, and her subscription.
   * Ravi and Masha: an enquiry and a subscription each, Ravi's with a note.
   */
  async function seed() {
    opened = await adapter.open();
    const { store } = opened;
    const first = await store.enquiries.add(asha(), {
      acknowledge: true,
      whatsappConsent: true,
      language: "hi",
    });
    const second = await store.enquiries.add(asha({ Email: " Asha@Example.COM ", Mobile: "9123456780" }));
    const other = await store.enquiries.add(ravi, { acknowledge: true });
    const similar = await store.enquiries.add(masha);
    const at = new Date();
    await store.work.changeStatus(first.id, {
      to: "Contacted",
      expectedVersion: 0,
      note: "Called her back",
      staffEmail: "staff@example.com",
      at,
    });
    await store.work.addNote(other.id, {
      text: "Wants a box of 24",
      staffEmail: "staff@example.com",
      at,
    });
    // The deal's figures, a moment later: hers go with her, Ravi's stay.
    const later = new Date(at.getTime() + 1_000);
    await store.work.recordDeal(first.id, {
      expectedVersion: 0,
      figures: ashaDeal,
      staffEmail: "staff@example.com",
      at: later,
    });
    await store.work.recordDeal(other.id, {
      expectedVersion: 0,
      figures: raviDeal,
      staffEmail: "staff@example.com",
      at: later,
    });
    // Every mail is claimed; Asha's second enquiry's company mail fails once, the rest are sent
    // but her first enquiry's acknowledgement, which stays with its worker.
    const claimed = await store.enquiries.claimDueNotifications({
      worker: "w",
      now: new Date(Date.now() + 1_000),
      limit: 10,
      leaseMs: HOUR,
    });
    expect(claimed).toHaveLength(6);
    for (const notification of claimed) {
      if (!("enquiryId" in notification)) throw new Error("only the enquiries' mails are due yet");
      if (notification.enquiryId === second.id) {
        await store.enquiries.markNotificationFailed(
          notification.id,
          "w",
          "421 try again later",
          new Date(Date.now() + HOUR),
        );
      } else if (notification.enquiryId !== first.id || notification.kind !== "acknowledgement") {
        await store.enquiries.markNotificationSent(notification.id, "w");
      }
    }
    const ashas = claimed.filter(
      (n) => "enquiryId" in n && (n.enquiryId === first.id || n.enquiryId === second.id),
    );
    // Subscribed, each with the welcome mail waiting in the outbox.
    const ashaSubscriber = await confirmedSubscriber(store, "asha@example.com");
    await confirmedSubscriber(store, "ravi@example.in");
    await confirmedSubscriber(store, "masha@example.com");
    return {
      store,
      first,
      second,
      other,
      similar,
      ashaNotifications: ashas.map((n) => n.id),
      ashaSubscriber,
    };
  }

  test("shows a person's data by e-mail in any case, and by mobile, and nobody else's", async () => {
    const { store, first, second } = await seed();

    const byEmail = await store.personalData.find(query({ email: "  ASHA@example.com " }));
    expect(byEmail.query).toEqual({ email: "asha@example.com" });
    expect(byEmail.enquiries.map((each) => each.id)).toEqual(
      oldestFirst(first, second).map((each) => each.id),
    );
    const [firstShown, secondShown] = [first, second].map((stored) =>
      byEmail.enquiries.find((each) => each.id === stored.id),
    );
    expect(firstShown).toMatchObject({
      enquiry: asha(),
      status: "Contacted",
      history: [
        {
          kind: "status",
          from: "New",
          to: "Contacted",
          text: "Called her back",
          staffEmail: "staff@example.com",
        },
        { kind: "deal", text: "Deal: 3 sachets, ₹ 2,970, Jaipur 302001", staffEmail: "staff@example.com" },
      ],
      deal: ashaDeal,
      lostReason: null,
      // The consent she ticked on the form, as she gave it.
      whatsappConsent: { at: first.receivedAt, wording: whatsappConsentWording.hi, language: "hi" },
    });
    expect(secondShown).toMatchObject({
      enquiry: { Email: " Asha@Example.COM ", Mobile: "9123456780" },
      status: "New",
      history: [],
      deal: null,
      lostReason: null,
      whatsappConsent: null,
    });
    expect(byEmail.subscriptions.map((each) => each.email)).toEqual(["asha@example.com"]);
    // Sent mails are not waiting: the acknowledgement still claimed, and the failing one.
    expect(
      byEmail.pendingMails.map(({ enquiryId, kind, attempts, lastError }) => ({
        enquiryId,
        kind,
        attempts,
        lastError,
      })),
    ).toEqual([
      { enquiryId: first.id, kind: "acknowledgement", attempts: 0, lastError: null },
      { enquiryId: null, kind: "newsletter-welcome", attempts: 0, lastError: null },
      { enquiryId: second.id, kind: "company", attempts: 1, lastError: "421 try again later" },
    ]);
    expect(byEmail.subscriptions).toEqual([
      expect.objectContaining({ email: "asha@example.com", status: "confirmed" }),
    ]);
    expect(JSON.parse(JSON.stringify(byEmail))).toEqual(byEmail);
    const text = JSON.stringify(byEmail);
    for (const stranger of ["Ravi", "ravi@example.in", "Masha", "masha@", "9876543211", "Wants a box"]) {
      expect(text).not.toContain(stranger);
    }

    // By mobile: that number's enquiry; no subscription, since a number proves no address.
    const byMobile = await store.personalData.find(query({ mobile: " 9876543210" }));
    expect(byMobile.enquiries.map((each) => each.id)).toEqual([first.id]);
    expect(byMobile.subscriptions).toEqual([]);
    expect(byMobile.pendingMails.map((mail) => mail.kind)).toEqual(["acknowledgement"]);
    const other = await store.personalData.find(query({ mobile: "9123456780" }));
    expect(other.enquiries.map((each) => each.id)).toEqual([second.id]);
    expect(other.subscriptions).toEqual([]);

    expect(await store.personalData.find(query({ email: "nobody@example.com" }))).toEqual({
      query: { email: "nobody@example.com" },
      enquiries: [],
      subscriptions: [],
      pendingMails: [],
    });
  });

  test("erasing by e-mail removes all of it in one go and nothing of anyone else; the log names no one", async () => {
    const { store, first, second, other, similar, ashaNotifications, ashaSubscriber } = await seed();
    // A reply to her and her answer, and a reply to Ravi, which stays.
    const reply = (enquiryId: string) =>
      store.work.reply(enquiryId, {
        subject: "Re: Your enquiry",
        text: "The price is ₹1,200.",
        staffEmail: "staff@example.com",
        at: new Date(),
        messageIdDomain: "collarise.example",
      });
    await reply(first.id);
    await reply(other.id);
    expect(
      await store.work.addAnswers([
        {
          enquiryId: first.id,
          messageId: "<her-answer@example.com>",
          inReplyTo: null,
          references: [],
          from: "asha@example.com",
          subject: "Re: Your enquiry",
          text: "Please send 3.",
          at: new Date(),
          attachments: 0,
          truncated: false,
          quoteTrimmed: false,
          verified: true,
        },
      ]),
    ).toEqual(["added"]);
    expect(
      (await store.personalData.find(query({ email: "asha@example.com" }))).enquiries[0]?.conversation,
    ).toEqual([
      expect.objectContaining({ direction: "out", text: "The price is ₹1,200." }),
      expect.objectContaining({ direction: "in", text: "Please send 3.", from: "asha@example.com" }),
    ]);
    const mails = await store.personalData.find(query({ email: "asha@example.com" }));
    const parents = {
      notifications: [
        ...ashaNotifications,
        ...mails.pendingMails.filter((mail) => mail.kind === "reply").map((mail) => mail.id),
      ],
      enquiries: [first.id, second.id],
    };
    // A search brings the inbox's search index up to date (SQLite indexes new enquiries when searched).
    await store.enquiryWork.list({ q: "nobody", limit: 1 });
    // And every enquiry given its buyer keys (SQLite gives them at the first read after it).
    await store.buyers.backfillKeys();
    const before = await opened!.dump(parents);
    const hers = (line: string) =>
      /asha@example\.com|9876543210|9123456780|Asha Verma/i.test(line.replace(/masha@example\.com/g, "")) ||
      [...parents.notifications, ...parents.enquiries, ashaSubscriber].some((id) => line.includes(id));
    expect(before.filter(hers).length).toBeGreaterThan(8);

    const at = new Date(Date.UTC(2026, 10, 23, 10, 0));
    const erased = await store.personalData.erase(query({ email: "Asha@Example.com" }), {
      actor: "owner@example.com",
      at,
    });
    expect(erased).toEqual({
      erased: true,
      at: at.toISOString(),
      enquiries: oldestFirst(first, second).map(({ id }) => ({
        id,
        reference: enquiryReference(id),
      })),
      // Her three enquiry mails, the reply to her, and the newsletter's welcome to her; the
      // reply and her answer; the status change, the reply's contact and her deal's line; her deal.
      counts: {
        enquiries: 2,
        notifications: 5,
        workRecords: 2,
        historyEntries: 3,
        messages: 2,
        subscriptions: 1,
        deals: 1,
        documents: 0,
        taxRecordsKept: 0,
      },
      kept: [],
    });

    const after = await opened!.dump(parents);
    expect(after.filter(hers)).toEqual([]);
    const isActivity = (line: string) => /^(activity[ /])/.test(line);
    // Everyone else's rows are exactly as they were.
    expect(after.filter((line) => !isActivity(line))).toEqual(
      before.filter((line) => !hers(line) && !isActivity(line)),
    );
    expect(after.some((line) => line.includes(other.id) && line.includes("Wants a box"))).toBe(true);
    expect(after.some((line) => line.includes(other.id) && line.includes("27AAACR5055K1Z7"))).toBe(true);
    expect(await store.deals.get(other.id)).toMatchObject({ deal: { version: 1, ...raviDeal } });
    expect(after.some((line) => line.includes(similar.id))).toBe(true);

    const { items } = await store.activity.list({ limit: 10 });
    expect(items).toEqual([
      {
        id: expect.any(String),
        at: at.toISOString(),
        actor: "owner@example.com",
        action: "personal-data-erased",
        target:
          "2 enquiries, 5 mails, 2 statuses, 3 history entries, 2 conversation messages, 1 subscriptions, 1 deals, 0 quotations and pro-formas, 0 tax invoices and credit notes kept",
      },
    ]);
    expect(await store.enquiryWork.get(first.id)).toBeNull();
    expect((await store.subscribers.list()).map((each) => each.email).sort()).toEqual([
      "masha@example.com",
      "ravi@example.in",
    ]);
    expect(await store.personalData.find(query({ email: "asha@example.com" }))).toMatchObject({
      enquiries: [],
      subscriptions: [],
      pendingMails: [],
    });
    // The inbox's search no longer finds her.
    expect((await store.enquiryWork.list({ q: "asha", limit: 10 })).items.map((row) => row.id)).toEqual([
      similar.id,
    ]);
  });

  test("erasing by mobile takes that number's enquiries, not her other number's nor the subscription of their address", async () => {
    const { store, first, second } = await seed();
    const erased = await store.personalData.erase(query({ mobile: "9876543210" }), { actor: null });
    expect(erased.enquiries.map((each) => each.id)).toEqual([first.id]);
    expect(erased.counts).toEqual({
      enquiries: 1,
      notifications: 2,
      workRecords: 1,
      historyEntries: 2,
      messages: 0,
      subscriptions: 0,
      deals: 1,
      documents: 0,
      taxRecordsKept: 0,
    });
    expect((await store.enquiries.list()).map((each) => each.id)).toContain(second.id);
    expect((await store.subscribers.list()).map((each) => each.email)).toContain("asha@example.com");
    const [entry] = (await store.activity.list({ limit: 1 })).items;
    expect(entry).toMatchObject({ actor: null, action: "personal-data-erased" });
    expect(JSON.stringify(entry)).not.toMatch(/9876543210|asha/i);
  });

  test("a stranger who typed her address beside his own mobile can neither see nor erase her subscription by that mobile; she can by her e-mail", async () => {
    opened = await adapter.open();
    const { store } = opened;
    const victim = await confirmedSubscriber(store, "asha@example.com");
    // His enquiry, with her address and his own number: all a request by mobile proves is the number.
    const his = await store.enquiries.add(asha({ Name: "Vikram", Mobile: "9000000001" }));

    const shown = await store.personalData.find(query({ mobile: "9000000001" }));
    expect(shown.enquiries.map((each) => each.id)).toEqual([his.id]);
    expect(shown.subscriptions).toEqual([]);
    expect(shown.pendingMails.filter((mail) => mail.subscriberId !== null)).toEqual([]);

    const erased = await store.personalData.erase(query({ mobile: "9000000001" }), { actor: null });
    expect(erased.counts).toMatchObject({ enquiries: 1, subscriptions: 0 });
    expect(await store.subscribers.list()).toEqual([
      expect.objectContaining({ id: victim, email: "asha@example.com" }),
    ]);

    // Asked by her e-mail, her subscription is still shown and erased.
    const hers = await store.personalData.find(query({ email: "Asha@Example.com" }));
    expect(hers.subscriptions).toEqual([
      expect.objectContaining({ id: victim, email: "asha@example.com", status: "confirmed" }),
    ]);
    const erasedByEmail = await store.personalData.erase(query({ email: "asha@example.com" }), {
      actor: null,
    });
    expect(erasedByEmail.counts).toMatchObject({ subscriptions: 1 });
    expect(await store.subscribers.list()).toEqual([]);
  });

  test("an erasure while a mail of the person is being sent: marking it sent or failed brings nothing back", async () => {
    opened = await adapter.open();
    const { store } = opened;
    const stored = await store.enquiries.add(asha(), { acknowledge: true });
    const bystander = await store.enquiries.add(ravi);
    // She has also asked for the newsletter: its confirmation mail is being sent too.
    await store.subscribers.request("asha@example.com", { now: new Date(), resendAfterMs: HOUR });
    const now = new Date(Date.now() + 1_000);
    const claimed = await store.enquiries.claimDueNotifications({
      worker: "w",
      now,
      limit: 10,
      leaseMs: HOUR,
    });
    const [company, acknowledgement] = claimed.filter(
      (notification) => "enquiryId" in notification && notification.enquiryId === stored.id,
    );
    const confirmation = claimed.find((notification) => notification.kind === "newsletter-confirmation");
    expect(company && acknowledgement && confirmation).toBeTruthy();
    const parents = {
      notifications: [company!.id, acknowledgement!.id, confirmation!.id],
      enquiries: [stored.id],
    };

    const erased = await store.personalData.erase(query({ email: "asha@example.com" }), { actor: null });
    expect(erased.counts).toMatchObject({ notifications: 3, subscriptions: 1 });

    // The worker finishes its sends: two delivered, one failed.
    await store.enquiries.markNotificationSent(company!.id, "w");
    await store.enquiries.markNotificationSent(confirmation!.id, "w");
    await store.enquiries.markNotificationFailed(acknowledgement!.id, "w", "timeout", now);

    const after = await opened.dump(parents);
    expect(
      after.filter(
        (line) => /asha|9876543210/i.test(line) || parents.notifications.some((id) => line.includes(id)),
      ),
    ).toEqual([]);
    // Neither is claimed again, even once every lease has run out; the bystander's mail still is.
    const later = await store.enquiries.claimDueNotifications({
      worker: "w2",
      now: new Date(Date.now() + 2 * HOUR),
      limit: 10,
      leaseMs: HOUR,
    });
    expect(
      later.map((notification) => ("enquiryId" in notification ? notification.enquiryId : null)),
    ).toEqual([bystander.id]);
  });

  test("by e-mail, every enquiry to that mailbox however its address was written goes, with its deal and buyer keys; another mailbox's stays", async () => {
    opened = await adapter.open();
    const { store } = opened;
    const gmail = (Email: string, Mobile: string) =>
      store.enquiries.add({ Name: "Neha Joshi", Email, Mobile, Quantity: 6, RetailerSelfUse: "Retailer" });
    const plain = await gmail("nehajoshi@gmail.com", "9811100001");
    const dotted = await gmail("Neha.Joshi+diwali@googlemail.com", "9811100002");
    const tagged = await gmail("nehajoshi+orders@gmail.com", "9811100003");
    // Not her mailbox: dots count outside Gmail, and another Gmail user.
    const elsewhere = await gmail("neha.joshi@example.in", "9811100004");
    const stranger = await gmail("nehajoshi1@gmail.com", "9811100005");
    await store.work.recordDeal(dotted.id, {
      expectedVersion: 0,
      figures: { ...ashaDeal, quantity: 6, valueRupees: 5_400 },
      staffEmail: "staff@example.com",
      at: new Date(),
    });
    const parents = { notifications: [], enquiries: [plain.id, dotted.id, tagged.id] };
    // Every enquiry given its buyer keys first (SQLite gives them at the first read after it).
    await store.buyers.backfillKeys();
    const before = await opened.dump(parents);
    const hers = (line: string) => parents.enquiries.some((id) => line.includes(id));
    // Her enquiries, their work, history, deal and buyer keys (two a piece on SQLite).
    expect(before.filter(hers).length).toBeGreaterThanOrEqual(3);

    const shown = await store.personalData.find(query({ email: "NEHAJOSHI@gmail.com" }));
    expect(shown.enquiries.map((each) => each.id).sort()).toEqual([plain.id, dotted.id, tagged.id].sort());
    const erased = await store.personalData.erase(query({ email: "neha.joshi@gmail.com" }), { actor: null });
    expect(erased.counts).toMatchObject({ enquiries: 3, deals: 1 });

    const after = await opened.dump(parents);
    expect(after.filter(hers)).toEqual([]);
    expect(after.filter((line) => !/^activity[ /]/.test(line))).toEqual(
      before.filter((line) => !hers(line) && !/^activity[ /]/.test(line)),
    );
    expect((await store.enquiries.list()).map((each) => each.id).sort()).toEqual(
      [elsewhere.id, stranger.id].sort(),
    );
    expect(await store.deals.get(dotted.id)).toBeNull();
  });

  test("erasing someone of whom nothing is held changes nothing and says so", async () => {
    const { store } = await seed();
    const parents = { notifications: [], enquiries: [] };
    // A search brings the inbox's search index up to date (SQLite indexes new enquiries when searched).
    await store.enquiryWork.list({ q: "nobody", limit: 1 });
    // And every enquiry given its buyer keys (SQLite gives them at the first read after it).
    await store.buyers.backfillKeys();
    const before = await opened!.dump(parents);
    for (const request of [{ email: "nobody@example.com" }, { mobile: "9000000000" }]) {
      const erased = await store.personalData.erase(query(request), { actor: "owner@example.com" });
      expect(erased).toMatchObject({
        erased: false,
        enquiries: [],
        counts: {
          enquiries: 0,
          notifications: 0,
          workRecords: 0,
          historyEntries: 0,
          messages: 0,
          subscriptions: 0,
          deals: 0,
          documents: 0,
          taxRecordsKept: 0,
        },
        kept: [],
      });
    }
    expect(await opened!.dump(parents)).toEqual(before);
  });
});
