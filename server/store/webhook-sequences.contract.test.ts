import { expect, test } from "vitest";
import { bothStores } from "../../tests/support/store-sandboxes";
import type { Store } from "./store";
import type { WebhookAttemptRecord } from "./webhooks";

/**
 * A delivery's changes (server/work/webhook-changes.ts) scripted on both stores: claims, attempts
 * recorded by the claim's holder and by a worker whose lease ran out, Send again under a claim
 * and after it, and an endpoint disabled; after each step what a worker or the console sees. The
 * right answer is written out below; both stores must give it.
 */

const onBothStores = bothStores("webhook-sequences");

const START = Date.parse("2026-03-10T04:30:00Z");
const at = (seconds: number) => new Date(START + seconds * 1_000);
const LEASE = 60_000;
const attempt = (seconds: number, statusCode: number): WebhookAttemptRecord => ({
  at: at(seconds),
  statusCode,
  error: statusCode === 200 ? null : `HTTP ${statusCode}`,
  response: "r".repeat(400),
  durationMs: 5,
});

async function script(store: Store) {
  const endpoint = await store.webhooks.addEndpoint({
    url: "https://hooks.example.com/in",
    events: [],
    now: at(0),
  });
  const id = String(await store.webhooks.queueTest(endpoint.id, at(0)));
  const claim = async (worker: string, seconds: number) =>
    (await store.webhooks.claimDue({ worker, now: at(seconds), limit: 5, leaseMs: LEASE })).map(
      (delivery) => `${worker} claims it after ${delivery.attempts} attempts`,
    );
  const seen = async () => {
    const [delivery] = await store.webhooks.listDeliveries(endpoint.id, 5);
    return {
      state: delivery?.state,
      nextAttemptAt: delivery?.nextAttemptAt,
      attempts: delivery?.attempts.length,
      codes: delivery?.attempts.map((entry) => entry.statusCode).join(" "),
      responseKept: delivery?.attempts[0]?.response.length,
    };
  };
  const steps: unknown[] = [];
  steps.push(await claim("a", 1));
  // Under a's claim: Send again waits, and b, who holds nothing, records nothing.
  steps.push(await store.webhooks.sendAgain(endpoint.id, id, at(2)));
  await store.webhooks.recordAttempt(id, "b", attempt(3, 500), { delivered: false, nextAttemptAt: at(100) });
  steps.push(await seen());
  await store.webhooks.recordAttempt(id, "a", attempt(4, 500), { delivered: false, nextAttemptAt: at(100) });
  steps.push(await seen());
  // Twenty-one more failures: the log keeps the latest twenty.
  for (let n = 0; n < 21; n += 1) {
    const due = 100 + n * 100;
    await claim("a", due);
    await store.webhooks.recordAttempt(id, "a", attempt(due + 1, 501 + n), {
      delivered: false,
      nextAttemptAt: at(due + 100),
    });
  }
  steps.push(await seen());
  // a's lease runs out and b takes it; a's failure is not recorded, its arrival is.
  steps.push(await claim("a", 2_200));
  steps.push(await claim("b", 2_200 + LEASE / 1_000 + 1));
  await store.webhooks.recordAttempt(id, "a", attempt(2_270, 503), {
    delivered: false,
    nextAttemptAt: at(3_000),
  });
  steps.push(await seen());
  await store.webhooks.recordAttempt(id, "a", attempt(2_271, 200), { delivered: true });
  steps.push(await seen());
  // b's attempt ends after it arrived: nothing more is recorded.
  await store.webhooks.recordAttempt(id, "b", attempt(2_272, 200), { delivered: true });
  steps.push(await seen());
  // The arrival released the claim: Send again makes it due at once, from its own endpoint only.
  steps.push(await store.webhooks.sendAgain(endpoint.id, id, at(2_275)));
  steps.push(await store.webhooks.sendAgain("another-endpoint", id, at(2_400)));
  steps.push(await seen());
  steps.push(await claim("c", 2_401));
  await store.webhooks.updateEndpoint(endpoint.id, { enabled: false });
  steps.push(await store.webhooks.sendAgain(endpoint.id, id, at(2_500)));
  await store.webhooks.recordAttempt(id, "c", attempt(2_402, 500), {
    delivered: false,
    nextAttemptAt: at(3_000),
  });
  steps.push(await seen());
  return steps;
}

