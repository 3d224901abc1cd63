/**
 * Insiders in the staff accounts, through the console's API: an invitation that outlives the owner
 * who sent it, an enquiry handed to an address nobody has answered from, and an owner who is only
 * invited counted by the last-owner guard (docs/console-security.md).
 */
import Database from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import { BULK_API_ROUTES, bulkMessages } from "../../domain/bulk";
import { ADMIN_API_PREFIX, ADMIN_API_ROUTES, consoleMessages, type StaffMember } from "../../domain/console";
import { TEAM_API_ROUTES, teamMessages, type TeamMember } from "../../domain/team";
import { anEnquiry } from "../../tests/support/enquiry-builder";
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
import { sqlitePathFromUrl } from "../store/sqlite";

let sink: MailSink | undefined;
let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  await sink?.close();
  testApp = undefined;
  sink = undefined;
});

type App = TestApp["app"];
const PUBLIC_URL = "https://collarise.example";
const NEW_PASSWORD = "a brand new long password";
const path = (route: string, id = "") => route.replace(":id", id);

/** An app with a real SMTP server and the accounts given (each with a password), all signed in. */
async function start(accounts: [email: string, role: "owner" | "member"][]) {
  sink = await startMailSink();
  testApp = await buildTestApp(
    { LOG_LEVEL: "silent", SMTP_URL: sink.url, NOTIFY_TO: "orders@collarise.example", PUBLIC_URL },
    { outbox: { pollIntervalMs: 50 } },
  );
  const { app } = testApp;
  const staff: Record<string, { id: string; cookie: string }> = {};
  for (const [email, role] of accounts) {
    const added = await addStaff(app, email, role);
    staff[email] = { id: added.id, cookie: await signIn(app, email) };
  }
  return { app, staff: (email: string) => staff[email]! };
}

/** The app closed and started again, empty, with these accounts. */
async function restart(accounts: [email: string, role: "owner" | "member"][]) {
  await testApp?.close();
  await sink?.close();
  return start(accounts);
}

