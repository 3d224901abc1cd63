/**
 * One request followed end to end behind the project's own deploy/Caddyfile, and the logs of a
 * small load run read for what visitors gave: the instance's lines (pino, as in production) and
 * Caddy's own output (its access log and its error log), with a mail server taking the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCaddy, type RunningCaddy } from "../support/caddy";
import { addStaff, signIn } from "../support/console-app";
import { startMailSink, type MailSink } from "../support/mail-sink";
import { recordingLogStream } from "../support/recording-logger";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../support/test-app";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const log = recordingLogStream();
let t: TestApp;
let caddy: RunningCaddy;
let sink: MailSink;

beforeAll(async () => {
  sink = await startMailSink();
  t = await buildTestApp(
    {
      TRUST_PROXY: "1",
      SMTP_URL: sink.url,
      NOTIFY_TO: "orders@collarise.example",
      ACKNOWLEDGE_VISITORS: "true",
      RATE_LIMIT_PER_MINUTE: "100000",
    },
    { logger: { level: "info", stream: log.stream }, outbox: { pollIntervalMs: 50 } },
  );
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("The server has no port");
  caddy = await startCaddy([`127.0.0.1:${address.port}`]);
}, 60_000);

afterAll(async () => {
  await caddy?.stop();
  await t?.close();
  await sink?.close();
});

/** Caddy's output, as the JSON lines it writes. */
function caddyLines(): Record<string, unknown>[] {
  return caddy
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits, at most `timeoutMs`, until `condition` holds, looking again every 50 ms. */
async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const letters = (n: number) =>
  Array.from({ length: 5 }, (_, i) => String.fromCharCode(97 + (Math.floor(n / 26 ** i) % 26))).join("");

/** A buyer of the load run whose every detail is unique, so that any of them is found if logged. */
function buyer(n: number) {
  const family = `Qu${letters(n)}`;
  return {
    Name: `Meena ${family[0]!.toUpperCase()}${family.slice(1)}`,
    family: `${family[0]!.toUpperCase()}${family.slice(1)}`,
    Email: `buyer.${letters(n)}@example.in`,
    // Digits without long runs of zeros: a float in a line ("responseTime":1.5998110000000452)
    // holds such runs, and a mobile of 9811000000 was once "found" in one.
    Mobile: `97${String((31_415_926 + n * 1_379) % 100_000_000).padStart(8, "0")}`,
  };
}

describe("one request through Caddy", () => {
  it("gets Caddy's id, not the client's, found in the instance's line for it and the outbox's line for its mail", async () => {
    const made = buyer(99_999);
    const answer = await fetch(`${caddy.baseUrl}/api/enquiries`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "made-up-by-the-client" },
      body: JSON.stringify({
        Name: made.Name,
        Email: made.Email,
        Mobile: made.Mobile,
        Quantity: 3,
        RetailerSelfUse: "Retailer",
      }),
    });
    expect(answer.status).toBe(201);
    const requestId = answer.headers.get("x-request-id") ?? "";
    expect(requestId).toMatch(UUID);
    const { id } = (await answer.json()) as { id: string };

    await waitForEmptyOutbox(t);
    const lines = log.lines();
    expect(lines.some((line) => line.msg === "request completed" && line.reqId === requestId)).toBe(true);
    expect(
      lines.filter((line) => line.msg === "enquiry stored" && line.enquiryId === id).map((l) => l.reqId),
    ).toEqual([requestId]);
    const mailLines = lines.filter((line) => line.msg === "notification sent" && line.enquiryId === id);
    expect(mailLines.map((line) => `${String(line.kind)} ${String(line.reqId)}`).sort()).toEqual([
      `acknowledgement ${requestId}`,
      `company ${requestId}`,
    ]);
    expect(log.text()).not.toContain("made-up-by-the-client");

    // Caddy's own line for the request carries the same id (the instance's answer).
    await until(
      () =>
        caddyLines().some(
          (line) =>
            (line.resp_headers as Record<string, string[]> | undefined)?.["X-Request-Id"]?.[0] === requestId,
        ),
      "Caddy's access line for the enquiry",
    );
  });

  it("answers every request with an X-Request-Id, Caddy's own answers included", async () => {
    for (const path of ["/", "/api/health", "/api/nowhere?q=1", "/metrics"]) {
      const answer = await fetch(`${caddy.baseUrl}${path}`);
      await answer.arrayBuffer();
      expect(answer.headers.get("x-request-id"), path).toMatch(UUID);
    }
  });
});

