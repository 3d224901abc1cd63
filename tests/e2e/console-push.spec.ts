import webPush from "web-push";
import type { Worker } from "@playwright/test";
import { CONSOLE_APP } from "../../domain/console-app";
import { pushMessages, type PushNotice } from "../../domain/push";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { createStaff, openFromNav, signIn } from "./support/console";
import { serverOfItsOwn } from "./support/own-server";
import { startPushReceiver } from "../support/push-receiver";
import { pushState } from "../support/store-probe";

/**
 * Reminders on the phone, on the browser's side, in Chromium. What is real: the console's service
 * worker (built, registered for /admin, controlling the page), the notification permission
 * (granted as a person would, through Playwright), the Security page's switch and the server's
 * API, the server's push (VAPID-signed and encrypted by `web-push`), the worker's `push` handler
 * showing the notification, and its `notificationclick` handler opening the enquiry.
 *
 * What stands in: Chromium on this closed network cannot reach a push service, so
 * `pushManager.subscribe()` fails ("Registration failed - permission denied"). The page's
 * PushManager is replaced by one answering a subscription on the STAND-IN push service of
 * tests/support/push-receiver.ts, with a real P-256 key pair and auth secret it made. The
 * stand-in receives and decrypts the server's push; the test hands the decrypted payload to the
 * service worker through the DevTools protocol (ServiceWorker.deliverPushMessage), as the browser
 * would once its push service delivered it; and a person's tap on the notification is a
 * `notificationclick` event dispatched in the worker.
 */
const vapid = webPush.generateVAPIDKeys();
const own = serverOfItsOwn("push", () => ({
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  // The stand-in push service listens on 127.0.0.1: allowed besides the browsers' push services.
  PUSH_ALLOW_LOOPBACK: "true",
}));

type WorkerScope = { registration: ServiceWorkerRegistration };

test("a member turns notifications on; an enquiry handed to them shows on the device and opens it; off again, and at sign-out", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const receiver = await startPushReceiver();
  const device = receiver.device();
  const member = await createStaff("member", own.databaseUrl);
  const owner = await createStaff("owner", own.databaseUrl);
  const context = await browser.newContext({ viewport: viewportOf(375) });
  try {
    await context.grantPermissions(["notifications"], { origin: own.baseUrl });
    await context.addInitScript((subscription) => {
      // STAND-IN: this browser cannot reach a push service; subscribing answers the stand-in's.
      // Kept for the tab's session, as a browser keeps its subscription across page loads.
      const KEPT = "stand-in-push-subscription";
      const made = (key: number[]) => ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
        toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
        unsubscribe: async () => (sessionStorage.removeItem(KEPT), true),
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = [...(options?.applicationServerKey as Uint8Array)];
        sessionStorage.setItem(KEPT, JSON.stringify(key));
        return made(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const key = sessionStorage.getItem(KEPT);
        return key ? (made(JSON.parse(key) as number[]) as unknown as PushSubscription) : null;
      };
    }, device.subscription);

    const page = await context.newPage();
    await signIn(page, member, own.baseUrl);
    // The console is installable: its manifest covers /admin, and its worker controls the page.
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return (await fetch(link?.href ?? "")).json() as Promise<{ scope: string; display: string }>;
    });
    expect(manifest).toMatchObject({ scope: CONSOLE_APP.scope, display: "standalone" });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await openFromNav(page, "Security");
    const toggle = page.getByRole("switch", { name: "Notifications on this device" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize(viewportOf(width));
      if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`notifications-off-${width}.png`), fullPage: true });
    }
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("status").filter({ hasText: pushMessages.turnedOn })).toBeVisible();
    expect(pushState(own.databaseUrl).devices).toBe(1);
    for (const width of [375, 1280]) {
      await page.setViewportSize(viewportOf(width));
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`notifications-on-${width}.png`), fullPage: true });
    }

    // The owner, elsewhere, hands a new enquiry to the member.
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await signIn(ownerPage, owner, own.baseUrl);
    const api = ownerPage.request;
    const placed = await api.post(`${own.baseUrl}/api/enquiries`, {
      data: {
        Name: "Meera Kapoor",
        Email: "meera.k@example.in",
        Mobile: "9812312312",
        Quantity: 6,
        RetailerSelfUse: "Self Use",
      },
    });
    const { id } = (await placed.json()) as { id: string };
    const members = (await (await api.get(`${own.baseUrl}/api/admin/team/members`)).json()) as {
      id: string;
      email: string;
    }[];
    const memberId = members.find((each) => each.email === member.email)?.id ?? "";
    const handed = await api.post(`${own.baseUrl}/api/admin/enquiries/${id}/owner`, {
      headers: { origin: own.baseUrl },
      data: { ownerId: memberId, expectedOwnerId: null },
    });
    expect(handed.status()).toBe(200);
    await ownerContext.close();

    // The server's push reaches the stand-in push service, which decrypts it as the device would.
    await receiver.receivedCount(1);
    const notice = JSON.parse(receiver.received[0]!.payload) as PushNotice;
    expect(notice).toMatchObject({ url: `/admin/enquiries/${id}`, body: expect.stringContaining("Meera") });

    // Delivered to the service worker as the browser would, it shows the notification.
    await page.goto(`${own.baseUrl}/admin`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => resolve(event.registrations)),
    );
    await cdp.send("ServiceWorker.enable");
    const registration = (await registrations).find((each) => each.scopeURL === `${own.baseUrl}/admin`);
    expect(registration).toBeDefined();
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: own.baseUrl,
      registrationId: registration!.registrationId,
      data: receiver.received[0]!.payload,
    });
    const worker: Worker =
      context.serviceWorkers().find((each) => each.url().endsWith(CONSOLE_APP.serviceWorker)) ??
      (await context.waitForEvent("serviceworker"));
    await expect
      .poll(() =>
        worker.evaluate(async () =>
          (await (self as unknown as WorkerScope).registration.getNotifications()).map((shown) => ({
            title: shown.title,
            body: shown.body,
            data: shown.data as unknown,
          })),
        ),
      )
      .toEqual([{ title: notice.title, body: notice.body, data: { url: notice.url } }]);

    // The person taps it (a notificationclick in the worker): the console opens the enquiry.
    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope & EventTarget;
      const [shown] = await scope.registration.getNotifications();
      const NotificationEvent = Reflect.get(globalThis, "NotificationEvent") as new (
        type: string,
        init: { notification: Notification },
      ) => Event;
      if (shown) scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: shown }));
    });
    await expect(page).toHaveURL(`${own.baseUrl}/admin/enquiries/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Meera Kapoor" })).toBeVisible();

    // The worker kept the console's shell only: its page and files, no answer of the API.
    const kept = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname);
      }
      return paths;
    });
    expect(kept).toContain(CONSOLE_APP.shell);
    expect(kept.filter((path) => !path.startsWith(CONSOLE_APP.assets) && path !== CONSOLE_APP.shell)).toEqual(
      [],
    );

    // Off again, on this device and on the server.
    await openFromNav(page, "Security");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("status").filter({ hasText: pushMessages.turnedOff })).toBeVisible();
    expect(pushState(own.databaseUrl).devices).toBe(0);

    // On again, then signing out turns this device's notifications off with the session.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(pushState(own.databaseUrl).devices).toBe(1);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    expect(pushState(own.databaseUrl).devices).toBe(0);
  } finally {
    await context.close();
    await receiver.close();
  }
});
