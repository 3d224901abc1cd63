import { afterEach, describe, expect, test } from "vitest";
import {
  ADMIN_API_PREFIX,
  ADMIN_API_ROUTES,
  consoleMessages,
  STAFF_LINK_HOURS,
  type ActivityEntry,
  type StaffMember,
} from "../../domain/console";
import { textMessages } from "../../domain/enquiry";
import { awayMessages, displayNameMessages } from "../../domain/staff";
import { istDate } from "../../domain/working-hours";
import { passwordMessages } from "./passwords";
import {
  addStaff,
  consoleRequest,
  signIn,
  signInRequest,
  TEST_HOST,
  TEST_ORIGIN,
} from "../../tests/support/console-app";
import { startMailSink, type MailSink, type ReceivedMail } from "../../tests/support/mail-sink";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../../tests/support/test-app";

let sink: MailSink | undefined;
let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  await sink?.close();
  testApp = undefined;
  sink = undefined;
});

const PUBLIC_URL = "https://collarise.example";
const NEW_PASSWORD = "a brand new long password";
const HOUR_MS = 3_600_000;

/** An app with an owner, a member and a real SMTP server; its clock moves when a test says. */
async function start(env: Record<string, string> = {}) {
  sink = await startMailSink();
  let now = Date.now();
  testApp = await buildTestApp(
    { LOG_LEVEL: "silent", SMTP_URL: sink.url, NOTIFY_TO: "orders@collarise.example", PUBLIC_URL, ...env },
    { outbox: { pollIntervalMs: 50 }, clock: () => new Date(now) },
  );
  const { app } = testApp;
  const owner = await addStaff(app, "owner@example.com", "owner");
  const member = await addStaff(app, "asha@example.com", "member");
  return {
    app,
    owner,
    member,
    ownerCookie: await signIn(app, "owner@example.com"),
    memberCookie: await signIn(app, "asha@example.com"),
    later: (ms: number) => (now += ms),
  };
}

const path = (route: string, id = "") => route.replace(":id", id);

