import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_STATUSES, isClosed, isSpam } from "../../domain/status";
import { CALL_OUTCOMES, CONTACT_CHANNELS } from "../../domain/lifecycle";
import { LOST_REASONS, type LostReason } from "../../domain/deal";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import type { Store } from "./store";

/**
 * Every open enquiry is due, and a closed one is not (decision 029), whatever the team does and in
 * whatever order: random sequences of the console's changes and the buyer's answers, seeded so
 * that a failure can be replayed, run through the work layer on both stores, with the invariant
 * checked after every step.
 */

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
    const opened: Store[] = [];
    beforeAll(() => sandbox.setUp());
    afterAll(() => sandbox.tearDown());
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    test.each(SEEDS)("random changes, seed %i", async (seed) => {
      const { store } = await sandbox.openStore();
      opened.push(store);
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
        }
        done.push(`${label} #${ids.indexOf(id)}`);
        await checkInvariant();
      }
    });
  },
);
