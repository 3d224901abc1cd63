import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { digestEnquiryIds, digestReads, planDigest, refusalsFor } from "../lifecycle/digest";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { nextWorkingDayAtReceivedHour } from "../../domain/due-rule";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { listView } from "../../tests/support/inbox-views";
import type { PendingNotification, Store } from "./store";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

/**
 * The enquiry's life as a working week showed it must be (server/lifecycle/plan.ts), held on both
 * stores: each adapter must read and write faithfully what the one plan decides.
 */
describe.each([sqliteSandbox("lifecycle-contract"), firestoreSandbox("lifecycle")])(
  "an enquiry's life on the $name store",
  (sandbox) => {
    const opened: Store[] = [];
    beforeAll(() => sandbox.setUp());
    afterAll(() => sandbox.tearDown());
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    async function open() {
      const { store } = await sandbox.openStore();
      opened.push(store);
      const [priya, aman, owner] = await Promise.all(
        ["priya@example.com", "aman@example.com", "owner@example.com"].map((email) =>
          store.staff.add({ email, role: email.startsWith("owner") ? "owner" : "member", passwordHash: "h" }),
        ),
      );
      await store.team.setAlertChoice(owner!.id, "none");
      await store.team.setAlertChoice(aman!.id, "none");
      return { store, priya: priya!, aman: aman!, owner: owner! };
    }

    /** Every notification waiting, claimed at once (then out of the way). */
    const claimAll = (store: Store): Promise<PendingNotification[]> =>
      store.enquiries.claimDueNotifications({
        worker: "test",
        now: new Date("2099-01-01T00:00:00Z"),
        limit: 500,
        leaseMs: 60_000,
      });

    /** A moment after the enquiry's first-contact target, and the end of that IST day. */
    async function pastTarget(store: Store, id: string) {
      const target = (await store.team.fieldsOf([id])).get(id)?.firstContactDueAt;
      if (!target) throw new Error("no first-contact target");
      const now = new Date(Date.parse(target) + 60_000);
      return { now, dayEnd: new Date(now.getTime() + 3_600_000) };
    }

    test("an enquiry handed on untouched stays late for its new owner, in Overdue and their digest, and they hear of it", async () => {
      const { store, priya, owner } = await open();
      const stored = await store.enquiries.add(anEnquiry({ RetailerSelfUse: "Retailer", Quantity: 60 }));
      await store.work.setOwner(stored.id, {
        ownerId: owner.id,
        staffEmail: "owner@example.com",
        at: new Date(),
      });
      await claimAll(store);
      expect(
        await store.work.setOwner(stored.id, {
          ownerId: priya.id,
          expectedOwnerId: owner.id,
          actorId: owner.id,
          staffEmail: "owner@example.com",
          at: new Date(),
        }),
      ).toBe("changed");

      const { now, dayEnd } = await pastTarget(store, stored.id);
      const fields = (await store.team.fieldsOf([stored.id])).get(stored.id);
      expect(fields).toMatchObject({ ownerId: priya.id, touched: false });
      const overdue = await listView(store, {
        view: "overdue",
        staffId: priya.id,
        now,
        dayEnd,
        limit: 10,
      });
      expect(overdue.items.map((row) => row.id)).toEqual([stored.id]);
      expect((await store.team.viewCounts({ staffId: priya.id, now, dayEnd })).overdue).toBe(1);
      const digest = planDigest(
        await store.team.digestParts(digestReads({ staffId: priya.id, now, dayEnd })),
        {
          now,
          dayEnd,
          day: "today",
          staffId: priya.id,
        },
      );
      expect(digest.overdue.items.map((item) => [item.id, item.notContacted])).toEqual([[stored.id, true]]);
      expect(digest.team).toEqual({ overdue: 1, dueToday: 0 });

      const alerts = (await claimAll(store)).filter((each) => each.kind === "member-alert");
      expect(alerts.map((each) => [each.to, "handedOnBy" in each ? each.handedOnBy : undefined])).toEqual([
        ["priya@example.com", "owner@example.com"],
      ]);
      const owners = (await store.enquiryWork.get(stored.id))?.history.filter(
        (entry) => entry.kind === "owner",
      );
      expect(owners?.map((entry) => [entry.staffEmail, entry.fromOwner ?? null, entry.text])).toEqual([
        ["owner@example.com", null, "owner@example.com"],
        ["owner@example.com", "owner@example.com", "priya@example.com"],
      ]);
    });

    test("a call started from the console ends the lateness, is recorded with its channel, moves New to Contacted and is due again by the rule", async () => {
      const { store, priya } = await open();
      const stored = await store.enquiries.add(anEnquiry());
      await pastTarget(store, stored.id);
      const at = new Date();
      expect(
        await store.work.recordContact(stored.id, {
          channel: "whatsapp",
          staffEmail: "priya@example.com",
          at,
        }),
      ).toBe(true);
      const byRule = nextWorkingDayAtReceivedHour({
        receivedAt: new Date(stored.receivedAt),
        at,
        hours: DEFAULT_HOURS,
      }).toISOString();
      expect((await store.team.fieldsOf([stored.id])).get(stored.id)).toMatchObject({
        touched: true,
        dueAt: byRule,
        followUpAt: byRule,
        firstContactDueAt: null,
      });
      // Late no more for its first contact: overdue only once the rule's time has come.
      const overdueAt = async (now: Date) =>
        (await store.team.viewCounts({ staffId: priya.id, now, dayEnd: new Date(now.getTime() + 3_600_000) }))
          .overdue;
      expect(await overdueAt(new Date(Date.parse(byRule) - 60_000))).toBe(0);
      expect(await overdueAt(new Date(Date.parse(byRule) + 60_000))).toBe(1);
      const record = await store.enquiryWork.get(stored.id);
      expect([record?.status, record?.version]).toEqual(["Contacted", 1]);
      expect(record?.history.map((entry) => [entry.kind, entry.to ?? entry.text])).toEqual([
        ["contact", "whatsapp"],
        ["status", "Contacted"],
      ]);
      expect(
        await store.work.recordContact("missing", {
          channel: "call",
          staffEmail: "x",
          at: new Date(),
        }),
      ).toBe(false);
    });

    test("a listed row says whether the buyer was contacted, as the enquiry's fields do: a note or an answered call is contact, handing on, a follow-up or a busy line is not", async () => {
      const { store, priya } = await open();
      const at = new Date();
      const add = async () => (await store.enquiries.add(anEnquiry())).id;
      const [untouched, handedOn, busy, noted, called] = [
        await add(),
        await add(),
        await add(),
        await add(),
        await add(),
      ];
      await store.work.setOwner(handedOn!, { ownerId: priya.id, staffEmail: "owner@example.com", at });
      await store.work.setFollowUp(handedOn!, {
        followUpAt: new Date(at.getTime() + 3_600_000),
        nextStep: "Call back",
        staffEmail: "priya@example.com",
        at,
      });
      await store.work.recordContact(busy!, {
        channel: "call",
        outcome: "busy",
        staffEmail: "priya@example.com",
        at,
      });
      await store.work.addNote(noted!, { text: "Spoke to the buyer", staffEmail: "priya@example.com", at });
      await store.work.recordContact(called!, { channel: "call", staffEmail: "priya@example.com", at });

      const ids = [untouched!, handedOn!, busy!, noted!, called!];
      const listed = (await store.enquiryWork.list({ sort: "received", cursor: null, limit: 10 })).items;
      const fields = await store.team.fieldsOf(ids);
      expect(
        ids.map((id) => [listed.find((row) => row.id === id)?.touched, fields.get(id)?.touched]),
      ).toEqual([
        [false, false],
        [false, false],
        [false, false],
        [true, true],
        [true, true],
      ]);
      // Waiting on us: those nobody contacted yet.
      const now = new Date(at.getTime() + 60_000);
      const waiting = await listView(store, {
        view: "waiting",
        staffId: priya.id,
        now,
        dayEnd: new Date(now.getTime() + 3_600_000),
        limit: 10,
      });
      expect(waiting.items.map((row) => row.id).sort()).toEqual([untouched, handedOn, busy].sort());
    });

    test("taking an enquiry a colleague took meanwhile is refused with who owns it now, and changes nothing", async () => {
      const { store, priya, aman } = await open();
      const stored = await store.enquiries.add(anEnquiry());
      // Both loaded the page while nobody owned it; Priya takes it first.
      await store.work.setOwner(stored.id, {
        ownerId: priya.id,
        expectedOwnerId: null,
        actorId: priya.id,
        staffEmail: "priya@example.com",
        at: new Date(),
      });
      expect(
        await store.work.setOwner(stored.id, {
          ownerId: aman.id,
          expectedOwnerId: null,
          actorId: aman.id,
          staffEmail: "aman@example.com",
          at: new Date(),
        }),
      ).toEqual({ ownerChanged: { currentOwnerId: priya.id } });
      expect((await store.team.fieldsOf([stored.id])).get(stored.id)?.ownerId).toBe(priya.id);
      const owners = (await store.enquiryWork.get(stored.id))?.history.filter(
        (entry) => entry.kind === "owner",
      );
      expect(owners).toHaveLength(1);
    });

    test("spam is never work: in no view, no count and not in All, whether filed on arrival or by hand", async () => {
      const { store, priya } = await open();
      await store.team.setAssignmentRule({ kind: "turns", members: [priya.id] });
      const filed = await store.enquiries.add(anEnquiry(), {
        screening: { score: 9, reasons: ["link-in-name"], spam: true },
      });
      const byHand = await store.enquiries.add(anEnquiry());
      const genuine = await store.enquiries.add(anEnquiry());
      expect((await store.team.fieldsOf([byHand.id])).get(byHand.id)?.ownerId).toBe(priya.id);
      const changed = await store.work.changeStatus(byHand.id, {
        to: "Spam",
        expectedVersion: 0,
        staffEmail: "priya@example.com",
        at: new Date(),
      });
      expect(changed.outcome).toBe("changed");
      await store.work.setOwner(genuine.id, {
        ownerId: null,
        expectedOwnerId: priya.id,
        staffEmail: "priya@example.com",
        at: new Date(),
      });

      const { now, dayEnd } = await pastTarget(store, genuine.id);
      const ids = async (view: "mine" | "unassigned" | "due-today" | "overdue") =>
        (await listView(store, { view, staffId: priya.id, now, dayEnd, limit: 10 })).items.map(
          (row) => row.id,
        );
      expect(await ids("mine")).toEqual([]);
      expect(await ids("unassigned")).toEqual([genuine.id]);
      expect(await ids("overdue")).toEqual([genuine.id]);
      expect(await store.team.viewCounts({ staffId: priya.id, now, dayEnd })).toEqual({
        mine: 0,
        unassigned: 1,
        dueToday: 0,
        overdue: 1,
        waiting: 1,
      });
      const all = await store.enquiryWork.list({ limit: 10 });
      expect(all.items.map((row) => row.id)).toEqual([genuine.id]);
      const spam = await store.enquiryWork.list({ status: "Spam", limit: 10 });
      expect(spam.items.map((row) => row.id).sort()).toEqual([filed.id, byHand.id].sort());
      const digest = planDigest(
        await store.team.digestParts(digestReads({ staffId: priya.id, now, dayEnd })),
        {
          now,
          dayEnd,
          day: "today",
          staffId: priya.id,
        },
      );
      expect(
        [digest.overdue, digest.dueToday, digest.unownedOverdue, digest.unownedDueToday].flatMap((section) =>
          section.items.map((item) => item.id),
        ),
      ).toEqual([genuine.id]);

      // Not spam gives the hand-filed one back to the owner it had.
      const released = await store.work.releaseFromSpam(byHand.id, {
        expectedVersion: 1,
        staffEmail: "priya@example.com",
        at: new Date(),
      });
      expect(released.outcome).toBe("changed");
      expect((await store.team.fieldsOf([byHand.id])).get(byHand.id)?.ownerId).toBe(priya.id);
    });

    test("a buyer's mail refused for good is never claimed again, never waits, shows on the enquiry, and is in the digest of its owner, or everyone's when nobody owns it, for one day", async () => {
      const { store, priya, aman } = await open();
      const unowned = await store.enquiries.add(anEnquiry({ Name: "Asha Verma" }), { acknowledge: true });
      const amans = await store.enquiries.add(anEnquiry({ Name: "Ravi Kumar" }), { acknowledge: true });
      await store.work.setOwner(amans.id, {
        ownerId: aman.id,
        staffEmail: "owner@example.com",
        at: new Date(),
      });
      const claimedAt = new Date();
      const claimed = await store.enquiries.claimDueNotifications({
        worker: "w",
        now: claimedAt,
        limit: 500,
        leaseMs: 60_000,
      });
      const acknowledgements = claimed.filter((notification) => notification.kind === "acknowledgement");
      expect(acknowledgements).toHaveLength(2);
      const refusedAt = new Date(claimedAt.getTime() + 1_000);
      for (const notification of claimed) {
        if (notification.kind !== "acknowledgement") {
          await store.enquiries.markNotificationSent(notification.id, "w");
          continue;
        }
        // Only the worker holding the claim may end it.
        await store.enquiries.markNotificationUndeliverable(notification.id, "another", "refused", refusedAt);
        await store.enquiries.markNotificationUndeliverable(
          notification.id,
          "w",
          "The recipient's address was refused: 550 5.1.1 <address>: Recipient address rejected",
          refusedAt,
        );
      }

      expect(await store.enquiries.outboxBacklog()).toEqual({ waiting: 0, oldestQueuedAt: null });
      expect(await claimAll(store)).toEqual([]);
      const shown = (await store.enquiryWork.get(unowned.id))?.notifications;
      expect(shown?.find((notification) => notification.kind === "acknowledgement")).toMatchObject({
        state: "undeliverable",
        attempts: 1,
        sentAt: null,
        lastError: "The recipient's address was refused: 550 5.1.1 <address>: Recipient address rejected",
      });
      expect(shown?.find((notification) => notification.kind === "company")?.state).toBe("sent");

      const digestAt = new Date(refusedAt.getTime() + 3_600_000);
      const refused = async (staffId: string, now: Date) =>
        refusalsFor(
          (
            await store.team.digestParts(
              digestReads({ staffId, now, dayEnd: new Date(now.getTime() + 3_600_000) }),
            )
          ).refused,
          staffId,
        )
          .map((row) => [row.id, row.Name, row.refusedAt])
          .sort();
      expect(await refused(priya.id, digestAt)).toEqual([
        [unowned.id, "Asha Verma", refusedAt.toISOString()],
      ]);
      expect(await refused(aman.id, digestAt)).toEqual(
        [
          [unowned.id, "Asha Verma", refusedAt.toISOString()],
          [amans.id, "Ravi Kumar", refusedAt.toISOString()],
        ].sort(),
      );
      expect(await refused(aman.id, new Date(refusedAt.getTime() + 25 * 3_600_000))).toEqual([]);
      expect(
        planDigest(
          await store.team.digestParts(digestReads({ staffId: priya.id, now: digestAt, dayEnd: digestAt })),
          {
            now: digestAt,
            dayEnd: digestAt,
            day: "today",
            staffId: priya.id,
          },
        ).addressRefused?.items.map((item) => [item.id, item.firstName]),
      ).toEqual([[unowned.id, "Asha"]]);
    });

    test("a status change may set the next step; Confirmed replaces the old follow-up by the rule's; closing clears the follow-up and the next step", async () => {
      const { store } = await open();
      const stored = await store.enquiries.add(anEnquiry({ RetailerSelfUse: "Retailer" }));
      const followUpAt = new Date(Date.now() + 2 * 86_400_000);
      await store.work.setFollowUp(stored.id, {
        followUpAt,
        nextStep: "Send the price list",
        staffEmail: "priya@example.com",
        at: new Date(),
      });
      const at = new Date();
      await store.work.changeStatus(stored.id, {
        to: "Confirmed",
        expectedVersion: 0,
        nextStep: "Dispatch on Monday",
        staffEmail: "priya@example.com",
        at,
      });
      const byRule = nextWorkingDayAtReceivedHour({
        receivedAt: new Date(stored.receivedAt),
        at,
        hours: DEFAULT_HOURS,
      }).toISOString();
      expect((await store.team.fieldsOf([stored.id])).get(stored.id)).toMatchObject({
        followUpAt: byRule,
        nextStep: "Dispatch on Monday",
        dueAt: byRule,
        touched: true,
      });
      await store.work.changeStatus(stored.id, {
        to: "Fulfilled",
        expectedVersion: 1,
        staffEmail: "priya@example.com",
        at: new Date(),
      });
      expect((await store.team.fieldsOf([stored.id])).get(stored.id)).toMatchObject({
        followUpAt: null,
        nextStep: null,
        dueAt: null,
      });
      const stale = await store.work.changeStatus(stored.id, {
        to: "Declined",
        expectedVersion: 1,
        staffEmail: "priya@example.com",
        at: new Date(),
      });
      expect(stale).toEqual({ outcome: "conflict" });
    });

    test("the digest lists nobody's overdue oldest first, beside the member's own, without hiding the oldest", async () => {
      const { store, priya } = await open();
      const stored = [];
      for (let index = 0; index < 25; index++) stored.push(await store.enquiries.add(anEnquiry()));
      const { now, dayEnd } = await pastTarget(store, stored.at(-1)!.id);
      const digest = planDigest(
        await store.team.digestParts(digestReads({ staffId: priya.id, now, dayEnd })),
        {
          now,
          dayEnd,
          day: "today",
          staffId: priya.id,
        },
      );
      expect(digest.unownedOverdue.count).toBe(25);
      expect(digest.unownedOverdue.items.map((item) => item.id)).toEqual(stored.map(({ id }) => id));
      expect(digest.unownedOverdue.items[0]?.firstName).toBe("Asha");
      expect(digest.team.overdue).toBe(25);
    });

    test("erasing a person's data erases the digests that name their enquiries by first name", async () => {
      const { store, priya } = await open();
      await store.enquiries.add(anEnquiry({ Email: "meera.kapoor@example.in" }));
      const kept = await store.enquiries.add(anEnquiry());
      const { now, dayEnd } = await pastTarget(store, kept.id);
      const content = planDigest(
        await store.team.digestParts(digestReads({ staffId: priya.id, now, dayEnd })),
        {
          now,
          dayEnd,
          day: "2030-01-07",
          staffId: priya.id,
        },
      );
      expect(content.unownedOverdue.count).toBe(2);
      await store.team.queueDigests(
        "2030-01-07",
        [{ staffId: priya.id, content, enquiryIds: digestEnquiryIds(content) }],
        now,
      );
      await store.personalData.erase({ email: "meera.kapoor@example.in" }, { actor: "owner@example.com" });
      const left = (await claimAll(store)).filter((each) => each.kind === "digest");
      expect(left).toEqual([]);
    });
  },
);
