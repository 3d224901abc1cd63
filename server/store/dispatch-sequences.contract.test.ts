import { expect, test } from "vitest";
import { enquiryReference } from "../../domain/console";
import type { DispatchInput } from "../../domain/dispatch";
import type { Enquiry } from "../../domain/enquiry";
import { bothStores } from "../../tests/support/store-sandboxes";
import type { Store } from "./store";

/**
 * The order's dispatch scripted on both stores: four orders packed with a batch and taken through
 * their steps (delivered, returned to origin, dispatched with no place recorded, only packed), a
 * step on a version already taken and one out of order, then what a recall
 * of the batch and the inbox's dispatch column read, store-neutral (ids and references become the
 * buyer's name). The right answer is written out below; both stores must give it.
 */

const onBothStores = bothStores("dispatch-sequences");

const STAFF = "asha@collarise.example";
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 5, minutes));

const buyer = (Name: string, Mobile: string): Enquiry => ({
  Name,
  Email: `${Name.split(" ")[0]?.toLowerCase()}@example.com`,
  Mobile,
  Quantity: 40,
  RetailerSelfUse: "Retailer",
});

async function script(store: Store) {
  const names = new Map<string, string>();
  const order = async (enquiry: Enquiry, place: { city: string | null; pinCode: string | null }) => {
    const stored = await store.enquiries.add(enquiry);
    names.set(stored.id, enquiry.Name);
    names.set(enquiryReference(stored.id), `${enquiry.Name}'s reference`);
    const changed = await store.work.changeStatus(stored.id, {
      to: "Confirmed",
      expectedVersion: 0,
      staffEmail: STAFF,
      at: at(0),
    });
    if (changed.outcome !== "changed") throw new Error(`status change refused: ${changed.outcome}`);
    await store.work.recordDeal(stored.id, {
      expectedVersion: 0,
      figures: { quantity: 40, valueRupees: 32_000, ...place, gstin: null },
      staffEmail: STAFF,
      at: at(1),
    });
    return stored.id;
  };
  const step = async (id: string, expectedVersion: number, input: DispatchInput, minutes: number) => {
    const result = await store.work.recordDispatch(id, {
      expectedVersion,
      input,
      staffEmail: STAFF,
      at: at(minutes),
    });
    return {
      order: names.get(id),
      outcome: result.outcome,
      ...(result.outcome === "refused" ? { error: result.error } : {}),
    };
  };
  const pack: DispatchInput = { step: "packed", batches: "B2611, B2612", bestBefore: "2099-11" };
  const send: DispatchInput = {
    step: "dispatched",
    courier: "Delhivery",
    tracking: "1234567890",
    payment: "prepaid",
  };

  const jaipur = { city: "Jaipur", pinCode: "302001" };
  const meera = await order(buyer("Meera Stores", "9811122233"), jaipur);
  const kavita = await order(buyer("Kavita Rao", "9822233344"), jaipur);
  // A deal whose place was not recorded: the recall shows the buyer without one.
  const imran = await order(buyer("Imran Khan", "9833344455"), { city: null, pinCode: null });
  const sunita = await order(buyer("Sunita Devi", "9844455566"), jaipur);
  const steps = [
    await step(meera, 0, pack, 10),
    await step(meera, 1, send, 11),
    await step(meera, 2, { step: "delivered" }, 40),
    await step(kavita, 0, pack, 12),
    await step(kavita, 1, send, 13),
    await step(kavita, 2, { step: "returned", reason: "address not found" }, 41),
    await step(imran, 0, { ...pack, batches: "B2612" }, 14),
    await step(imran, 1, { ...send, tracking: "9876543210" }, 15),
    // Based on a version already taken: nothing is written.
    await step(imran, 1, { step: "delivered" }, 16),
    // Delivered before it was dispatched: refused.
    await step(sunita, 0, { step: "delivered" }, 16),
    await step(sunita, 0, pack, 17),
  ];
  const neutral = <T extends object>(value: T) =>
    JSON.parse(
      JSON.stringify(value).replace(/"([^"]+)"/g, (quoted, text: string) =>
        names.has(text) ? JSON.stringify(names.get(text)) : quoted,
      ),
    ) as unknown;
  const ids = [meera, kavita, imran, sunita, "no-such-enquiry"];
  return {
    steps,
    recall: neutral(await store.dispatch.recipientsOf("B2612", 50)),
    firstOnly: neutral(await store.dispatch.recipientsOf("B2612", 1)),
    none: await store.dispatch.recipientsOf("Z9999", 50),
    summaries: (neutral([...(await store.dispatch.summariesOf(ids))]) as [string, unknown][]).sort(
      ([a], [b]) => a.localeCompare(b),
    ),
  };
}

