import { afterEach, describe, expect, test } from "vitest";
import { enquiryReference } from "../../domain/console";
import { TEAM_API_ROUTES } from "../../domain/team";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const on = (route: string, id: string) => route.replace(":id", id);

/** An app with an owner and a member of staff, both signed in, and a way to send an enquiry. */
async function team() {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  const member = await addStaff(app, "sales@example.com", "member");
  const post = async (Name: string, lang: "en" | "hi" = "en") =>
    (
      await app.inject({
        method: "POST",
        url: "/api/enquiries",
        payload: {
          Name,
          Email: "buyer@example.in",
          Mobile: "9876543210",
          Quantity: 6,
          RetailerSelfUse: "Retailer",
          lang,
        },
      })
    ).json<{ id: string }>().id;
  return {
    app,
    member,
    post,
    owner: await signIn(app, "owner@example.com"),
    sales: await signIn(app, "sales@example.com"),
  };
}

describe("the activity log of the team's work", () => {
  test("names who gave an enquiry an owner, set a follow-up or changed the rule, and records nothing refused", async () => {
    const { app, member, post, owner, sales } = await team();
    const id = await post("Ravi Kumar");
    const reference = enquiryReference(id);

    const given = await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, id), {
      ownerId: member.id,
    });
    expect(given.statusCode).toBe(200);
    const followUp = await consoleRequest(app, sales, "POST", on(TEAM_API_ROUTES.followUp, id), {
      followUpAt: new Date(Date.now() + 86_400_000).toISOString(),
      nextStep: "Call about the price for 6 boxes",
    });
    expect(followUp.statusCode).toBe(200);
    const rule = await consoleRequest(app, owner, "PUT", TEAM_API_ROUTES.assignment, {
      rule: { kind: "turns", members: [member.id] },
    });
    expect(rule.statusCode).toBe(200);

    // Refused: a member who does not exist, an enquiry that does not exist, a staff member setting the rule.
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, id), { ownerId: missing }))
        .statusCode,
    ).toBe(400);
    expect(
      (await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, missing), { ownerId: null }))
        .statusCode,
    ).toBe(404);
    expect(
      (await consoleRequest(app, sales, "PUT", TEAM_API_ROUTES.assignment, { rule: { kind: "none" } }))
        .statusCode,
    ).toBe(403);

    const activity = await consoleRequest(app, owner, "GET", "/activity");
    const entries = activity
      .json<{ items: { actor: string; action: string; target: string | null }[] }>()
      .items.filter((entry) => !entry.action.startsWith("sign-in"));
    expect(entries).toEqual([
      {
        actor: "owner@example.com",
        action: "assignment-rule-changed",
        target: null,
        id: expect.any(String),
        at: expect.any(String),
      },
      {
        actor: "sales@example.com",
        action: "follow-up",
        target: reference,
        id: expect.any(String),
        at: expect.any(String),
      },
      {
        actor: "owner@example.com",
        action: "owner-change",
        target: reference,
        id: expect.any(String),
        at: expect.any(String),
      },
    ]);
  });
});

describe("the CSV of enquiries", () => {
  test("carries each enquiry's language, owner, follow-up and next step", async () => {
    const { app, member, post, owner } = await team();
    const worked = await post("अनीता शर्मा", "hi");
    await post("Ravi Kumar", "en");
    const followUpAt = new Date(Date.now() + 86_400_000).toISOString();
    await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, worked), { ownerId: member.id });
    await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.followUp, worked), {
      followUpAt,
      nextStep: "Send the price list",
    });

    const csv = (await consoleRequest(app, owner, "GET", "/enquiries.csv")).body.replace(/^\uFEFF/, "");
    const [header, ...lines] = csv.trimEnd().split("\r\n");
    const columns = header!.split(",");
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(",").map((cell, i) => [columns[i], cell])),
    );
    expect(rows.map((row) => [row.reference, row.language, row.owner, row.followUpAt, row.nextStep])).toEqual(
      [
        [expect.any(String), "en", "", "", ""],
        [enquiryReference(worked), "hi", "sales@example.com", followUpAt, "Send the price list"],
      ],
    );
  });
});
