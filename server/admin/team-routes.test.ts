import { anEnquiry } from "../../tests/support/enquiry-builder";
import { afterEach, describe, expect, test } from "vitest";
import { enquiryReference } from "../../domain/console";
import { TEAM_API_ROUTES, teamMessages } from "../../domain/team";
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
        payload: { ...anEnquiry({ Name, Quantity: 6, RetailerSelfUse: "Retailer" }), lang },
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
      expectedOwnerId: null,
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
      (
        await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, id), {
          ownerId: missing,
          expectedOwnerId: member.id,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, missing), {
          ownerId: null,
          expectedOwnerId: null,
        })
      ).statusCode,
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
  const parse = (body: string) => {
    const [header, ...lines] = body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    const columns = header!.split(",");
    return lines.map((line) => Object.fromEntries(line.split(",").map((cell, i) => [columns[i], cell])));
  };

  test("carries each enquiry's language, owner, follow-up and next step in IST, and its last note", async () => {
    const { app, member, post, owner } = await team();
    const worked = await post("अनीता शर्मा", "hi");
    await post("Ravi Kumar", "en");
    const followUpAt = new Date("2030-01-04T13:00:00Z");
    await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, worked), {
      ownerId: member.id,
      expectedOwnerId: null,
    });
    await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.followUp, worked), {
      followUpAt: followUpAt.toISOString(),
      nextStep: "Send the price list",
    });
    await consoleRequest(app, owner, "POST", on("/enquiries/:id/notes", worked), { text: "Wants 60 packs" });

    const rows = parse((await consoleRequest(app, owner, "GET", "/enquiries.csv")).body);
    expect(
      rows.map((row) => [
        row.reference,
        row.language,
        row.owner,
        row["follow-up (IST)"],
        row.nextStep,
        row.lastNote,
      ]),
    ).toEqual([
      [expect.any(String), "en", "", "", "", ""],
      [
        enquiryReference(worked),
        "hi",
        "sales@example.com",
        "2030-01-04 18:30",
        "Send the price list",
        "Wants 60 packs",
      ],
    ]);
    expect(rows[0]?.["received (IST)"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  test("exports what the screen shows: the Overdue view, a status within it, and an owner", async () => {
    const { app, member, post, owner } = await team();
    const late = await post("Late Buyer");
    const other = await post("Other Buyer");
    await post("Fresh Buyer");
    // Two are overdue by their follow-ups; one of them is owned by the member.
    for (const id of [late, other]) {
      await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.followUp, id), {
        followUpAt: new Date(Date.now() - 3_600_000).toISOString(),
        nextStep: "Call",
      });
    }
    await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, late), {
      ownerId: member.id,
      expectedOwnerId: null,
    });
    const names = async (query: string) =>
      parse((await consoleRequest(app, owner, "GET", `/enquiries.csv${query}`)).body)
        .map((row) => row.Name)
        .sort();
    const overdue = await consoleRequest(app, owner, "GET", "/enquiries?view=overdue");
    const shown = overdue.json<{ items: { Name: string }[] }>().items.map((item) => item.Name);
    expect(await names("?view=overdue")).toEqual([...shown].sort());
    expect(shown.sort()).toEqual(["Late Buyer", "Other Buyer"]);
    expect(await names(`?view=overdue&owner=${member.id}`)).toEqual(["Late Buyer"]);
    expect(await names("?view=overdue&owner=nobody")).toEqual(["Other Buyer"]);
    expect(await names("?view=overdue&q=other")).toEqual(["Other Buyer"]);
    expect(await names("?view=overdue&status=Contacted")).toEqual([]);
    expect((await consoleRequest(app, owner, "GET", "/enquiries.csv?view=later")).statusCode).toBe(400);
  });

  test("names its view and filters in the file and the activity log, and carries each row's due time in IST and whether it is late", async () => {
    const { app, member, post, owner } = await team();
    const late = await post("Late Buyer");
    const ahead = await post("Ahead Buyer");
    // Contacted: its due time is the follow-up, no longer the first contact's.
    await consoleRequest(app, owner, "POST", on("/enquiries/:id/status", ahead), {
      status: "Contacted",
      version: 0,
    });
    await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.followUp, late), {
      followUpAt: "2020-01-06T04:30:00.000Z",
      nextStep: "Call",
    });
    await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.followUp, ahead), {
      followUpAt: "2099-01-04T13:00:00.000Z",
      nextStep: "Send the price list",
    });
    for (const id of [late, ahead]) {
      await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, id), {
        ownerId: member.id,
        expectedOwnerId: null,
      });
    }
    const istDay = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    const before = istDay();
    const owned = await consoleRequest(
      app,
      owner,
      "GET",
      `/enquiries.csv?owner=${member.id}&buyer=Retailer&q=buyer`,
    );
    const overdue = await consoleRequest(app, owner, "GET", "/enquiries.csv?view=overdue");
    const everything = await consoleRequest(app, owner, "GET", "/enquiries.csv");
    const days = new Set([before, istDay()]);
    const fileName = (response: typeof owned) =>
      /^attachment; filename="(enquiries-[a-z0-9-]+)-(\d{4}-\d{2}-\d{2})\.csv"$/.exec(
        response.headers["content-disposition"] as string,
      );
    expect(fileName(owned)?.[1]).toBe("enquiries-owner-sales-retailer-search");
    expect(fileName(overdue)?.[1]).toBe("enquiries-overdue");
    expect(fileName(everything)?.[1]).toBe("enquiries-all");
    expect(days.has(fileName(owned)?.[2] ?? "")).toBe(true);

    const rows = parse(owned.body);
    expect(rows.map((row) => [row.Name, row["due (IST)"], row.late]).sort()).toEqual([
      ["Ahead Buyer", "2099-01-04 18:30", ""],
      ["Late Buyer", "2020-01-06 10:00", "yes"],
    ]);
    expect(parse(overdue.body).map((row) => [row.Name, row.late])).toEqual([["Late Buyer", "yes"]]);

    const activity = await consoleRequest(app, owner, "GET", "/activity");
    const exports = activity
      .json<{ items: { action: string; target: string }[] }>()
      .items.filter((entry) => entry.action === "export")
      .map((entry) => entry.target);
    expect(exports).toEqual([
      "2 enquiries: all",
      "1 enquiries: overdue",
      "2 enquiries: owner-sales-retailer-search",
    ]);
  });
});

