import { afterEach, describe, expect, test, vi } from "vitest";
import { ADMIN_API_PREFIX, consoleMessages } from "../../domain/console";
import {
  WEBHOOK_API_ROUTES,
  webhookMessages,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from "../../domain/webhooks";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../../tests/support/console-app";
import { recordingLogStream } from "../../tests/support/recording-logger";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { startWebhookReceiver } from "../../tests/support/webhook-receiver";
import { apiMessages } from "../routes/api-errors";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const path = (route: string, params: Record<string, string> = {}) =>
  route.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? "");

async function start(env: Record<string, string> = {}) {
  const logs = recordingLogStream();
  const testApp: TestApp = await buildTestApp(env, {
    logger: { level: "info", stream: logs.stream },
    webhooks: { pollIntervalMs: 20, retry: { baseMs: 20, maxMs: 100 } },
  });
  cleanups.push(() => testApp.close());
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  await addStaff(app, "staff@example.com", "member");
  return { app, logs, owner: await signIn(app, "owner@example.com") };
}

describe("the console's webhook routes", () => {
  test("every route is refused without a session, and to a member of staff who is not an owner", async () => {
    const { app } = await start();
    const staff = await signIn(app, "staff@example.com");
    const routes: ["GET" | "POST" | "PUT" | "DELETE", string][] = [
      ["GET", WEBHOOK_API_ROUTES.endpoints],
      ["POST", WEBHOOK_API_ROUTES.endpoints],
      ["PUT", WEBHOOK_API_ROUTES.endpoint],
      ["DELETE", WEBHOOK_API_ROUTES.endpoint],
      ["POST", WEBHOOK_API_ROUTES.secret],
      ["POST", WEBHOOK_API_ROUTES.test],
      ["GET", WEBHOOK_API_ROUTES.deliveries],
      ["POST", WEBHOOK_API_ROUTES.sendAgain],
    ];
    for (const [method, route] of routes) {
      const url = `${ADMIN_API_PREFIX}${path(route, { id: "x", deliveryId: "y" })}`;
      const anonymous = await app.inject({
        method,
        url,
        headers: { host: TEST_HOST, origin: TEST_ORIGIN },
        payload: {},
      });
      expect([method, route, anonymous.statusCode]).toEqual([method, route, 401]);
      const member = await consoleRequest(app, staff, method, path(route, { id: "x", deliveryId: "y" }), {});
      expect([method, route, member.statusCode, member.json()]).toEqual([
        method,
        route,
        403,
        { error: consoleMessages.forbidden },
      ]);
    }
  });

  test("an owner adds an endpoint, sees its secret once, sends a test event that arrives signed, and sees it listed; Send again repeats it with the same id", async () => {
    const { app, owner, logs } = await start({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    let secret = "";
    const receiver = await startWebhookReceiver(() => secret);
    cleanups.push(() => receiver.close());

    const added = await consoleRequest(app, owner, "POST", WEBHOOK_API_ROUTES.endpoints, {
      url: receiver.url,
      events: ["enquiry.received", "enquiry.status_changed"],
    });
    expect(added.statusCode).toBe(201);
    const { endpoint, secret: shown } = added.json<{ endpoint: WebhookEndpointView; secret: string }>();
    secret = shown;
    expect(secret).toMatch(/^whsec_/);
    const listed = await consoleRequest(app, owner, "GET", WEBHOOK_API_ROUTES.endpoints);
    expect(listed.json()).toEqual({ items: [endpoint] });
    expect(listed.body).not.toContain(secret.slice(6));

    const queued = await consoleRequest(
      app,
      owner,
      "POST",
      path(WEBHOOK_API_ROUTES.test, { id: endpoint.id }),
    );
    expect(queued.statusCode).toBe(202);
    const { id } = queued.json<{ id: string }>();
    await receiver.waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0]).toMatchObject({ id, verified: true });
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: "webhook.test" });

    const deliveries = async () =>
      (
        await consoleRequest(app, owner, "GET", path(WEBHOOK_API_ROUTES.deliveries, { id: endpoint.id }))
      ).json<{ items: WebhookDeliveryView[] }>().items;
    await vi.waitFor(async () => expect((await deliveries())[0]?.state).toBe("delivered"));
    expect((await deliveries())[0]).toMatchObject({
      id,
      eventType: "webhook.test",
      attempts: [expect.objectContaining({ statusCode: 200, error: null, response: "ok" })],
    });

    const again = await consoleRequest(
      app,
      owner,
      "POST",
      path(WEBHOOK_API_ROUTES.sendAgain, { id: endpoint.id, deliveryId: id }),
    );
    expect(again.statusCode).toBe(204);
    await receiver.waitFor(() => receiver.received.length === 2);
    expect(receiver.received[1]).toMatchObject({ id, verified: true });

    // An enquiry stored and its status changed each reach the endpoint, carrying the enquiry.
    const stored = await app.store.enquiries.add({
      Name: "Asha Verma",
      Email: "asha@example.com",
      Mobile: "9876543210",
      Quantity: 3,
      RetailerSelfUse: "Retailer",
    });
    const changed = await consoleRequest(app, owner, "POST", `/enquiries/${stored.id}/status`, {
      status: "Contacted",
      version: 0,
    });
    expect(changed.statusCode).toBe(200);
    await receiver.waitFor(() => receiver.received.length === 4);
    const types = receiver.received.slice(2).map((request) => JSON.parse(request.body) as { type: string });
    expect(types.map((body) => body.type).sort()).toEqual(["enquiry.received", "enquiry.status_changed"]);
    expect(receiver.received.every((request) => request.verified)).toBe(true);

    // The secret and the enquiry's personal data are never logged.
    await vi.waitFor(() => expect(logs.text()).toContain("webhook delivered"));
    expect(logs.text()).not.toContain(secret.slice(6));
    expect(logs.text()).not.toContain("asha@example.com");
  });

  test("a new secret is shown once and signs from then on; disabling stops sending; removing takes the endpoint", async () => {
    const { app, owner } = await start({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    let secret = "";
    const receiver = await startWebhookReceiver(() => secret);
    cleanups.push(() => receiver.close());
    const { endpoint, secret: first } = (
      await consoleRequest(app, owner, "POST", WEBHOOK_API_ROUTES.endpoints, {
        url: receiver.url,
        events: ["enquiry.received"],
      })
    ).json<{ endpoint: WebhookEndpointView; secret: string }>();
    const rotated = await consoleRequest(
      app,
      owner,
      "POST",
      path(WEBHOOK_API_ROUTES.secret, { id: endpoint.id }),
    );
    secret = rotated.json<{ secret: string }>().secret;
    expect(secret).not.toBe(first);
    await consoleRequest(app, owner, "POST", path(WEBHOOK_API_ROUTES.test, { id: endpoint.id }));
    await receiver.waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0]?.verified).toBe(true);

    const disabled = await consoleRequest(
      app,
      owner,
      "PUT",
      path(WEBHOOK_API_ROUTES.endpoint, { id: endpoint.id }),
      {
        enabled: false,
      },
    );
    expect(disabled.json()).toEqual({ endpoint: { ...endpoint, enabled: false } });
    const refused = await consoleRequest(
      app,
      owner,
      "POST",
      path(WEBHOOK_API_ROUTES.test, { id: endpoint.id }),
    );
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: webhookMessages.disabled }]);

    const removed = await consoleRequest(
      app,
      owner,
      "DELETE",
      path(WEBHOOK_API_ROUTES.endpoint, { id: endpoint.id }),
    );
    expect(removed.statusCode).toBe(204);
    expect((await consoleRequest(app, owner, "GET", WEBHOOK_API_ROUTES.endpoints)).json()).toEqual({
      items: [],
    });
    const activity = await consoleRequest(app, owner, "GET", "/activity");
    const actions = activity.json<{ items: { action: string; target: string }[] }>().items;
    expect(
      actions.filter((entry) => entry.action.startsWith("webhook")).map((entry) => entry.action),
    ).toEqual(["webhook-removed", "webhook-changed", "webhook-secret-rotated", "webhook-added"]);
    // The host only: a URL's path or query may hold a receiver's token.
    expect(actions.find((entry) => entry.action === "webhook-added")?.target).toBe(
      `127.0.0.1:${receiver.port}`,
    );
  });

  test("a bad or private address, or no events, is refused with a clear message and stores nothing", async () => {
    const { app, owner } = await start();
    const attempts: [Record<string, unknown>, string][] = [
      [{ url: "http://hooks.example.com/in", events: ["enquiry.received"] }, webhookMessages.badUrl],
      [{ url: "https://127.0.0.1/in", events: ["enquiry.received"] }, webhookMessages.privateAddress],
      [
        { url: "https://169.254.169.254/latest/meta-data/", events: ["enquiry.received"] },
        webhookMessages.privateAddress,
      ],
      [{ url: "https://[::1]/in", events: ["enquiry.received"] }, webhookMessages.privateAddress],
      // IPv4-compatible IPv6 (::/96): loopback, cloud metadata and a private network, dotted or hex.
      ...["[::127.0.0.1]", "[::169.254.169.254]", "[::10.0.0.1]", "[::7f00:1]", "[::a9fe:a9fe]"].map(
        (host): [Record<string, unknown>, string] => [
          { url: `https://${host}/in`, events: ["enquiry.received"] },
          webhookMessages.privateAddress,
        ],
      ),
      [{ url: "https://localhost/in", events: ["enquiry.received"] }, webhookMessages.privateAddress],
      [{ url: "https://hooks.example.com/in", events: [] }, webhookMessages.noEvents],
      [{ url: "https://hooks.example.com/in", events: ["enquiry.deleted"] }, apiMessages.badRequest],
      [{ url: 42, events: ["enquiry.received"] }, apiMessages.badRequest],
    ];
    for (const [payload, error] of attempts) {
      const answer = await consoleRequest(app, owner, "POST", WEBHOOK_API_ROUTES.endpoints, payload);
      expect([payload, answer.statusCode, answer.json()]).toEqual([payload, 400, { error }]);
    }
    expect((await consoleRequest(app, owner, "GET", WEBHOOK_API_ROUTES.endpoints)).json()).toEqual({
      items: [],
    });
  });
});
