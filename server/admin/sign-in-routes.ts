import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ADMIN_API_ROUTES, consoleMessages, type StaffMember, type TotpSetup } from "../../domain/console";
import { EMAIL_MAX_LENGTH } from "../../domain/enquiry";
import { apiMessages } from "../routes/api-errors";
import type { StaffAccount } from "../store/staff";
import { signedIn } from "./guard";
import { PASSWORD_MAX_LENGTH, verifyPassword } from "./passwords";
import {
  clearSessionCookie,
  hashToken,
  newSessionToken,
  sessionToken,
  setSessionCookie,
} from "./session-cookie";
import { describeWait, recordSignInFailure, signInWait, throttleKeys } from "./throttle";
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthQrCodeSvg,
  otpauthUrl,
  secondFactorIsRight,
  totpCodeStep,
} from "./totp";

const signInBody = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH),
  password: z.string().max(PASSWORD_MAX_LENGTH * 4),
  code: z.string().max(32).optional(),
});
const codeBody = z.object({ code: z.string().max(32) });

export function staffMember({ id, email, role, totpEnabled, createdAt }: StaffAccount): StaffMember {
  return { id, email, role, totpEnabled, createdAt };
}

/** Sign-in, sign-out, who is signed in, whether an owner exists, and the second factor. */
export async function signInRoutes(app: FastifyInstance) {
  const { store } = app;

  app.get(ADMIN_API_ROUTES.setup, { config: { consoleAccess: "public" } }, async () => ({
    ownerExists: await store.staff.ownerExists(),
  }));

  app.post(ADMIN_API_ROUTES.session, { config: { consoleAccess: "public" } }, async (request, reply) => {
    const body = signInBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: apiMessages.badRequest });
    const { email, password, code } = body.data;
    const now = new Date();
    const keys = throttleKeys(email, request.ip);
    const wait = await signInWait(store.signInThrottle, keys, now);
    if (wait > 0) {
      return reply
        .code(429)
        .header("retry-after", String(Math.ceil(wait / 1000)))
        .send({ error: consoleMessages.throttled(describeWait(wait)) });
    }

    const account = await store.staff.findByEmail(email);
    // Unknown or not, the password is checked against a hash, so both take as long.
    if (!(await verifyPassword(account?.passwordHash, password)) || !account) {
      await recordSignInFailure(store.signInThrottle, keys, now);
      await store.activity.record({ actor: account?.email ?? null, action: "sign-in-failed", target: null });
      return reply.code(401).send({ error: consoleMessages.signInFailed });
    }
    if (account.totpSecret) {
      if (!code) return reply.code(401).send({ error: consoleMessages.codeRequired, needs: "code" });
      if (!(await secondFactorIsRight(store.staff, account, code))) {
        await recordSignInFailure(store.signInThrottle, keys, now);
        await store.activity.record({ actor: account.email, action: "sign-in-failed", target: null });
        return reply.code(401).send({ error: consoleMessages.codeFailed, needs: "code" });
      }
    }

    // A fresh token at every sign-in; a session the browser still held ends.
    const previous = sessionToken(request);
    if (previous) await store.sessions.delete(hashToken(previous));
    await store.signInThrottle.clear(keys[0] as string);
    const token = newSessionToken();
    await store.sessions.create({ tokenHash: hashToken(token), staffId: account.id, now });
    await store.activity.record({ actor: account.email, action: "sign-in", target: null });
    setSessionCookie(request, reply, token);
    return { staff: staffMember(account), offerTotp: account.role === "owner" && !account.totpSecret };
  });

  app.delete(ADMIN_API_ROUTES.session, async (request, reply) => {
    const account = signedIn(request);
    if (request.sessionTokenHash) await store.sessions.delete(request.sessionTokenHash);
    await store.activity.record({ actor: account.email, action: "sign-out", target: null });
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.get(ADMIN_API_ROUTES.me, async (request) => ({ staff: staffMember(signedIn(request)) }));

  app.post(ADMIN_API_ROUTES.totp, async (request): Promise<TotpSetup> => {
    const account = signedIn(request);
    const secret = newTotpSecret();
    await store.staff.setPendingTotp(account.id, secret);
    const url = otpauthUrl(account.email, secret);
    return { secret, otpauthUrl: url, qrCodeSvg: otpauthQrCodeSvg(url) };
  });

  app.put(ADMIN_API_ROUTES.totp, async (request, reply) => {
    const account = signedIn(request);
    const body = codeBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: apiMessages.badRequest });
    const step = account.pendingTotpSecret
      ? await totpCodeStep(account.pendingTotpSecret, body.data.code.trim())
      : null;
    if (step === null || !(await store.staff.useTotpStep(account.id, step))) {
      return reply.code(400).send({ error: consoleMessages.codeFailed });
    }
    const recoveryCodes = newRecoveryCodes();
    await store.staff.enableTotp(account.id, recoveryCodes.map(hashRecoveryCode));
    await store.activity.record({ actor: account.email, action: "totp-enabled", target: account.email });
    return { recoveryCodes };
  });

  app.delete(ADMIN_API_ROUTES.totp, async (request, reply) => {
    const account = signedIn(request);
    const body = codeBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: apiMessages.badRequest });
    if (!(await secondFactorIsRight(store.staff, account, body.data.code))) {
      return reply.code(400).send({ error: consoleMessages.codeFailed });
    }
    await store.staff.disableTotp(account.id);
    await store.activity.record({ actor: account.email, action: "totp-disabled", target: account.email });
    return reply.code(204).send();
  });
}
