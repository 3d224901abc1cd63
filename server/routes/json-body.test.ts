import { WHATSAPP_WEBHOOK_ROUTE } from "../../domain/whatsapp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ADMIN_API_PREFIX } from "../../domain/console";
import { addStaff, signIn, TEST_HOST, TEST_ORIGIN } from "../../tests/support/console-app";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { apiMessages } from "./api-errors";
import { JSON_MAX_DEPTH, jsonDepth } from "./json-body";

/**
 * Bodies nested thousands of levels deep, sent by an attacker to every route of the API that takes
 * a body, public and console alike: each is refused with 400 and a clear message, never a 500.
 */
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: "silent" });
  await addStaff(t.app, "owner@example.com", "owner");
  owner = await signIn(t.app, "owner@example.com");
});
afterAll(async () => {
  await t?.close();
});

const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Every route the server has, with its methods, read from Fastify's own table of routes, so a
 * route added later is attacked too.
 */
function routesOf(app: TestApp["app"]): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const pathAt: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)(?:[├└]── )?(\S+) \(([A-Z, ]+)\)$/.exec(line.replace(/\u00a0/g, " "));
    if (!match) continue;
    const [, indent = "", segment = "", methods = ""] = match;
    const depth = indent.length / 4;
    pathAt[depth] = (depth === 0 ? "" : pathAt[depth - 1]) + segment;
    pathAt.length = depth + 1;
    routes.push({ path: pathAt[depth] ?? "", methods: methods.split(", ") });
  }
  return routes;
}

/** Each public or console route and method that takes a body. */
function bodyRoutes() {
  return (
    routesOf(t.app)
      // WhatsApp's webhook checks Meta's signature over the raw body before it parses anything, and
      // bounds its own parse (server/routes/whatsapp-webhook.test.ts sends it deep bodies signed).
      .filter(({ path }) => path.startsWith("/api/") && path !== `/api${WHATSAPP_WEBHOOK_ROUTE}`)
      .flatMap(({ path, methods }) =>
        methods
          .filter((method): method is (typeof BODY_METHODS)[number] =>
            (BODY_METHODS as readonly string[]).includes(method),
          )
          .map((method) => ({
            method,
            // Any id will do: the body is refused before the route looks anything up.
            url: path.replace(/:\w+/g, "0190a0b0-c0d0-7e0f-8a0b-0c0d0e0f1a2b"),
          })),
      )
  );
}

const nested = (depth: number, open = "[", close = "]") => `${open.repeat(depth)}${close.repeat(depth)}`;

describe("JSON bodies nested too deeply", () => {
  test("4,000 arrays or objects deep, on every public and console route that takes a body: 400 with a clear message", async () => {
    const routes = bodyRoutes();
    // The routes the attacker named are among them, and the console's.
    for (const url of [
      "/api/enquiries",
      "/api/subscribers",
      "/api/newsletter/unsubscribe",
      "/api/vitals",
      `${ADMIN_API_PREFIX}/session`,
      `${ADMIN_API_PREFIX}/me/totp`,
      `${ADMIN_API_PREFIX}/webhooks`,
    ]) {
      expect(routes.map((route) => route.url)).toContain(url);
    }
    expect(routes.length).toBeGreaterThanOrEqual(20);

    // 4,000 deep; objects, being longer, 2,500 deep to stay within the 16 KB body limit. Page-speed
    // beacons may be 4 KB at most: 4,000 deep is too large there (413), 1,500 deep too deep.
    const bodiesFor = (url: string) => {
      const [arrays, objects] = url === "/api/vitals" ? [1_500, 600] : [4_000, 2_500];
      return [
        `{"Name":${nested(arrays)}}`,
        `{"email":${nested(arrays)}}`,
        nested(arrays),
        `${'{"a":'.repeat(objects)}1${"}".repeat(objects)}`,
      ];
    };
    for (const { method, url } of routes) {
      for (const payload of bodiesFor(url)) {
        const contentTypes =
          url === "/api/vitals" ? ["application/json", "text/plain"] : ["application/json"];
        for (const contentType of contentTypes) {
          const response = await t.app.inject({
            method,
            url,
            headers: { host: TEST_HOST, origin: TEST_ORIGIN, cookie: owner, "content-type": contentType },
            payload,
          });
          expect([method, url, payload.slice(0, 8), response.statusCode, response.json()]).toEqual([
            method,
            url,
            payload.slice(0, 8),
            400,
            { error: apiMessages.tooDeep },
          ]);
        }
      }
    }
    const tooLarge = await t.app.inject({
      method: "POST",
      url: "/api/vitals",
      headers: { "content-type": "text/plain" },
      payload: nested(4_000),
    });
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([413, { error: apiMessages.tooLarge }]);
    // Nothing was stored, and the server still answers.
    expect(await t.app.store.enquiries.list()).toEqual([]);
    const ordinary = await t.app.inject({ method: "POST", url: "/api/subscribers", payload: { email: 1 } });
    expect(ordinary.statusCode).toBe(400);
    expect(ordinary.json<{ error: string }>().error).not.toBe(apiMessages.tooDeep);
  });

  test("the bound counts brackets, not text: strings full of brackets and bodies at the bound are read as usual", () => {
    expect(jsonDepth(`{"Name":"${"[".repeat(5_000)}"}`)).toBe(1);
    expect(jsonDepth(`{"Name":"a \\" [[[ \\\\", "b": [1, {"c": []}]}`)).toBe(4);
    expect(jsonDepth(nested(JSON_MAX_DEPTH, "[", "]"))).toBe(JSON_MAX_DEPTH);
    expect(jsonDepth(nested(JSON_MAX_DEPTH + 1))).toBeGreaterThan(JSON_MAX_DEPTH);
  });

  test("a body at the bound reaches the route's own checks", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/subscribers",
      headers: { "content-type": "application/json" },
      payload: `{"email":${nested(JSON_MAX_DEPTH - 1)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).not.toBe(apiMessages.tooDeep);
  });
});
