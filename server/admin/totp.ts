import { createHash, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { renderSVG } from "uqr";
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from "../../domain/console";
import { brand } from "../../domain/brand";
import type { StaffAccount, StaffStore } from "../store/staff";

/** Accept the code of the step before and after, for a phone's clock a little off. */
const TOTP_TOLERANCE_S = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: `${brand.productName} console`, label: email, secret });
}

/** The link as a QR code in SVG, dark on light with a quiet zone, as authenticator apps scan best. */
export function otpauthQrCodeSvg(url: string): string {
  const svg = renderSVG(url, {
    ecc: "M",
    border: 4,
    pixelSize: 1,
    blackColor: "#2b2019",
    whiteColor: "#ffffff",
  });
  // Drawn square by square: crisp edges keep scaled-up neighbours from showing seams between them.
  return svg.replace("<svg ", '<svg shape-rendering="crispEdges" ');
}

/** The time step the code belongs to when it is right for the secret, else null. */
export async function totpCodeStep(secret: string, code: string): Promise<number | null> {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: TOTP_TOLERANCE_S });
  // A TOTP result carries its time step (an HOTP one, its counter).
  return result.valid && "timeStep" in result ? result.timeStep : null;
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

/** A code from the app not used before, or an unused recovery code (each spent by this check). */
export async function secondFactorIsRight(
  staff: StaffStore,
  account: StaffAccount,
  code: string,
): Promise<boolean> {
  if (!account.totpSecret) return false;
  const step = await totpCodeStep(account.totpSecret, code.trim());
  if (step !== null) return staff.useTotpStep(account.id, step);
  return staff.useRecoveryCode(account.id, hashRecoveryCode(code));
}