test("attempts by the claim's holder and by another, the log's length, and Send again give the same answers on both stores", async () => {
  const answers = await onBothStores(script);
  const codes = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => String(from + index)).join(" ");
  const expected = [
    ["a claims it after 0 attempts"],
    false,
    { state: "pending", nextAttemptAt: at(0).toISOString(), attempts: 0, codes: "", responseKept: undefined },
    { state: "pending", nextAttemptAt: at(100).toISOString(), attempts: 1, codes: "500", responseKept: 300 },
    {
      state: "pending",
      nextAttemptAt: at(2_200).toISOString(),
      attempts: 20,
      codes: `500 ${codes(501, 521)}`.split(" ").slice(-20).join(" "),
      responseKept: 300,
    },
    ["a claims it after 22 attempts"],
    ["b claims it after 22 attempts"],
    {
      state: "pending",
      nextAttemptAt: at(2_200).toISOString(),
      attempts: 20,
      codes: codes(502, 521),
      responseKept: 300,
    },
    {
      state: "delivered",
      nextAttemptAt: null,
      attempts: 20,
      codes: `${codes(503, 521)} 200`,
      responseKept: 300,
    },
    {
      state: "delivered",
      nextAttemptAt: null,
      attempts: 20,
      codes: `${codes(503, 521)} 200`,
      responseKept: 300,
    },
    true,
    false,
    {
      state: "pending",
      nextAttemptAt: at(2_275).toISOString(),
      attempts: 20,
      codes: `${codes(503, 521)} 200`,
      responseKept: 300,
    },
    ["c claims it after 0 attempts"],
    false,
    {
      state: "failed",
      nextAttemptAt: null,
      attempts: 20,
      codes: `${codes(503, 521)} 200`,
      responseKept: 300,
    },
  ];
  expect(answers[0]).toEqual(expected);
  expect(answers[1]).toEqual(expected);
});

/** More pending deliveries than one Firestore transaction may fail (PENDING_BATCH, 400). */
const MANY = 401;

async function disablingScript(store: Store) {
  const steps: unknown[] = [];
  const endpoint = await store.webhooks.addEndpoint({
    url: "https://hooks.example.com/in",
    events: [],
    now: at(0),
  });
  const other = await store.webhooks.addEndpoint({
    url: "https://other.example.com/in",
    events: [],
    now: at(0),
  });
  for (let n = 0; n < MANY; n += 1) await store.webhooks.queueTest(endpoint.id, at(n));
  let othersTest: string | null = null;
  let sentAgain: string | null = null;
  const states = async (endpointId: string) => {
    const tally: Record<string, number> = {};
    for (const delivery of await store.webhooks.listDeliveries(endpointId, MANY + 10)) {
      tally[delivery.state] = (tally[delivery.state] ?? 0) + 1;
    }
    return tally;
  };
  const claim = async (worker: string, seconds: number) =>
    (await store.webhooks.claimDue({ worker, now: at(seconds), limit: 5, leaseMs: LEASE })).map((delivery) =>
      delivery.id === othersTest
        ? "the other endpoint's"
        : delivery.id === sentAgain
          ? "the one sent again"
          : "another",
    );
  // One is claimed and delivered before the endpoint is disabled: it stays delivered. Only the
  // first test is due at 0, so the claim takes it on both stores.
  const [first] = await store.webhooks.claimDue({ worker: "a", now: at(0), limit: 1, leaseMs: LEASE });
  if (first) await store.webhooks.recordAttempt(first.id, "a", attempt(1, 200), { delivered: true });
  // Queued once that claim is made, so the claim has only one delivery due to take.
  othersTest = await store.webhooks.queueTest(other.id, at(0));
  // A change of its events leaves what is pending alone.
  steps.push(await store.webhooks.updateEndpoint(endpoint.id, { events: ["enquiry.received"] }));
  steps.push(await states(endpoint.id));
  // Disabled: every delivery still pending fails, in as many transactions as the store needs.
  steps.push(await store.webhooks.updateEndpoint(endpoint.id, { enabled: false }));
  steps.push(await states(endpoint.id));
  steps.push((await store.webhooks.getEndpoint(endpoint.id))?.enabled);
  // A worker finds only the other endpoint's delivery to take, which is left as it was.
  steps.push(await claim("b", MANY + 1));
  steps.push(await states(other.id));
  // One that does not exist is refused.
  steps.push(await store.webhooks.updateEndpoint("no-such-endpoint", { enabled: false }));
  // Enabled again, a failed delivery goes again only when sent again.
  steps.push(await store.webhooks.updateEndpoint(endpoint.id, { enabled: true }));
  steps.push(await states(endpoint.id));
  const [failed] = (await store.webhooks.listDeliveries(endpoint.id, 5)).filter(
    (delivery) => delivery.state === "failed",
  );
  sentAgain = failed?.id ?? null;
  steps.push(failed ? await store.webhooks.sendAgain(endpoint.id, failed.id, at(MANY + 2)) : "none failed");
  steps.push(await states(endpoint.id));
  steps.push(await claim("c", MANY + 3));
  return steps;
}

test("disabling an endpoint fails every delivery it had pending, beyond one transaction's writes, and nothing else, on both stores", async () => {
  const answers = await onBothStores(disablingScript);
  const expected = [
    true,
    { pending: MANY - 1, delivered: 1 },
    true,
    { failed: MANY - 1, delivered: 1 },
    false,
    ["the other endpoint's"],
    { pending: 1 },
    false,
    true,
    { failed: MANY - 1, delivered: 1 },
    true,
    { pending: 1, failed: MANY - 2, delivered: 1 },
    ["the one sent again"],
  ];
  expect(answers[0]).toEqual(expected);
  expect(answers[1]).toEqual(expected);
});