/** The `nth` mail to `address` (the first unless given), once it has come, and the token of its link. */
async function linkMailTo(address: string, nth = 1): Promise<{ mail: ReceivedMail; token: string }> {
  await waitForEmptyOutbox(testApp!);
  const to = () => sink!.mails.filter((mail) => mail.envelopeTo.includes(address));
  for (let waited = 0; to().length < nth; waited += 50) {
    if (waited > 10_000) throw new Error(`No mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const mail = to()[nth - 1]!;
  const match = /https:\/\/collarise\.example\/admin\/welcome\?token=([A-Za-z0-9._-]+)/.exec(
    mail.parsed.text ?? "",
  );
  if (!match?.[1]) throw new Error("The mail carries no link");
  return { mail, token: match[1] };
}

function linkRequest(app: TestApp["app"], method: "GET" | "POST", body: Record<string, unknown>) {
  return method === "GET"
    ? app.inject({
        method,
        url: `${ADMIN_API_PREFIX}${ADMIN_API_ROUTES.staffLink}?${new URLSearchParams(body as Record<string, string>)}`,
        headers: { host: TEST_HOST },
      })
    : app.inject({
        method,
        url: `${ADMIN_API_PREFIX}${ADMIN_API_ROUTES.staffLink}`,
        headers: { host: TEST_HOST, origin: TEST_ORIGIN },
        payload: body,
      });
}

async function staffList(app: TestApp["app"], cookie: string) {
  return (await consoleRequest(app, cookie, "GET", ADMIN_API_ROUTES.staff)).json<{ items: StaffMember[] }>()
    .items;
}

async function activity(app: TestApp["app"], cookie: string) {
  return (await consoleRequest(app, cookie, "GET", ADMIN_API_ROUTES.activity)).json<{
    items: ActivityEntry[];
  }>().items;
}

describe("inviting a member from the console", () => {
  test("the invitation goes out by mail; its link sets a password once, then the member signs in and the link is refused", async () => {
    const { app, ownerCookie } = await start();
    const invited = await consoleRequest(app, ownerCookie, "POST", ADMIN_API_ROUTES.staffInvitations, {
      email: " Bilal@Example.com ",
      role: "member",
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      member: { email: "bilal@example.com", role: "member", invited: true },
      message: consoleMessages.invitationSent("bilal@example.com"),
    });
    expect((await staffList(app, ownerCookie)).find((m) => m.email === "bilal@example.com")?.invited).toBe(
      true,
    );
    // No password yet: no sign-in, whatever is typed.
    expect((await signInRequest(app, { email: "bilal@example.com", password: "" })).statusCode).toBe(401);

    const { mail, token } = await linkMailTo("bilal@example.com");
    expect(mail.parsed.subject).toContain("invited");
    expect(mail.parsed.text).toContain("works once");
    const shown = await linkRequest(app, "GET", { token });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ purpose: "invitation", email: "bilal@example.com" });

    // A password too short is refused and uses nothing up.
    const short = await linkRequest(app, "POST", { token, password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: passwordMessages.tooShort });
    const set = await linkRequest(app, "POST", { token, password: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ email: "bilal@example.com", message: consoleMessages.passwordSet });
    await signIn(app, "bilal@example.com", NEW_PASSWORD);
    expect((await staffList(app, ownerCookie)).find((m) => m.email === "bilal@example.com")?.invited).toBe(
      false,
    );

    for (const method of ["GET", "POST"] as const) {
      const again = await linkRequest(app, method, { token, password: "someone else's password" });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ error: consoleMessages.linkUsed });
    }
    await signIn(app, "bilal@example.com", NEW_PASSWORD);
    const log = await activity(app, ownerCookie);
    expect(log.map(({ action, actor, target }) => ({ action, actor, target }))).toEqual(
      expect.arrayContaining([
        { action: "staff-invited", actor: "owner@example.com", target: "bilal@example.com" },
        { action: "staff-link-used", actor: "bilal@example.com", target: "bilal@example.com" },
      ]),
    );
  });

  test("a link used twice at once sets one password", async () => {
    const { app, ownerCookie } = await start();
    await consoleRequest(app, ownerCookie, "POST", ADMIN_API_ROUTES.staffInvitations, {
      email: "twice@example.com",
      role: "member",
    });
    const { token } = await linkMailTo("twice@example.com");
    const [first, second] = await Promise.all([
      linkRequest(app, "POST", { token, password: "the first long password" }),
      linkRequest(app, "POST", { token, password: "the second long password" }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 410]);
  });

  test("a forged, altered, malformed or run-out link is refused with a message, and sets nothing", async () => {
    const { app, ownerCookie, later } = await start();
    await consoleRequest(app, ownerCookie, "POST", ADMIN_API_ROUTES.staffInvitations, {
      email: "late@example.com",
      role: "owner",
    });
    const { token } = await linkMailTo("late@example.com");
    const [linkId = "", signature = ""] = token.split(".");
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.at(-1)}`;
    const forged = [
      `${linkId}.${flipped}`,
      `00000000-0000-4000-8000-000000000000.${signature}`,
      linkId,
      "",
      "x".repeat(150),
      `${token}.extra`,
    ];
    for (const bad of forged) {
      for (const method of ["GET", "POST"] as const) {
        const response = await linkRequest(app, method, { token: bad, password: NEW_PASSWORD });
        expect({ bad, method, status: response.statusCode, body: response.json() }).toEqual({
          bad,
          method,
          status: 400,
          body: { error: consoleMessages.linkInvalid },
        });
      }
    }
    const noToken = await app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}${ADMIN_API_ROUTES.staffLink}`,
      headers: { host: TEST_HOST, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: "[1,2",
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toHaveProperty("error");

    later(STAFF_LINK_HOURS * HOUR_MS + 1);
    for (const method of ["GET", "POST"] as const) {
      const expired = await linkRequest(app, method, { token, password: NEW_PASSWORD });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ error: consoleMessages.linkExpired });
    }
    expect((await signInRequest(app, { email: "late@example.com", password: NEW_PASSWORD })).statusCode).toBe(
      401,
    );
  });

  test("an invitation to a wrong address, with a wrong role, or to an address with an account is refused and adds nobody", async () => {
    const { app, ownerCookie } = await start();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: "not an address", role: "member" }, 400, consoleMessages.staffEmailInvalid],
      [{ role: "member" }, 400, consoleMessages.staffEmailInvalid],
      [{ email: `${"a".repeat(250)}@example.com`, role: "member" }, 400, consoleMessages.staffEmailInvalid],
      [{ email: "new@example.com", role: "admin" }, 400, consoleMessages.staffRoleInvalid],
      [{ email: "new@example.com" }, 400, consoleMessages.staffRoleInvalid],
      [{ email: "ASHA@example.com", role: "member" }, 409, consoleMessages.staffExists],
    ];
    for (const [body, status, error] of cases) {
      const response = await consoleRequest(
        app,
        ownerCookie,
        "POST",
        ADMIN_API_ROUTES.staffInvitations,
        body,
      );
      expect({ body, status: response.statusCode, answer: response.json() }).toEqual({
        body,
        status,
        answer: { error },
      });
    }
    expect((await staffList(app, ownerCookie)).map((m) => m.email)).toEqual([
      "owner@example.com",
      "asha@example.com",
    ]);
    await waitForEmptyOutbox(testApp!);
    expect(sink!.arrivals()).toBe(0);
    // "staff", the member's former name, is still taken.
    const former = await consoleRequest(app, ownerCookie, "POST", ADMIN_API_ROUTES.staffInvitations, {
      email: "former@example.com",
      role: "staff",
    });
    expect(former.json()).toMatchObject({ member: { role: "member" } });
  });
});

describe("owners only", () => {
  test("a member is refused every staff route with 403, a stranger with 401, and a request from another site with 403", async () => {
    const { app, memberCookie, owner } = await start();
    const routes: ["POST" | "PUT" | "DELETE", string, Record<string, unknown>][] = [
      ["POST", ADMIN_API_ROUTES.staffInvitations, { email: "x@example.com", role: "member" }],
      ["POST", path(ADMIN_API_ROUTES.staffReset, owner.id), {}],
      ["PUT", path(ADMIN_API_ROUTES.staffMember, owner.id), { role: "member" }],
      ["DELETE", path(ADMIN_API_ROUTES.staffMember, owner.id), {}],
    ];
    for (const [method, route, body] of routes) {
      const asMember = await consoleRequest(app, memberCookie, method, route, body);
      expect([route, asMember.statusCode, asMember.json()]).toEqual([
        route,
        403,
        { error: consoleMessages.forbidden },
      ]);
      const stranger = await app.inject({
        method,
        url: `${ADMIN_API_PREFIX}${route}`,
        headers: { host: TEST_HOST, origin: TEST_ORIGIN },
        payload: body,
      });
      expect([route, stranger.statusCode]).toEqual([route, 401]);
      const elsewhere = await app.inject({
        method,
        url: `${ADMIN_API_PREFIX}${route}`,
        headers: { host: TEST_HOST, origin: "https://attacker.example", cookie: memberCookie },
        payload: body,
      });
      expect([route, elsewhere.statusCode, elsewhere.json()]).toEqual([
        route,
        403,
        { error: consoleMessages.crossOrigin },
      ]);
    }
    const elsewhere = await app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}${ADMIN_API_ROUTES.staffLink}`,
      headers: { host: TEST_HOST, origin: "https://attacker.example" },
      payload: { token: "x", password: NEW_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(await app.store.staff.list()).toHaveLength(2);
    expect((await app.store.staff.findById(owner.id))?.role).toBe("owner");
  });
});

