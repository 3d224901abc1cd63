import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  ADMIN_API_PREFIX,
  consoleMessages,
  SESSION_LIFETIME_DAYS,
  type ActivityEntry,
} from "../../domain/console";
import {
  addStaff,
  consoleRequest,
  cookieOf,
  signInRequest,
  TEST_HOST,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from "../../tests/support/console-app";
import { appStoreAdapters } from "../../tests/support/store-sandboxes";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { totpCodeFor, wrongTotpCodes } from "../../tests/support/totp";
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret } from "./totp";

/**
 * The console's sign-in and second factor as an attacker tries them: many guesses at once, on one
 * server instance or two sharing a database, against an account whose owner must still get in.
 */
const adapters = appStoreAdapters("attack");

const running: TestApp[] = [];
// A code of the step before now (`totpCodeFor(secret, -1)`) is accepted only until the next step
// begins: a step's end between the code's making and its check refused it, now and then. The time
// stands still in each test, half way through a step.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-02T09:00:15.000Z"));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
  vi.useRealTimers();
});

/** A clock the test moves by hand. */
function handClock(start = new Date("2026-03-02T09:00:00.000Z")) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

async function start(env: Record<string, string>, clock?: () => Date) {
  const testApp = await buildTestApp({ LOG_LEVEL: "silent", ...env }, clock ? { clock } : {});
  running.push(testApp);
  return testApp.app;
}

type App = TestApp["app"];
const OWNER = "owner@example.com";

/** The `Cookie` header of a browser after this answer: its session and, once known, its device cookie. */
function browserCookies(setCookie: string | string[] | number | undefined): string {
  return [setCookie]
    .flat()
    .map((cookie) => String(cookie).split(";")[0])
    .join("; ");
}

