import { expect, test } from "vitest";
import { bothStores } from "../../tests/support/store-sandboxes";
import type { Store } from "./store";

/**
 * The newsletter's consent (server/work/subscriber-changes.ts) scripted on both stores: the same
 * requests and confirmations, and after them the whole state a person or the outbox can see,
 * store-neutral (ids become names, nonces become "the link" or "another link"). The right answer
 * is written out below; both stores must give it.
 */

const onBothStores = bothStores("subscriber-sequences");

const HOUR = 60 * 60_000;
const START = new Date("2026-03-10T04:30:00Z");
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const LATER = new Date("2099-01-01T00:00:00Z");

async function script(store: Store) {
  const names = new Map<string, string>();
  const nonces = new Map<string, string>();
  const name = (id: string) => names.get(id) ?? "(unknown)";
  const link = (nonce: string | null) => (nonce === null ? null : (nonces.get(nonce) ?? "another link"));
  const request = async (email: string, minutes: number, language?: "en" | "hi") => {
    const answer = await store.subscribers.request(email, {
      now: at(minutes),
      resendAfterMs: HOUR,
      ...(language ? { language } : {}),
    });
    const who = email.trim().toLowerCase();
    if (!names.has(answer.subscriberId)) names.set(answer.subscriberId, who);
    if (answer.confirmNonce && !nonces.has(answer.confirmNonce))
      nonces.set(answer.confirmNonce, `${who}'s link`);
    return {
      outcome: answer.outcome,
      subscriber: name(answer.subscriberId),
      link: link(answer.confirmNonce),
    };
  };
  const idOf = (email: string) => [...names].find(([, who]) => who === email)?.[0] ?? "none";
  const nonceOf = (email: string) =>
    [...nonces].find(([, which]) => which === `${email}'s link`)?.[0] ?? "none";

  const steps = [
    await request("Asha@Example.com", 0),
    await request("asha@example.com", 10),
    // An hour and a minute after the first: mailed again, in the language asked in now.
    await request(" ASHA@example.com ", 61, "hi"),
    await request("asha@example.com", 62),
    await store.subscribers.confirm(idOf("asha@example.com"), "not-her-nonce", at(63)),
    await store.subscribers.confirm("no-such-address", nonceOf("asha@example.com"), at(63)),
    await store.subscribers.confirm(idOf("asha@example.com"), nonceOf("asha@example.com"), at(64)),
    await store.subscribers.confirm(idOf("asha@example.com"), nonceOf("asha@example.com"), at(65)),
    await request("asha@example.com", 200),
    await request("bilal@example.com", 201, "hi"),
    // Bilal's link opened by Asha's nonce: nothing changes.
    await store.subscribers.confirm(idOf("bilal@example.com"), nonceOf("asha@example.com"), at(202)),
  ];
  const subscribers = (await store.subscribers.list()).map((subscriber) => ({
    subscriber: name(subscriber.id),
    email: subscriber.email,
    subscribedAt: subscriber.subscribedAt,
  }));
  const mails = (
    await store.enquiries.claimDueNotifications({ worker: "test", now: LATER, limit: 50, leaseMs: 60_000 })
  )
    .map((mail) =>
      "subscriberId" in mail
        ? {
            kind: mail.kind,
            subscriber: name(mail.subscriberId),
            link: link(mail.confirmNonce),
            requestedAt: mail.requestedAt,
            language: mail.language,
          }
        : { kind: mail.kind },
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return { steps, subscribers, mails };
}

test("a request, a repeat, a resend, wrong and right links and a second address give the same state on both stores", async () => {
  const states = await onBothStores(script);
  const asha = { subscriber: "asha@example.com", link: "asha@example.com's link" };
  const expected = {
    steps: [
      { outcome: "created", ...asha },
      { outcome: "waiting", ...asha },
      { outcome: "resent", ...asha },
      { outcome: "waiting", ...asha },
      "unknown",
      "unknown",
      "confirmed",
      "already-confirmed",
      { outcome: "confirmed", subscriber: "asha@example.com", link: null },
      { outcome: "created", subscriber: "bilal@example.com", link: "bilal@example.com's link" },
      "unknown",
    ],
    subscribers: [
      { subscriber: "asha@example.com", email: "asha@example.com", subscribedAt: at(64).toISOString() },
    ],
    // Asha's confirmation mails went when she confirmed; her welcome and Bilal's link wait.
    mails: [
      {
        kind: "newsletter-confirmation",
        subscriber: "bilal@example.com",
        link: "bilal@example.com's link",
        requestedAt: at(201).toISOString(),
        language: "hi",
      },
      {
        kind: "newsletter-welcome",
        subscriber: "asha@example.com",
        link: null,
        requestedAt: at(61).toISOString(),
        language: "hi",
      },
    ],
  };
  expect(states[0]).toEqual(expected);
  expect(states[1]).toEqual(expected);
});
