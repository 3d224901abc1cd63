import { afterEach, describe, expect, test } from "vitest";
import {
  ADMIN_API_PREFIX,
  ADMIN_API_ROUTES,
  consoleMessages,
  type ActivityEntry,
} from "../../domain/console";
import type { Enquiry } from "../../domain/enquiry";
import {
  personalDataMessages,
  type ErasureReport,
  type PersonalDataReport,
} from "../../domain/personal-data";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { addStaff, consoleRequest, signIn, TEST_HOST } from "../../tests/support/console-app";
import { confirmedSubscriber } from "../../tests/support/subscribers";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const asha: Enquiry = {
  Name: "Asha Verma",
  Email: "Asha@Example.com",
  Mobile: "9876543210",
  Quantity: 24,
  RetailerSelfUse: "Retailer",
};
const ravi: Enquiry = {
  Name: "Ravi Kumar",
  Email: "ravi@example.in",
  Mobile: "9123456780",
  Quantity: 1,
  RetailerSelfUse: "Self Use",
};

const SHOW = ADMIN_API_ROUTES.personalData;
const ERASE = ADMIN_API_ROUTES.personalDataErasure;

/** A console with an owner and a member of staff, Asha's enquiry, note and subscription, and Ravi's enquiry. */
async function start() {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  await addStaff(app, "staff@example.com", "member");
  const stored = await app.store.enquiries.add(asha);
  await app.store.enquiries.add(ravi);
  await app.store.work.addNote(stored.id, {
    text: "Asked for a retailer's price",
    staffEmail: "staff@example.com",
    at: new Date(),
  });
  await confirmedSubscriber(app.store, "asha@example.com");
  return { app, stored };
}

/** What the store holds, to show a refused request changed nothing. */
async function held(app: TestApp["app"]) {
  return {
    enquiries: await app.store.enquiries.list(),
    subscribers: await app.store.subscribers.list(),
    activity: (await app.store.activity.list({ limit: 100 })).items.filter(
      (entry) => !entry.action.startsWith("sign-in"),
    ),
  };
}

