import { hash, verify, type Algorithm } from "@node-rs/argon2";

/** Long enough to resist guessing; the upper bound keeps hashing a refused request cheap. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const passwordMessages = {
  tooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `The password may be at most ${PASSWORD_MAX_LENGTH} characters long.`,
} as const;

/** Null when the password may be used, else why not. */
export function checkNewPassword(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  return null;
}

/** The library's `Algorithm.Argon2id`, a const enum that cannot be imported as a value here. */
const ARGON2ID = 2 as Algorithm;

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum for argon2id). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against the account's hash, or against a dummy hash when there is no such
 * account, so an unknown address takes as long to refuse as a wrong password.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  // An invited account has no password yet (an empty hash): refused as slowly as an unknown one.
  if (passwordHash === undefined || passwordHash === "") {
    dummyHash ??= hashPassword("an account that does not exist");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
