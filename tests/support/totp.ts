import { generate } from "otplib";

/** The code an authenticator app shows for the key, `stepsAhead` 30-second steps from now. */
export function totpCodeFor(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}

/** Six digits that no step the server accepts around now would give: surely wrong, never right by luck. */
export async function wrongTotpCode(secret: string): Promise<string> {
  return (await wrongTotpCodes(secret, 1))[0] as string;
}

/** `count` different codes, each surely wrong (as `wrongTotpCode`). */
export async function wrongTotpCodes(secret: string, count: number): Promise<string[]> {
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2, 3].map((steps) => totpCodeFor(secret, steps))));
  const codes: string[] = [];
  for (let candidate = 0; codes.length < count; candidate += 1) {
    const code = String(candidate).padStart(6, "0");
    if (!valid.has(code)) codes.push(code);
  }
  return codes;
}
