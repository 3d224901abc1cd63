import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { keyDocumentId } from "./firestore/connection";
import { LastOwnerError, StaffExistsError } from "./staff";
import type { PendingNotification, Store } from "./store";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { anEnquiry } from "../../tests/support/enquiry-builder";

/** Staff managed from the console (invitations, links, roles, a member's enquiries) on both adapters. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<Store>;
  /** Writes an account as stored before owners and members, where the store can hold one (SQLite's migration is tested apart). */
  writeFormerStaff?: (email: string) => Promise<void>;
  /** Writes an invitation link as stored before links recorded who sent them: no sender. */
  writeUntracedLink(staffId: string, linkId: string): Promise<void>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("members-contract");
  let path = "";
  return {
    ...sandbox,
    async open() {
      const opened = await sandbox.openStore();
      path = opened.path;
      return opened.store;
    },
    async writeUntracedLink(staffId, linkId) {
      const db = new Database(path);
      try {
        db.prepare(
          `INSERT INTO staff_links (id, staff_id, purpose, created_at, expires_at) VALUES (?, ?, 'invitation', ?, ?)`,
        ).run(linkId, staffId, now.toISOString(), new Date(now.getTime() + 48 * HOUR).toISOString());
      } finally {
        db.close();
      }
    },
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("members");
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
    async writeUntracedLink(staffId, linkId) {
      if (probe) await deleteApp(probe);
      probe = initializeApp({ projectId }, `members-probe-${randomUUID()}`);
      await getFirestore(probe)
        .collection("staffLinks")
        .doc(linkId)
        .create({
          staffId,
          purpose: "invitation",
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + 48 * HOUR).toISOString(),
          usedAt: "",
        });
    },
    async writeFormerStaff(email) {
      if (probe) await deleteApp(probe);
      probe = initializeApp({ projectId }, `members-probe-${randomUUID()}`);
      await getFirestore(probe).collection("staff").doc(keyDocumentId(email)).create({
        id: randomUUID(),
        email,
        role: "staff",
        createdAt: now.toISOString(),
        passwordHash: "h",
        totpSecret: null,
        pendingTotpSecret: null,
        recoveryCodeHashes: [],
      });
    },
  };
}

const HOUR = 3_600_000;
const now = new Date("2026-03-10T05:30:00.000Z");
/** A link sent by `sentBy` (a staff id). */
const link = (sentBy: string, hours = 48) => ({
  sentBy,
  linkId: randomUUID(),
  expiresAt: new Date(now.getTime() + hours * HOUR),
  now,
});

async function claimAll(store: Store): Promise<PendingNotification[]> {
  return store.enquiries.claimDueNotifications({
    worker: "w",
    now: new Date(now.getTime() + 1_000),
    limit: 50,
    leaseMs: 60_000,
  });
}

