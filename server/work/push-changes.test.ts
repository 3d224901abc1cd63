import type { DocumentReference, Firestore, Transaction } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { firestoreSandbox } from "../../tests/support/store-sandboxes";
import { FirestoreConnection, PUSH_DEVICE_VERSIONS } from "../store/firestore/connection";
import { FirestorePushStore } from "../store/firestore/push";
import { pushStore } from "./push-changes";

/**
 * A member's most kept devices on Firestore, whose emulator does not isolate transactions: a
 * subscribe that read the member's devices before two others were written (a slow request) must
 * not write over them as if it had read them last.
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
 * The push store of another instance whose first transaction, once it has read the member's
 * devices' version, waits until `between` has run: what a request slowed between its read and its
 * commit does.
 */
function slowedOnce(projectId: string, between: () => Promise<void>) {
  const connection = new FirestoreConnection({ projectId, enquiryCollection: ENQUIRY_COLLECTION });
  opened.push(connection);
  let slowed = false;
  const slow = (transaction: Transaction): Transaction =>
    new Proxy(transaction, {
      get(target, name) {
        if (name !== "get") return Reflect.get(target, name, target);
        return async (ref: DocumentReference) => {
          const read = await target.get(ref);
          if (!slowed && ref.parent?.id === PUSH_DEVICE_VERSIONS) {
            slowed = true;
            await between();
          }
          return read;
        };
      },
    });
  const db = new Proxy(connection.db, {
    get(target, name) {
      if (name === "runTransaction")
        return (update: (transaction: Transaction) => Promise<unknown>) =>
          target.runTransaction((transaction) => update(slow(transaction)));
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Firestore;
  return pushStore(
    new FirestorePushStore({
      db,
      run: (work) => connection.run(work),
      enquiryCollection: ENQUIRY_COLLECTION,
    }),
  );
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
      const slowed = slowedOnce(projectId, async () => {
        await store.push.subscribe(second, { now, max });
        await store.push.subscribe(third, { now, max });
      });

      await slowed.subscribe(slowDevice, { now: new Date(Date.UTC(2030, 0, 5, 11)), max });

      const endpoints = (await store.push.devicesOf(ravi.id)).map((each) => each.endpoint);
      expect(endpoints).toHaveLength(max);
      expect(endpoints).toContain(slowDevice.endpoint);
    } finally {
      await store.close();
    }
  });

  test("a member removed takes their devices' version along", async () => {
    const { store, projectId } = await sandbox.openStore();
    const connection = new FirestoreConnection({ projectId, enquiryCollection: ENQUIRY_COLLECTION });
    opened.push(connection);
    const versionsOf = async (staffId: string) =>
      (await connection.db.collection(PUSH_DEVICE_VERSIONS).where("staffId", "==", staffId).get()).size;
    try {
      const ravi = await store.staff.add({ email: "ravi@example.com", role: "member", passwordHash: "h" });
      for (const minute of [0, 1]) {
        await store.push.subscribe(device(ravi.id), {
          now: new Date(Date.UTC(2030, 0, 5, 9, minute)),
          max: 3,
        });
      }
      // The version and its marker.
      expect(await versionsOf(ravi.id)).toBe(2);

      expect(await store.members.remove("ravi@example.com")).not.toBeNull();
      expect(await versionsOf(ravi.id)).toBe(0);
    } finally {
      await store.close();
    }
  });
});
