import { afterEach, expect, test } from "vitest";
import { addStaff, consoleRequest, signIn, TEST_HOST } from "../tests/support/console-app";
import { recordingLogStream } from "../tests/support/recording-logger";
import { buildTestApp, type TestApp } from "../tests/support/test-app";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

test("request lines name the route, never a search term, an address, a number or a token", async () => {
  const log = recordingLogStream();
  testApp = await buildTestApp({}, { logger: { level: "info", stream: log.stream } });
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  const cookie = await signIn(app, "owner@example.com");
  await app.store.enquiries.add({
    Name: "Asha Verma",
    Email: "asha.verma@example.com",
    Mobile: "9876543210",
    Quantity: 2,
    RetailerSelfUse: "Retailer",
  });
  const { subscriberId, confirmNonce } = await app.store.subscribers.request("ravi.k@example.net", {
    now: new Date(),
    resendAfterMs: 3_600_000,
  });
  const confirmUrl = new URL(
    await app.newsletterLinks.confirmUrl({
      subscriberId,
      confirmNonce: confirmNonce as string,
      requestedAt: new Date().toISOString(),
    }),
  );
  const token = confirmUrl.searchParams.get("token") as string;

  const asked = [
    await consoleRequest(app, cookie, "GET", "/personal-data?email=asha.verma%40example.com"),
    await consoleRequest(app, cookie, "GET", "/personal-data?mobile=9876543210"),
    await consoleRequest(app, cookie, "GET", "/enquiries?q=Verma"),
    await consoleRequest(app, cookie, "GET", "/enquiries.csv?q=Verma"),
    await consoleRequest(app, cookie, "GET", "/subscribers?q=ravi.k"),
    await app.inject({
      method: "GET",
      url: `${confirmUrl.pathname}${confirmUrl.search}`,
      headers: { host: TEST_HOST },
    }),
    // The confirmation token sent to unsubscribe: refused (another purpose), and not logged either.
    await app.inject({ method: "GET", url: `/api/newsletter/unsubscribe?token=${token}` }),
    await app.inject({ method: "GET", url: `/api/nowhere?email=asha.verma%40example.com&token=${token}` }),
  ];
  expect(asked.map((response) => response.statusCode).join(" ")).toBe("200 200 200 200 200 200 400 404");

  const written = log.text();
  for (const secret of [
    "asha.verma",
    "asha",
    "9876543210",
    "Verma",
    "ravi.k",
    token,
    "token=",
    "q=",
    "%40",
  ]) {
    expect(written, secret).not.toContain(secret);
  }
  // The lines are there, naming each route.
  const urls = log
    .lines()
    .map((line) => (line.req as { url?: string } | undefined)?.url)
    .filter(Boolean);
  expect(urls, JSON.stringify(urls)).toEqual(
    expect.arrayContaining([
      "/api/admin/personal-data",
      "/api/admin/enquiries",
      "/api/admin/enquiries.csv",
      "/api/admin/subscribers",
      "/api/newsletter/confirm",
      "/api/newsletter/unsubscribe",
      "/api/nowhere",
    ]),
  );
});

test("request lines carry no client address, in any form, direct or through the proxy", async () => {
  const log = recordingLogStream();
  testApp = await buildTestApp({ TRUST_PROXY: "1" }, { logger: { level: "info", stream: log.stream } });
  const { app } = testApp;
  const asked = [
    await app.inject({ method: "GET", url: "/api/health", remoteAddress: "198.51.100.23" }),
    await app.inject({
      method: "GET",
      url: "/api/health",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.77" },
    }),
    await app.inject({
      method: "GET",
      url: "/api/nowhere",
      remoteAddress: "2001:db8::7",
    }),
  ];
  expect(asked.map((response) => response.statusCode)).toEqual([200, 200, 404]);
  const lines = log.lines().filter((line) => line.req !== undefined);
  expect(lines.length).toBeGreaterThanOrEqual(3);
  for (const line of lines) expect(Object.keys(line.req as object).sort()).toEqual(["method", "url"]);
  const written = log.text();
  for (const address of ["198.51.100", "203.0.113", "2001:db8", "127.0.0.1", "remoteAddress"]) {
    expect(written, address).not.toContain(address);
  }
});
