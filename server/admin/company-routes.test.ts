import { afterEach, describe, expect, test } from "vitest";
import { ADMIN_API_PREFIX, consoleMessages } from "../../domain/console";
import { PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";
import {
  COMPANY_API_ROUTES,
  companyFactsMessages,
  type FactsInForce,
  type FactsRefusal,
  type FactsVersionSummary,
} from "../../domain/company-facts-api";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../../tests/support/console-app";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const restorePath = (version: number) => COMPANY_API_ROUTES.restore.replace(":version", String(version));
const versionPath = (version: number) => COMPANY_API_ROUTES.version.replace(":version", String(version));

async function start() {
  const testApp: TestApp = await buildTestApp();
  cleanups.push(() => testApp.close());
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  await addStaff(app, "ravi@example.com", "owner");
  await addStaff(app, "member@example.com", "member");
  return {
    app,
    owner: await signIn(app, "owner@example.com"),
    ravi: await signIn(app, "ravi@example.com"),
    member: await signIn(app, "member@example.com"),
  };
}

describe("the console's company facts routes", () => {
  test("never published, every member reads the build's placeholders with no version", async () => {
    const { app, member } = await start();
    const read = await consoleRequest(app, member, "GET", COMPANY_API_ROUTES.company);
    expect(read.statusCode).toBe(200);
    expect(read.json<FactsInForce>()).toEqual({
      facts: PLACEHOLDER_FACTS,
      version: null,
      publishedAt: null,
      publishedBy: null,
      restoredFrom: null,
    });
    const versions = await consoleRequest(app, member, "GET", COMPANY_API_ROUTES.versions);
    expect(versions.json()).toEqual({ items: [] });
  });

  test("an owner publishes: the facts are in force with who and when, listed, and in the activity log", async () => {
    const { app, owner, member } = await start();
    const published = await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: null,
      facts: FILLED_FACTS,
    });
    expect(published.statusCode).toBe(201);
    const inForce = published.json<FactsInForce>();
    expect(inForce).toMatchObject({ facts: FILLED_FACTS, version: 1, publishedBy: "owner@example.com" });

    const read = await consoleRequest(app, member, "GET", COMPANY_API_ROUTES.company);
    expect(read.json<FactsInForce>()).toEqual(inForce);
    expect((await app.companyFacts.facts()).phone).toBe(FILLED_FACTS.phone);

    const changed = { ...FILLED_FACTS, phone: "+919800011122" };
    const second = await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: 1,
      facts: changed,
    });
    expect(second.json<FactsInForce>()).toMatchObject({ version: 2, facts: { phone: "+919800011122" } });
    const versions = await consoleRequest(app, member, "GET", COMPANY_API_ROUTES.versions);
    expect(versions.json<{ items: FactsVersionSummary[] }>().items).toEqual([
      { version: 2, publishedAt: expect.any(String), publishedBy: "owner@example.com", restoredFrom: null },
      { version: 1, publishedAt: inForce.publishedAt, publishedBy: "owner@example.com", restoredFrom: null },
    ]);
    const first = await consoleRequest(app, member, "GET", versionPath(1));
    expect(first.json<FactsInForce>().facts).toEqual(FILLED_FACTS);
    expect((await consoleRequest(app, member, "GET", versionPath(9))).statusCode).toBe(404);

    const activity = await app.store.activity.list({ limit: 5 });
    expect(activity.items.slice(0, 2).map(({ actor, action, target }) => [actor, action, target])).toEqual([
      ["owner@example.com", "company-facts-published", "version 2"],
      ["owner@example.com", "company-facts-published", "version 1"],
    ]);
  });

  test("facts with a bad GSTIN, a 13-digit licence and no MRP are refused field by field, and nothing changes", async () => {
    const { app, owner } = await start();
    await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: null,
      facts: FILLED_FACTS,
    });
    const bad: CompanyFacts = {
      ...FILLED_FACTS,
      gstin: "09AAACR5055K1Z6",
      fssaiLicence: "1272299900045",
      product: { ...FILLED_FACTS.product, mrpPaise: -500 },
      registeredAddress: { ...FILLED_FACTS.registeredAddress, pin: "01130" },
    };
    const refused = await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: 1,
      facts: bad,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<FactsRefusal>()).toEqual({
      error: companyFactsMessages.refused,
      problems: [
        { field: "registeredAddress.pin", message: "A PIN code is six digits and does not start with 0." },
        {
          field: "gstin",
          message: "This GSTIN's last character does not match the others: check it for a typing slip.",
        },
        { field: "fssaiLicence", message: "An FSSAI licence number is 14 digits." },
        {
          field: "product.mrpPaise",
          message: "Give the MRP in rupees and paise, more than ₹0, e.g. 1499.00.",
        },
      ],
    });
    const wrongState = await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: 1,
      facts: { ...FILLED_FACTS, gstin: "07AABCS1234F1ZT" },
    });
    expect(wrongState.json<FactsRefusal>().problems).toEqual([
      {
        field: "gstin",
        message: "This GSTIN is registered in Delhi, but the registered address is in Uttar Pradesh.",
      },
    ]);
    // Not the facts' shape at all: refused whole.
    const malformed = await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: 1,
      facts: { ...FILLED_FACTS, product: undefined },
    });
    expect([malformed.statusCode, malformed.json<FactsRefusal>().error]).toEqual([
      400,
      companyFactsMessages.malformed,
    ]);
    const read = await consoleRequest(app, owner, "GET", COMPANY_API_ROUTES.company);
    expect(read.json<FactsInForce>()).toMatchObject({ version: 1, facts: FILLED_FACTS });
    expect(await app.store.companyFacts.versions()).toHaveLength(1);
  });

  test("a publication on a version someone replaced since is refused with 409 and changes nothing", async () => {
    const { app, owner, ravi } = await start();
    await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: null,
      facts: FILLED_FACTS,
    });
    await consoleRequest(app, ravi, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: 1,
      facts: { ...FILLED_FACTS, phone: "+919800011122" },
    });
    const stale = await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: 1,
      facts: { ...FILLED_FACTS, phone: "+919800033344" },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: companyFactsMessages.conflict,
      current: {
        version: 2,
        publishedAt: expect.any(String),
        publishedBy: "ravi@example.com",
        restoredFrom: null,
      },
    });
    expect((await app.companyFacts.facts()).phone).toBe("+919800011122");
  });

  test("of two owners publishing on the same version at once, one is published and the other told", async () => {
    const { app, owner, ravi } = await start();
    const results = await Promise.all(
      [owner, ravi].map((cookie, index) =>
        consoleRequest(app, cookie, "POST", COMPANY_API_ROUTES.company, {
          baseVersion: null,
          facts: { ...FILLED_FACTS, phone: `+91980001112${index}` },
        }),
      ),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
    expect(await app.store.companyFacts.versions()).toHaveLength(1);
  });

  test("an owner returns to an earlier version: published again as a new one that names it", async () => {
    const { app, owner } = await start();
    await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: null,
      facts: FILLED_FACTS,
    });
    await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: 1,
      facts: { ...FILLED_FACTS, phone: "+919800011122" },
    });
    const restored = await consoleRequest(app, owner, "POST", restorePath(1), { baseVersion: 2 });
    expect(restored.statusCode).toBe(201);
    expect(restored.json<FactsInForce>()).toMatchObject({ version: 3, restoredFrom: 1, facts: FILLED_FACTS });
    expect((await app.companyFacts.facts()).phone).toBe(FILLED_FACTS.phone);
    const again = await consoleRequest(app, owner, "POST", restorePath(1), { baseVersion: 2 });
    expect(again.statusCode).toBe(409);
    const missing = await consoleRequest(app, owner, "POST", restorePath(7), { baseVersion: 3 });
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: companyFactsMessages.notFound }]);
    const activity = await app.store.activity.list({ limit: 1 });
    expect(activity.items[0]).toMatchObject({
      action: "company-facts-restored",
      target: "version 3, returning to version 1",
    });
  });

  test("without a session nothing is read; a member reads but cannot publish or restore; another origin is refused", async () => {
    const { app, owner, member } = await start();
    await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: null,
      facts: FILLED_FACTS,
    });
    const routes: ["GET" | "POST", string, Record<string, unknown>?][] = [
      ["GET", COMPANY_API_ROUTES.company],
      ["GET", COMPANY_API_ROUTES.versions],
      ["GET", versionPath(1)],
      ["POST", COMPANY_API_ROUTES.company, { baseVersion: 1, facts: PLACEHOLDER_FACTS }],
      ["POST", restorePath(1), { baseVersion: 1 }],
    ];
    for (const [method, path, payload] of routes) {
      const anonymous = await app.inject({
        method,
        url: `${ADMIN_API_PREFIX}${path}`,
        headers: { host: TEST_HOST, origin: TEST_ORIGIN },
        ...(payload ? { payload } : {}),
      });
      expect([path, anonymous.statusCode, anonymous.json()]).toEqual([
        path,
        401,
        { error: consoleMessages.sessionEnded },
      ]);
    }
    for (const [method, path, payload] of routes.filter(([method]) => method === "POST")) {
      const asMember = await consoleRequest(app, member, method, path, payload);
      expect([path, asMember.statusCode, asMember.json()]).toEqual([
        path,
        403,
        { error: consoleMessages.forbidden },
      ]);
      // An owner's session, from a page of another site (or with no Origin at all): refused before anything.
      for (const origin of ["https://elsewhere.example", undefined]) {
        const forged = await app.inject({
          method,
          url: `${ADMIN_API_PREFIX}${path}`,
          headers: { host: TEST_HOST, cookie: owner, ...(origin ? { origin } : {}) },
          payload,
        });
        expect([path, forged.statusCode, forged.json()]).toEqual([
          path,
          403,
          { error: consoleMessages.crossOrigin },
        ]);
      }
    }
    const read = await consoleRequest(app, member, "GET", COMPANY_API_ROUTES.company);
    expect(read.json<FactsInForce>()).toMatchObject({ version: 1, facts: FILLED_FACTS });
    expect(await app.store.companyFacts.versions()).toHaveLength(1);
  });
});
