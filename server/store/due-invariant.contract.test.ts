import Database from "better-sqlite3";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_STATUSES, isClosed, isSpam, isWork, type EnquiryStatus } from "../../domain/status";
import type { DispatchInput } from "../../domain/dispatch";
import { CALL_OUTCOMES, CONTACT_CHANNELS } from "../../domain/lifecycle";
import { LOST_REASONS, type LostReason } from "../../domain/deal";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { inboxFilterOf, waitingOnUs } from "../lifecycle/inbox-listing";
import type { Store } from "./store";
import { SPAM_OWNER } from "./firestore/work-record";

/**
 * Every open enquiry is due, and a closed one is not (decision 029), whatever the team does and in
 * whatever order: random sequences of the console's changes, the order's dispatch and the buyer's
 * answers, seeded so that a failure can be replayed, run through the work layer on both stores,
 * with the invariant checked after every step. So is waiting on us: each work record as stored
 * (read behind the store's back) holds the flag the listing's rule gives its stored status,
 * contact and answer, and the Waiting on us view counts exactly those. And so is the team's work:
 * each stored record holds the flag its stored status gives (spam is never work), which Firestore
 * keeps with its owner's field as the views query it.
 */

/** A work record's fields as stored, read behind the store's back. */
interface StoredWork {
  status: EnquiryStatus;
  touched: boolean;
  answeredAt: string | null;
  waitingOnUs: boolean;
  teamWork: boolean;
  /** Firestore only: whether `ownerId` holds the marker every view passes over. */
  ownerMarked?: boolean;
}

/** Reads the stored work records of a store opened in a sandbox: its SQLite file, or its Firestore project. */
function storedWorkReader(opened: { path?: string; projectId?: string }) {
  if (opened.path !== undefined) {
    const path = opened.path;
    return {
      async read(ids: readonly string[]): Promise<Map<string, StoredWork>> {
        const db = new Database(path, { readonly: true, fileMustExist: true });
        try {
          const rows = db
            .prepare<
              [string],
              {
                id: string;
                status: EnquiryStatus;
                touched_at: string | null;
                answered_at: string | null;
                waiting_on_us: number;
                team_work: number;
              }
            >(
              `SELECT enquiry_id AS id, status, touched_at, answered_at, waiting_on_us, team_work FROM enquiry_work
               WHERE enquiry_id IN (SELECT value FROM json_each(?))`,
            )
            .all(JSON.stringify(ids));
          return new Map(
            rows.map((row) => [
              row.id,
              {
                status: row.status,
                touched: row.touched_at !== null,
                answeredAt: row.answered_at,
                waitingOnUs: row.waiting_on_us === 1,
                teamWork: row.team_work === 1,
              },
            ]),
          );
        } finally {
          db.close();
        }
      },
      close: async () => {},
    };
  }
  const projectId = opened.projectId ?? "";
  const app = initializeApp({ projectId }, `due-invariant-probe-${projectId}`);
  const db = getFirestore(app);
  return {
    async read(ids: readonly string[]): Promise<Map<string, StoredWork>> {
      const docs = await db.getAll(...ids.map((id) => db.collection("enquiryWork").doc(id)));
      return new Map(
        docs
          .filter((doc) => doc.exists)
          .map((doc) => [
            doc.id,
            {
              status: doc.get("status") as EnquiryStatus,
              touched: typeof doc.get("touchedAt") === "string",
              answeredAt: (doc.get("answeredAt") as string | null | undefined) ?? null,
              // The field as stored: absent is not false.
              waitingOnUs: doc.get("waitingOnUs") as boolean,
              teamWork: doc.get("teamWork") as boolean,
              ownerMarked: doc.get("ownerId") === SPAM_OWNER,
            },
          ]),
      );
    },
    close: () => deleteApp(app),
  };
}

