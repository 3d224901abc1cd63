import type { SignInThrottleStore, ThrottleState } from "../store/sign-in-throttle";

/** After 5 failures within 15 minutes, wait 1 minute, doubling at each further block up to 1 hour. */
export const SIGN_IN_THROTTLE = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  firstPenaltyMs: 60_000,
  maxPenaltyMs: 60 * 60_000,
} as const;

export function throttleKeys(email: string, address: string): string[] {
  return [`account:${email.trim().toLowerCase()}`, `address:${address}`];
}

/** How long sign-ins for these keys must wait, in ms (0: they may try now). */
export async function signInWait(
  store: SignInThrottleStore,
  keys: readonly string[],
  now: Date,
): Promise<number> {
  let wait = 0;
  for (const key of keys) {
    const blockedUntil = (await store.get(key))?.blockedUntil;
    if (blockedUntil) wait = Math.max(wait, Date.parse(blockedUntil) - now.getTime());
  }
  return wait;
}

export function afterFailure(previous: ThrottleState | null, now: Date): ThrottleState {
  const at = now.getTime();
  const windowOver = !previous || at - Date.parse(previous.windowStartedAt) > SIGN_IN_THROTTLE.windowMs;
  const lastBlockOver =
    !previous?.blockedUntil || at - Date.parse(previous.blockedUntil) > SIGN_IN_THROTTLE.windowMs;
  const state: ThrottleState = windowOver
    ? {
        failures: 0,
        windowStartedAt: now.toISOString(),
        blockedUntil: previous?.blockedUntil ?? null,
        lastPenaltyMs: lastBlockOver ? 0 : (previous?.lastPenaltyMs ?? 0),
      }
    : { ...previous };
  state.failures += 1;
  if (state.failures >= SIGN_IN_THROTTLE.maxFailures) {
    const penalty = state.lastPenaltyMs
      ? Math.min(state.lastPenaltyMs * 2, SIGN_IN_THROTTLE.maxPenaltyMs)
      : SIGN_IN_THROTTLE.firstPenaltyMs;
    return {
      failures: 0,
      windowStartedAt: now.toISOString(),
      blockedUntil: new Date(at + penalty).toISOString(),
      lastPenaltyMs: penalty,
    };
  }
  return state;
}

export async function recordSignInFailure(store: SignInThrottleStore, keys: readonly string[], now: Date) {
  for (const key of keys) await store.put(key, afterFailure(await store.get(key), now));
}

/** "45 seconds", "1 minute", "12 minutes". */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
