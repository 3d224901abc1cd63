import type { Store } from "../../server/store/store";

const HOUR_MS = 60 * 60_000;

/** An address asked for and confirmed, as if its owner had opened the mailed link: a subscriber. */
export async function confirmedSubscriber(store: Store, email: string, now = new Date()): Promise<string> {
  const { subscriberId, confirmNonce } = await store.subscribers.request(email, {
    now,
    resendAfterMs: HOUR_MS,
  });
  if (confirmNonce !== null) await store.subscribers.confirm(subscriberId, confirmNonce, now);
  return subscriberId;
}
