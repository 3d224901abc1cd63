import type { Language } from "../../domain/contract";
import type { ConfirmOutcome, SubscriberStore, SubscriptionRequest } from "../store/store";
import { stepsOf, type ChangeOf } from "../store/step-port";
import {
  newNonce,
  type SubscriberAdapter,
  type SubscriberRead,
  type SubscriberSteps,
} from "../store/subscriber-port";
import type { SubscriberDirectory } from "../store/subscriber-directory";

const step = stepsOf<SubscriberSteps>();

/**
 * The newsletter's consent, written once above the stores: an address asked for is stored and
 * mailed its link, mailed again after `resendAfterMs` at the earliest; opening the link confirms
 * it, drops the confirmation mail still waiting and queues the welcome; an unsubscribe link removes
 * the address its nonce was made for; the sweep erases those never confirmed and last asked for
 * before its cutoff, each in a change of its own. Each change reads, decides and writes in one
 * transaction of the store's.
 */
export function subscriberStore(adapter: SubscriberAdapter): SubscriberStore {
  return {
    unsubscribe: (subscriberId, nonce) => adapter.run(() => unsubscribe(subscriberId, nonce)),
    eraseUnconfirmed: async (before) => {
      let erased = 0;
      for (const address of await adapter.readUnconfirmed()) {
        if (!sweptAway({ confirmed: false, ...address }, before)) continue;
        if (await adapter.run(() => eraseUnconfirmed(address.id, before))) erased++;
      }
      return erased;
    },
    list: () => adapter.list(),
    request: (email, options) => adapter.run(() => request(email, options)),
    confirm: (subscriberId, nonce, now) => adapter.run(() => confirm(subscriberId, nonce, now)),
  };
}

function* request(
  email: string,
  options: { now: Date; resendAfterMs: number; language?: Language },
): ChangeOf<SubscriberSteps, SubscriptionRequest> {
  const address = email.trim().toLowerCase();
  const language = options.language ?? "en";
  const at = options.now.toISOString();
  const current = yield* step("readSubscriber", { email: address });
  if (!current) {
    const id = yield* step("newSubscriberId", { email: address });
    const confirmNonce = newNonce();
    yield* step("createSubscriber", {
      id,
      email: address,
      at,
      confirmNonce,
      unsubscribeNonce: newNonce(),
      language,
    });
    yield* step("queueSubscriberMail", { id, kind: "newsletter-confirmation", at });
    return { outcome: "created", subscriberId: id, confirmNonce };
  }
  const known = { subscriberId: current.id, confirmNonce: current.confirmNonce };
  if (current.confirmed) return { outcome: "confirmed", ...known };
  const resendBefore = new Date(options.now.getTime() - options.resendAfterMs).toISOString();
  if (current.requestedAt !== null && current.requestedAt > resendBefore)
    return { outcome: "waiting", ...known };
  // Asked for again after a while: a fresh mail, in the language asked in, and the same link, valid from now.
  yield* step("writeRequested", { id: current.id, at, language });
  yield* step("queueSubscriberMail", { id: current.id, kind: "newsletter-confirmation", at });
  return { outcome: "resent", ...known };
}

function* confirm(
  subscriberId: string,
  confirmNonce: string,
  now: Date,
): ChangeOf<SubscriberSteps, ConfirmOutcome> {
  const current = yield* step("readSubscriber", { id: subscriberId });
  if (!current) return "unknown";
  if (current.confirmed) return "already-confirmed";
  if (current.confirmNonce !== confirmNonce) return "unknown";
  const at = now.toISOString();
  // A confirmation mail still waiting has nothing left to ask.
  yield* step("dropWaitingConfirmations", { id: current.id });
  yield* step("writeConfirmed", { id: current.id, at });
  yield* step("queueSubscriberMail", { id: current.id, kind: "newsletter-welcome", at });
  return "confirmed";
}

function* unsubscribe(subscriberId: string, unsubscribeNonce: string): ChangeOf<SubscriberSteps, boolean> {
  const current = yield* step("readSubscriber", { id: subscriberId });
  if (!current || current.unsubscribeNonce !== unsubscribeNonce) return false;
  yield* step("removeSubscriber", { id: current.id });
  return true;
}

/**
 * Whether the sweep erases an address: never confirmed and last asked for before `before`. One
 * with no request time is kept: when it was asked for is not known.
 */
function sweptAway(address: Pick<SubscriberRead, "confirmed" | "requestedAt">, before: Date): boolean {
  return (
    !address.confirmed && address.requestedAt !== null && Date.parse(address.requestedAt) < before.getTime()
  );
}

/** Erases the address if the sweep still would as it is read now (asked for again or confirmed meanwhile: kept). */
function* eraseUnconfirmed(subscriberId: string, before: Date): ChangeOf<SubscriberSteps, boolean> {
  const current = yield* step("readSubscriber", { id: subscriberId });
  if (!current || !sweptAway(current, before)) return false;
  yield* step("removeSubscriber", { id: current.id });
  return true;
}

/**
 * The console's list of subscribers over an adapter's: a search is read as the addresses are
 * stored, trimmed and in lower case, whichever store answers it.
 */
export function subscriberDirectory(adapter: SubscriberDirectory): SubscriberDirectory {
  return {
    list: (options) => adapter.list({ ...options, q: (options.q ?? "").trim().toLowerCase() }),
    remove: (id) => adapter.remove(id),
  };
}