test("four orders packed with one batch and taken through their steps give the same recall and summaries on both stores", async () => {
  const states = await onBothStores(script);
  expect(states[1]).toEqual(states[0]);
  expect(states[0]).toMatchInlineSnapshot(`
    {
      "firstOnly": [
        {
          "batches": [
            "B2612",
          ],
          "bestBefore": "2099-11",
          "city": null,
          "courier": "Delhivery",
          "dispatchedAt": "2026-11-20T05:15:00.000Z",
          "email": "imran@example.com",
          "enquiryId": "Imran Khan",
          "mobile": "9833344455",
          "name": "Imran Khan",
          "pinCode": null,
          "reference": "Imran Khan's reference",
          "step": "dispatched",
          "tracking": "9876543210",
        },
      ],
      "none": [],
      "recall": [
        {
          "batches": [
            "B2612",
          ],
          "bestBefore": "2099-11",
          "city": null,
          "courier": "Delhivery",
          "dispatchedAt": "2026-11-20T05:15:00.000Z",
          "email": "imran@example.com",
          "enquiryId": "Imran Khan",
          "mobile": "9833344455",
          "name": "Imran Khan",
          "pinCode": null,
          "reference": "Imran Khan's reference",
          "step": "dispatched",
          "tracking": "9876543210",
        },
        {
          "batches": [
            "B2611",
            "B2612",
          ],
          "bestBefore": "2099-11",
          "city": "Jaipur",
          "courier": "Delhivery",
          "dispatchedAt": "2026-11-20T05:11:00.000Z",
          "email": "meera@example.com",
          "enquiryId": "Meera Stores",
          "mobile": "9811122233",
          "name": "Meera Stores",
          "pinCode": "302001",
          "reference": "Meera Stores's reference",
          "step": "delivered",
          "tracking": "1234567890",
        },
      ],
      "steps": [
        {
          "order": "Meera Stores",
          "outcome": "changed",
        },
        {
          "order": "Meera Stores",
          "outcome": "changed",
        },
        {
          "order": "Meera Stores",
          "outcome": "changed",
        },
        {
          "order": "Kavita Rao",
          "outcome": "changed",
        },
        {
          "order": "Kavita Rao",
          "outcome": "changed",
        },
        {
          "order": "Kavita Rao",
          "outcome": "changed",
        },
        {
          "order": "Imran Khan",
          "outcome": "changed",
        },
        {
          "order": "Imran Khan",
          "outcome": "changed",
        },
        {
          "order": "Imran Khan",
          "outcome": "conflict",
        },
        {
          "error": "Only a dispatched order can be delivered or returned to origin.",
          "order": "Sunita Devi",
          "outcome": "refused",
        },
        {
          "order": "Sunita Devi",
          "outcome": "changed",
        },
      ],
      "summaries": [
        [
          "Imran Khan",
          {
            "courier": "Delhivery",
            "step": "dispatched",
            "tracking": "9876543210",
          },
        ],
        [
          "Kavita Rao",
          {
            "courier": "Delhivery",
            "step": "returned",
            "tracking": "1234567890",
          },
        ],
        [
          "Meera Stores",
          {
            "courier": "Delhivery",
            "step": "delivered",
            "tracking": "1234567890",
          },
        ],
        [
          "Sunita Devi",
          {
            "courier": null,
            "step": "packed",
            "tracking": null,
          },
        ],
      ],
    }
  `);
});
