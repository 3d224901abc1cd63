import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** How the receiver answers one request: 500, never (held until the sender gives up), or 200. */
export type ReceiverAnswer = "fail" | "hold" | "ok";

export interface ReceivedDelivery {
  id: string;
  timestamp: string;
  body: string;
  /** Whether the signature verified with the receiver-side recipe (docs/webhooks.md). */
  verified: boolean;
  answer: ReceiverAnswer;
}

/**
 * A webhook receiver on 127.0.0.1 that verifies each delivery as docs/webhooks.md tells a receiver
 * to (the `standardwebhooks` package with the endpoint's secret) and answers as `plan` says for the
 * n-th request (counting from 0). It counts TCP connections, to prove that none was made.
 */
export async function startWebhookReceiver(
  secret: () => string,
  plan: (request: number) => ReceiverAnswer = () => "ok",
) {
  const received: ReceivedDelivery[] = [];
  const held: ServerResponse[] = [];
  let connections = 0;
  const waiters: { until: () => boolean; resolve: () => void }[] = [];
  const settle = () => {
    for (const waiter of waiters.splice(0)) {
      if (waiter.until()) waiter.resolve();
      else waiters.push(waiter);
    }
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      };
      let verified = false;
      try {
        new Webhook(secret()).verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const answer = plan(received.length);
      received.push({
        id: headers["webhook-id"],
        timestamp: headers["webhook-timestamp"],
        body,
        verified,
        answer,
      });
      if (answer === "hold") held.push(response);
      else if (answer === "fail") response.writeHead(500).end("receiver failing");
      else response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      settle();
    });
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/collarise`,
    port,
    received,
    get connections() {
      return connections;
    },
    /** Resolves once `until` holds after a request arrived (or at once if it holds now). */
    waitFor(until: () => boolean): Promise<void> {
      if (until()) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ until, resolve }));
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
