import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import webPush from "web-push";
import { afterEach, describe, expect, test } from "vitest";
import { CONSOLE_PAGE_PATHS, enquiryReference } from "../../domain/console";
import { PUSH_API_ROUTES, pushMessages, type PushNotice } from "../../domain/push";
import { TEAM_API_ROUTES } from "../../domain/team";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { manualTimers } from "../../tests/support/manual-timers";
import { startPushReceiver, type PushReceiver } from "../../tests/support/push-receiver";
import { recordingLogStream } from "../../tests/support/recording-logger";
import { buildTestApp } from "../../tests/support/test-app";
import { sqlitePathFromUrl } from "../store/sqlite";
import { PUSH_ATTEMPTS, PUSH_LIFETIME_MS } from "./push-notifier";

/**
 * The server's side of reminders on the phone, against the stand-in push service of
 * tests/support/push-receiver.ts (browsers' push services cannot be reached from here): the
 * server's real request, VAPID signature and encryption; the receiver decrypts as a device would.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const vapid = webPush.generateVAPIDKeys();

async function start(env: Record<string, string> = {}, reminderNow?: () => Date) {
  const logs = recordingLogStream();
  const receiver: PushReceiver = await startPushReceiver();
  cleanups.push(() => receiver.close());
  const testApp = await buildTestApp(
    {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:sales@collarise.in",
      // The stand-in push service listens on 127.0.0.1.
      PUSH_ALLOW_LOOPBACK: "true",
      ...env,
    },
    {
      logger: { level: "info", stream: logs.stream },
      outbox: { pollIntervalMs: 20, retry: { baseMs: 20, maxMs: 100 } },
      reminders: { ...(reminderNow ? { now: reminderNow } : {}), timers: manualTimers().timers },
    },
  );
  cleanups.push(() => testApp.close());
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  const member = await addStaff(app, "ravi@example.com", "member");
  return {
    ...testApp,
    logs,
    receiver,
    member,
    owner: await signIn(app, "owner@example.com"),
    memberCookie: await signIn(app, "ravi@example.com"),
  };
}

/** The kinds of the notifications still waiting, read behind the store's back (SQLite). */
function waitingKinds(databaseUrl: string): string[] {
  const db = new Database(sqlitePathFromUrl(databaseUrl), { readonly: true });
  try {
    return db
      .prepare<[], { kind: string }>(`SELECT kind FROM notifications WHERE status = 'pending' ORDER BY kind`)
      .all()
      .map((row) => row.kind);
  } finally {
    db.close();
  }
}

