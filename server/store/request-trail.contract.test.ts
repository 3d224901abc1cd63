import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Enquiry } from "../../domain/enquiry";
import type { PendingNotification, Store } from "./store";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";

/** The request that stored an enquiry, kept with the work it queued: one contract on both adapters. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<Store>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("request-trail-contract");
  return { ...sandbox, open: async () => (await sandbox.openStore()).store };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("request-trail");
  return { ...sandbox, open: async () => (await sandbox.openStore()).store };
}

const asha: Enquiry = {
  Name: "Asha Verma",
  Email: "asha.verma@example.com",
  Mobile: "9876543210",
  Quantity: 12,
  RetailerSelfUse: "Retailer",
};

const REQUEST_ID = "0b6f3c1e-5d8a-4f0e-9a3b-7c2d1e4f5a6b";
const LATER = new Date("2031-01-01T00:00:00Z");

/** What each claimed notification of `enquiryId` says of the request: `kind requestId`. */
function trail(claimed: PendingNotification[], enquiryId: string): string[] {
  return claimed
    .filter((each) => "enquiryId" in each && each.enquiryId === enquiryId)
    .map((each) => `${each.kind} ${"requestId" in each ? (each.requestId ?? "none") : "none"}`)
    .sort();
}

describe.each([sqliteAdapter(), firestoreAdapter()])(
  "the request behind an enquiry on the $name store",
  (adapter) => {
    let store: Store;
    beforeAll(() => adapter.setUp());
    afterAll(() => adapter.tearDown());
    afterEach(async () => {
      await store?.close();
    });

    test("its mails, its owner's alert and push, and its webhook deliveries each keep the request's id", async () => {
      store = await adapter.open();
      const owner = await store.staff.add({
        email: "owner-a@example.com",
        role: "member",
        passwordHash: "h",
      });
      expect(await store.team.setAlertChoice(owner.id, "all")).toBe(true);
      expect(
        await store.team.setAssignmentRule({ kind: "buyer", Retailer: owner.id, "Self Use": owner.id }),
      ).toBe(true);
      await store.push.subscribe(
        {
          staffId: owner.id,
          endpoint: "https://push.example.net/send/owner-a",
          keys: { p256dh: "p256dh-a", auth: "auth-a" },
          serverKey:
            "BJTAGo66aanabYewIm5eQlBfQJGaZ8vNrK0QHKRkCJMax41gQKys0x6j7eB-bnkGVzHG6DwBGc9RrpBUj30HrOs",
        },
        { now: new Date(), max: 3 },
      );
      await store.webhooks.addEndpoint({
        url: "https://hooks.example.com/in",
        events: ["enquiry.received"],
        now: new Date(),
      });

      const traced = await store.enquiries.add(asha, { acknowledge: true, requestId: REQUEST_ID });
      // Stored without one (a request before this was kept, or an operator's command): none is made up.
      const untraced = await store.enquiries.add({ ...asha, Name: "Ravi Kumar" }, { acknowledge: true });

      const claimed = await store.enquiries.claimDueNotifications({
        worker: "test",
        now: LATER,
        limit: 50,
        leaseMs: 60_000,
      });
      expect(trail(claimed, traced.id)).toEqual([
        `acknowledgement ${REQUEST_ID}`,
        `company ${REQUEST_ID}`,
        `member-alert ${REQUEST_ID}`,
        `push ${REQUEST_ID}`,
      ]);
      expect(trail(claimed, untraced.id)).toEqual([
        "acknowledgement none",
        "company none",
        "member-alert none",
        "push none",
      ]);

      const deliveries = await store.webhooks.claimDue({
        worker: "test",
        now: LATER,
        limit: 10,
        leaseMs: 60_000,
      });
      expect(
        deliveries.map((delivery) => `${delivery.enquiryId} ${delivery.requestId ?? "none"}`).sort(),
      ).toEqual([`${traced.id} ${REQUEST_ID}`, `${untraced.id} none`].sort());
    });

    test("an enquiry a member hands on keeps the request's id on the new owner's alert and push", async () => {
      store = await adapter.open();
      const [giver, taker] = await Promise.all(
        ["giver-b@example.com", "taker-b@example.com"].map((email) =>
          store.staff.add({ email, role: "member", passwordHash: "h" }),
        ),
      );
      await store.push.subscribe(
        {
          staffId: taker!.id,
          endpoint: "https://push.example.net/send/taker-b",
          keys: { p256dh: "p256dh-b", auth: "auth-b" },
          serverKey:
            "BJTAGo66aanabYewIm5eQlBfQJGaZ8vNrK0QHKRkCJMax41gQKys0x6j7eB-bnkGVzHG6DwBGc9RrpBUj30HrOs",
        },
        { now: new Date(), max: 3 },
      );
      expect(await store.team.setAssignmentRule({ kind: "none" })).toBe(true);
      const stored = await store.enquiries.add({ ...asha, Name: "Meera Iyer" }, { acknowledge: false });

      expect(
        await store.work.setOwner(stored.id, {
          ownerId: taker!.id,
          expectedOwnerId: null,
          actorId: giver!.id,
          staffEmail: giver!.email,
          requestId: REQUEST_ID,
          at: new Date(),
        }),
      ).toBe("changed");

      const claimed = await store.enquiries.claimDueNotifications({
        worker: "test",
        now: LATER,
        limit: 50,
        leaseMs: 60_000,
      });
      expect(trail(claimed, stored.id)).toEqual([
        "company none",
        `member-alert ${REQUEST_ID}`,
        `push ${REQUEST_ID}`,
      ]);
    });

    test("a reply sent from the console queues its mail with the request's id", async () => {
      store = await adapter.open();
      const stored = await store.enquiries.add(asha);
      const reply = (requestId?: string) =>
        store.work.reply(stored.id, {
          subject: "Re: Your enquiry",
          text: "The price for your quantity is below.",
          staffEmail: "owner-a@example.com",
          at: new Date(),
          messageIdDomain: "collarise.example",
          ...(requestId ? { requestId } : {}),
        });
      expect(await reply(REQUEST_ID)).not.toBeNull();
      // Sent without one (an operator's command): none is made up.
      expect(await reply()).not.toBeNull();

      const claimed = await store.enquiries.claimDueNotifications({
        worker: "test",
        now: LATER,
        limit: 50,
        leaseMs: 60_000,
      });
      const replies = claimed.filter((each) => each.kind === "reply");
      expect(trail(replies, stored.id)).toEqual([`reply ${REQUEST_ID}`, "reply none"]);
    });
  },
);