describe("a member's reset, role and removal", () => {
  test("a reset link ends the member's sessions at once, and sets a new password with the second factor off", async () => {
    const { app, ownerCookie, memberCookie, member } = await start();
    await app.store.staff.setPendingTotp(member.id, "JBSWY3DPEHPK3PXP");
    await app.store.staff.enableTotp(member.id, ["a-recovery-code-hash"]);
    expect((await consoleRequest(app, memberCookie, "GET", ADMIN_API_ROUTES.me)).statusCode).toBe(200);
    const reset = await consoleRequest(
      app,
      ownerCookie,
      "POST",
      path(ADMIN_API_ROUTES.staffReset, member.id),
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: consoleMessages.resetSent("asha@example.com") });
    expect((await consoleRequest(app, memberCookie, "GET", ADMIN_API_ROUTES.me)).statusCode).toBe(401);
    const { mail, token } = await linkMailTo("asha@example.com");
    expect(mail.parsed.subject).toContain("new password");
    expect((await linkRequest(app, "GET", { token })).json()).toMatchObject({ purpose: "reset" });

    // A second reset makes the first link worthless.
    await consoleRequest(app, ownerCookie, "POST", path(ADMIN_API_ROUTES.staffReset, member.id));
    const { token: newer } = await linkMailTo("asha@example.com", 2);
    expect(newer).not.toBe(token);
    expect((await linkRequest(app, "POST", { token, password: NEW_PASSWORD })).statusCode).toBe(410);
    expect((await linkRequest(app, "POST", { token: newer, password: NEW_PASSWORD })).statusCode).toBe(200);
    // Signed in with the new password alone: the second factor went with the reset.
    await signIn(app, "asha@example.com", NEW_PASSWORD);
    expect((await app.store.staff.findById(member.id))?.totpEnabled).toBe(false);
    expect(
      (await signInRequest(app, { email: "asha@example.com", password: "a long and correct password" }))
        .statusCode,
    ).toBe(401);
    const unknown = await consoleRequest(
      app,
      ownerCookie,
      "POST",
      path(ADMIN_API_ROUTES.staffReset, "00000000-0000-4000-8000-000000000000"),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: consoleMessages.noSuchMember });
    expect((await activity(app, ownerCookie)).filter((entry) => entry.action === "staff-reset")).toHaveLength(
      2,
    );
  });

  test("a role changes between owner and member, but the last owner stays an owner", async () => {
    const { app, ownerCookie, owner, member } = await start();
    const promote = await consoleRequest(
      app,
      ownerCookie,
      "PUT",
      path(ADMIN_API_ROUTES.staffMember, member.id),
      {
        role: "owner",
      },
    );
    expect(promote.json()).toMatchObject({
      member: { role: "owner" },
      message: consoleMessages.roleChanged("asha@example.com", "owner"),
    });
    // Now the first owner may step down; then Asha is the last owner and may not.
    const stepDown = await consoleRequest(
      app,
      ownerCookie,
      "PUT",
      path(ADMIN_API_ROUTES.staffMember, owner.id),
      {
        role: "member",
      },
    );
    expect(stepDown.statusCode).toBe(200);
    const ashaCookie = await signIn(app, "asha@example.com");
    const last = await consoleRequest(app, ashaCookie, "PUT", path(ADMIN_API_ROUTES.staffMember, member.id), {
      role: "staff",
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: consoleMessages.lastOwner });
    expect((await app.store.staff.findById(member.id))?.role).toBe("owner");
    for (const role of ["admin", "", null, 1]) {
      const bad = await consoleRequest(app, ashaCookie, "PUT", path(ADMIN_API_ROUTES.staffMember, owner.id), {
        role,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: consoleMessages.staffRoleInvalid });
    }
    expect(
      (await activity(app, ashaCookie))
        .filter((entry) => entry.action === "staff-role-changed")
        .map((e) => e.target),
    ).toEqual(["owner@example.com", "asha@example.com"]);
  });

  test("removing a member ends their sessions and leaves their open enquiries unassigned, and says how many", async () => {
    const { app, ownerCookie, memberCookie, owner, member } = await start();
    const { store } = app;
    const at = new Date();
    const ids: string[] = [];
    for (const Name of ["Ravi Kumar", "Meena Iyer", "Kiran Rao"]) {
      const stored = await store.enquiries.add({
        Name,
        Email: "buyer@example.in",
        Mobile: "9876543210",
        Quantity: 6,
        RetailerSelfUse: "Retailer",
      });
      await store.work.setOwner(stored.id, { ownerId: member.id, staffEmail: "owner@example.com", at });
      ids.push(stored.id);
    }
    const closed = ids[2]!;
    await store.work.changeStatus(closed, {
      to: "Declined",
      expectedVersion: (await store.enquiryWork.get(closed))!.version,
      staffEmail: "asha@example.com",
      at,
    });

    expect(
      (await consoleRequest(app, ownerCookie, "DELETE", path(ADMIN_API_ROUTES.staffMember, owner.id))).json(),
    ).toEqual({ error: consoleMessages.notYourself });
    const removed = await consoleRequest(
      app,
      ownerCookie,
      "DELETE",
      path(ADMIN_API_ROUTES.staffMember, member.id),
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      unassigned: 2,
      message: consoleMessages.memberRemoved("asha@example.com", 2),
    });
    expect(removed.json().message).toContain("2 open enquiries are now unassigned");
    expect((await consoleRequest(app, memberCookie, "GET", ADMIN_API_ROUTES.me)).statusCode).toBe(401);
    expect(
      (await signInRequest(app, { email: "asha@example.com", password: "a long and correct password" }))
        .statusCode,
    ).toBe(401);
    const fields = await store.team.fieldsOf(ids);
    expect(ids.map((id) => fields.get(id)?.ownerId ?? null)).toEqual([null, null, null]);
    // Each one, the closed one too, has its own line in its history: its owner, named there, is now nobody.
    for (const id of [...ids.slice(0, 2), closed]) {
      const history = (await store.enquiryWork.get(id))!.history;
      expect(history.filter((entry) => entry.kind === "owner" && !entry.text)).toMatchObject([
        { staffEmail: "owner@example.com", fromOwner: "asha@example.com" },
      ]);
    }
    const again = await consoleRequest(
      app,
      ownerCookie,
      "DELETE",
      path(ADMIN_API_ROUTES.staffMember, member.id),
    );
    expect(again.statusCode).toBe(404);
    expect(
      (await activity(app, ownerCookie)).some(
        (e) => e.action === "staff-removed" && e.target === "asha@example.com",
      ),
    ).toBe(true);
  });
});

