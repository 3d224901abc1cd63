import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ADMIN_API_ROUTES, consoleMessages, type TotpSetup } from "../../domain/console";
import { EMAIL_MAX_LENGTH } from "../../domain/enquiry";
import { apiMessages } from "../routes/api-errors";
import { staffMember, type StaffAccount } from "../store/staff";

import { signedIn } from "./guard";
import { PASSWORD_MAX_LENGTH, verifyPassword } from "./passwords";
import {
  clearSessionCookie,
  hashToken,
  newSessionToken,
  sessionToken,
  setSessionCookie,
} from "./session-cookie";
import { reserveAttempt } from "../attempt-limits";
import { knownDevice, newDeviceToken, setDeviceCookie } from "./device-cookie";
import { describeWait, SIGN_IN_LIMITS, throttleKeys } from "./throttle";
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
/** Turning the second factor on or off: the password and a current code, as at sign-in. */
const totpChangeBody = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH * 4),
  code: z.string().max(32),
});

/** Sign-in, sign-out, who is signed in, whether an owner exists, and the second factor. */
export async function signInRoutes(app: FastifyInstance) {
  const { store } = app;

  /**
   * Whether sign-in sends the account to the Security page to turn on two-step sign-in: an owner
   * without it, unless they said "Not now" and the setting does not require it of owners.
   */
  const offerTotp = (account: StaffAccount) =>
    account.role === "owner" &&
    !account.totpSecret &&
    (!account.totpPromptDeferred || app.consoleSettings.requireOwnerTotp);

  app.get(ADMIN_API_ROUTES.setup, { config: { consoleAccess: "public" } }, async () => ({
    ownerExists: await store.staff.ownerExists(),
  }));

  /**
   * Reserves one attempt under the keys this request counts under (the browser's own where it
   * signed in to this account before, else the account's and the address's), before anything is
   * checked. Answers null when the attempt may go ahead; else the 429 has been sent.
   */
  async function reserveSignInAttempt(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    account: StaffAccount | null,
    throttled: (after: string) => string,
  ) {
    const device = await knownDevice(store.keys, request, account?.id);
    const keys = throttleKeys(email, request.ip, device);
    const reservation = await reserveAttempt(store.attemptCounters, keys, SIGN_IN_LIMITS, app.clock());
    if (!reservation.allowed) {
      await reply
        .code(429)
        .header("retry-after", String(Math.ceil(reservation.waitMs / 1000)))
        .send({ error: throttled(describeWait(reservation.waitMs)) });
    }
    return { reservation, device };
  }

  app.post(ADMIN_API_ROUTES.session, { config: { consoleAccess: "public" } }, async (request, reply) => {
    const body = signInBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: apiMessages.badRequest });
    const { email, password, code } = body.data;
    const found = await store.staff.findByEmail(email);
    const { reservation, device } = await reserveSignInAttempt(
      request,
      reply,
      email,
      found,
      consoleMessages.throttled,
    );
    if (!reservation.allowed) return reply;

    // Unknown or not, the password is checked against a hash, so both take as long.
    const account = (await verifyPassword(found?.passwordHash, password)) ? found : null;
    if (!account) {
      await store.activity.record({ actor: found?.email ?? null, action: "sign-in-failed", target: null });
      return reply.code(401).send({ error: consoleMessages.signInFailed });
    }
    if (account.totpSecret) {
      if (!code) {
        // The password was right: asking for the code uses up no attempt.
        await reservation.takeBack();
        return reply.code(401).send({ error: consoleMessages.codeRequired, needs: "code" });
      }
      if (!(await secondFactorIsRight(store.staff, account, code))) {
        await store.activity.record({ actor: account.email, action: "sign-in-failed", target: null });
        return reply.code(401).send({ error: consoleMessages.codeFailed, needs: "code" });
      }
    }

    // A fresh token at every sign-in; a session the browser still held ends.
    const token = newSessionToken();
    const tokenHash = hashToken(token);
    if (!(await store.sessions.create({ tokenHash, staffId: account.id, now: app.clock() }))) {
      // The account was removed since it was read: answered as an account that does not exist.
      await store.activity.record({ actor: account.email, action: "sign-in-failed", target: null });
      return reply.code(401).send({ error: consoleMessages.signInFailed });
    }
    await reservation.takeBack();
    const previous = sessionToken(request);
    if (previous) await store.sessions.delete(hashToken(previous));
    await store.activity.record({ actor: account.email, action: "sign-in", target: null });
    setSessionCookie(request, reply, token);
    // This browser is known to this account from now on (docs/decisions/015-device-cookie.md).
    if (!device) setDeviceCookie(request, reply, await newDeviceToken(store.keys, account.id));
    return { staff: staffMember(account), offerTotp: offerTotp(account) };
  });

  app.delete(ADMIN_API_ROUTES.session, async (request, reply) => {
    const account = signedIn(request);
    if (request.sessionTokenHash) await store.sessions.delete(request.sessionTokenHash);
    await store.activity.record({ actor: account.email, action: "sign-out", target: null });
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  app.get(ADMIN_API_ROUTES.me, async (request) => ({
    staff: staffMember(signedIn(request)),
    totpRequired: signedIn(request).role === "owner" && app.consoleSettings.requireOwnerTotp,
    // The company's published working hours: the console's follow-up presets count in them.
    workingHours: await app.companyFacts.workingHours(),
  }));

  /**
   * While a second factor is on, no new one is set up or confirmed: replacing it goes through
   * turning it off, which asks for a current code or a recovery code. Else a stolen session and
   * the password would be enough to take the account's second factor, and lock its owner out.
   * Answers true when the refusal has been sent.
   */
  async function refuseWhileTotpOn(request: FastifyRequest, reply: FastifyReply) {
    const account = signedIn(request);
    if (!account.totpSecret) return false;
    await store.activity.record({
      actor: account.email,
      action: "totp-change-failed",
      target: account.email,
    });
    await reply.code(409).send({ error: consoleMessages.totpAlreadyOn });
    return true;
  }

  app.post(ADMIN_API_ROUTES.totp, async (request, reply): Promise<TotpSetup | FastifyReply> => {
    if (await refuseWhileTotpOn(request, reply)) return reply;
    const account = signedIn(request);
    const secret = newTotpSecret();
    await store.staff.setPendingTotp(account.id, secret);
    const url = otpauthUrl(account.email, secret);
    return { secret, otpauthUrl: url, qrCodeSvg: otpauthQrCodeSvg(url) };
  });

  /**
   * Checks a change of the second factor as a sign-in is checked: one attempt reserved under the
   * sign-in's keys first, then the password, then `codeIsRight`. A failure is logged. Answers the
   * account when all held; else the refusal has been sent and null is answered.
   */
  async function checkTotpChange(
    request: FastifyRequest,
    reply: FastifyReply,
    codeIsRight: (account: StaffAccount, code: string) => Promise<boolean>,
  ) {
    const account = signedIn(request);
    const body = totpChangeBody.safeParse(request.body);
    if (!body.success) {
      await reply.code(400).send({ error: apiMessages.badRequest });
      return null;
    }
    const { reservation } = await reserveSignInAttempt(
      request,
      reply,
      account.email,
      account,
      consoleMessages.totpChangeThrottled,
    );
    if (!reservation.allowed) return null;
    const passwordRight = await verifyPassword(account.passwordHash, body.data.password);
    if (!passwordRight || !(await codeIsRight(account, body.data.code.trim()))) {
      await store.activity.record({
        actor: account.email,
        action: "totp-change-failed",
        target: account.email,
      });
      await reply
        .code(400)
        .send({ error: passwordRight ? consoleMessages.codeFailed : consoleMessages.passwordFailed });
      return null;
    }
    await reservation.takeBack();
    return account;
  }

  /** After the second factor changed, every session of the account but this one ends. */
  async function endOtherSessions(request: FastifyRequest, account: StaffAccount) {
    await store.sessions.deleteForStaff(account.id, request.sessionTokenHash ?? undefined);
  }

  app.put(ADMIN_API_ROUTES.totp, async (request, reply) => {
    if (await refuseWhileTotpOn(request, reply)) return reply;
    const account = await checkTotpChange(request, reply, async (account, code) => {
      const step = account.pendingTotpSecret ? await totpCodeStep(account.pendingTotpSecret, code) : null;
      return step !== null && (await store.staff.useTotpStep(account.id, step));
    });
    if (!account) return reply;
    const recoveryCodes = newRecoveryCodes();
    await store.staff.enableTotp(account.id, recoveryCodes.map(hashRecoveryCode));
    await endOtherSessions(request, account);
    await store.activity.record({ actor: account.email, action: "totp-enabled", target: account.email });
    return { recoveryCodes };
  });

  app.delete(ADMIN_API_ROUTES.totp, async (request, reply) => {
    const account = await checkTotpChange(request, reply, (account, code) =>
      secondFactorIsRight(store.staff, account, code),
    );
    if (!account) return reply;
    await store.staff.disableTotp(account.id);
    await endOtherSessions(request, account);
    await store.activity.record({ actor: account.email, action: "totp-disabled", target: account.email });
    return reply.code(204).send();
  });
}
