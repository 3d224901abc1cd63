import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { ENQUIRY_STATUSES } from "../../../domain/console";
import { ENQUIRY_COLLECTION, VITAL_METRICS } from "../../../domain/contract";
import { SqliteStore } from "../../../server/store";

const DAY_MS = 86_400_000;
const PAGES = ["/", "/privacy-policy", "/hi", "/hi/privacy-policy"] as const;
const MEMBERS = ["asha.verma", "bilal.khan", "chitra.iyer"].map((name) => `${name}@collarise.example`);
/** Typical values of each metric, and how far they spread. */
const VITAL_SCALE: Record<(typeof VITAL_METRICS)[number], [number, number]> = {
  CLS: [0.02, 0.08],
  INP: [90, 160],
  FCP: [900, 900],
  LCP: [1400, 1500],
  TTFB: [250, 400],
};

/**
 * A quarter of a sales team's work in a new SQLite file at `path`, written as the store lays it
 * out: about 30 enquiries a working day (fewer on Sundays) up to now, most worked on by three
 * members within a few hours, and real-visitor page-speed samples every day. Deterministic.
 */
export async function seedQuarter(path: string): Promise<void> {
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  await store.close();
  const db = new Database(path);
  let seed = 7;
  const random = () => ((seed = (seed * 48_271) % 2_147_483_647) - 1) / 2_147_483_646;
  const table = `"${ENQUIRY_COLLECTION}"`;
  const insertEnquiry = db.prepare(
    `INSERT INTO ${table} (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertWork = db.prepare(
    `INSERT INTO enquiry_work (enquiry_id, status, version, closed_at, received_at) VALUES (?, ?, 1, NULL, ?)`,
  );
  const insertHistory = db.prepare(
    `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, from_status, to_status, text, worked)
     VALUES (?, ?, ?, ?, 'status', 'New', ?, NULL, 1)`,
  );
  // The status change is the enquiry's first contact, written with it as the store does (work-record.ts).
  const insertFirstTouch = db.prepare(
    `INSERT INTO enquiry_first_touch (enquiry_id, received_at, first_at) VALUES (?, ?, ?)`,
  );
  const insertVital = db.prepare(`INSERT INTO vitals (page, metric, value, received_at) VALUES (?, ?, ?, ?)`);
  // Four in five sales won have their order's value recorded: 900 rupees a pack to a retailer, 1,100 to others.
  const insertDeal = db.prepare(
    `INSERT INTO enquiry_deals (enquiry_id, version, quantity, value_rupees, city, pin_code, gstin, updated_at)
     VALUES (?, 1, ?, ?, 'Jaipur', '302001', NULL, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    let n = 0;
    for (let day = 89; day >= 0; day--) {
      const dayStart = now - day * DAY_MS;
      const sunday = new Date(dayStart + 19_800_000).getUTCDay() === 0;
      const growth = 1 + (89 - day) / 120;
      const count = Math.round((sunday ? 8 : 24 + random() * 14) * growth);
      for (let index = 0; index < count; index++) {
        const received = dayStart - random() * 0.9 * DAY_MS;
        if (received > now) continue;
        const id = randomUUID();
        const retailer = random() < 0.35;
        const quantity = retailer ? 10 + Math.floor(random() * 40) : 1 + Math.floor(random() * 4);
        insertEnquiry.run(
          id,
          `Buyer ${n}`,
          `buyer${n}@example.in`,
          String(9_000_000_000 + n),
          quantity,
          retailer ? "Retailer" : "Self Use",
          new Date(received).toISOString(),
        );
        n += 1;
        const age = now - received;
        if (age < 5 * 3_600_000 || random() < 0.12) continue;
        const roll = random();
        const status =
          age < 2 * DAY_MS
            ? "Contacted"
            : ENQUIRY_STATUSES[roll < 0.3 ? 1 : roll < 0.55 ? 2 : roll < 0.85 ? 3 : roll < 0.95 ? 4 : 5];
        insertWork.run(id, status as string, new Date(received).toISOString());
        if ((status === "Confirmed" || status === "Fulfilled") && n % 5 !== 0) {
          insertDeal.run(id, quantity, quantity * (retailer ? 900 : 1_100), new Date(received).toISOString());
        }
        const touched = Math.min(now, received + (0.3 + random() * random() * 20) * 3_600_000);
        insertHistory.run(
          randomUUID(),
          id,
          new Date(touched).toISOString(),
          MEMBERS[Math.floor(random() * MEMBERS.length)] as string,
          status as string,
        );
        insertFirstTouch.run(id, new Date(received).toISOString(), new Date(touched).toISOString());
      }
      for (const page of PAGES) {
        for (const metric of VITAL_METRICS) {
          const [base, spread] = VITAL_SCALE[metric];
          const visits = page.endsWith("policy") ? 3 : 12;
          for (let visit = 0; visit < visits; visit++) {
            const value = base + spread * random() * random() * (page.startsWith("/hi") ? 1.2 : 1);
            insertVital.run(page, metric, value, new Date(dayStart - random() * DAY_MS).toISOString());
          }
        }
      }
    }
  })();
  db.close();
}
