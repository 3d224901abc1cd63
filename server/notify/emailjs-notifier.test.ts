import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp, waitForEmptyOutbox } from "../../tests/support/test-app";
import { createEmailJsNotifier, type EmailJsNotifierOptions } from "./emailjs-notifier";
import type { EnquiryNotification } from "./notifier";

interface ReceivedRequest {
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/**
 * A stand-in for the EmailJS REST API on 127.0.0.1 (the real one is on the internet).
 * It checks the request its documentation describes (POST /api/v1.0/email/send with a JSON
 * body of service_id, template_id, user_id, accessToken and template_params) and answers
 * as EmailJS does: 200 "OK", or 400 with a text reason; `failNext` makes it answer errors.
 */
async function startEmailJsStandIn() {
  const received: ReceivedRequest[] = [];
  const failures: { status: number; text: string }[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = undefined;
      }
      received.push({
        method: request.method,
        url: request.url,
        contentType: request.headers["content-type"],
        body,
      });
      const answer = (status: number, text: string) => {
        response.writeHead(status, { "content-type": "text/plain" });
        response.end(text);
      };
      const failure = failures.shift();
      if (failure) return answer(failure.status, failure.text);
      if (request.method !== "POST" || request.url !== "/api/v1.0/email/send")
        return answer(404, "Not Found");
      if (!request.headers["content-type"]?.startsWith("application/json"))
        return answer(400, "Bad content type");
      const fields = (body ?? {}) as Record<string, unknown>;
      for (const key of ["service_id", "template_id", "user_id"]) {
        if (typeof fields[key] !== "string") return answer(400, `The ${key} parameter is required`);
      }
      if (fields.accessToken !== "private-key-1")
        return answer(403, "API calls in strict mode, but no private key was passed");
      return answer(200, "OK");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api/v1.0/email/send`,
    received,
    failNext(status: number, text: string) {
      failures.push({ status, text });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type StandIn = Awaited<ReturnType<typeof startEmailJsStandIn>>;

const notification: EnquiryNotification = {
  id: "9b1d7c4e-0f3a-4e2b-8a61-5c7d9e0f1a2b",
  enquiryId: "3f0c2a51-8d7e-4f59-9c1a-2b6d0e4f7a10",
  receivedAt: "2026-11-22T10:15:00.000Z",
  enquiry: {
    Name: "Ravi Kumar",
    Email: "ravi@example.com",
    Mobile: "9123456780",
    Quantity: 3,
    RetailerSelfUse: "Self Use",
  },
};

let standIn: StandIn | undefined;
let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  await standIn?.close();
  standIn = undefined;
});

function options(url: string): EmailJsNotifierOptions {
  return {
    apiUrl: url,
    serviceId: "service_abc",
    templateId: "template_xyz",
    publicKey: "public-key-1",
    privateKey: "private-key-1",
    timeoutMs: 5_000,
  };
}

describe("the EmailJS notifier", () => {
  it("sends the documented request with the five fields as template parameters", async () => {
    standIn = await startEmailJsStandIn();
    const notifier = createEmailJsNotifier(options(standIn.url));
    await notifier.send(notification, new AbortController().signal);

    expect(standIn.received).toHaveLength(1);
    const [request] = standIn.received;
    expect(request?.method).toBe("POST");
    expect(request?.contentType).toMatch(/^application\/json/);
    expect(request?.body).toStrictEqual({
      service_id: "service_abc",
      template_id: "template_xyz",
      user_id: "public-key-1",
      accessToken: "private-key-1",
      template_params: {
        Name: "Ravi Kumar",
        Email: "ravi@example.com",
        Mobile: "9123456780",
        Quantity: 3,
        RetailerSelfUse: "Self Use",
        subject: "Order enquiry: 3 sachets of Collarise, Self Use, from Ravi Kumar",
        reply_to: "ravi@example.com",
        enquiry_id: notification.enquiryId,
        received_at: notification.receivedAt,
      },
    });
  });

  it("fails the attempt, with EmailJS's reason, when EmailJS does not answer 200", async () => {
    standIn = await startEmailJsStandIn();
    const notifier = createEmailJsNotifier(options(standIn.url));
    standIn.failNext(400, "The user_id parameter is required");
    await expect(notifier.send(notification, new AbortController().signal)).rejects.toThrow(
      "EmailJS answered 400: The user_id parameter is required",
    );
    standIn.failNext(500, "Internal error");
    await expect(notifier.send(notification, new AbortController().signal)).rejects.toThrow(/500/);
  });

  it("delivers a stored enquiry through the server's outbox, after EmailJS failed once", async () => {
    standIn = await startEmailJsStandIn();
    standIn.failNext(429, "Too Many Requests");
    testApp = await buildTestApp(
      {
        EMAILJS_SERVICE_ID: "service_abc",
        EMAILJS_TEMPLATE_ID: "template_xyz",
        EMAILJS_PUBLIC_KEY: "public-key-1",
        EMAILJS_PRIVATE_KEY: "private-key-1",
        EMAILJS_API_URL: standIn.url,
        NOTIFY_TO: "orders@collarise.example",
      },
      { outbox: { retry: { baseMs: 50, maxMs: 200 } } },
    );
    const { app } = testApp;
    const response = await app.inject({
      method: "POST",
      url: "/api/enquiries",
      payload: notification.enquiry,
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();

    await waitForEmptyOutbox(testApp);

    expect(standIn.received).toHaveLength(2);
    const delivered = standIn.received[1]?.body as { template_params: Record<string, unknown> };
    expect(delivered.template_params).toMatchObject({
      ...notification.enquiry,
      enquiry_id: id,
      to_email: "orders@collarise.example",
    });
  });
});