describe("reminders on the phone, on the server's side", () => {
  test("an enquiry handed to a member reaches their device signed and encrypted, opening the enquiry; their mail alert still goes", async () => {
    const { app, receiver, member, owner, memberCookie, logs, databaseUrl } = await start();
    const device = receiver.device();
    const subscribed = await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, {
      ...device.subscription,
    });
    expect(subscribed.statusCode).toBe(201);

    const stored = await app.store.enquiries.add(anEnquiry({ Name: "Meera Kapoor" }));
    const handed = await consoleRequest(app, owner, "POST", TEAM_API_ROUTES.owner.replace(":id", stored.id), {
      ownerId: member.id,
      expectedOwnerId: null,
    });
    expect(handed.statusCode).toBe(200);
    await receiver.receivedCount(1);

    const [push] = receiver.received;
    expect(JSON.parse(push!.payload) as PushNotice).toEqual({
      title: "Handed to you by owner@example.com",
      body: `Enquiry ${enquiryReference(stored.id)} · Meera`,
      url: CONSOLE_PAGE_PATHS.enquiry(stored.id),
      tag: `enquiry-${stored.id}`,
    });
    expect(push).toMatchObject({
      deviceId: device.id,
      urgency: "high",
      vapid: { publicKey: vapid.publicKey, sub: "mailto:sales@collarise.in", aud: receiver.origin },
    });
    expect(push!.ttl).toBeGreaterThan(PUSH_LIFETIME_MS / 1_000 - 120);
    expect(push!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(receiver.refused).toEqual([]);
    await app.outbox.worker!.nextCycle();
    // Mail stays the fallback: the member's alert waits for a mail server (none is configured here).
    expect(waitingKinds(databaseUrl)).toEqual(["company", "member-alert"]);
    // Nothing of the buyer, and no device's address, in the log.
    expect(logs.text()).not.toMatch(/Meera|Kapoor/);
    expect(logs.text()).not.toContain(device.id);
    expect(logs.text()).toContain("push notification sent to the member's devices");
  });

  test("a device its push service says is gone is forgotten; one that fails for now gets the notification again", async () => {
    const { app, receiver, member, owner, memberCookie } = await start();
    const gone = receiver.device();
    const busy = receiver.device();
    for (const device of [gone, busy]) {
      await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, {
        ...device.subscription,
      });
    }
    receiver.answerNext(gone.id, 410);
    receiver.answerNext(busy.id, 503);

    const stored = await app.store.enquiries.add(anEnquiry());
    await consoleRequest(app, owner, "POST", TEAM_API_ROUTES.owner.replace(":id", stored.id), {
      ownerId: member.id,
      expectedOwnerId: null,
    });
    await receiver.receivedCount(1);
    expect(receiver.received.map((push) => push.deviceId)).toEqual([busy.id]);
    // The two devices are sent to at once: in either order.
    expect(receiver.refused.map(({ deviceId, status }) => [deviceId, status]).sort()).toEqual(
      [
        [gone.id, 410],
        [busy.id, 503],
      ].sort(),
    );
    expect((await app.store.push.devicesOf(member.id)).map((device) => device.endpoint)).toEqual([
      busy.subscription.endpoint,
    ]);
  });

  test("a push service that keeps failing gets eight attempts, then the notification is dropped, not kept waiting", async () => {
    const { app, receiver, member, owner, memberCookie, databaseUrl, logs } = await start();
    const device = receiver.device();
    await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, {
      ...device.subscription,
    });
    receiver.answerNext(device.id, ...Array<number>(20).fill(503));
    const stored = await app.store.enquiries.add(anEnquiry());
    await consoleRequest(app, owner, "POST", TEAM_API_ROUTES.owner.replace(":id", stored.id), {
      ownerId: member.id,
      expectedOwnerId: null,
    });
    while (waitingKinds(databaseUrl).includes("push")) await app.outbox.worker!.nextCycle();
    expect(receiver.refused).toHaveLength(PUSH_ATTEMPTS);
    expect(receiver.received).toEqual([]);
    expect(logs.text()).toContain("push notification dropped unsent");
    // The device is kept: a push service that is down is not a device that is gone.
    expect(await app.store.push.devicesOf(member.id)).toHaveLength(1);
  });

  test("a follow-up falling due reaches the owner's device once, however often the reminders run", async () => {
    // Planned a minute ago; the reminders first look two minutes ago, then now (the outbox keeps real time).
    const due = new Date(Date.now() - 60_000);
    let shift = -120_000;
    const { app, receiver, member, memberCookie, databaseUrl } = await start(
      {},
      () => new Date(Date.now() + shift),
    );
    await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, {
      ...receiver.device().subscription,
    });
    const stored = await app.store.enquiries.add(anEnquiry({ Name: "Asha Verma" }));
    // He takes it himself (nothing to tell him) and plans a call.
    await consoleRequest(app, memberCookie, "POST", TEAM_API_ROUTES.owner.replace(":id", stored.id), {
      ownerId: member.id,
      expectedOwnerId: null,
    });
    await consoleRequest(app, memberCookie, "POST", TEAM_API_ROUTES.followUp.replace(":id", stored.id), {
      followUpAt: due.toISOString(),
      nextStep: "Call about the price",
    });

    const reminders = app.reminders!;
    await reminders.runOnce();
    expect(receiver.received).toHaveLength(0);
    shift = 0;
    await reminders.runOnce();
    await reminders.runOnce();
    await receiver.receivedCount(1);
    await app.outbox.worker!.nextCycle();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.payload)).toMatchObject({
      title: "Follow-up due now",
      body: `Enquiry ${enquiryReference(stored.id)} · Asha`,
      url: CONSOLE_PAGE_PATHS.enquiry(stored.id),
    });
    expect(waitingKinds(databaseUrl)).toEqual(["company"]);
  });

  test("a device is turned on and off for the signed-in member; the server refuses what it cannot use", async () => {
    const { app, receiver, member, memberCookie } = await start({ PUSH_ALLOW_LOOPBACK: "false" });
    expect((await consoleRequest(app, memberCookie, "GET", PUSH_API_ROUTES.settings)).json()).toEqual({
      publicKey: vapid.publicKey,
    });
    const device = receiver.device();
    // The stand-in's loopback address is refused without PUSH_ALLOW_LOOPBACK, as in production.
    const privateAddress = await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, {
      ...device.subscription,
    });
    expect([privateAddress.statusCode, privateAddress.json()]).toEqual([
      400,
      { error: pushMessages.unknownService },
    ]);
    const publicEndpoint = { ...device.subscription, endpoint: "https://fcm.googleapis.com/fcm/send/abc" };
    for (const bad of [
      { ...publicEndpoint, keys: { ...publicEndpoint.keys, p256dh: "short" } },
      { ...publicEndpoint, keys: { ...publicEndpoint.keys, auth: Buffer.alloc(15).toString("base64url") } },
      { endpoint: publicEndpoint.endpoint },
    ]) {
      const refused = await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, bad);
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: pushMessages.badSubscription }]);
    }
    expect(await app.store.push.devicesOf(member.id)).toEqual([]);

    expect(
      (await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, publicEndpoint))
        .statusCode,
    ).toBe(201);
    expect((await app.store.push.devicesOf(member.id)).map((each) => each.serverKey)).toEqual([
      vapid.publicKey,
    ]);
    const off = await consoleRequest(app, memberCookie, "DELETE", PUSH_API_ROUTES.subscriptions, {
      endpoint: publicEndpoint.endpoint,
    });
    expect(off.statusCode).toBe(204);
    expect(await app.store.push.devicesOf(member.id)).toEqual([]);
  });

  test.each([
    "https://1.1.1.1/push/abc",
    "https://8.8.8.8/wpush/v2/abc",
    "https://attacker.example/fcm/send/abc",
    "https://fcm.googleapis.com.attacker.example/fcm/send/abc",
    "https://attacker.example/?host=fcm.googleapis.com",
    "https://googleapis.com/fcm/send/abc",
    "https://push.apple.com/abc",
    "http://fcm.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com:8443/fcm/send/abc",
    "https://user:secret@fcm.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com@1.1.1.1/fcm/send/abc",
    "https://localhost/push/abc",
    "http://127.0.0.1:9/push/abc",
  ])("an endpoint off the browsers' push services is refused with a clear message: %s", async (endpoint) => {
    const { app, receiver, member, memberCookie } = await start({ PUSH_ALLOW_LOOPBACK: "false" });
    const refused = await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, {
      ...receiver.device().subscription,
      endpoint,
    });
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: pushMessages.unknownService }]);
    expect(await app.store.push.devicesOf(member.id)).toEqual([]);
  });

  test.each([
    "https://fcm.googleapis.com/fcm/send/abc:APA91b",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABc",
    "https://autopush.push.services.mozilla.com/wpush/v2/gAAAAABc",
    "https://web.push.apple.com/QGuQyavXuti9",
    "https://wns2-by3p.notify.windows.com/w/?token=BQYAAA",
    "https://fcm.googleapis.com:443/fcm/send/abc",
  ])(
    "an endpoint on a browser's push service is accepted, with no look-up of its host: %s",
    async (endpoint) => {
      const { app, receiver, member, memberCookie } = await start({ PUSH_ALLOW_LOOPBACK: "false" });
      const accepted = await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, {
        ...receiver.device().subscription,
        endpoint,
      });
      expect(accepted.statusCode).toBe(201);
      expect(await app.store.push.devicesOf(member.id)).toHaveLength(1);
    },
  );

  test("a device stored on another host before hosts were checked is not sent to, and is forgotten", async () => {
    const { app, receiver, member, owner, memberCookie, logs } = await start();
    // Another host, standing in for a public one: it counts every request it gets.
    const requests: string[] = [];
    const stranger = createServer((request, response) => {
      requests.push(request.url ?? "");
      response.writeHead(201).end();
    });
    await new Promise<void>((resolve) => stranger.listen(0, "127.0.0.2", resolve));
    cleanups.push(() => new Promise<void>((resolve) => stranger.close(() => resolve())));
    const { port } = stranger.address() as AddressInfo;
    const device = receiver.device();
    const planted = receiver.device();
    await consoleRequest(app, memberCookie, "POST", PUSH_API_ROUTES.subscriptions, {
      ...device.subscription,
    });
    // Written behind the route's back, as a subscription kept from before would be.
    await app.store.push.subscribe(
      {
        staffId: member.id,
        endpoint: `http://127.0.0.2:${port}/push/${planted.id}`,
        keys: planted.subscription.keys,
        serverKey: vapid.publicKey,
      },
      { now: new Date(), max: 10 },
    );

    const stored = await app.store.enquiries.add(anEnquiry());
    await consoleRequest(app, owner, "POST", TEAM_API_ROUTES.owner.replace(":id", stored.id), {
      ownerId: member.id,
      expectedOwnerId: null,
    });
    await receiver.receivedCount(1);
    // The cycle that sent it has ended once the next one does.
    await app.outbox.worker!.nextCycle();
    expect(receiver.received.map((push) => push.deviceId)).toEqual([device.id]);
    expect(requests).toEqual([]);
    expect((await app.store.push.devicesOf(member.id)).map((each) => each.endpoint)).toEqual([
      device.subscription.endpoint,
    ]);
    expect(logs.text()).not.toContain(planted.id);
  });

  test("without VAPID keys the console offers no notifications", async () => {
    const testApp = await buildTestApp();
    cleanups.push(() => testApp.close());
    await addStaff(testApp.app, "ravi@example.com", "member");
    const cookie = await signIn(testApp.app, "ravi@example.com");
    expect((await consoleRequest(testApp.app, cookie, "GET", PUSH_API_ROUTES.settings)).json()).toEqual({
      publicKey: null,
    });
    const refused = await consoleRequest(testApp.app, cookie, "POST", PUSH_API_ROUTES.subscriptions, {
      endpoint: "https://8.8.8.8/wpush/v2/abc",
      keys: { p256dh: "x", auth: "y" },
    });
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: pushMessages.notSetUp }]);
    expect(testApp.app.reminders).toBeUndefined();
  });
});
