import type { DocumentReference, Firestore, Transaction } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { firestoreSandbox } from "../../tests/support/store-sandboxes";
import {
  FirestoreConnection,
  PUSH_DEVICE_VERSIONS,
  type FirestoreContext,
} from "../store/firestore/connection";
import { FirestoreMemberStore } from "../store/firestore/members";
import { FirestorePushStore } from "../store/firestore/push";
import type { Store } from "../store/store";
import { memberStore } from "./member-changes";
import { pushStore } from "./push-changes";

/**
 * A member's most kept devices on Firestore, whose emulator does not isolate transactions: a
 * subscribe that read the member's devices before two others were written (a slow request) must
 * not write over them as if it had read them last, nor keep a device for a member removed after
 * it read them.
 */
const sandbox = firestoreSandbox("push-changes");
beforeAll(() => sandbox.setUp());
afterAll(() => sandbox.tearDown());

const opened: FirestoreConnection[] = [];
afterAll(() => Promise.all(opened.map((connection) => connection.close())));

const SERVER_KEY = "BJTAGo66aanabYewIm5eQlBfQJGaZ8vNrK0QHKRkCJMax41gQKys0x6j7eB-bnkGVzHG6DwBGc9RrpBUj30HrOs";
let devices = 0;
const device = (staffId: string) => ({
  staffId,
  endpoint: `https://push.example.net/send/device-${++devices}`,
  keys: { p256dh: `p256dh-${devices}`, auth: `auth-${devices}` },
  serverKey: SERVER_KEY,
});

/**
 * The store context of another instance whose first transaction waits until `between` has run:
 * once it has read the member's devices' version, or once it has read all it reads and made its
 * writes, before it commits. What a request slowed between its read and its commit does.
 */
