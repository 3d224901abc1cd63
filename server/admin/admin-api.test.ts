import { encode } from "uqr";
import { afterEach, describe, expect, test } from "vitest";
import {
  ADMIN_API_PREFIX,
  consoleMessages,
  SESSION_COOKIE,
  SESSION_IDLE_HOURS,
  type EnquiryDetail,
  type InboxPage,
  type TotpSetup,
} from "../../domain/console";
import type { Enquiry } from "../../domain/enquiry";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { hashToken, newSessionToken } from "./session-cookie";
import { describeWait } from "./throttle";
import { confirmedSubscriber } from "../../tests/support/subscribers";
import { totpCodeFor, wrongTotpCode } from "../../tests/support/totp";
import {
  addStaff,
  consoleRequest,
  cookieOf,
  signIn,
  signInRequest,
  TEST_HOST,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from "../../tests/support/console-app";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function start(env: Record<string, string> = {}) {
  testApp = await buildTestApp({ LOG_LEVEL: "silent", ...env });
  return testApp.app;
}

const asha: Enquiry = {
  Name: "Asha Verma",
  Email: "asha@example.com",
  Mobile: "9876543210",
  Quantity: 24,
  RetailerSelfUse: "Retailer",
};

/** Every route of the console's API, with its methods, read from Fastify's own route table. */
function consoleRoutes(app: TestApp["app"]): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│├└─\s]*)(\S.*?) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack[depth] = depth === 0 ? (match[2] as string) : `${stack[depth - 1] ?? ""}${match[2]}`;
    stack.length = depth + 1;
    const url = (stack[depth] as string).replace(/^\/+/, "/");
    if (!url.startsWith(`${ADMIN_API_PREFIX}/`)) continue;
    for (const method of (match[3] as string).split(", "))
      if (method !== "HEAD") routes.push({ method, url });
  }
  return routes;
}