describe.each([sqliteAdapter(), firestoreAdapter()])(
  "staff managed from the console on the $name store",
  (adapter) => {
    let store: Store;

    beforeAll(() => adapter.setUp());
    afterAll(() => adapter.tearDown());
    afterEach(async () => {
      await store?.close();
    });

    /** An owner who has set a password: one who may invite. */
    const anOwner = (email = "boss@example.com") =>
      store.staff.add({ email, role: "owner", passwordHash: "h" });

    test("an invitation adds an account that cannot sign in, its link and its mail, together; a second one to the address adds nothing", async () => {
      store = await adapter.open();
      const boss = await anOwner();
      const invitation = link(boss.id);
      const member = await store.members.invite({
        email: "Bilal@Example.com",
        role: "member",
        ...invitation,
      });
      expect(member).toMatchObject({
        email: "bilal@example.com",
        role: "member",
        invited: true,
        totpEnabled: false,
      });
      const account = await store.staff.findByEmail("bilal@example.com");
      expect(account).toMatchObject({
        id: member.id,
        passwordHash: "",
        invited: true,
        totpPromptDeferred: false,
      });
      expect(await store.members.findLink(invitation.linkId)).toEqual({
        id: invitation.linkId,
        staffId: member.id,
        purpose: "invitation",
        createdAt: now.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
        usedAt: null,
        sentBy: boss.id,
        revokedAt: null,
      });
      await expect(
        store.members.invite({ email: "bilal@example.com", role: "owner", ...link(boss.id) }),
      ).rejects.toThrow(StaffExistsError);
      const claimed = await claimAll(store);
      expect(claimed).toEqual([
        {
          id: expect.any(String),
          kind: "staff-link",
          staffId: member.id,
          to: "bilal@example.com",
          link: {
            linkId: invitation.linkId,
            purpose: "invitation",
            expiresAt: invitation.expiresAt.toISOString(),
          },
          attempts: 0,
        },
      ]);
      expect(await store.members.findLink(randomUUID())).toBeNull();
      expect((await store.staff.findByEmail("bilal@example.com"))?.role).toBe("member");
    });

    test("a display name given at invitation is kept, changed and cleared; the invitation mail and the hand-over alert name who acted by it", async () => {
      store = await adapter.open();
      const boss = await anOwner();
      expect(await store.members.setDisplayName(boss.id, "Rakesh Gupta")).toBe(true);
      const invitation = link(boss.id);
      const asha = await store.members.invite({
        email: "asha@example.com",
        role: "member",
        displayName: "Asha",
        sentByName: "Rakesh Gupta",
        ...invitation,
      });
      expect(asha.displayName).toBe("Asha");
      expect((await store.staff.findById(asha.id))?.displayName).toBe("Asha");
      const [mail] = await claimAll(store);
      expect(mail).toMatchObject({ kind: "staff-link", link: { sentByName: "Rakesh Gupta" } });
      await store.members.useLink(invitation.linkId, { passwordHash: "p", totpOff: false, now });

      expect(await store.members.setDisplayName(asha.id, "Asha Verma")).toBe(true);
      const listed = (await store.staff.list()).map((member) => [member.email, member.displayName]);
      expect(listed.sort()).toEqual([
        ["asha@example.com", "Asha Verma"],
        ["boss@example.com", "Rakesh Gupta"],
      ]);
      expect(await store.members.setDisplayName(randomUUID(), "Nobody")).toBe(false);

      // Rakesh hands Asha an enquiry: her alert names him as colleagues see him.
      const enquiry = await store.enquiries.add(anEnquiry({ Name: "Mohd. Imran Khan" }));
      await claimAll(store);
      await store.work.setOwner(enquiry.id, {
        ownerId: asha.id,
        actorId: boss.id,
        staffEmail: "boss@example.com",
        at: now,
      });
      const alerts = (await claimAll(store)).filter((each) => each.kind === "member-alert");
      expect(alerts).toEqual([
        expect.objectContaining({ to: "asha@example.com", handedOnBy: "Rakesh Gupta" }),
      ]);

      expect(await store.members.setDisplayName(boss.id, null)).toBe(true);
      expect((await store.staff.findById(boss.id))?.displayName).toBeNull();
    });

    test("away-until is kept, changed and cleared; while it stands a hand-over mails the member nothing, and from the next IST day it does", async () => {
      store = await adapter.open();
      const boss = await anOwner();
      const asha = await store.staff.add({ email: "asha@example.com", role: "member", passwordHash: "h" });
      expect((await store.staff.findById(asha.id))?.awayUntil).toBeNull();
      expect(await store.members.setAwayUntil(asha.id, "2030-01-08")).toBe(true);
      expect((await store.staff.findById(asha.id))?.awayUntil).toBe("2030-01-08");
      expect(await store.members.setAwayUntil(asha.id, "2030-01-10")).toBe(true);
      const listed = (await store.staff.list()).map((member) => [member.email, member.awayUntil]);
      expect(listed.sort()).toEqual([
        ["asha@example.com", "2030-01-10"],
        ["boss@example.com", null],
      ]);
      expect(await store.members.setAwayUntil(randomUUID(), "2030-01-10")).toBe(false);

      const enquiry = await store.enquiries.add(anEnquiry({ Name: "Anil Mehta" }));
      await claimAll(store);
      const handTo = async (ownerId: string | null, at: Date) =>
        store.work.setOwner(enquiry.id, { ownerId, actorId: boss.id, staffEmail: "boss@example.com", at });
      const alertsBy = async (at: Date) =>
        (
          await store.enquiries.claimDueNotifications({ worker: "w", now: at, limit: 50, leaseMs: 60_000 })
        ).filter((each) => each.kind === "member-alert");
      await handTo(asha.id, new Date("2030-01-10T18:00:00.000Z"));
      expect(await alertsBy(new Date("2030-01-10T18:00:30.000Z"))).toEqual([]);
      await handTo(null, new Date("2030-01-10T18:01:00.000Z"));
      // 00:30 IST on 11 January: the date has passed in India, so she is back.
      await handTo(asha.id, new Date("2030-01-10T19:00:00.000Z"));
      expect(await alertsBy(new Date("2030-01-10T19:00:30.000Z"))).toEqual([
        expect.objectContaining({ to: "asha@example.com" }),
      ]);

      expect(await store.members.setAwayUntil(asha.id, null)).toBe(true);
      expect((await store.staff.findById(asha.id))?.awayUntil).toBeNull();
    });

    test("a link sets the password once, even used twice at once, and ends the account's sessions", async () => {
      store = await adapter.open();
      const invitation = link((await anOwner()).id);
      const member = await store.members.invite({ email: "asha@example.com", role: "owner", ...invitation });
      await store.sessions.create({ tokenHash: "stale", staffId: member.id, now });
      const results = await Promise.all([
        store.members.useLink(invitation.linkId, { passwordHash: "first", totpOff: false, now }),
        store.members.useLink(invitation.linkId, { passwordHash: "second", totpOff: false, now }),
      ]);
      expect([...results].sort()).toEqual(["set", "used"]);
      const account = await store.staff.findById(member.id);
      expect(account?.passwordHash).toBe(results[0] === "set" ? "first" : "second");
      expect(account?.invited).toBe(false);
      expect((await store.members.findLink(invitation.linkId))?.usedAt).toBe(now.toISOString());
      expect(await store.sessions.touch("stale", now, HOUR)).toBeNull();
      expect(await store.members.useLink(invitation.linkId, { passwordHash: "x", totpOff: false, now })).toBe(
        "used",
      );
      expect(await store.members.useLink(randomUUID(), { passwordHash: "x", totpOff: false, now })).toBe(
        "unknown",
      );
    });

    test("a reset ends the sessions at once, makes earlier links worthless, and its link turns the second factor off", async () => {
      store = await adapter.open();
      const member = await store.staff.add({
        email: "kiran@example.com",
        role: "member",
        passwordHash: "old",
      });
      await store.staff.setPendingTotp(member.id, "SECRET");
      await store.staff.enableTotp(member.id, ["code"]);
      await store.sessions.create({ tokenHash: "live", staffId: member.id, now });
      const boss = await anOwner();
      const first = link(boss.id);
      expect(await store.members.sendReset({ staffId: member.id, ...first })).toBe(true);
      expect(await store.sessions.touch("live", now, HOUR)).toBeNull();
      // The old password still works until the link is used: the reset does not lock anyone out.
      expect((await store.staff.findById(member.id))?.passwordHash).toBe("old");
      const second = link(boss.id);
      expect(await store.members.sendReset({ staffId: member.id, ...second })).toBe(true);
      expect((await store.members.findLink(first.linkId))?.usedAt).not.toBeNull();
      expect(await store.members.useLink(first.linkId, { passwordHash: "x", totpOff: true, now })).toBe(
        "used",
      );
      expect(await store.members.useLink(second.linkId, { passwordHash: "new", totpOff: true, now })).toBe(
        "set",
      );
      const account = await store.staff.findById(member.id);
      expect(account).toMatchObject({
        passwordHash: "new",
        totpEnabled: false,
        totpSecret: null,
        recoveryCodeHashes: [],
      });
      expect((await claimAll(store)).map((mail) => mail.kind)).toEqual(["staff-link", "staff-link"]);
      expect(await store.members.sendReset({ staffId: randomUUID(), ...link(boss.id) })).toBe(false);
    });

    test("a role changes, the prompt is put off, and a removed member's link and mails go with them", async () => {
      store = await adapter.open();
      const invitation = link((await anOwner()).id);
      const member = await store.members.invite({
        email: "meena@example.com",
        role: "member",
        ...invitation,
      });
      expect(await store.members.setRole(member.id, "owner")).toBe(true);
      expect((await store.staff.findById(member.id))?.role).toBe("owner");
      expect(await store.members.setRole(randomUUID(), "owner")).toBe(false);
      await store.members.setTotpPromptDeferred(member.id, true);
      expect((await store.staff.findById(member.id))?.totpPromptDeferred).toBe(true);
      expect((await store.staff.list()).find(({ id }) => id === member.id)?.totpPromptDeferred).toBe(true);
      await store.members.setTotpPromptDeferred(member.id, false);
      expect((await store.staff.findById(member.id))?.totpPromptDeferred).toBe(false);
      expect(await store.members.remove("meena@example.com")).not.toBeNull();
      expect(await claimAll(store)).toEqual([]);
      expect(
        await store.members.useLink(invitation.linkId, { passwordHash: "x", totpOff: false, now }),
      ).not.toBe("set");
    });

    test("asked to keep an owner, a change of role or a removal that would leave no active owner is refused in its own write and changes nothing", async () => {
      store = await adapter.open();
      const boss = await anOwner();
      // An owner only invited is not one who can sign in.
      await store.members.invite({ email: "next@example.com", role: "owner", ...link(boss.id) });
      await expect(store.members.setRole(boss.id, "member", now, { keepAnOwner: true })).rejects.toThrow(
        LastOwnerError,
      );
      await expect(store.members.remove("boss@example.com", { at: now, keepAnOwner: true })).rejects.toThrow(
        LastOwnerError,
      );
      expect((await store.staff.findById(boss.id))?.role).toBe("owner");
      // With a second active owner, either goes through.
      await anOwner("second@example.com");
      expect(await store.members.setRole(boss.id, "member", now, { keepAnOwner: true })).toBe(true);
      expect(
        await store.members.remove("second@example.com", { at: now, keepAnOwner: false }),
      ).not.toBeNull();
      // The operator's own command may still remove anyone.
      await store.members.setRole(boss.id, "owner", now);
      expect(await store.members.remove("boss@example.com")).not.toBeNull();
    });

    test("removing a member leaves every enquiry they own to nobody, each with a line in its history, and answers how many open ones", async () => {
      store = await adapter.open();
      const member = await store.staff.add({ email: "ravi@example.com", role: "member", passwordHash: "h" });
      const other = await store.staff.add({ email: "other@example.com", role: "member", passwordHash: "h" });
      const ids: string[] = [];
      for (const [index, Name] of ["Open One", "Open Two", "Closed", "Someone Else's"].entries()) {
        const stored = await store.enquiries.add({
          Name,
          Email: "buyer@example.in",
          Mobile: "9876543210",
          Quantity: 2,
          RetailerSelfUse: "Retailer",
        });
        const ownerId = index === 3 ? other.id : member.id;
        await store.work.setOwner(stored.id, { ownerId, staffEmail: "owner@example.com", at: now });
        ids.push(stored.id);
      }
      const closed = ids[2]!;
      await store.work.changeStatus(closed, {
        to: "Fulfilled",
        expectedVersion: (await store.enquiryWork.get(closed))!.version,
        staffEmail: "ravi@example.com",
        at: now,
      });
      const later = new Date(now.getTime() + HOUR);
      expect(
        await store.members.remove("ravi@example.com", { staffEmail: "owner@example.com", at: later }),
      ).toBe(2);
      const fields = await store.team.fieldsOf(ids);
      expect(ids.map((id) => fields.get(id)?.ownerId ?? null)).toEqual([null, null, null, other.id]);
      for (const id of ids.slice(0, 3)) {
        const history = (await store.enquiryWork.get(id))!.history;
        expect(history.find((entry) => entry.at === later.toISOString())).toMatchObject({
          kind: "owner",
          staffEmail: "owner@example.com",
          fromOwner: "ravi@example.com",
        });
      }
      expect(await store.members.remove("ravi@example.com", { staffEmail: "owner@example.com" })).toBeNull();
      expect(
        await store.members.remove("nobody@example.com", { staffEmail: "owner@example.com" }),
      ).toBeNull();
    });

    test("removing an owner withdraws the invitations they sent in the same write; those accepted before stay", async () => {
      store = await adapter.open();
      const mallory = await anOwner("mallory@example.com");
      await anOwner("boss@example.com");
      const asOwner = link(mallory.id);
      const asMember = link(mallory.id);
      const accepted = link(mallory.id);
      const alt = await store.members.invite({ email: "mallory.alt@example.net", role: "owner", ...asOwner });
      await store.members.invite({ email: "new@example.net", role: "member", ...asMember });
      const early = await store.members.invite({ email: "early@example.net", role: "member", ...accepted });
      expect(await store.members.useLink(accepted.linkId, { passwordHash: "e", totpOff: false, now })).toBe(
        "set",
      );

      const later = new Date(now.getTime() + HOUR);
      expect(await store.members.remove("mallory@example.com", { at: later })).not.toBeNull();
      for (const { linkId } of [asOwner, asMember]) {
        expect(await store.members.findLink(linkId)).toMatchObject({
          sentBy: mallory.id,
          usedAt: null,
          revokedAt: later.toISOString(),
        });
        expect(await store.members.useLink(linkId, { passwordHash: "x", totpOff: false, now: later })).toBe(
          "withdrawn",
        );
      }
      expect(await store.staff.findById(alt.id)).toMatchObject({
        role: "owner",
        invited: true,
        passwordHash: "",
      });
      expect(await store.staff.findById(early.id)).toMatchObject({ invited: false, passwordHash: "e" });
      // The accepted one is not marked withdrawn: it was used.
      expect((await store.members.findLink(accepted.linkId))?.revokedAt).toBeNull();
    });

    test("demoting an owner withdraws their pending invitations, not the reset links they sent to active accounts", async () => {
      store = await adapter.open();
      const mallory = await anOwner("mallory@example.com");
      const kiran = await store.staff.add({
        email: "kiran@example.com",
        role: "member",
        passwordHash: "old",
      });
      const invitation = link(mallory.id);
      await store.members.invite({ email: "second@example.net", role: "owner", ...invitation });
      const reset = link(mallory.id);
      expect(await store.members.sendReset({ staffId: kiran.id, ...reset })).toBe(true);

      const later = new Date(now.getTime() + HOUR);
      expect(await store.members.setRole(mallory.id, "member", later)).toBe(true);
      expect((await store.members.findLink(invitation.linkId))?.revokedAt).toBe(later.toISOString());
      expect((await store.members.findLink(reset.linkId))?.revokedAt).toBeNull();
      // Made an owner again, they do not bring the invitation back.
      expect(await store.members.setRole(mallory.id, "owner", later)).toBe(true);
      expect(
        await store.members.useLink(invitation.linkId, { passwordHash: "x", totpOff: false, now: later }),
      ).toBe("withdrawn");
      // Kiran's own reset still sets Kiran's password: it lets nobody new in.
      expect(
        await store.members.useLink(reset.linkId, { passwordHash: "new", totpOff: true, now: later }),
      ).toBe("set");
      expect((await store.staff.findById(kiran.id))?.passwordHash).toBe("new");
    });

    test("a link for a pending invitee is judged by its sender as they stand when it is used, and one with no sender is refused", async () => {
      store = await adapter.open();
      const boss = await anOwner();
      const member = await store.staff.add({ email: "asha@example.com", role: "member", passwordHash: "h" });
      const invitee = await store.members.invite({
        email: "invitee@example.net",
        role: "member",
        ...link(boss.id),
      });
      // Sent by someone no longer on the staff, or by a member, nothing withdrew it: it is refused all the same.
      for (const sender of [randomUUID(), member.id]) {
        const stray = link(sender);
        expect(await store.members.sendReset({ staffId: invitee.id, ...stray })).toBe(true);
        expect(await store.members.useLink(stray.linkId, { passwordHash: "x", totpOff: false, now })).toBe(
          "withdrawn",
        );
      }
      // A link stored before links recorded their sender lets no pending invitee in.
      const untraced = randomUUID();
      await adapter.writeUntracedLink(invitee.id, untraced);
      expect(await store.members.findLink(untraced)).toMatchObject({ sentBy: null, revokedAt: null });
      expect(await store.members.useLink(untraced, { passwordHash: "x", totpOff: false, now })).toBe(
        "untraced",
      );
      expect((await store.staff.findById(invitee.id))?.invited).toBe(true);
      // An owner's new link does.
      const fresh = link(boss.id);
      expect(await store.members.sendReset({ staffId: invitee.id, ...fresh })).toBe(true);
      expect(await store.members.useLink(fresh.linkId, { passwordHash: "p", totpOff: false, now })).toBe(
        "set",
      );
      expect((await store.staff.findById(invitee.id))?.invited).toBe(false);
    });

    test.runIf(adapter.writeFormerStaff)(
      "an account stored with the role 'staff' is read as a member",
      async () => {
        store = await adapter.open();
        await adapter.writeFormerStaff!("old@example.com");
        expect(await store.staff.findByEmail("old@example.com")).toMatchObject({
          role: "member",
          invited: false,
        });
        expect((await store.staff.list()).map((member) => member.role)).toEqual(["member"]);
        expect(await store.staff.ownerExists()).toBe(false);
      },
    );
  },
);