function slowedOnce(
  projectId: string,
  between: () => Promise<void>,
  when: "after the version's read" | "before its commit" = "after the version's read",
): FirestoreContext {
  const connection = new FirestoreConnection({ projectId, enquiryCollection: ENQUIRY_COLLECTION });
  opened.push(connection);
  let slowed = false;
  const slowOnce = async () => {
    if (slowed) return;
    slowed = true;
    await between();
  };
  const slow = (transaction: Transaction): Transaction =>
    new Proxy(transaction, {
      get(target, name) {
        if (name !== "get") return Reflect.get(target, name, target);
        return async (ref: DocumentReference) => {
          const read = await target.get(ref);
          if (when === "after the version's read" && ref.parent?.id === PUSH_DEVICE_VERSIONS)
            await slowOnce();
          return read;
        };
      },
    });
  const db = new Proxy(connection.db, {
    get(target, name) {
      if (name === "runTransaction")
        return (update: (transaction: Transaction) => Promise<unknown>) =>
          target.runTransaction(async (transaction) => {
            const answer = await update(slow(transaction));
            if (when === "before its commit") await slowOnce();
            return answer;
          });
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Firestore;
  return { db, run: (work) => connection.run(work), enquiryCollection: ENQUIRY_COLLECTION };
}

describe("a member's devices on Firestore", () => {
  test.each([
    { case: "their first devices", kept: 0 },
    { case: "at the most kept", kept: 3 },
  ])("a subscribe that read them before two others were written is read again: $case", async ({ kept }) => {
    const { store, projectId } = await sandbox.openStore();
    try {
      const ravi = await store.staff.add({ email: "ravi@example.com", role: "member", passwordHash: "h" });
      const max = Math.max(kept, 1);
      for (let minute = 0; minute < kept; minute += 1) {
        await store.push.subscribe(device(ravi.id), {
          now: new Date(Date.UTC(2030, 0, 5, 9, minute)),
          max,
        });
      }
      const now = new Date(Date.UTC(2030, 0, 5, 10));
      const [slowDevice, second, third] = [device(ravi.id), device(ravi.id), device(ravi.id)];
      const slowed = pushStore(
        new FirestorePushStore(
          slowedOnce(projectId, async () => {
            await store.push.subscribe(second, { now, max });
            await store.push.subscribe(third, { now, max });
          }),
        ),
      );

      await slowed.subscribe(slowDevice, { now: new Date(Date.UTC(2030, 0, 5, 11)), max });

      const endpoints = (await store.push.devicesOf(ravi.id)).map((each) => each.endpoint);
      expect(endpoints).toHaveLength(max);
      expect(endpoints).toContain(slowDevice.endpoint);
    } finally {
      await store.close();
    }
  });

  describe.each([
    { case: "a member with no device yet", had: 0 },
    { case: "a member with a device", had: 1 },
  ])("a subscribe and the member's removal at once leave no device: $case", ({ had }) => {
    /** Ravi, with `had` devices, and a device of his to subscribe. */
    async function ravi(store: Store) {
      const member = await store.staff.add({ email: "ravi@example.com", role: "member", passwordHash: "h" });
      for (let minute = 0; minute < had; minute += 1) {
        await store.push.subscribe(device(member.id), {
          now: new Date(Date.UTC(2030, 0, 5, 9, minute)),
          max: 3,
        });
      }
      return { id: member.id, phone: device(member.id) };
    }
    const now = new Date(Date.UTC(2030, 0, 5, 10));

    test("the removal written while the subscribe waits to commit", async () => {
      const { store, projectId } = await sandbox.openStore();
      try {
        const { id, phone } = await ravi(store);
        const slowed = pushStore(
          new FirestorePushStore(
            slowedOnce(
              projectId,
              async () => void (await store.members.remove("ravi@example.com")),
              "before its commit",
            ),
          ),
        );

        await slowed.subscribe(phone, { now, max: 3 });

        expect(await store.staff.findById(id)).toBeNull();
        expect(await store.push.devicesOf(id)).toEqual([]);
      } finally {
        await store.close();
      }
    });

    test("the subscribe written while the removal waits to commit", async () => {
      const { store, projectId } = await sandbox.openStore();
      try {
        const { id, phone } = await ravi(store);
        const slowed = memberStore(
          new FirestoreMemberStore(
            slowedOnce(projectId, () => store.push.subscribe(phone, { now, max: 3 }), "before its commit"),
          ),
        );

        expect(await slowed.remove("ravi@example.com")).not.toBeNull();

        expect(await store.staff.findById(id)).toBeNull();
        expect(await store.push.devicesOf(id)).toEqual([]);
      } finally {
        await store.close();
      }
    });
  });

  test("a member removed keeps their devices' version, claimed by the removal, and no device", async () => {
    const { store, projectId } = await sandbox.openStore();
    const connection = new FirestoreConnection({ projectId, enquiryCollection: ENQUIRY_COLLECTION });
    opened.push(connection);
    const versionsOf = async (staffId: string) =>
      (await connection.db.collection(PUSH_DEVICE_VERSIONS).where("staffId", "==", staffId).get()).docs
        .map((doc) => doc.id)
        .sort();
    try {
      const ravi = await store.staff.add({ email: "ravi@example.com", role: "member", passwordHash: "h" });
      for (const minute of [0, 1]) {
        await store.push.subscribe(device(ravi.id), {
          now: new Date(Date.UTC(2030, 0, 5, 9, minute)),
          max: 3,
        });
      }
      // The version and its marker.
      expect(await versionsOf(ravi.id)).toEqual([ravi.id, `${ravi.id}-v2`]);

      expect(await store.members.remove("ravi@example.com")).not.toBeNull();
      expect(await versionsOf(ravi.id)).toEqual([ravi.id, `${ravi.id}-v3`]);
      expect(await store.push.devicesOf(ravi.id)).toEqual([]);

      // A subscribe after the removal finds no member.
      await store.push.subscribe(device(ravi.id), { now: new Date(Date.UTC(2030, 0, 5, 10)), max: 3 });
      expect(await store.push.devicesOf(ravi.id)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