describe("the console's API", () => {
  test("every route but setup and sign-in answers 401 without a session, with no-store and noindex", async () => {
    const app = await start();
    const routes = consoleRoutes(app);
    // The table is read, not listed here: a new route is walked as soon as it exists.
    expect(routes.length).toBeGreaterThanOrEqual(17);
    for (const { method, url } of routes) {
      const response = await app.inject({
        method: method as "GET",
        url: url.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000"),
        headers: { host: TEST_HOST, origin: TEST_ORIGIN },
        ...(method === "GET" ? {} : { payload: {} }),
      });
      expect(response.headers["cache-control"], `${method} ${url}`).toBe("no-store");
      expect(response.headers["x-robots-tag"], `${method} ${url}`).toBe("noindex");
      const isPublic =
        (method === "GET" && url.endsWith("/setup")) ||
        (method === "POST" && url.endsWith("/session")) ||
        url.endsWith("/staff-link");
      if (isPublic) expect(response.statusCode, `${method} ${url}`).not.toBe(401);
      else
        expect({ route: `${method} ${url}`, status: response.statusCode, body: response.json() }).toEqual({
          route: `${method} ${url}`,
          status: 401,
          body: { error: consoleMessages.sessionEnded },
        });
    }
  });

  test("an unknown path under the API needs a session too, then answers 404, never cached", async () => {
    const app = await start();
    await addStaff(app, "staff@example.com", "member");
    const without = await app.inject({ url: `${ADMIN_API_PREFIX}/no-such-route` });
    expect(without.statusCode).toBe(401);
    expect(without.headers["cache-control"]).toBe("no-store");
    const cookie = await signIn(app, "staff@example.com");
    const withSession = await consoleRequest(app, cookie, "GET", "/no-such-route");
    expect(withSession.statusCode).toBe(404);
    expect(withSession.json()).toEqual({ error: "Not found" });
    expect(withSession.headers["x-robots-tag"]).toBe("noindex");
  });

  test("setup says whether an owner exists", async () => {
    const app = await start();
    const ask = () => app.inject({ url: `${ADMIN_API_PREFIX}/setup` }).then((response) => response.json());
    expect(await ask()).toEqual({ ownerExists: false });
    await addStaff(app, "staff@example.com", "member");
    expect(await ask()).toEqual({ ownerExists: false });
    await addStaff(app, "owner@example.com", "owner");
    expect(await ask()).toEqual({ ownerExists: true });
  });

  test("an owner signs in with a fresh HttpOnly, SameSite=Strict cookie, is offered TOTP, and signs out for good", async () => {
    const app = await start();
    await addStaff(app, "owner@example.com", "owner");
    const response = await signInRequest(app, { email: "Owner@Example.com", password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      staff: { email: "owner@example.com", role: "owner", totpEnabled: false },
      offerTotp: true,
    });
    const [setCookie, deviceCookie] = [response.headers["set-cookie"]].flat().map(String);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; `));
    // The browser is known to the account from now on, for half a year (docs/decisions/015).
    expect(deviceCookie).toMatch(
      /^collarise_device=[^;]+; HttpOnly; SameSite=Strict; Path=\/; Max-Age=15552000$/,
    );
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain("Path=/");
    // No expiry of its own: the store ends the session after 12 idle hours (tested below).
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    // Plain HTTP is allowed on this machine only.
    expect(setCookie).not.toContain("Secure");
    const cookie = cookieOf(response.headers["set-cookie"]);

    const me = await consoleRequest(app, cookie, "GET", "/me");
    expect(me.json()).toMatchObject({ staff: { email: "owner@example.com" } });

    const again = await signIn(app, "owner@example.com");
    expect(again).not.toBe(cookie);
    // Signing in again from the same browser ends the session it held.
    const renewed = await signInRequest(
      app,
      { email: "owner@example.com", password: TEST_PASSWORD },
      { cookie: again },
    );
    expect((await consoleRequest(app, again, "GET", "/me")).statusCode).toBe(401);

    const latest = cookieOf(renewed.headers["set-cookie"]);
    const signOut = await consoleRequest(app, latest, "DELETE", "/session");
    expect(signOut.statusCode).toBe(204);
    expect(String(signOut.headers["set-cookie"])).toContain("Max-Age=0");
    // The cookie replayed after signing out is refused.
    expect((await consoleRequest(app, latest, "GET", "/me")).statusCode).toBe(401);
    expect((await consoleRequest(app, cookie, "GET", "/me")).statusCode).toBe(200);
  });

  test("the cookies are Secure, with the __Host- prefix, on any host but this machine", async () => {
    const app = await start();
    await addStaff(app, "owner@example.com", "owner");
    const response = await signInRequest(
      app,
      { email: "owner@example.com", password: TEST_PASSWORD },
      { host: "collarise.example", origin: "http://collarise.example" },
    );
    expect(response.statusCode).toBe(200);
    const cookies = [response.headers["set-cookie"]].flat().map(String);
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual([
      `__Host-${SESSION_COOKIE}`,
      "__Host-collarise_device",
    ]);
    for (const cookie of cookies) expect(cookie).toMatch(/; Path=\/(; [^;]+)?; Secure$/);
    // Presented back under its prefixed name, the session is the browser's.
    const session = cookieOf(response.headers["set-cookie"]);
    const me = await app.inject({
      method: "GET",
      url: `${ADMIN_API_PREFIX}/me`,
      headers: { host: "collarise.example", cookie: `__Host-${session}` },
    });
    expect(me.statusCode).toBe(200);
  });

  test("a wrong password and an unknown account get the same answer", async () => {
    const app = await start();
    await addStaff(app, "owner@example.com", "owner");
    const wrong = await signInRequest(app, {
      email: "owner@example.com",
      password: "not the password at all",
    });
    const unknown = await signInRequest(app, {
      email: "nobody@example.com",
      password: "not the password at all",
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: consoleMessages.signInFailed });
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  test("ten wrong passwords are throttled, the right one too while it lasts, and the same for an unknown account", async () => {
    // Behind a proxy, so each attempt can come from an address of its own.
    const app = await start({ TRUST_PROXY: "1" });
    await addStaff(app, "owner@example.com", "owner");
    for (const email of ["owner@example.com", "nobody@example.com"]) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        // Each from its own address: the account's own count throttles it.
        const response = await signInRequest(
          app,
          { email, password: `wrong ${attempt}` },
          { "x-forwarded-for": `10.0.0.${attempt}` },
        );
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          // Until one more attempt is within five in the last 15 minutes: past the end of the
          // window the failures fell in, while they slide out of the 15 minutes before.
          const after = Number(response.headers["retry-after"]);
          expect(after).toBeGreaterThan(0);
          expect(after).toBeLessThanOrEqual(30 * 60);
          expect(response.json()).toEqual({
            error: consoleMessages.throttled(describeWait(after * 1000)),
          });
        }
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    }
    const right = await signInRequest(app, { email: "owner@example.com", password: TEST_PASSWORD });
    expect(right.statusCode).toBe(429);
  });

  test("failed sign-ins from one address are throttled across accounts", async () => {
    const app = await start();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (await signInRequest(app, { email: `guess${attempt}@example.com`, password: "wrong password" }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  test("a forged cookie and a session idle for 12 hours are refused", async () => {
    const app = await start();
    const owner = await addStaff(app, "owner@example.com", "owner");
    const forged = `${SESSION_COOKIE}=${newSessionToken()}`;
    expect((await consoleRequest(app, forged, "GET", "/me")).json()).toEqual({
      error: consoleMessages.sessionEnded,
    });
    const token = newSessionToken();
    await app.store.sessions.create({
      tokenHash: hashToken(token),
      staffId: owner.id,
      now: new Date(Date.now() - SESSION_IDLE_HOURS * 3_600_000 - 1_000),
    });
    expect((await consoleRequest(app, `${SESSION_COOKIE}=${token}`, "GET", "/me")).statusCode).toBe(401);
  });

  test("a state-changing request from another origin, or without one, is refused even with a valid cookie", async () => {
    const app = await start();
    await addStaff(app, "owner@example.com", "owner");
    const cookie = await signIn(app, "owner@example.com");
    const { id } = await app.store.enquiries.add(asha);
    const url = `${ADMIN_API_PREFIX}/enquiries/${id}/notes`;
    for (const origin of ["https://evil.example", "http://127.0.0.1:3001", undefined]) {
      const response = await app.inject({
        method: "POST",
        url,
        headers: { host: TEST_HOST, cookie, ...(origin ? { origin } : {}) },
        payload: { text: "from elsewhere" },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: consoleMessages.crossOrigin });
    }
    expect((await app.store.enquiryWork.get(id))?.history).toEqual([]);
    const noOrigin = await app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}/session`,
      headers: { host: TEST_HOST },
      payload: { email: "owner@example.com", password: TEST_PASSWORD },
    });
    expect(noOrigin.statusCode).toBe(403);
  });

  test("staff work enquiries and subscribers but may not open staff management or the activity log", async () => {
    const app = await start();
    await addStaff(app, "staff@example.com", "member");
    const cookie = await signIn(app, "staff@example.com");
    expect((await consoleRequest(app, cookie, "GET", "/enquiries")).statusCode).toBe(200);
    expect((await consoleRequest(app, cookie, "GET", "/subscribers")).statusCode).toBe(200);
    for (const [method, path] of [
      ["GET", "/staff"],
      ["GET", "/activity"],
      ["DELETE", "/staff/x/sessions"],
    ] as const) {
      const response = await consoleRequest(app, cookie, method, path);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toEqual({ error: consoleMessages.forbidden });
    }
  });

  test("an enquiry is listed, marked Contacted with a note, and its history and the activity log show who did it", async () => {
    const app = await start();
    await addStaff(app, "owner@example.com", "owner");
    const cookie = await signIn(app, "owner@example.com");
    const { id } = await app.store.enquiries.add(asha);

    const inbox = (await consoleRequest(app, cookie, "GET", "/enquiries")).json<InboxPage>();
    expect(inbox.items).toEqual([
      expect.objectContaining({
        id,
        Name: "Asha Verma",
        Quantity: 24,
        RetailerSelfUse: "Retailer",
        status: "New",
        companyNotification: "pending",
      }),
    ]);
    expect(inbox.counts.New).toBe(1);
    expect(inbox.items[0]?.reference).toMatch(/^[0-9A-F]{8}$/);

    const changed = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/status`, {
      status: "Contacted",
      version: 0,
      note: "Called her",
    });
    expect(changed.statusCode).toBe(200);
    const detail = changed.json<EnquiryDetail>();
    expect(detail).toMatchObject({ status: "Contacted", version: 1, enquiry: asha });
    expect(detail.history).toEqual([
      expect.objectContaining({
        kind: "status",
        from: "New",
        to: "Contacted",
        text: "Called her",
        staffEmail: "owner@example.com",
      }),
    ]);

    const noted = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/notes`, {
      text: "  Will order on Monday  ",
    });
    expect(noted.json<EnquiryDetail>().history.at(-1)).toMatchObject({
      kind: "note",
      text: "Will order on Monday",
    });
    expect(
      (await consoleRequest(app, cookie, "POST", `/enquiries/${id}/notes`, { text: "   " })).json(),
    ).toEqual({ error: consoleMessages.noteEmpty });

    const stale = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/status`, {
      status: "Spam",
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: consoleMessages.statusConflict });

    const activity = (await consoleRequest(app, cookie, "GET", "/activity")).json<{
      items: { action: string; target: string | null }[];
    }>();
    expect(activity.items.map((entry) => entry.action)).toEqual(["note", "status-change", "sign-in"]);
    expect(JSON.stringify(activity)).not.toContain("Asha");
    expect(JSON.stringify(activity)).not.toContain("9876543210");
    expect((await consoleRequest(app, cookie, "GET", "/enquiries/not-an-id")).json()).toEqual({
      error: consoleMessages.notFound,
    });
  });

  test("the inbox says mail is not going out while a notification waits past OUTBOX_ALERT_MINUTES, and stops once it is sent", async () => {
    let clock = Date.now();
    testApp = await buildTestApp(
      { LOG_LEVEL: "silent", OUTBOX_ALERT_MINUTES: "30" },
      { outboxWatch: { now: () => new Date(clock) } },
    );
    const { app } = testApp;
    await addStaff(app, "staff@example.com", "member");
    const cookie = await signIn(app, "staff@example.com");
    const inbox = async () => (await consoleRequest(app, cookie, "GET", "/enquiries")).json<InboxPage>();
    const updates = async () =>
      (await consoleRequest(app, cookie, "GET", "/enquiries/updates")).json<Pick<InboxPage, "outboxStall">>();

    const stored = await app.store.enquiries.add(asha);
    expect((await inbox()).outboxStall).toBeNull();
    clock = new Date(stored.receivedAt).getTime() + 30 * 60_000;
    expect((await updates()).outboxStall).toBeNull();

    clock += 1_000;
    const stall = { waiting: 1, oldestWaitingSince: stored.receivedAt };
    expect((await inbox()).outboxStall).toEqual(stall);
    expect((await updates()).outboxStall).toEqual(stall);
    // Nothing about the visitor: how many wait, and since when.
    expect(JSON.stringify((await updates()).outboxStall)).not.toContain("Asha");

    const [notification] = await app.store.enquiries.claimDueNotifications({
      worker: "w",
      now: new Date(clock),
      limit: 1,
      leaseMs: 60_000,
    });
    await app.store.enquiries.markNotificationSent(notification!.id, "w");
    expect((await updates()).outboxStall).toBeNull();
    expect((await inbox()).outboxStall).toBeNull();
  });

  test("two members of staff changing one enquiry at once: one change is made, the other gets 409", async () => {
    const app = await start();
    await addStaff(app, "a@example.com", "member");
    await addStaff(app, "b@example.com", "member");
    const [a, b] = [await signIn(app, "a@example.com"), await signIn(app, "b@example.com")];
    const { id } = await app.store.enquiries.add(asha);
    const responses = await Promise.all([
      consoleRequest(app, a, "POST", `/enquiries/${id}/status`, { status: "Contacted", version: 0 }),
      consoleRequest(app, b, "POST", `/enquiries/${id}/status`, {
        status: "Declined",
        version: 0,
        lostReason: "price",
      }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const detail = (await consoleRequest(app, a, "GET", `/enquiries/${id}`)).json<EnquiryDetail>();
    expect(detail.version).toBe(1);
    expect(detail.history).toHaveLength(1);
  });

  test("the CSV export starts with a UTF-8 BOM, follows the filter and defuses spreadsheet formulas", async () => {
    const app = await start();
    await addStaff(app, "owner@example.com", "owner");
    const cookie = await signIn(app, "owner@example.com");
    await app.store.enquiries.add({ ...asha, Name: '=HYPERLINK("http://evil.example")' });
    await app.store.enquiries.add({ ...asha, Name: "अनीता शर्मा", RetailerSelfUse: "Self Use" });
    const response = await consoleRequest(app, cookie, "GET", "/enquiries.csv?buyer=Retailer");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="enquiries-retailer-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "reference,received (IST),status,Name,Email,Mobile,Quantity (sachets),RetailerSelfUse,language,owner,follow-up (IST),nextStep,due (IST),late,lastNote,utm_source,utm_medium,utm_campaign,referrer,landingPath,spamReasons,whatsappConsent (IST),quantityAgreed (sachets),orderValue (INR),city,pinCode,gstin,lostReason,dispatch,courier,tracking",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const everyone = await consoleRequest(app, cookie, "GET", "/enquiries.csv");
    expect(everyone.body).toContain("अनीता शर्मा");
  });

  test("a member may export every enquiry, as they may read each one; the owner sees who took how many, never the search", async () => {
    const app = await start();
    await addStaff(app, "owner@example.com", "owner");
    await addStaff(app, "member@example.com", "member");
    for (let i = 0; i < 3; i++) await app.store.enquiries.add({ ...asha, Mobile: `987654321${i}` });
    const member = await signIn(app, "member@example.com");
    const all = await consoleRequest(app, member, "GET", "/enquiries.csv");
    expect(all.statusCode).toBe(200);
    expect(all.body.trimEnd().split("\r\n")).toHaveLength(4);
    await consoleRequest(app, member, "GET", "/enquiries.csv?q=9876543211");
    const owner = await signIn(app, "owner@example.com");
    const log = (await consoleRequest(app, owner, "GET", "/activity")).json<{
      items: { actor: string; action: string; target: string }[];
    }>();
    const exports = log.items.filter((entry) => entry.action === "export");
    expect(exports.map(({ actor, target }) => ({ actor, target }))).toEqual([
      { actor: "member@example.com", target: "1 enquiries: search" },
      { actor: "member@example.com", target: "3 enquiries: all" },
    ]);
    expect(JSON.stringify(log)).not.toContain("9876543211");
  });

  test("TOTP is turned on with a code, then asked for at sign-in; each recovery code works once", async () => {
    const app = await start();
    await addStaff(app, "owner@example.com", "owner");
    const cookie = await signIn(app, "owner@example.com");
    const { secret, otpauthUrl, qrCodeSvg } = (
      await consoleRequest(app, cookie, "POST", "/me/totp")
    ).json<TotpSetup>();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(new URL(otpauthUrl).searchParams.get("secret")).toBe(secret);
    // The QR code is the link itself: its dark squares are those of the link's encoding.
    const darkInImage = [...qrCodeSvg.matchAll(/M(\d+),(\d+)h1v1h-1z/g)].map(([, x, y]) => `${x},${y}`);
    const darkInLink = encode(otpauthUrl, { ecc: "M", border: 4 }).data.flatMap((row, y) =>
      row.flatMap((dark, x) => (dark ? [`${x},${y}`] : [])),
    );
    expect(darkInImage.length).toBeGreaterThan(100);
    expect(darkInImage.sort()).toEqual(darkInLink.sort());
    expect(
      (
        await consoleRequest(app, cookie, "PUT", "/me/totp", {
          password: TEST_PASSWORD,
          code: await wrongTotpCode(secret),
        })
      ).statusCode,
    ).toBe(400);
    const enabled = await consoleRequest(app, cookie, "PUT", "/me/totp", {
      password: TEST_PASSWORD,
      code: await totpCodeFor(secret),
    });
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);

    const withoutCode = await signInRequest(app, { email: "owner@example.com", password: TEST_PASSWORD });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({ error: consoleMessages.codeRequired, needs: "code" });
    const wrongCode = await signInRequest(app, {
      email: "owner@example.com",
      password: TEST_PASSWORD,
      code: "12345",
    });
    expect(wrongCode.json()).toEqual({ error: consoleMessages.codeFailed, needs: "code" });
    // The code that turned TOTP on is spent: sign in with the next step's (within the tolerance).
    const nextCode = await totpCodeFor(secret, 1);
    const withCode = await signInRequest(app, {
      email: "owner@example.com",
      password: TEST_PASSWORD,
      code: nextCode,
    });
    expect(withCode.json()).toMatchObject({ staff: { totpEnabled: true }, offerTotp: false });
    // A code seen once cannot be replayed.
    const replayed = await signInRequest(app, {
      email: "owner@example.com",
      password: TEST_PASSWORD,
      code: nextCode,
    });
    expect(replayed.json()).toEqual({ error: consoleMessages.codeFailed, needs: "code" });

    const recovery = recoveryCodes[0] as string;
    expect(
      (
        await signInRequest(app, {
          email: "owner@example.com",
          password: TEST_PASSWORD,
          code: recovery.toLowerCase(),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await signInRequest(app, { email: "owner@example.com", password: TEST_PASSWORD, code: recovery }))
        .statusCode,
    ).toBe(401);
  });

  test("an owner sees every account with its sessions and ends them all", async () => {
    const app = await start();
    await addStaff(app, "owner@example.com", "owner");
    const member = await addStaff(app, "staff@example.com", "member");
    const owner = await signIn(app, "owner@example.com");
    const staff = await signIn(app, "staff@example.com");
    const listed = (await consoleRequest(app, owner, "GET", "/staff")).json<{
      items: { email: string; activeSessions: number }[];
    }>();
    expect(listed.items.map(({ email, activeSessions }) => ({ email, activeSessions }))).toEqual([
      { email: "owner@example.com", activeSessions: 1 },
      { email: "staff@example.com", activeSessions: 1 },
    ]);
    expect((await consoleRequest(app, owner, "DELETE", `/staff/${member.id}/sessions`)).statusCode).toBe(204);
    expect((await consoleRequest(app, staff, "GET", "/me")).statusCode).toBe(401);
  });

  test("subscribers are listed, searched and removed", async () => {
    const app = await start();
    await addStaff(app, "staff@example.com", "member");
    const cookie = await signIn(app, "staff@example.com");
    await confirmedSubscriber(app.store, "one@example.com");
    await confirmedSubscriber(app.store, "two@example.org");
    const found = (await consoleRequest(app, cookie, "GET", "/subscribers?q=example.org")).json<{
      items: { id: string; email: string }[];
    }>();
    expect(found.items.map((subscriber) => subscriber.email)).toEqual(["two@example.org"]);
    expect(
      (await consoleRequest(app, cookie, "DELETE", `/subscribers/${found.items[0]?.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await consoleRequest(app, cookie, "DELETE", `/subscribers/${found.items[0]?.id}`)).statusCode,
    ).toBe(404);
  });
});
