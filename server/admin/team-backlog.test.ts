import { afterEach, describe, expect, test } from "vitest";
import { consoleMessages, type ActivityEntry, type EnquiryDetail } from "../../domain/console";
import { TEAM_API_ROUTES, teamMessages } from "../../domain/team";
import { addStaff, consoleRequest, signIn, TEST_HOST } from "../../tests/support/console-app";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** An app with an owner and two members, the owner and one member signed in, and a way to send an enquiry. */
async function team() {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  const { app } = testApp;
  const ownerAccount = await addStaff(app, "owner@example.com", "owner");
  const asha = await addStaff(app, "asha@example.com", "member");
  const bilal = await addStaff(app, "bilal@example.com", "member");
  const post = async (Name: string, RetailerSelfUse: "Retailer" | "Self Use" = "Retailer") =>
    (
      await app.inject({
        method: "POST",
        url: "/api/enquiries",
        payload: { Name, Email: "buyer@example.in", Mobile: "9876543210", Quantity: 6, RetailerSelfUse },
      })
    ).json<{ id: string }>().id;
  return {
    app,
    ownerAccount,
    asha,
    bilal,
    post,
    owner: await signIn(app, "owner@example.com"),
    member: await signIn(app, "asha@example.com"),
  };
}

const ownerOf = async (app: TestApp["app"], cookie: string, id: string) =>
  (await consoleRequest(app, cookie, "GET", `/enquiries/${id}`)).json<
    EnquiryDetail & { team: { ownerId: string | null } }
  >().team.ownerId;

describe("a rule that cannot work is refused with a message saying why", () => {
  test("in turn with nobody ticked, or a rule of no known kind, changes nothing", async () => {
    const { app, owner, asha } = await team();
    const set = await consoleRequest(app, owner, "PUT", TEAM_API_ROUTES.assignment, {
      rule: { kind: "buyer", Retailer: asha.id, "Self Use": null },
    });
    expect(set.statusCode).toBe(200);
    const cases: [unknown, string][] = [
      [{ kind: "turns", members: [] }, teamMessages.turnsNeedMembers],
      [{ kind: "somebody" }, teamMessages.ruleUnclear],
      [{ kind: "turns" }, teamMessages.ruleUnclear],
      [null, teamMessages.ruleUnclear],
    ];
    for (const [rule, error] of cases) {
      const refused = await consoleRequest(app, owner, "PUT", TEAM_API_ROUTES.assignment, { rule });
      expect({ rule, status: refused.statusCode, body: refused.json() }).toEqual({
        rule,
        status: 400,
        body: { error },
      });
    }
    const kept = await consoleRequest(app, owner, "GET", TEAM_API_ROUTES.assignment);
    expect(kept.json()).toEqual({ rule: { kind: "buyer", Retailer: asha.id, "Self Use": null } });
  });
});

describe("assigning the waiting backlog by the new rule", () => {
  test("gives each open, unassigned enquiry that is not spam an owner by the rule, each with its own history line", async () => {
    const { app, owner, asha, bilal, post } = await team();
    const ids = [await post("First Buyer"), await post("Second Buyer"), await post("Third Buyer")];
    const kept = await post("Kept Buyer");
    const closed = await post("Closed Buyer");
    const spam = await post("Spam Buyer");
    await consoleRequest(app, owner, "POST", `/enquiries/${kept}/owner`, {
      ownerId: bilal.id,
      expectedOwnerId: null,
    });
    for (const [id, to] of [
      [closed, "Declined"],
      [spam, "Spam"],
    ] as const) {
      const version = (await consoleRequest(app, owner, "GET", `/enquiries/${id}`)).json<EnquiryDetail>()
        .version;
      await consoleRequest(app, owner, "POST", `/enquiries/${id}/status`, {
        status: to,
        version,
        ...(to === "Declined" ? { lostReason: "only-asking" } : {}),
      });
    }
    // Nothing to apply while enquiries are not assigned automatically.
    const noRule = await consoleRequest(app, owner, "POST", TEAM_API_ROUTES.backlog);
    expect(noRule.statusCode).toBe(409);
    expect(noRule.json()).toEqual({ error: teamMessages.backlogNoRule });

    await consoleRequest(app, owner, "PUT", TEAM_API_ROUTES.assignment, {
      rule: { kind: "turns", members: [asha.id, bilal.id] },
    });
    const applied = await consoleRequest(app, owner, "POST", TEAM_API_ROUTES.backlog);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ assigned: 3, message: teamMessages.backlogAssigned(3) });
    // Oldest first, in turn: Asha, Bilal, Asha.
    expect(await Promise.all(ids.map((id) => ownerOf(app, owner, id)))).toEqual([asha.id, bilal.id, asha.id]);
    expect(await ownerOf(app, owner, kept)).toBe(bilal.id);
    expect(await ownerOf(app, owner, closed)).toBeNull();
    expect(await ownerOf(app, owner, spam)).toBeNull();
    for (const id of ids) {
      const history = (await consoleRequest(app, owner, "GET", `/enquiries/${id}`)).json<EnquiryDetail>()
        .history;
      expect(history.filter((entry) => entry.kind === "owner")).toHaveLength(1);
      expect(history.find((entry) => entry.kind === "owner")).toMatchObject({
        staffEmail: "owner@example.com",
      });
    }
    const log = (await consoleRequest(app, owner, "GET", "/activity")).json<{ items: ActivityEntry[] }>()
      .items;
    expect(log.find((entry) => entry.action === "backlog-assigned")).toMatchObject({
      actor: "owner@example.com",
      target: "enquiries 3",
    });
    // Applied again, nothing is left waiting.
    expect((await consoleRequest(app, owner, "POST", TEAM_API_ROUTES.backlog)).json()).toEqual({
      assigned: 0,
      message: teamMessages.backlogAssigned(0),
    });
  });

  test("by buyer type: a buyer type given to nobody stays waiting", async () => {
    const { app, owner, asha, post } = await team();
    const shop = await post("Shop Buyer", "Retailer");
    const home = await post("Home Buyer", "Self Use");
    await consoleRequest(app, owner, "PUT", TEAM_API_ROUTES.assignment, {
      rule: { kind: "buyer", Retailer: asha.id, "Self Use": null },
    });
    expect((await consoleRequest(app, owner, "POST", TEAM_API_ROUTES.backlog)).json()).toMatchObject({
      assigned: 1,
    });
    expect(await ownerOf(app, owner, shop)).toBe(asha.id);
    expect(await ownerOf(app, owner, home)).toBeNull();
  });

  test("is for owners only, and for the console's own pages", async () => {
    const { app, member } = await team();
    const refused = await consoleRequest(app, member, "POST", TEAM_API_ROUTES.backlog);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: consoleMessages.forbidden });
    const stranger = await app.inject({
      method: "POST",
      url: `/api/admin${TEAM_API_ROUTES.backlog}`,
      headers: { host: TEST_HOST, origin: `http://${TEST_HOST}` },
    });
    expect(stranger.statusCode).toBe(401);
    const elsewhere = await app.inject({
      method: "POST",
      url: `/api/admin${TEAM_API_ROUTES.backlog}`,
      headers: { host: TEST_HOST, origin: "https://attacker.example", cookie: member },
    });
    expect(elsewhere.statusCode).toBe(403);
  });
});