describe("a load run's logs", () => {
  it("hold no buyer's name, e-mail or mobile, no search, no token and no full client address, on the instance or in Caddy", async () => {
    const owner = "owner.trail@example.com";
    await addStaff(t.app, owner, "owner");
    const cookie = await signIn(t.app, owner);
    const given: string[] = [];
    const asks: (() => Promise<Response>)[] = [];
    for (let n = 0; n < 150; n++) {
      const b = buyer(n);
      given.push(b.Name, b.family, b.Email, b.Mobile);
      asks.push(() =>
        fetch(`${caddy.baseUrl}/api/enquiries`, {
          method: "POST",
          // A client's own forwarding header: Caddy replaces it, and it is logged nowhere.
          headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
          body: JSON.stringify({
            Name: b.Name,
            Email: b.Email,
            Mobile: b.Mobile,
            Quantity: 2,
            RetailerSelfUse: "Self Use",
          }),
        }),
      );
    }
    for (let n = 0; n < 100; n++) {
      const b = buyer(n);
      const q = n % 2 === 0 ? b.Mobile : b.Email;
      asks.push(() =>
        fetch(`${caddy.baseUrl}/api/admin/enquiries?q=${encodeURIComponent(q)}`, { headers: { cookie } }),
      );
    }
    const tokens: string[] = [];
    for (let n = 0; n < 40; n++) {
      const email = `reader.${letters(n)}@example.net`;
      given.push(email);
      const { subscriberId, confirmNonce } = await t.app.store.subscribers.request(email, {
        now: new Date(),
        resendAfterMs: 3_600_000,
      });
      const link = new URL(
        await t.app.newsletterLinks.confirmUrl({
          subscriberId,
          confirmNonce: confirmNonce as string,
          requestedAt: new Date().toISOString(),
        }),
      );
      tokens.push(link.searchParams.get("token") as string);
      asks.push(() => fetch(`${caddy.baseUrl}${link.pathname}${link.search}`));
    }
    // Eight at a time, as a few visitors at once.
    const statuses: number[] = [];
    for (let i = 0; i < asks.length; i += 8) {
      const answers = await Promise.all(asks.slice(i, i + 8).map((ask) => ask()));
      for (const answer of answers) {
        statuses.push(answer.status);
        await answer.arrayBuffer();
      }
    }
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
    await waitForEmptyOutbox(t, 120_000);

    // Caddy's error log too: with the instance gone, requests with personal data in their query fail.
    await t.app.close();
    for (let n = 0; n < 4; n++) {
      const answer = await fetch(`${caddy.baseUrl}/api/admin/enquiries?q=${buyer(n).Mobile}`, {
        headers: { cookie },
      });
      await answer.arrayBuffer();
      expect(answer.status).toBeGreaterThanOrEqual(500);
      // Caddy's own error answer still gives the visitor an id to quote.
      expect(answer.headers.get("x-request-id")).toMatch(UUID);
    }
    await until(
      () => caddyLines().filter((line) => line.level === "error" && line.request !== undefined).length >= 4,
      "Caddy's error lines for the failed requests",
    );

    const serverLog = log.text();
    const caddyLog = caddy.output();
    // Each line that holds a value, named with it, so that a failure says what leaked and where.
    const holding = (text: string) =>
      [...given, ...tokens, "token=", "q=", "203.0.113.9", "%40"].flatMap((value) =>
        text
          .split("\n")
          .filter((line) => line.includes(value))
          .map((line) => `${value} in ${line.slice(0, 600)}`),
      );
    expect(holding(serverLog), "the instance's log").toEqual([]);
    expect(holding(caddyLog), "Caddy's log").toEqual([]);
    // Every request line names its request; none names its client.
    const requestLines = log.lines().filter((line) => line.req !== undefined);
    expect(requestLines.length).toBeGreaterThan(asks.length);
    for (const line of requestLines) {
      expect(Object.keys(line.req as object).sort()).toEqual(["method", "url"]);
      expect(String(line.reqId)).toMatch(UUID);
    }
    // Caddy keeps the client's network only (/16): loopback's 127.0.0.1 is 127.0.0.0.
    const caddyRequests = caddyLines().filter((line) => line.request !== undefined);
    expect(caddyRequests.length).toBeGreaterThan(asks.length);
    for (const line of caddyRequests) {
      const request = line.request as Record<string, unknown>;
      expect(request.remote_ip).toBe("127.0.0.0");
      expect(request.headers).toBeUndefined();
      expect(String(request.uri)).not.toContain("?");
    }
  }, 240_000);
});
