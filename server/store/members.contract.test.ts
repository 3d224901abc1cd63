import { randomUUID } from "node:crypto";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { keyDocumentId } from "./firestore/connection";
import { StaffExistsError } from "./staff";
import type { PendingNotification, Store } from "./store";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";

/** Staff managed from the console (invitations, links, roles, a member's enquiries) on both adapters. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<Store>;
  /** Writes an account as stored before owners and members, where the store can hold one (SQLite's migration is tested apart). */
  writeFormerStaff?: (email: string) => Promise<void>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("members-contract");
  return { ...sandbox, open: async () => (await sandbox.openStore()).store };
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
const link = (hours = 48) => ({
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

    test("an invitation adds an account that cannot sign in, its link and its mail, together; a second one to the address adds nothing", async () => {
      store = await adapter.open();
      const invitation = link();
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
      });
      await expect(
        store.members.invite({ email: "bilal@example.com", role: "owner", ...link() }),
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

    test("a link sets the password once, even used twice at once, and ends the account's sessions", async () => {
      store = await adapter.open();
      const invitation = link();
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
      const first = link();
      expect(await store.members.sendReset({ staffId: member.id, ...first })).toBe(true);
      expect(await store.sessions.touch("live", now, HOUR)).toBeNull();
      // The old password still works until the link is used: the reset does not lock anyone out.
      expect((await store.staff.findById(member.id))?.passwordHash).toBe("old");
      const second = link();
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
      expect(await store.members.sendReset({ staffId: randomUUID(), ...link() })).toBe(false);
    });

    test("a role changes, the prompt is put off, and a removed member's link and mails go with them", async () => {
      store = await adapter.open();
      const invitation = link();
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
      expect((await store.staff.list())[0]?.totpPromptDeferred).toBe(true);
      await store.members.setTotpPromptDeferred(member.id, false);
      expect((await store.staff.findById(member.id))?.totpPromptDeferred).toBe(false);
      expect(await store.staff.remove("meena@example.com")).toBe(true);
      expect(await claimAll(store)).toEqual([]);
      expect(
        await store.members.useLink(invitation.linkId, { passwordHash: "x", totpOff: false, now }),
      ).not.toBe("set");
    });

    test("a member's open enquiries become unassigned, each with a line in its history; closed ones keep their owner", async () => {
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
        await store.team.setOwner(stored.id, { ownerId, staffEmail: "owner@example.com", at: now });
        ids.push(stored.id);
      }
      const closed = ids[2]!;
      await store.enquiryWork.changeStatus(closed, {
        to: "Fulfilled",
        expectedVersion: (await store.enquiryWork.get(closed))!.version,
        staffEmail: "ravi@example.com",
        at: now,
      });
      const later = new Date(now.getTime() + HOUR);
      expect(
        await store.members.unassignOpenEnquiries(member.id, { staffEmail: "owner@example.com", at: later }),
      ).toBe(2);
      const fields = await store.team.fieldsOf(ids);
      expect(ids.map((id) => fields.get(id)?.ownerId ?? null)).toEqual([null, null, member.id, other.id]);
      for (const id of ids.slice(0, 2)) {
        const history = (await store.enquiryWork.get(id))!.history;
        expect(history.find((entry) => entry.at === later.toISOString())).toMatchObject({
          kind: "owner",
          staffEmail: "owner@example.com",
        });
      }
      expect(
        await store.members.unassignOpenEnquiries(member.id, { staffEmail: "owner@example.com", at: later }),
      ).toBe(0);
      expect(
        await store.members.unassignOpenEnquiries(randomUUID(), {
          staffEmail: "owner@example.com",
          at: later,
        }),
      ).toBe(0);
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