describe("a person's data in the console's API", () => {
  test("without a session both routes answer 401, and a member of staff who is not an owner gets 403", async () => {
    const { app } = await start();
    const before = await held(app);
    for (const [method, path] of [
      ["GET", `${SHOW}?email=asha@example.com`],
      ["POST", ERASE],
    ] as const) {
      const response = await consoleRequest(
        app,
        "",
        method,
        path,
        method === "POST" ? { email: "asha@example.com" } : undefined,
      );
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json()).toEqual({ error: consoleMessages.sessionEnded });
    }
    const cookie = await signIn(app, "staff@example.com");
    for (const [method, path] of [
      ["GET", `${SHOW}?email=asha@example.com`],
      ["POST", ERASE],
    ] as const) {
      const response = await consoleRequest(
        app,
        cookie,
        method,
        path,
        method === "POST" ? { email: "asha@example.com" } : undefined,
      );
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toEqual({ error: consoleMessages.forbidden });
    }
    expect(await held(app)).toEqual(before);
  });

  test("an erasure from another origin, or without one, is refused even with an owner's session", async () => {
    const { app } = await start();
    const cookie = await signIn(app, "owner@example.com");
    const before = await held(app);
    for (const origin of ["https://evil.example", "http://127.0.0.1:3001", undefined]) {
      const response = await app.inject({
        method: "POST",
        url: `${ADMIN_API_PREFIX}${ERASE}`,
        headers: { host: TEST_HOST, cookie, ...(origin ? { origin } : {}) },
        payload: { email: "asha@example.com" },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: consoleMessages.crossOrigin });
    }
    expect(await held(app)).toEqual(before);
  });

  test("a request without exactly one valid e-mail or mobile is refused with 400 and changes nothing", async () => {
    const { app } = await start();
    const cookie = await signIn(app, "owner@example.com");
    const before = await held(app);
    const cases: [string, Record<string, unknown>, string][] = [
      ["", {}, personalDataMessages.oneOf],
      [
        "?email=asha@example.com&mobile=9876543210",
        { email: "asha@example.com", mobile: "9876543210" },
        personalDataMessages.notBoth,
      ],
      ["?email=asha%40example", { email: "asha@example" }, personalDataMessages.email],
      ["?mobile=98765", { mobile: "98765" }, personalDataMessages.mobile],
      ["?mobile=98765abcde", { mobile: "98765abcde" }, personalDataMessages.mobile],
    ];
    for (const [search, body, error] of cases) {
      const shown = await consoleRequest(app, cookie, "GET", `${SHOW}${search}`);
      expect({ search, status: shown.statusCode, body: shown.json() }).toEqual({
        search,
        status: 400,
        body: { error },
      });
      const erased = await consoleRequest(app, cookie, "POST", ERASE, body);
      expect({ body, status: erased.statusCode, answer: erased.json() }).toEqual({
        body,
        status: 400,
        answer: { error },
      });
    }
    const notText = await consoleRequest(app, cookie, "POST", ERASE, { email: ["asha@example.com"] });
    expect(notText.statusCode).toBe(400);
    expect(await held(app)).toEqual(before);
  });

  test("an owner sees what is held about a person, erases it, and the activity log shows both without the person", async () => {
    const { app, stored } = await start();
    const cookie = await signIn(app, "owner@example.com");

    const shown = await consoleRequest(
      app,
      cookie,
      "GET",
      `${SHOW}?email=${encodeURIComponent(" ASHA@example.com")}`,
    );
    expect(shown.statusCode).toBe(200);
    expect(shown.json<PersonalDataReport>()).toMatchObject({
      query: { email: "asha@example.com" },
      enquiries: [
        {
          id: stored.id,
          enquiry: asha,
          status: "New",
          history: [{ kind: "note", text: "Asked for a retailer's price", staffEmail: "staff@example.com" }],
        },
      ],
      subscriptions: [{ email: "asha@example.com", status: "confirmed" }],
      pendingMails: [
        { enquiryId: stored.id, kind: "company" },
        { enquiryId: null, kind: "newsletter-welcome" },
      ],
    });
    expect(shown.body).not.toContain("Ravi");

    const erased = await consoleRequest(app, cookie, "POST", ERASE, { email: "asha@example.com" });
    expect(erased.statusCode).toBe(200);
    expect(erased.json<ErasureReport>()).toMatchObject({
      erased: true,
      enquiries: [{ id: stored.id }],
      counts: {
        enquiries: 1,
        notifications: 2,
        workRecords: 1,
        historyEntries: 1,
        messages: 0,
        subscriptions: 1,
        deals: 0,
        documents: 0,
        taxRecordsKept: 0,
      },
    });
    expect(erased.body).not.toMatch(/asha@|Asha Verma/i);

    expect((await app.store.enquiries.list()).map((each) => each.enquiry.Name)).toEqual(["Ravi Kumar"]);
    const again = await consoleRequest(app, cookie, "GET", `${SHOW}?mobile=9876543210`);
    expect(again.json()).toEqual({
      query: { mobile: "9876543210" },
      enquiries: [],
      subscriptions: [],
      pendingMails: [],
    });

    const activity = (await consoleRequest(app, cookie, "GET", "/activity")).json<{
      items: ActivityEntry[];
    }>();
    const personal = activity.items.filter((entry) => entry.action.startsWith("personal-data"));
    // Two looks and one erasure, in whatever order entries of one millisecond are listed.
    const described = personal.map(({ actor, action, target }) => ({ actor, action, target }));
    expect(described).toHaveLength(3);
    expect(described).toEqual(
      expect.arrayContaining([
        { actor: "owner@example.com", action: "personal-data-shown", target: null },
        {
          actor: "owner@example.com",
          action: "personal-data-erased",
          target:
            "1 enquiries, 2 mails, 1 statuses, 1 history entries, 0 conversation messages, 1 subscriptions, 0 deals, 0 quotations and pro-formas, 0 tax invoices and credit notes kept",
        },
      ]),
    );
    expect(described.filter((entry) => entry.action === "personal-data-shown")).toHaveLength(2);
    expect(JSON.stringify(activity)).not.toMatch(/asha@|9876543210|Asha Verma/i);
  });

  test("a request by mobile alone shows and erases the enquiry of that number, never the subscription of the address typed beside it", async () => {
    const { app } = await start();
    const cookie = await signIn(app, "owner@example.com");
    // A stranger's enquiry: Asha's address beside his own number.
    const his = await app.store.enquiries.add({
      ...ravi,
      Name: "Vikram",
      Email: "asha@example.com",
      Mobile: "9000000001",
    });

    const shown = await consoleRequest(app, cookie, "GET", `${SHOW}?mobile=9000000001`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<PersonalDataReport>()).toMatchObject({
      enquiries: [{ id: his.id }],
      subscriptions: [],
    });
    expect(shown.json<PersonalDataReport>().pendingMails.map((mail) => mail.kind)).toEqual(["company"]);

    const erased = await consoleRequest(app, cookie, "POST", ERASE, { mobile: "9000000001" });
    expect(erased.json<ErasureReport>().counts).toMatchObject({ enquiries: 1, subscriptions: 0 });
    expect((await app.store.subscribers.list()).map((each) => each.email)).toEqual(["asha@example.com"]);

    // Asked by her address, her subscription is there.
    const hers = await consoleRequest(app, cookie, "GET", `${SHOW}?email=asha@example.com`);
    expect(hers.json<PersonalDataReport>().subscriptions).toEqual([
      expect.objectContaining({ email: "asha@example.com", status: "confirmed" }),
    ]);
  });
});