async function invite(app: App, cookie: string, email: string, role: "owner" | "member") {
  const answer = await consoleRequest(app, cookie, "POST", ADMIN_API_ROUTES.staffInvitations, {
    email,
    role,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ member: StaffMember }>().member;
}

/** Every mail to `address` so far, once the outbox is empty. */
async function mailsTo(address: string): Promise<ReceivedMail[]> {
  await waitForEmptyOutbox(testApp!);
  return sink!.mails.filter((mail) => mail.envelopeTo.includes(address));
}

/** The token of the `nth` link mailed to `address` (the first unless given). */
async function linkTo(address: string, nth = 1): Promise<string> {
  for (let waited = 0; (await mailsTo(address)).length < nth; waited += 50) {
    if (waited > 10_000) throw new Error(`No mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const mail = (await mailsTo(address))[nth - 1]!;
  const token = /\/admin\/welcome\?token=([A-Za-z0-9._-]+)/.exec(mail.parsed.text ?? "")?.[1];
  if (!token) throw new Error("The mail carries no link");
  return token;
}

function openLink(app: App, method: "GET" | "POST", token: string) {
  return method === "GET"
    ? app.inject({
        method,
        url: `${ADMIN_API_PREFIX}${ADMIN_API_ROUTES.staffLink}?${new URLSearchParams({ token })}`,
        headers: { host: TEST_HOST },
      })
    : app.inject({
        method,
        url: `${ADMIN_API_PREFIX}${ADMIN_API_ROUTES.staffLink}`,
        headers: { host: TEST_HOST, origin: TEST_ORIGIN },
        payload: { token, password: NEW_PASSWORD },
      });
}

/** The link's page and the password form both refuse the token with the withdrawal's message. */
async function expectWithdrawn(app: App, token: string) {
  for (const method of ["GET", "POST"] as const) {
    const answer = await openLink(app, method, token);
    expect({ method, status: answer.statusCode, body: answer.json() }).toEqual({
      method,
      status: 410,
      body: { error: consoleMessages.invitationWithdrawn },
    });
  }
}

async function postEnquiry(app: App, Name: string, RetailerSelfUse: "Retailer" | "Self Use" = "Retailer") {
  const answer = await app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload: { ...anEnquiry({ Name, RetailerSelfUse, Quantity: 6 }), lang: "en" },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ id: string }>().id;
}

async function ownerOf(app: App, id: string): Promise<string | null> {
  return (await app.store.team.fieldsOf([id])).get(id)?.ownerId ?? null;
}

describe("an invitation dies with the owner who sent it", () => {
  test("an owner invites their own second address as owner, is removed, and cannot come back through the invitation", async () => {
    const { app, staff } = await start([
      ["mallory@example.com", "owner"],
      ["boss@example.com", "owner"],
    ]);
    const mallory = staff("mallory@example.com");
    await invite(app, mallory.cookie, "mallory.again@example.net", "owner");
    const token = await linkTo("mallory.again@example.net");

    const removed = await consoleRequest(
      app,
      staff("boss@example.com").cookie,
      "DELETE",
      path(ADMIN_API_ROUTES.staffMember, mallory.id),
    );
    expect(removed.statusCode).toBe(200);

    await expectWithdrawn(app, token);
    // Withdrawn in the removal's own write, not only judged when the link is used.
    const [linkId = ""] = token.split(".");
    expect((await app.store.members.findLink(linkId))?.revokedAt).not.toBeNull();
    expect(await app.store.staff.findByEmail("mallory.again@example.net")).toMatchObject({
      role: "owner",
      invited: true,
    });
    expect(
      (await signInRequest(app, { email: "mallory.again@example.net", password: NEW_PASSWORD })).statusCode,
    ).toBe(401);
  });

  test("a demoted owner's pending invitations, as owner or as member, can no longer be accepted; an owner may send a new link", async () => {
    const { app, staff } = await start([
      ["mallory@example.com", "owner"],
      ["boss@example.com", "owner"],
    ]);
    const mallory = staff("mallory@example.com");
    const boss = staff("boss@example.com");
    const asOwner = await invite(app, mallory.cookie, "second.owner@example.net", "owner");
    await invite(app, mallory.cookie, "new.member@example.net", "member");
    const ownerToken = await linkTo("second.owner@example.net");
    const memberToken = await linkTo("new.member@example.net");

    const demoted = await consoleRequest(
      app,
      boss.cookie,
      "PUT",
      path(ADMIN_API_ROUTES.staffMember, mallory.id),
      {
        role: "member",
      },
    );
    expect(demoted.statusCode).toBe(200);
    await expectWithdrawn(app, ownerToken);
    await expectWithdrawn(app, memberToken);
    // Promoted again, Mallory does not bring the old invitations back.
    await consoleRequest(app, boss.cookie, "PUT", path(ADMIN_API_ROUTES.staffMember, mallory.id), {
      role: "owner",
    });
    await expectWithdrawn(app, ownerToken);

    // An owner who still is one decides for themselves: their new link lets the invitee in.
    const resent = await consoleRequest(
      app,
      boss.cookie,
      "POST",
      path(ADMIN_API_ROUTES.staffReset, asOwner.id),
    );
    expect(resent.statusCode).toBe(200);
    const fresh = await linkTo("second.owner@example.net", 2);
    expect((await openLink(app, "POST", fresh)).statusCode).toBe(200);
    await signIn(app, "second.owner@example.net", NEW_PASSWORD);
  });

  test("an owner's invitations accepted before they were removed stay accepted", async () => {
    const { app, staff } = await start([
      ["mallory@example.com", "owner"],
      ["boss@example.com", "owner"],
    ]);
    const mallory = staff("mallory@example.com");
    await invite(app, mallory.cookie, "early@example.net", "member");
    expect((await openLink(app, "POST", await linkTo("early@example.net"))).statusCode).toBe(200);
    await consoleRequest(
      app,
      staff("boss@example.com").cookie,
      "DELETE",
      path(ADMIN_API_ROUTES.staffMember, mallory.id),
    );
    await signIn(app, "early@example.net", NEW_PASSWORD);
  });
  test("an invitation sent before links recorded their sender is refused with its own message", async () => {
    const { app, staff } = await start([["owner@example.com", "owner"]]);
    const invitee = await invite(app, staff("owner@example.com").cookie, "older@example.net", "member");
    const db = new Database(sqlitePathFromUrl(testApp!.databaseUrl));
    const linkId = "7d3f5a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6";
    db.prepare(
      `INSERT INTO staff_links (id, staff_id, purpose, created_at, expires_at) VALUES (?, ?, 'invitation', ?, ?)`,
    ).run(linkId, invitee.id, new Date().toISOString(), new Date(Date.now() + 3_600_000).toISOString());
    db.close();
    const token = await app.staffLinks.token(linkId);
    for (const method of ["GET", "POST"] as const) {
      const answer = await openLink(app, method, token);
      expect({ method, status: answer.statusCode, body: answer.json() }).toEqual({
        method,
        status: 410,
        body: { error: consoleMessages.invitationUntraced },
      });
    }
    // The invitation the owner sent through the console still works.
    expect((await openLink(app, "POST", await linkTo("older@example.net"))).statusCode).toBe(200);
  });
});

describe("only members who have set a password own enquiries", () => {
  test("an enquiry cannot be handed to an invitation never accepted, and no alert with the buyer's details goes to that address", async () => {
    const { app, staff } = await start([
      ["owner@example.com", "owner"],
      ["asha@example.com", "member"],
    ]);
    const asha = staff("asha@example.com");
    const typo = await invite(app, staff("owner@example.com").cookie, "asha@exmaple.com", "member");
    const id = await postEnquiry(app, "Ravi Kumar");

    const handed = await consoleRequest(app, asha.cookie, "POST", path(TEAM_API_ROUTES.owner, id), {
      ownerId: typo.id,
      expectedOwnerId: null,
    });
    expect(handed.statusCode).toBe(400);
    expect(handed.json()).toEqual({ error: teamMessages.invitationPending });
    const bulk = await consoleRequest(app, asha.cookie, "POST", BULK_API_ROUTES.bulk, {
      items: [{ id, version: 0 }],
      action: { kind: "assign", ownerId: typo.id },
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json()).toEqual({ error: bulkMessages.ownerInvited });
    expect(await ownerOf(app, id)).toBeNull();

    // The console's pickers (owner, bulk owner, assignment rule) do not offer them.
    const members = (await consoleRequest(app, asha.cookie, "GET", TEAM_API_ROUTES.members)).json<
      TeamMember[]
    >();
    expect(members.map((member) => member.email)).toEqual(["owner@example.com", "asha@example.com"]);

    // Only the invitation went to the mistyped address: nothing about the buyer.
    const mails = await mailsTo("asha@exmaple.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toContain("invited");
    expect(mails.some((mail) => (mail.parsed.text ?? "").includes("Ravi"))).toBe(false);
  });

  test("an assignment rule naming a pending invitee is refused, and one saved before skips them", async () => {
    const { app, staff } = await start([
      ["owner@example.com", "owner"],
      ["asha@example.com", "member"],
    ]);
    const owner = staff("owner@example.com");
    const asha = staff("asha@example.com");
    const pending = await invite(app, owner.cookie, "pending@example.net", "member");
    for (const rule of [
      { kind: "turns", members: [asha.id, pending.id] },
      { kind: "buyer", Retailer: pending.id, "Self Use": null },
    ]) {
      const refused = await consoleRequest(app, owner.cookie, "PUT", TEAM_API_ROUTES.assignment, { rule });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: teamMessages.ruleInvalid });
    }

    // A rule saved before invitees were told apart names them first; they hear of nothing, even
    // with every new enquiry chosen.
    const db = new Database(sqlitePathFromUrl(testApp!.databaseUrl));
    db.prepare(`UPDATE assignment SET rule = ?, turn = 0 WHERE id = 1`).run(
      JSON.stringify({ kind: "turns", members: [pending.id, asha.id] }),
    );
    db.prepare(`UPDATE staff SET alerts = 'all' WHERE id = ?`).run(pending.id);
    db.close();
    const ids = [await postEnquiry(app, "Ravi Kumar"), await postEnquiry(app, "Meena Iyer")];
    expect(await Promise.all(ids.map((id) => ownerOf(app, id)))).toEqual([asha.id, asha.id]);

    // By buyer type, the invitee's enquiries wait for an owner, and applying the rule to the
    // backlog gives them none.
    const db2 = new Database(sqlitePathFromUrl(testApp!.databaseUrl));
    db2
      .prepare(`UPDATE assignment SET rule = ? WHERE id = 1`)
      .run(JSON.stringify({ kind: "buyer", Retailer: pending.id, "Self Use": asha.id }));
    db2.close();
    const waiting = await postEnquiry(app, "Kiran Rao");
    expect(await ownerOf(app, waiting)).toBeNull();
    const backlog = await consoleRequest(app, owner.cookie, "POST", TEAM_API_ROUTES.backlog);
    expect(backlog.json()).toMatchObject({ assigned: 0 });
    expect(await ownerOf(app, waiting)).toBeNull();

    const mails = await mailsTo("pending@example.net");
    expect(mails.map((mail) => mail.parsed.subject)).toEqual([expect.stringContaining("invited")]);
  });
});

describe("the last-owner guard counts owners who can sign in", () => {
  test("the only active owner cannot step down or leave while the other owner is only invited", async () => {
    const { app, staff } = await start([
      ["owner@example.com", "owner"],
      ["asha@example.com", "member"],
    ]);
    const owner = staff("owner@example.com");
    await invite(app, owner.cookie, "next.owner@example.net", "owner");

    const stepDown = await consoleRequest(
      app,
      owner.cookie,
      "PUT",
      path(ADMIN_API_ROUTES.staffMember, owner.id),
      {
        role: "member",
      },
    );
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json()).toEqual({ error: consoleMessages.lastOwner });
    const leave = await consoleRequest(
      app,
      owner.cookie,
      "DELETE",
      path(ADMIN_API_ROUTES.staffMember, owner.id),
    );
    expect(leave.statusCode).toBe(409);
    expect((await app.store.staff.findById(owner.id))?.role).toBe("owner");

    // Once the invitee has set a password they count, and the first owner may step down.
    expect((await openLink(app, "POST", await linkTo("next.owner@example.net"))).statusCode).toBe(200);
    const now = await consoleRequest(app, owner.cookie, "PUT", path(ADMIN_API_ROUTES.staffMember, owner.id), {
      role: "member",
    });
    expect(now.statusCode).toBe(200);
  });

  test("two owners demoting each other at the same moment leave one owner: the guard is checked again in the write", async () => {
    const { app, staff } = await start([
      ["owner@example.com", "owner"],
      ["second.owner@example.com", "owner"],
    ]);
    const first = staff("owner@example.com");
    const second = staff("second.owner@example.com");
    const answers = await Promise.all([
      consoleRequest(app, first.cookie, "PUT", path(ADMIN_API_ROUTES.staffMember, second.id), {
        role: "member",
      }),
      consoleRequest(app, second.cookie, "PUT", path(ADMIN_API_ROUTES.staffMember, first.id), {
        role: "member",
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const owners = (await app.store.staff.list()).filter((member) => member.role === "owner");
    expect(owners).toHaveLength(1);

    // And removing each other at once: the one owner left is never removed by the other's request.
    const { app: again, staff: staffAgain } = await restart([
      ["owner@example.com", "owner"],
      ["second.owner@example.com", "owner"],
    ]);
    const a = staffAgain("owner@example.com");
    const b = staffAgain("second.owner@example.com");
    const removals = await Promise.all([
      consoleRequest(again, a.cookie, "DELETE", path(ADMIN_API_ROUTES.staffMember, b.id)),
      consoleRequest(again, b.cookie, "DELETE", path(ADMIN_API_ROUTES.staffMember, a.id)),
    ]);
    expect(removals.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await again.store.staff.list()).filter((member) => member.role === "owner")).toHaveLength(1);
  });
});
