import { generate } from "otplib";

/** The code an authenticator app shows for the key, `stepsAhead` 30-second steps from now. */
export function totpCodeFor(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}

/** Six digits that no step the server accepts around now would give: surely wrong, never right by luck. */
export async function wrongTotpCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2, 3].map((steps) => totpCodeFor(secret, steps))));
  let candidate = 0;
  while (valid.has(String(candidate).padStart(6, "0"))) candidate += 1;
  return String(candidate).padStart(6, "0");
}
