import type { AttemptLimit } from "../attempt-limits";

/**
 * Sign-in attempts per key (an account, an address, or a known browser): 5 in any 15 minutes and
 * 20 in any 24 hours, each window sliding so that a burst across its boundary counts whole. Each
 * is reserved before the password or code is checked (docs/decisions/015-device-cookie.md).
 */
export const SIGN_IN_LIMITS: readonly AttemptLimit[] = [
  { windowMs: 15 * 60_000, max: 5, sliding: true },
  { windowMs: 24 * 3_600_000, max: 20, sliding: true },
];

/**
 * The keys a sign-in (or a change of the second factor) counts under: a browser that signed in
 * to this account before (its device cookie) has its own; any other counts under the account's
 * and its address's, so a stranger's guesses never use up the known browser's allowance.
 */
export function throttleKeys(email: string, address: string, device: string | null): string[] {
  if (device) return [`device:${device}`];
  return [`account:${email.trim().toLowerCase()}`, `address:${address}`];
}

/** "45 seconds", "1 minute", "12 minutes". */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