describe("the second-factor prompt", () => {
  test("an owner may put it off, and is not sent to it at the next sign-in; a member never is", async () => {
    const { app, ownerCookie, memberCookie } = await start();
    const offered = async (email: string) =>
      (await signInRequest(app, { email, password: "a long and correct password" })).json<{
        offerTotp: boolean;
      }>().offerTotp;
    expect(await offered("owner@example.com")).toBe(true);
    const later = await consoleRequest(app, ownerCookie, "POST", ADMIN_API_ROUTES.totpPrompt);
    expect(later.json()).toEqual({ message: consoleMessages.totpPromptDeferred });
    expect(await offered("owner@example.com")).toBe(false);
    const me = await consoleRequest(app, ownerCookie, "GET", ADMIN_API_ROUTES.me);
    expect(me.json()).toMatchObject({ staff: { totpPromptDeferred: true }, totpRequired: false });
    expect(await offered("asha@example.com")).toBe(false);
    expect((await consoleRequest(app, memberCookie, "POST", ADMIN_API_ROUTES.totpPrompt)).statusCode).toBe(
      200,
    );
  });

  test("with REQUIRE_OWNER_TOTP an owner cannot put it off", async () => {
    const { app, ownerCookie } = await start({ REQUIRE_OWNER_TOTP: "true" });
    const later = await consoleRequest(app, ownerCookie, "POST", ADMIN_API_ROUTES.totpPrompt);
    expect(later.statusCode).toBe(409);
    expect(later.json()).toEqual({ error: consoleMessages.totpRequired });
    const me = await consoleRequest(app, ownerCookie, "GET", ADMIN_API_ROUTES.me);
    expect(me.json()).toMatchObject({ staff: { totpPromptDeferred: false }, totpRequired: true });
    // Even an owner who put it off before the setting is sent to it.
    await app.store.members.setTotpPromptDeferred(
      (await app.store.staff.findByEmail("owner@example.com"))!.id,
      true,
    );
    const signedIn = await signInRequest(app, {
      email: "owner@example.com",
      password: "a long and correct password",
    });
    expect(signedIn.json()).toMatchObject({ offerTotp: true });
  });
});