/** A sign-in from a browser at `address`, with its cookies if it has any. */
function signInFrom(app: App, body: Record<string, unknown>, address: string, cookie?: string) {
  return app.inject({
    method: "POST",
    url: `${ADMIN_API_PREFIX}/session`,
    remoteAddress: address,
    headers: { host: TEST_HOST, origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
}

async function turnTotpOn(app: App, staffId: string): Promise<string> {
  const secret = newTotpSecret();
  await app.store.staff.setPendingTotp(staffId, secret);
  await app.store.staff.enableTotp(staffId, newRecoveryCodes().map(hashRecoveryCode));
  return secret;
}

function statusesOf(responses: readonly { statusCode: number }[]) {
  return {
    verified: responses.filter((response) => response.statusCode === 401).length,
    throttled: responses.filter((response) => response.statusCode === 429).length,
  };
}

async function activity(app: App, action: ActivityEntry["action"]) {
  return (await app.store.activity.list({ cursor: null, limit: 200 })).items.filter(
    (entry) => entry.action === action,
  );
}

describe.each(adapters)("sign-in under attack, on $name", (adapter) => {
  test("forty wrong passwords at once: at most five are checked, the rest get 429", async () => {
    const app = await start(adapter.env());
    await addStaff(app, OWNER, "owner");
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signInRequest(app, { email: OWNER, password: `guess ${i}` })),
    );
    const { verified, throttled } = statusesOf(responses);
    expect(verified).toBeLessThanOrEqual(5);
    expect(verified + throttled).toBe(40);
    expect((await activity(app, "sign-in-failed")).length).toBe(verified);
    // The right password from this unknown browser waits too.
    expect((await signInRequest(app, { email: OWNER, password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  test("the right password and forty wrong codes at once: at most five codes are checked", async () => {
    const app = await start(adapter.env());
    const owner = await addStaff(app, OWNER, "owner");
    const secret = await turnTotpOn(app, owner.id);
    const codes = await wrongTotpCodes(secret, 40);
    const responses = await Promise.all(
      codes.map((code) => signInRequest(app, { email: OWNER, password: TEST_PASSWORD, code })),
    );
    const { verified, throttled } = statusesOf(responses);
    expect(verified).toBeLessThanOrEqual(5);
    expect(verified + throttled).toBe(40);
    for (const response of responses.filter((response) => response.statusCode === 401)) {
      expect(response.json()).toEqual({ error: consoleMessages.codeFailed, needs: "code" });
    }
    // Even the right code is not checked now, from this browser.
    const right = await signInRequest(app, {
      email: OWNER,
      password: TEST_PASSWORD,
      code: await totpCodeFor(secret),
    });
    expect(right.statusCode).toBe(429);
  });

  test("a stranger's burst does not keep the owner's known browser out", async () => {
    const app = await start(adapter.env());
    const owner = await addStaff(app, OWNER, "owner");
    const secret = await turnTotpOn(app, owner.id);
    // Yesterday the owner signed in from this browser: it keeps its device cookie.
    const first = await signInRequest(app, {
      email: OWNER,
      password: TEST_PASSWORD,
      code: await totpCodeFor(secret, -1),
    });
    expect(first.statusCode).toBe(200);
    const ownersBrowser = browserCookies(first.headers["set-cookie"]);
    expect(ownersBrowser).toMatch(/collarise_device=/);

    // A stranger who knows the address sends guesses from elsewhere, some with a forged device cookie.
    const forged = ownersBrowser.replace(
      /collarise_device=([^.]+)\.[^.]+\./,
      "collarise_device=$1.AAAAAAAAAAAAAAAAAAAAAA.",
    );
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signInFrom(
          app,
          { email: OWNER, password: `guess ${i}` },
          `203.0.113.${i}`,
          i % 2 ? forged : undefined,
        ),
      ),
    );
    expect(statusesOf(burst).verified).toBeLessThanOrEqual(5);
    expect((await signInRequest(app, { email: OWNER, password: TEST_PASSWORD })).statusCode).toBe(429);

    // The owner's own browser still signs in, second factor and all.
    const known = await signInRequest(
      app,
      { email: OWNER, password: TEST_PASSWORD, code: await totpCodeFor(secret) },
      { cookie: ownersBrowser },
    );
    expect(known.statusCode).toBe(200);
    const session = cookieOf(known.headers["set-cookie"]);
    expect((await consoleRequest(app, session, "GET", "/me")).statusCode).toBe(200);
  });

  test("a known browser's own failures throttle it, and nobody else", async () => {
    const app = await start(adapter.env());
    await addStaff(app, OWNER, "owner");
    await addStaff(app, "staff@example.com", "member");
    const first = await signInRequest(app, { email: OWNER, password: TEST_PASSWORD });
    const ownersBrowser = browserCookies(first.headers["set-cookie"]);
    const device = ownersBrowser.split("; ").find((cookie) => cookie.startsWith("collarise_device="));
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signInRequest(app, { email: OWNER, password: `typo ${i}` }, { cookie: device as string }),
      ),
    );
    expect(statusesOf(guesses).verified).toBeLessThanOrEqual(5);
    expect(statusesOf(guesses).throttled).toBeGreaterThanOrEqual(7);
    // The account's own count was not touched: another browser signs in.
    expect(
      (await signInFrom(app, { email: OWNER, password: TEST_PASSWORD }, "198.51.100.7")).statusCode,
    ).toBe(200);
    // The device cookie names its account: for another account it counts for nothing.
    expect(
      (
        await signInRequest(
          app,
          { email: "staff@example.com", password: TEST_PASSWORD },
          { cookie: device as string },
        )
      ).statusCode,
    ).toBe(200);
  });

  test("a stolen session guessing codes to turn two-step sign-in off is throttled and logged", async () => {
    const app = await start(adapter.env());
    const owner = await addStaff(app, OWNER, "owner");
    const secret = await turnTotpOn(app, owner.id);
    const signedIn = await signInRequest(app, {
      email: OWNER,
      password: TEST_PASSWORD,
      code: await totpCodeFor(secret, -1),
    });
    const stolen = cookieOf(signedIn.headers["set-cookie"]);

    // Without the password nothing is even tried.
    const noPassword = await consoleRequest(app, stolen, "DELETE", "/me/totp", { code: "123456" });
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await consoleRequest(app, stolen, "DELETE", "/me/totp", {
      password: "not the password",
      code: await totpCodeFor(secret),
    });
    expect(wrongPassword.json()).toEqual({ error: consoleMessages.passwordFailed });

    // Even knowing the password, forty codes at once: at most five are checked.
    const codes = await wrongTotpCodes(secret, 40);
    const responses = await Promise.all(
      codes.map((code) =>
        consoleRequest(app, stolen, "DELETE", "/me/totp", { password: TEST_PASSWORD, code }),
      ),
    );
    const checked = responses.filter((response) => response.statusCode === 400);
    const throttled = responses.filter((response) => response.statusCode === 429);
    expect(checked.length).toBeLessThanOrEqual(4);
    expect(checked.length + throttled.length).toBe(40);
    expect(throttled[0]?.json()).toEqual({
      error: expect.stringMatching(
        /^Too many wrong passwords or codes\. Please try again in \d+ (minutes?|seconds?)\.$/,
      ),
    });
    expect(Number(throttled[0]?.headers["retry-after"])).toBeGreaterThan(0);
    // Every failure is in the activity log, and two-step sign-in is still on.
    expect((await activity(app, "totp-change-failed")).length).toBe(1 + checked.length);
    expect((await app.store.staff.findById(owner.id))?.totpEnabled).toBe(true);
  });

  test("a stolen session and the password cannot replace the second factor: replacing it needs a current or recovery code", async () => {
    const app = await start(adapter.env());
    const owner = await addStaff(app, OWNER, "owner");
    const secret = newTotpSecret();
    const recoveryCodes = newRecoveryCodes();
    await app.store.staff.setPendingTotp(owner.id, secret);
    await app.store.staff.enableTotp(owner.id, recoveryCodes.map(hashRecoveryCode));
    const stolen = cookieOf(
      (
        await signInRequest(app, {
          email: OWNER,
          password: TEST_PASSWORD,
          code: await totpCodeFor(secret, -1),
        })
      ).headers["set-cookie"],
    );

    // The attacker starts a new set-up to get a secret of their own: refused.
    const setUp = await consoleRequest(app, stolen, "POST", "/me/totp");
    expect([setUp.statusCode, setUp.json()]).toEqual([409, { error: consoleMessages.totpAlreadyOn }]);
    // A new secret waiting from before (or from a set-up begun in a race) cannot be confirmed either.
    const attackersSecret = newTotpSecret();
    await app.store.staff.setPendingTotp(owner.id, attackersSecret);
    const confirm = await consoleRequest(app, stolen, "PUT", "/me/totp", {
      password: TEST_PASSWORD,
      code: await totpCodeFor(attackersSecret),
    });
    expect([confirm.statusCode, confirm.json()]).toEqual([409, { error: consoleMessages.totpAlreadyOn }]);
    expect(confirm.json()).not.toHaveProperty("recoveryCodes");
    expect((await activity(app, "totp-change-failed")).length).toBe(2);

    // The owner's own authenticator still signs in; the attacker's does not.
    expect(
      (
        await signInRequest(app, {
          email: OWNER,
          password: TEST_PASSWORD,
          code: await totpCodeFor(attackersSecret),
        })
      ).statusCode,
    ).toBe(401);
    const owners = await signInRequest(app, {
      email: OWNER,
      password: TEST_PASSWORD,
      code: await totpCodeFor(secret),
    });
    expect(owners.statusCode).toBe(200);

    // The way to another app: off with a current code (here, its latest is spent: a recovery
    // code), then on again.
    const here = cookieOf(owners.headers["set-cookie"]);
    const off = await consoleRequest(app, here, "DELETE", "/me/totp", {
      password: TEST_PASSWORD,
      code: recoveryCodes[0],
    });
    expect(off.statusCode).toBe(204);
    const { secret: next } = (await consoleRequest(app, here, "POST", "/me/totp")).json<{ secret: string }>();
    const on = await consoleRequest(app, here, "PUT", "/me/totp", {
      password: TEST_PASSWORD,
      // This time step is spent on the owner's sign-in: the app's next code.
      code: await totpCodeFor(next, 1),
    });
    expect(on.statusCode).toBe(200);
    expect(on.json<{ recoveryCodes: string[] }>().recoveryCodes.length).toBeGreaterThan(0);
  });

  test("turning two-step sign-in on or off ends the account's other sessions, not this one", async () => {
    const app = await start(adapter.env());
    await addStaff(app, OWNER, "owner");
    const here = cookieOf(
      (await signInRequest(app, { email: OWNER, password: TEST_PASSWORD })).headers["set-cookie"],
    );
    const elsewhere = cookieOf(
      (await signInRequest(app, { email: OWNER, password: TEST_PASSWORD })).headers["set-cookie"],
    );
    const { secret } = (await consoleRequest(app, here, "POST", "/me/totp")).json<{ secret: string }>();
    const on = await consoleRequest(app, here, "PUT", "/me/totp", {
      password: TEST_PASSWORD,
      code: await totpCodeFor(secret),
    });
    expect(on.statusCode).toBe(200);
    expect((await consoleRequest(app, here, "GET", "/me")).statusCode).toBe(200);
    expect((await consoleRequest(app, elsewhere, "GET", "/me")).statusCode).toBe(401);

    const another = cookieOf(
      (
        await signInRequest(app, {
          email: OWNER,
          password: TEST_PASSWORD,
          code: await totpCodeFor(secret, 1),
        })
      ).headers["set-cookie"],
    );
    // The newest code is spent on the sign-in above: a recovery code turns it off.
    const { recoveryCodes } = on.json<{ recoveryCodes: string[] }>();
    const off = await consoleRequest(app, here, "DELETE", "/me/totp", {
      password: TEST_PASSWORD,
      code: recoveryCodes[0],
    });
    expect(off.statusCode).toBe(204);
    expect((await consoleRequest(app, here, "GET", "/me")).statusCode).toBe(200);
    expect((await consoleRequest(app, another, "GET", "/me")).statusCode).toBe(401);
  });

  test("an account removed after its password was checked gets the unknown account's answer and no session", async () => {
    const clock = handClock();
    const app = await start(adapter.env(), clock.now);
    const member = await addStaff(app, "leaving@example.com", "member");
    // The member is removed between the password's check and the session's creation.
    const sessions = app.store.sessions;
    const create = sessions.create.bind(sessions);
    sessions.create = async (session) => {
      await app.store.members.remove("leaving@example.com");
      return create(session);
    };
    const response = await signInRequest(app, { email: "leaving@example.com", password: TEST_PASSWORD });
    const unknown = await signInRequest(app, { email: "nobody@example.com", password: TEST_PASSWORD });
    for (const answer of [response, unknown]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: consoleMessages.signInFailed });
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(await app.store.sessions.countActive(member.id, clock.now(), 3_600_000)).toBe(0);
    expect(await activity(app, "sign-in")).toEqual([]);
    expect((await activity(app, "sign-in-failed")).map((entry) => entry.actor)).toContain(
      "leaving@example.com",
    );
  });

  test(`a session used every few hours still ends ${SESSION_LIFETIME_DAYS} days after its sign-in`, async () => {
    const clock = handClock();
    const app = await start(adapter.env(), clock.now);
    await addStaff(app, OWNER, "owner");
    const session = cookieOf(
      (await signInRequest(app, { email: OWNER, password: TEST_PASSWORD })).headers["set-cookie"],
    );
    const lifetimeMs = SESSION_LIFETIME_DAYS * 24 * 3_600_000;
    // A tab that stays open asks every few hours, so the 12-hour idle limit never ends it.
    let elapsed = 0;
    while (elapsed + 10 * 3_600_000 < lifetimeMs) {
      clock.advance(10 * 3_600_000);
      elapsed += 10 * 3_600_000;
      expect((await consoleRequest(app, session, "GET", "/me")).statusCode).toBe(200);
    }
    clock.advance(lifetimeMs - elapsed + 1_000);
    const ended = await consoleRequest(app, session, "GET", "/me");
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ error: consoleMessages.sessionEnded });
  });
});

describe("sign-in under attack, on two instances sharing the Firestore emulator", () => {
  test("forty wrong passwords split across both: at most five are checked", async () => {
    const env = adapters[1].env();
    const [one, two] = [await start(env), await start(env)];
    await addStaff(one, OWNER, "owner");
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signInRequest(i % 2 ? one : two, { email: OWNER, password: `guess ${i}` }),
      ),
    );
    const { verified, throttled } = statusesOf(responses);
    expect(verified).toBeLessThanOrEqual(5);
    expect(verified + throttled).toBe(40);
  });

  test("the right password and forty wrong codes split across both: at most five codes are checked", async () => {
    const env = adapters[1].env();
    const [one, two] = [await start(env), await start(env)];
    const owner = await addStaff(one, OWNER, "owner");
    const secret = await turnTotpOn(one, owner.id);
    const codes = await wrongTotpCodes(secret, 40);
    const responses = await Promise.all(
      codes.map((code, i) =>
        signInRequest(i % 2 ? one : two, { email: OWNER, password: TEST_PASSWORD, code }),
      ),
    );
    const { verified, throttled } = statusesOf(responses);
    expect(verified).toBeLessThanOrEqual(5);
    expect(verified + throttled).toBe(40);
  });
});
