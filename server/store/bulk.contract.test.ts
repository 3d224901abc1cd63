import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { enquiryReference } from "../../domain/console";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import type { PendingNotification, PendingStaffNotification, Store } from "./store";
import { OWNER_BATCH_MAX } from "./team";

type HandedOn = Extract<PendingStaffNotification, { kind: "handed-on" }>;

/**
 * A bulk assignment on both stores (store.work.setOwners): each enquiry checked and planned alone
 * (server/lifecycle/plan.ts: planOwnerBatch), written with its history line in one transaction,
 * and the new owner's alerts queued as the plan gathered them.
 */
describe.each([sqliteSandbox("bulk-contract"), firestoreSandbox("bulk")])(
  "a bulk assignment on the $name store",
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
      // Priya hears of what is hers (the default); Aman chose no alerts.
      await store.team.setAlertChoice(aman!.id, "none");
      await store.team.setAlertChoice(owner!.id, "none");
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

    const ownerLines = async (store: Store, id: string) =>
      ((await store.enquiryWork.get(id))?.history ?? [])
        .filter((entry) => entry.kind === "owner")
        .map((entry) => [entry.staffEmail, entry.fromOwner ?? null, entry.text ?? null]);

    test("each is checked alone: one changed since, one taken since and one gone are left, the rest given with a history line each", async () => {
      const { store, priya, aman, owner } = await open();
      const ids: string[] = [];
      for (const Name of ["Ravi Kumar", "Meena Iyer", "Asha Rao", "Kiran Das"]) {
        ids.push((await store.enquiries.add(anEnquiry({ Name }))).id);
      }
      const [given, contacted, taken, alsoGiven] = ids as [string, string, string, string];
      // After the list was loaded: one marked Contacted, one taken by Aman.
      await store.work.changeStatus(contacted, {
        to: "Contacted",
        expectedVersion: 0,
        staffEmail: "aman@example.com",
        at: new Date(),
      });
      await store.work.setOwner(taken, {
        ownerId: aman.id,
        actorId: aman.id,
        staffEmail: "aman@example.com",
        at: new Date(),
      });
      await claimAll(store);

      const gone = "00000000-0000-4000-8000-000000000000";
      const results = await store.work.setOwners(
        [
          { enquiryId: given, expectedVersion: 0, expectedOwnerId: null },
          { enquiryId: contacted, expectedVersion: 0, expectedOwnerId: null },
          { enquiryId: taken, expectedVersion: 0, expectedOwnerId: null },
          { enquiryId: gone, expectedVersion: 0 },
          { enquiryId: alsoGiven, expectedVersion: 0 },
        ],
        { ownerId: priya.id, actorId: owner.id, staffEmail: "owner@example.com", at: new Date() },
      );
      expect(results).toEqual([
        "changed",
        "conflict",
        { ownerChanged: { currentOwnerId: aman.id } },
        "not-found",
        "changed",
      ]);
      const fields = await store.team.fieldsOf(ids);
      expect(ids.map((id) => fields.get(id)?.ownerId ?? null)).toEqual([priya.id, null, aman.id, priya.id]);
      expect(await ownerLines(store, given)).toEqual([["owner@example.com", null, "priya@example.com"]]);
      expect(await ownerLines(store, alsoGiven)).toEqual([["owner@example.com", null, "priya@example.com"]]);
      expect(await ownerLines(store, contacted)).toEqual([]);
      expect(await ownerLines(store, taken)).toEqual([["aman@example.com", null, "aman@example.com"]]);
      // The status version is the list's still: an owner change does not move it.
      expect((await store.enquiryWork.get(given))?.version).toBe(0);

      // Priya was handed two: one mail listing both, oldest first, and no mail for each.
      const mails = await claimAll(store);
      expect(mails.filter((mail) => mail.kind === "member-alert")).toEqual([]);
      const lists = mails.filter((mail): mail is HandedOn => mail.kind === "handed-on");
      expect(lists.map((mail) => [mail.to, mail.list.handedOnBy])).toEqual([
        ["priya@example.com", "owner@example.com"],
      ]);
      expect(lists[0]?.list.items.map((item) => [item.reference, item.firstName])).toEqual([
        [enquiryReference(given), "Ravi"],
        [enquiryReference(alsoGiven), "Kiran"],
      ]);
    });

    test("a member handed one gets its own alert, as from its page; one who chose none, or took them, gets nothing", async () => {
      const { store, priya, aman, owner } = await open();
      const one = await store.enquiries.add(anEnquiry({ Name: "Ravi Kumar" }));
      const more = [await store.enquiries.add(anEnquiry()), await store.enquiries.add(anEnquiry())];
      await claimAll(store);
      const by = { actorId: owner.id, staffEmail: "owner@example.com", at: new Date() };

      expect(
        await store.work.setOwners([{ enquiryId: one.id, expectedVersion: 0 }], { ownerId: priya.id, ...by }),
      ).toEqual(["changed"]);
      const single = await claimAll(store);
      expect(single.map((mail) => [mail.kind, "to" in mail ? mail.to : null])).toEqual([
        ["member-alert", "priya@example.com"],
      ]);
      expect(single[0]).toMatchObject({ enquiryId: one.id, handedOnBy: "owner@example.com" });

      const items = more.map((stored) => ({ enquiryId: stored.id, expectedVersion: 0 }));
      expect(await store.work.setOwners(items, { ownerId: aman.id, ...by })).toEqual(["changed", "changed"]);
      expect(
        await store.work.setOwners(items, {
          ownerId: priya.id,
          actorId: priya.id,
          staffEmail: "priya@example.com",
          at: new Date(),
        }),
      ).toEqual(["changed", "changed"]);
      expect(await claimAll(store)).toEqual([]);
    });

    test("a member removed meanwhile is given nothing; the call takes at most one transaction's worth", async () => {
      const { store, owner } = await open();
      const stored = await store.enquiries.add(anEnquiry());
      const by = { actorId: owner.id, staffEmail: "owner@example.com", at: new Date() };
      expect(
        await store.work.setOwners([{ enquiryId: stored.id, expectedVersion: 0 }], {
          ownerId: "removed",
          ...by,
        }),
      ).toEqual(["no-such-member"]);
      expect(await ownerLines(store, stored.id)).toEqual([]);
      const tooMany = Array.from({ length: OWNER_BATCH_MAX + 1 }, (_, index) => ({
        enquiryId: `e${index}`,
        expectedVersion: 0,
      }));
      await expect(store.work.setOwners(tooMany, { ownerId: null, ...by })).rejects.toThrow(RangeError);
    });

    test("erasing a person's data erases a list of enquiries handed on that names them", async () => {
      const { store, priya, owner } = await open();
      const erased = await store.enquiries.add(anEnquiry({ Email: "meera.kapoor@example.in" }));
      const kept = await store.enquiries.add(anEnquiry());
      await claimAll(store);
      await store.work.setOwners(
        [erased, kept].map((stored) => ({ enquiryId: stored.id, expectedVersion: 0 })),
        { ownerId: priya.id, actorId: owner.id, staffEmail: "owner@example.com", at: new Date() },
      );
      await store.personalData.erase({ email: "meera.kapoor@example.in" }, { actor: "owner@example.com" });
      expect((await claimAll(store)).filter((mail) => mail.kind === "handed-on")).toEqual([]);
    });
  },
);
