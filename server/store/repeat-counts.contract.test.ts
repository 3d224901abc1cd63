import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { Enquiry } from "../../domain/enquiry";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { seeded } from "../../tests/support/seeded";
import { countedScreening } from "../spam/screening";
import { REPEATS_PER_DAY, SAME_ENQUIRY_PER_DAY } from "../spam/weights";
import { enquiryFingerprint } from "./idempotency";
import type { Store } from "./store";

/**
 * The day's repeats the form's intake counts (a mobile, an address, the very same five fields), on
 * both stores: a seeded day of enquiries from a few buyers, each one's reasons compared with
 * counting by hand. SQLite writes the five fields' counter only from a mobile's second enquiry of
 * the day (CounterToAdd.nested); the counts must be those of writing it every time.
 */
const adapters = [
  { name: "SQLite", sandbox: sqliteSandbox("repeat-counts"), sqlite: true },
  { name: "Firestore (emulator)", sandbox: firestoreSandbox("repeat-counts"), sqlite: false },
];

const MOBILES = ["9876500001", "9876500002", "9876500003", "9876500004"];
const EMAILS = ["asha@example.com", "ravi@example.com", "meera@example.com"];
const NAMES = ["Asha Verma", "Ravi Kumar"];

describe.each(adapters)("repeats counted on the $name store", ({ sandbox, sqlite }) => {
  let store: Store | undefined;
  let path = "";
  beforeAll(() => sandbox.setUp());
  afterAll(() => sandbox.tearDown());
  afterEach(async () => {
    await store?.close();
    store = undefined;
    vi.useRealTimers();
  });

  test.each([20261201, 11])(
    "a seeded day of enquiries from a few buyers is scored on its repeats as counted by hand (seed %i)",
    async (seed) => {
      const opened = await sandbox.openStore();
      store = opened.store;
      path = "path" in opened ? String(opened.path) : "";
      const random = seeded(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
      vi.useFakeTimers({ toFake: ["Date"] });
      const counts = new Map<string, number>();
      const counted = (key: string) => {
        const count = (counts.get(key) ?? 0) + 1;
        counts.set(key, count);
        return count;
      };
      const seen = { repeated: 0, sameEnquiry: 0, plain: 0 };
      // 09:00 IST onwards, a minute apart: one IST day.
      const start = Date.parse("2026-12-01T03:30:00.000Z");
      for (let step = 0; step < 36; step += 1) {
        const now = new Date(start + step * 60_000);
        vi.setSystemTime(now);
        const enquiry: Enquiry = {
          Name: pick(NAMES),
          Email: pick(EMAILS),
          Mobile: pick(MOBILES),
          Quantity: 1 + Math.floor(random() * 2),
          RetailerSelfUse: "Self Use",
        };
        const expected: string[] = [];
        const byMobile = counted(`mobile:${enquiry.Mobile}`);
        const byEmail = counted(`email:${enquiry.Email}`);
        if (Math.max(byMobile, byEmail) >= REPEATS_PER_DAY) expected.push("repeated");
        if (counted(`same:${enquiryFingerprint(enquiry)}`) >= SAME_ENQUIRY_PER_DAY)
          expected.push("same-enquiry");
        const filed = await store.work.fileEnquiry(enquiry, {
          checks: countedScreening({
            enquiry,
            honeypot: false,
            proofOfWork: { name: `proof:${seed}:${step}`, expiresAt: new Date(now.getTime() + 3_600_000) },
            now,
          }),
          language: "en",
        });
        expect(filed.stored.screening?.reasons, `step ${step}: ${JSON.stringify(enquiry)}`).toEqual(expected);
        if (expected.includes("same-enquiry")) seen.sameEnquiry += 1;
        else if (expected.includes("repeated")) seen.repeated += 1;
        else seen.plain += 1;
      }
      // Each kind of answer was given, so the test cannot pass on counting nothing.
      expect(seen.plain).toBeGreaterThan(0);
      expect(seen.repeated).toBeGreaterThan(0);
      expect(seen.sameEnquiry).toBeGreaterThan(0);
      if (sqlite) {
        // The five fields' counters written: one per fingerprint sent from a mobile already counted.
        await store.close();
        store = undefined;
        const db = new Database(path, { readonly: true });
        try {
          const rows =
            db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM attempt_counters`).get()?.n ?? 0;
          // Mobiles, addresses and proofs, every one; fingerprints, fewer than were sent.
          const fingerprints = [...counts.keys()].filter((key) => key.startsWith("same:")).length;
          const others = [...counts.keys()].filter((key) => !key.startsWith("same:")).length + 36;
          expect(rows - others).toBeGreaterThan(0);
          expect(rows - others).toBeLessThan(fingerprints);
        } finally {
          db.close();
        }
      }
    },
  );
});
