/**
 * A STAND-IN PUSH SERVICE for tests. Browsers' push services (FCM, Mozilla's autopush, Apple's)
 * cannot be reached from this network, so the server's Web Push is tested against this one: an
 * HTTP server on a loopback port that plays the push service and the device together.
 *
 * - `device()` makes what a browser makes when it subscribes: a real P-256 key pair and a 16-byte
 *   authentication secret (RFC 8291), and an endpoint on this server.
 * - Each POST is checked as a push service checks it: the `Authorization: vapid t=…, k=…` header
 *   (RFC 8292): an ES256 JWT signed by the key `k`, for this service's origin, not expired and
 *   expiring within 24 hours, with a `sub`; and `TTL` and `Content-Encoding: aes128gcm` headers.
 *   A request that fails the check is answered 401 or 400 and kept in `refused`.
 * - Then it decrypts the payload as the device would (RFC 8291 with RFC 8188's aes128gcm), with
 *   node:crypto only, and keeps what it read in `received`.
 *
 * What is real: the server's request, its VAPID signature and its encryption, made by the
 * `web-push` package. What stands in: the push service's transport to a browser, and the browser.
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInDevice {
  /** What `PushSubscription.toJSON()` gives in a browser. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  id: string;
}

export interface ReceivedPush {
  deviceId: string;
  /** The decrypted payload, as the device's service worker reads it. */
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims and the public key that signed it. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

export interface RefusedPush {
  deviceId: string;
  status: number;
  reason: string;
}

interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

const b64 = (buffer: Buffer) => buffer.toString("base64url");

/** RFC 8291 §3.4 and RFC 8188 §2: the content's key and nonce, then each record decrypted. */
export function decryptAes128gcm(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublic[0] !== 4)
    throw new Error("the key id is not an uncompressed P-256 key");
  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.publicKey, senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, Math.min(offset + recordSize, records.length));
    const iv = Buffer.from(nonce);
    // The record's sequence number, XORed into the nonce's last bytes (RFC 8188 §2.3); a message
    // of fewer than 2^32 records leaves the first eight as they are.
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const last = offset + recordSize >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error("a record's padding delimiter is wrong");
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain).toString("utf8");
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT ES256-signed by that key. */
function checkVapid(
  header: string | undefined,
  origin: string,
  nowSeconds: number,
): { ok: true; vapid: ReceivedPush["vapid"] } | { ok: false; reason: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return { ok: false, reason: "no vapid Authorization header" };
  const [token = "", key = ""] = [match[1], match[2]];
  const [head = "", claimsPart = "", signature = ""] = token.split(".");
  const jwtHeader = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string; typ?: string };
  if (jwtHeader.alg !== "ES256") return { ok: false, reason: `alg ${jwtHeader.alg}` };
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) return { ok: false, reason: "k is not a P-256 public key" };
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claimsPart}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return { ok: false, reason: "the JWT's signature does not verify with k" };
  const claims = JSON.parse(Buffer.from(claimsPart, "base64url").toString()) as Record<string, unknown>;
  if (claims.aud !== origin) return { ok: false, reason: `aud ${String(claims.aud)} is not ${origin}` };
  const exp = Number(claims.exp);
  if (!(exp > nowSeconds && exp <= nowSeconds + 24 * 3600)) return { ok: false, reason: "exp out of range" };
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub))
    return { ok: false, reason: "no sub" };
  return { ok: true, vapid: { aud: claims.aud, exp, sub: claims.sub, publicKey: key } };
}

/** Starts the stand-in push service on 127.0.0.1. */
export async function startPushReceiver() {
  const devices = new Map<string, DeviceKeys>();
  /** A device's next answers (a status each), before it takes notifications again. */
  const answers = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const settle = () => {
    for (const waiter of waiters.splice(0)) {
      if (received.length >= waiter.count) waiter.resolve();
      else waiters.push(waiter);
    }
  };

  async function handle(request: IncomingMessage, response: ServerResponse, origin: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const deviceId = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1] ?? "";
    const device = devices.get(deviceId);
    const refuse = (status: number, reason: string) => {
      refused.push({ deviceId, status, reason });
      response.writeHead(status).end(reason);
    };
    if (request.method !== "POST" || !device) return refuse(404, "no such subscription");
    const planned = answers.get(deviceId)?.shift();
    if (planned !== undefined) return refuse(planned, `answered ${planned} as the test asked`);
    const vapid = checkVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000));
    if (!vapid.ok) return refuse(401, vapid.reason);
    if (request.headers["content-encoding"] !== "aes128gcm") return refuse(400, "not aes128gcm");
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "no TTL");
    let payload: string;
    try {
      payload = decryptAes128gcm(body, device);
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    received.push({
      deviceId,
      payload,
      ttl,
      urgency: (request.headers.urgency as string | undefined) ?? null,
      topic: (request.headers.topic as string | undefined) ?? null,
      vapid: vapid.vapid,
    });
    response.writeHead(201).end();
    settle();
  }

  let origin = "";
  const server = createServer((request, response) => {
    handle(request, response, origin).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    /** A new subscription, as a browser would make it. */
    device(): StandInDevice {
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = b64(randomBytes(9));
      devices.set(id, { ecdh, publicKey, auth });
      return {
        id,
        subscription: { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64(publicKey), auth: b64(auth) } },
      };
    },
    /** The device's push service answers the next notifications with these statuses (410: it is gone). */
    answerNext(deviceId: string, ...statuses: number[]) {
      answers.set(deviceId, [...(answers.get(deviceId) ?? []), ...statuses]);
    },
    /** Resolves once `count` notifications have been received in all. */
    receivedCount(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