/** A small seeded generator (mulberry32): the same seed, the same sequence. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SEEDS = [29, 4_711, 20_261_128];
const STEPS = 40;
const MINUTE = 60_000;

describe.each([sqliteSandbox("due-invariant-contract"), firestoreSandbox("due-invariant")])(
  "every open enquiry is due on the $name store",
  (sandbox) => {
    const opened: { close(): Promise<void> }[] = [];
    beforeAll(() => sandbox.setUp());
    afterAll(() => sandbox.tearDown());
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    test.each(SEEDS)("random changes, seed %i", async (seed) => {
      const handle: { store: Store; path?: string; projectId?: string } = await sandbox.openStore();
      const { store } = handle;
      opened.push(store);
      const stored = storedWorkReader(handle);
      opened.push(stored);
      const members = await Promise.all(
        ["priya@example.com", "aman@example.com"].map((email) =>
          store.staff.add({ email, role: "member", passwordHash: "h" }),
        ),
      );
      const ids = [
        (await store.enquiries.add(anEnquiry({ RetailerSelfUse: "Retailer" }))).id,
        (await store.enquiries.add(anEnquiry())).id,
        (await store.enquiries.add(anEnquiry(), { screening: { score: 10, reasons: [], spam: true } })).id,
      ];
      const random = prng(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
      let clock = Date.now();
      let answers = 0;
      const done: string[] = [];

      const checkInvariant = async () => {
        const fields = await store.team.fieldsOf(ids);
        for (const id of ids) {
          const record = await store.enquiryWork.get(id);
          if (!record) throw new Error(`enquiry ${id} is gone`);
          const { dueAt } = fields.get(id) ?? { dueAt: null };
          const where = `seed ${seed}, after ${done.join(" → ")}: ${id} at ${record.status}`;
          if (isClosed(record.status)) expect(dueAt, where).toBeNull();
          else if (!isSpam(record.status)) expect(dueAt, where).not.toBeNull();
        }
        // Waiting on us as stored is the rule applied to the stored record, and what the view counts.
        const works = await stored.read(ids);
        const waiting: string[] = [];
        for (const id of ids) {
          const work = works.get(id);
          const where = `seed ${seed}, after ${done.join(" → ")}: ${id}`;
          expect(work, where).toBeDefined();
          if (!work) continue;
          expect({ id, waitingOnUs: work.waitingOnUs }, where).toEqual({
            id,
            waitingOnUs: waitingOnUs(work),
          });
          expect({ id, teamWork: work.teamWork, ownerMarked: work.ownerMarked }, where).toEqual({
            id,
            teamWork: isWork(work.status),
            ...(work.ownerMarked === undefined ? {} : { ownerMarked: !isWork(work.status) }),
          });
          if (work.waitingOnUs) waiting.push(id);
        }
        const viewer = { staffId: members[0]?.id ?? "", now: new Date(clock), dayEnd: new Date(clock) };
        expect(await store.enquiryWork.count(inboxFilterOf({ view: "waiting" }, viewer)!)).toBe(
          waiting.length,
        );
      };

      await checkInvariant();
      for (let index = 0; index < STEPS; index += 1) {
        clock += Math.floor(random() * 600) * MINUTE;
        const at = new Date(clock);
        const id = pick(ids);
        const staffEmail = pick(members).email;
        const record = await store.enquiryWork.get(id);
        if (!record) throw new Error(`enquiry ${id} is gone`);
        const step = pick([
          "status",
          "note",
          "contact",
          "reply",
          "answer",
          "owner",
          "follow-up",
          "clear follow-up",
          "not spam",
          "dispatch",
        ] as const);
        let label: string = step;
        switch (step) {
          case "status": {
            const to = pick(ENQUIRY_STATUSES);
            label = `status ${to}`;
            await store.work.changeStatus(id, {
              to,
              expectedVersion: record.version,
              ...(to === "Declined" ? { lostReason: pick(Object.keys(LOST_REASONS) as LostReason[]) } : {}),
              ...(random() < 0.3 ? { followUpAt: new Date(clock + 2 * 86_400_000) } : {}),
              staffEmail,
              at,
            });
            break;
          }
          case "note":
            await store.work.addNote(id, { text: "Spoke to them", staffEmail, at });
            break;
          case "contact": {
            const channel = pick(CONTACT_CHANNELS.filter((each) => each !== "email"));
            const outcome = pick(CALL_OUTCOMES);
            label = channel === "call" ? `call ${outcome}` : channel;
            await store.work.recordContact(id, {
              channel,
              ...(channel === "call" ? { outcome } : {}),
              staffEmail,
              at,
            });
            break;
          }
          case "reply":
            await store.work.reply(id, {
              subject: "Your enquiry",
              text: "Namaste, the price is ₹1,499 for 30 sachets.",
              staffEmail,
              at,
              messageIdDomain: "collarise.example",
            });
            break;
          case "answer":
            answers += 1;
            await store.work.addAnswers([
              {
                enquiryId: id,
                messageId: `<answer-${seed}-${answers}@mail.example>`,
                inReplyTo: null,
                references: [],
                from: "buyer@mail.example",
                subject: "Re: Your enquiry",
                text: "Yes please.",
                at,
                attachments: 0,
                truncated: false,
                quoteTrimmed: false,
                verified: true,
              },
            ]);
            break;
          case "owner": {
            const fields = (await store.team.fieldsOf([id])).get(id);
            const to = random() < 0.25 ? null : pick(members);
            label = `owner ${to?.email ?? "nobody"}`;
            await store.work.setOwner(id, {
              ownerId: to?.id ?? null,
              expectedOwnerId: fields?.ownerId ?? null,
              actorId: to?.id ?? null,
              staffEmail,
              at,
            });
            break;
          }
          case "follow-up": {
            // Ahead or already past: both must keep the invariant.
            const followUpAt = new Date(clock + Math.floor(random() * 4_000 - 1_000) * MINUTE);
            await store.work.setFollowUp(id, { followUpAt, nextStep: "Call back", staffEmail, at });
            break;
          }
          case "clear follow-up":
            await store.work.setFollowUp(id, { followUpAt: null, nextStep: null, staffEmail, at });
            break;
          case "not spam":
            await store.work.releaseFromSpam(id, { expectedVersion: record.version, staffEmail, at });
            break;
          case "dispatch": {
            // The order's next step: refused unless the enquiry is Confirmed (or packed again after a return).
            const dispatch = await store.dispatch.get(id);
            const input: DispatchInput =
              !dispatch || dispatch.step === null || dispatch.step === "returned"
                ? { step: "packed", batches: "B2611", bestBefore: "2099-11" }
                : dispatch.step === "packed"
                  ? { step: "dispatched", courier: "Delhivery", tracking: "1234567890", payment: "prepaid" }
                  : random() < 0.5
                    ? { step: "delivered" }
                    : { step: "returned", reason: "Address not found" };
            label = `dispatch ${input.step}`;
            await store.work.recordDispatch(id, {
              expectedVersion: dispatch?.version ?? 0,
              input,
              staffEmail,
              at,
            });
            break;
          }
        }
        done.push(`${label} #${ids.indexOf(id)}`);
        await checkInvariant();
      }
    });
  },
);