describe("display names", () => {
  test("a member marks themselves away, not others; an owner marks anyone and clears it; a date past or malformed is refused", async () => {
    const { app, owner, member, ownerCookie, memberCookie } = await start();
    const away = (id: string, cookie: string, awayUntil: unknown) =>
      consoleRequest(app, cookie, "PUT", path(ADMIN_API_ROUTES.staffAway, id), { awayUntil });
    const later = istDate(new Date(app.clock().getTime() + 3 * 86_400_000));

    expect((await away(member.id, memberCookie, later)).json()).toMatchObject({
      member: { id: member.id, awayUntil: later },
      message: awayMessages.saved(later),
    });
    const refused = await away(owner.id, memberCookie, later);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: consoleMessages.forbidden });
    const listed = async () =>
      (await consoleRequest(app, ownerCookie, "GET", ADMIN_API_ROUTES.staff)).json<{ items: StaffMember[] }>()
        .items;
    expect((await listed()).find(({ id }) => id === member.id)?.awayUntil).toBe(later);
    for (const bad of ["2020-01-01", "tomorrow", "2030-02-30", 42]) {
      const answer = await away(member.id, ownerCookie, bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: awayMessages.invalid });
    }
    expect((await away(member.id, ownerCookie, "")).json()).toMatchObject({ member: { awayUntil: null } });
    expect((await listed()).find(({ id }) => id === member.id)?.awayUntil).toBeNull();
  });

  test("an owner invites with a name; the invitation names who invited; a member names themselves, not others; an owner names anyone; a bad name is refused", async () => {
    const { app, owner, member, ownerCookie, memberCookie } = await start();
    const named = (id: string, cookie: string, displayName: unknown) =>
      consoleRequest(app, cookie, "PUT", path(ADMIN_API_ROUTES.staffName, id), { displayName });

    expect((await named(owner.id, ownerCookie, "  Rakesh   Gupta ")).json()).toMatchObject({
      member: { id: owner.id, displayName: "Rakesh Gupta" },
      message: displayNameMessages.saved("Rakesh Gupta"),
    });
    const invited = await consoleRequest(app, ownerCookie, "POST", ADMIN_API_ROUTES.staffInvitations, {
      email: "priya@example.com",
      role: "member",
      displayName: "Priya",
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json<{ member: StaffMember }>().member.displayName).toBe("Priya");
    const { mail } = await linkMailTo("priya@example.com");
    expect(mail.parsed.text).toContain("Rakesh Gupta invited you to the console");

    // A member names themselves, never a colleague.
    expect((await named(member.id, memberCookie, "Asha")).statusCode).toBe(200);
    const refused = await named(owner.id, memberCookie, "Boss");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: consoleMessages.forbidden });
    // An owner names anyone; an empty name clears it.
    expect((await named(member.id, ownerCookie, "Asha Verma")).statusCode).toBe(200);
    // A line break is refused by the API's own check of every text, before the name's.
    const broken = await named(member.id, ownerCookie, "Asha\nBcc: x@example.com");
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: textMessages.control });
    for (const bad of ["<b>Asha</b>", "x".repeat(61), "1234", 42]) {
      const answer = await named(member.id, ownerCookie, bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: displayNameMessages.invalid });
    }
    expect((await named(owner.id, ownerCookie, "")).json()).toMatchObject({ member: { displayName: null } });
    const list = await staffList(app, ownerCookie);
    expect(list.map((each) => [each.email, each.displayName]).sort()).toEqual([
      ["asha@example.com", "Asha Verma"],
      ["owner@example.com", null],
      ["priya@example.com", "Priya"],
    ]);
  });
});
