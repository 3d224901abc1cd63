import { describe, expect, test } from "vitest";
import { testAppPerTest } from "../tests/support/test-app";
import { apiMessages } from "./routes/api-errors";

const start = testAppPerTest();

describe("every refusal has the usual shape", () => {
  test("the static plugin's, Fastify's own and the site's refusals answer {\"error\": …}", async () => {
    const { app } = await start({ LOG_LEVEL: "silent" });
    const cases = [
      // Once Fastify's raw {"statusCode":403,"code":"FST_STATIC_FORBIDDEN_PATH",…}.
      { url: "/api//admin/x", status: 403, error: apiMessages.forbidden },
      { url: "/api/%", status: 400, error: apiMessages.badRequest },
      { url: "/admin/%E0%A4%A", status: 400, error: apiMessages.badRequest },
      // Once a plain-text "404 Not Found".
      { url: "/index.html", status: 404, error: apiMessages.notFound },
      { url: "/api/nothing?q=x", status: 404, error: apiMessages.notFound },
    ];
    for (const { url, status, error } of cases) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers["content-type"], url).toBe("application/json; charset=utf-8");
      expect(response.json(), url).toEqual({ error });
    }
    // A browser asking for a page that does not exist still gets the site's error page.
    const page = await app.inject({ method: "GET", url: "/no-such-page" });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("Unexpected Application Error!");
  });
});

describe("the Host a production server answers for", () => {
  const production = { LOG_LEVEL: "silent", NODE_ENV: "production", PUBLIC_URL: "https://collarise.example" };

  test("in production with PUBLIC_URL set, another Host is refused with 421, before any route", async () => {
    const { app } = await start(production);
    for (const host of [
      "evil.example",
      "collarise.example.evil.example",
      "127.0.0.1:3000",
      "collarise.example:8443",
    ]) {
      for (const url of ["/", "/api/admin/setup", "/privacy-policy"]) {
        const response = await app.inject({ method: "GET", url, headers: { host } });
        expect(response.statusCode, `${host}${url}`).toBe(421);
        expect(response.json()).toEqual({ error: apiMessages.wrongHost });
      }
    }
    const signIn = await app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: { host: "evil.example", origin: "https://evil.example" },
      payload: { email: "owner@example.com", password: "x" },
    });
    expect(signIn.statusCode).toBe(421);
    expect(signIn.headers["set-cookie"]).toBeUndefined();

    for (const host of ["collarise.example", "Collarise.Example"]) {
      expect((await app.inject({ method: "GET", url: "/", headers: { host } })).statusCode).toBe(200);
    }
    // A monitor reaches the health check by address.
    expect(
      (await app.inject({ method: "GET", url: "/api/health", headers: { host: "10.0.0.5:3000" } }))
        .statusCode,
    ).toBe(200);
  });

  test.each([
    { name: "PUBLIC_URL without NODE_ENV=production", env: { PUBLIC_URL: "https://collarise.example" } },
    { name: "NODE_ENV=production without PUBLIC_URL", env: { NODE_ENV: "production" } },
  ] as { name: string; env: Record<string, string> }[])(
    "with $name, any Host is answered",
    async ({ env }) => {
      const { app } = await start({ LOG_LEVEL: "silent", ...env });
      expect(
        (await app.inject({ method: "GET", url: "/", headers: { host: "localhost:3000" } })).statusCode,
      ).toBe(200);
    },
  );
});