describe("an enquiry's life through the console's API", () => {
  test("a call started from the console is recorded and ends the first-contact lateness; a bad channel changes nothing", async () => {
    const { app, post, sales } = await team();
    const id = await post("Ravi Kumar");
    const bad = await consoleRequest(app, sales, "POST", on("/enquiries/:id/contact", id), {
      channel: "fax",
    });
    expect(bad.statusCode).toBe(400);
    expect((await app.store.enquiryWork.get(id))?.history).toEqual([]);
    const called = await consoleRequest(app, sales, "POST", on("/enquiries/:id/contact", id), {
      channel: "call",
    });
    expect(called.statusCode).toBe(200);
    const answer = called.json<{
      status: string;
      version: number;
      team: { firstContactLate: boolean; dueAt: string | null };
      history: unknown[];
    }>();
    // A call without an outcome was answered: contact, New moves to Contacted, and the enquiry is
    // due again by the rule.
    expect(answer.team).toMatchObject({ firstContactLate: false });
    expect(answer.team.dueAt).not.toBeNull();
    expect([answer.status, answer.version]).toEqual(["Contacted", 1]);
    expect(answer.history).toEqual([
      expect.objectContaining({ kind: "contact", text: "call", staffEmail: "sales@example.com" }),
      expect.objectContaining({ kind: "status", from: "New", to: "Contacted" }),
    ]);
    // A call that did not reach the buyer is history only: the status stays.
    const second = await post("Asha Verma");
    const busy = await consoleRequest(app, sales, "POST", on("/enquiries/:id/contact", second), {
      channel: "call",
      outcome: "busy",
    });
    expect(busy.statusCode).toBe(200);
    const tried = busy.json<{
      status: string;
      team: { dueAt: string | null };
      history: { kind: string; text: string }[];
    }>();
    expect(tried.status).toBe("New");
    expect(tried.team.dueAt).not.toBeNull();
    expect(tried.history.map((entry) => entry.kind)).toEqual(["follow-up"]);
    expect(tried.history[0]?.text).toMatch(/ · Call: busy$/);
    const unknown = await consoleRequest(app, sales, "POST", on("/enquiries/:id/contact", second), {
      channel: "call",
      outcome: "hung-up",
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await consoleRequest(
      app,
      sales,
      "POST",
      on("/enquiries/:id/contact", "00000000-0000-4000-8000-000000000000"),
      { channel: "whatsapp" },
    );
    expect(missing.statusCode).toBe(404);
  });

  test("taking an enquiry a colleague took after the page was loaded is refused with who owns it now", async () => {
    const { app, member, post, owner, sales } = await team();
    const id = await post("Ravi Kumar");
    const taken = await consoleRequest(app, sales, "POST", on(TEAM_API_ROUTES.owner, id), {
      ownerId: member.id,
      expectedOwnerId: null,
    });
    expect(taken.statusCode).toBe(200);
    const stale = await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, id), {
      ownerId: null,
      expectedOwnerId: null,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: "sales@example.com owns this now. Take it over?",
      currentOwnerId: member.id,
      currentOwner: "sales@example.com",
    });
    expect((await app.store.team.fieldsOf([id])).get(id)?.ownerId).toBe(member.id);
    // Without saying what they saw, a change is refused as not understood.
    const blind = await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, id), { ownerId: null });
    expect(blind.statusCode).toBe(400);
    const asked = await consoleRequest(app, owner, "POST", on(TEAM_API_ROUTES.owner, id), {
      ownerId: null,
      expectedOwnerId: member.id,
    });
    expect(asked.statusCode).toBe(200);
  });

  test("a status change sets the next step; one too long is refused and changes nothing", async () => {
    const { app, post, sales } = await team();
    const id = await post("Ravi Kumar");
    const long = await consoleRequest(app, sales, "POST", on("/enquiries/:id/status", id), {
      status: "Contacted",
      version: 0,
      nextStep: "x".repeat(141),
    });
    expect(long.json()).toEqual({ error: teamMessages.nextStepTooLong });
    expect((await app.store.enquiryWork.get(id))?.status).toBe("New");
    const changed = await consoleRequest(app, sales, "POST", on("/enquiries/:id/status", id), {
      status: "Contacted",
      version: 0,
      nextStep: "Send the price list",
    });
    expect(changed.json<{ team: { nextStep: string } }>().team.nextStep).toBe("Send the price list");
  });
});
