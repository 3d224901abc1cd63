import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  checkPushEndpoint,
  PUSH_API_ROUTES,
  PUSH_DEVICES_MAX,
  PUSH_ENDPOINT_MAX_LENGTH,
  pushMessages,
} from "../../domain/push";
import { apiMessages } from "../routes/api-errors";
import { signedIn } from "./guard";

declare module "fastify" {
  interface FastifyInstance {
    /** Web Push: the server's VAPID public key (null: not set up), and PUSH_ALLOW_LOOPBACK (tests). */
    push: { publicKey: string | null; allowLoopback: boolean };
  }
}

/** URL-safe base64 of exactly `bytes` bytes (a browser's subscription keys), padding or not. */
const base64url = (bytes: number, check: (key: Buffer) => boolean = () => true) =>
  z
    .string()
    .max(200)
    .refine((value) => {
      const bare = value.replace(/=+$/, "");
      if (!/^[A-Za-z0-9_-]+$/.test(bare)) return false;
      const key = Buffer.from(bare, "base64url");
      return key.length === bytes && check(key);
    });

const subscriptionBody = z.object({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH),
  // An uncompressed P-256 point (RFC 8291), and a 16-byte authentication secret.
  keys: z.object({ p256dh: base64url(65, (key) => key[0] === 4), auth: base64url(16) }),
  expirationTime: z.number().nullable().optional(),
});
const endpointBody = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH) });

/**
 * Notifications on this device (docs/console.md): any signed-in member reads the server's public
 * key, and turns notifications on (the browser's subscription, kept for them) or off for the
 * device they are on. The server will post to the endpoint, so it must be on a known push
 * service's host (domain/push.ts: checkPushEndpoint); the notifier checks it again before each
 * send. Endpoints never reach the log: each addresses one device.
 */
export async function pushRoutes(app: FastifyInstance) {
  const { store } = app;

  app.get(PUSH_API_ROUTES.settings, async () => ({ publicKey: app.push.publicKey }));

  app.post(PUSH_API_ROUTES.subscriptions, async (request, reply) => {
    const serverKey = app.push.publicKey;
    if (!serverKey) return reply.code(409).send({ error: pushMessages.notSetUp });
    const body = subscriptionBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: pushMessages.badSubscription });
    const endpoint = checkPushEndpoint(body.data.endpoint.trim(), { allowLoopback: app.push.allowLoopback });
    if (!endpoint.ok) return reply.code(400).send({ error: endpoint.error });
    await store.push.subscribe(
      {
        staffId: signedIn(request).id,
        endpoint: body.data.endpoint.trim(),
        keys: {
          p256dh: body.data.keys.p256dh.replace(/=+$/, ""),
          auth: body.data.keys.auth.replace(/=+$/, ""),
        },
        serverKey,
      },
      { now: app.clock(), max: PUSH_DEVICES_MAX },
    );
    return reply.code(201).send({ message: pushMessages.turnedOn });
  });

  app.delete(PUSH_API_ROUTES.subscriptions, async (request, reply) => {
    const body = endpointBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: apiMessages.badRequest });
    // Off is off, whether or not the server still had it (a push service may have ended it).
    await store.push.unsubscribe(signedIn(request).id, body.data.endpoint.trim());
    return reply.code(204).send();
  });
}
