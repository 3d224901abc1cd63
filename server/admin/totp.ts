import { createHash, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from "../../domain/console";
import { product } from "../../app/content/site";
import type { StaffAccount, StaffStore } from "../store/staff";

/** Accept the code of the step before and after, for a phone's clock a little off. */
const TOTP_TOLERANCE_S = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: `${product.name} console`, label: email, secret });
}

export async function totpCodeIsRight(secret: string, code: string): Promise<boolean> {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return false;
  return (await verify({ secret, token: code, epochTolerance: TOTP_TOLERANCE_S })).valid;
}

/** Recovery codes as shown: ten characters of base 32, in two groups of five. */
export function newRecoveryCodes(): string[] {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join("");
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.replace(/[\s-]/g, "").toUpperCase()).digest("hex");
}

/** A code from the app, or an unused recovery code (spent by this check). */
export async function secondFactorIsRight(
  staff: StaffStore,
  account: StaffAccount,
  code: string,
): Promise<boolean> {
  if (!account.totpSecret) return false;
  if (await totpCodeIsRight(account.totpSecret, code.trim())) return true;
  return staff.useRecoveryCode(account.id, hashRecoveryCode(code));
}
