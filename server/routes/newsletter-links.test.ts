import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newsletterLinkPages } from "../../domain/subscriber";
import { newsletterLinkPagesHi } from "../../domain/subscriber.hi";
import { signLink } from "../newsletter/link-tokens";
import type { PendingNewsletterNotification } from "../store/store";
import { storedAddresses } from "../../tests/support/store-probe";
import { testAppPerTest, type TestApp } from "../../tests/support/test-app";

const start = testAppPerTest();
const DAY_MS = 24 * 60 * 60_000;

/** Asks for an address through the API and reads its confirmation mail from the outbox, as the worker would. */
async function requested(t: TestApp, email: string, lang = "en"): Promise<PendingNewsletterNotification> {
  const response = await t.app.inject({ method: "POST", url: "/api/subscribers", payload: { email, lang } });
  expect(response.statusCode).toBe(202);
  const claimed = await t.app.store.enquiries.claimDueNotifications({
    worker: "test",
    now: new Date(),
    limit: 10,
    leaseMs: 1_000,
  });
  const mail = claimed.find((notification) => "email" in notification && notification.email === email);
  if (!mail || !("email" in mail)) throw new Error("no confirmation mail was queued");
  return mail;
}

async function linksFor(t: TestApp, mail: PendingNewsletterNotification) {
  return {
    confirm: await t.app.newsletterLinks.confirmUrl({ ...mail, confirmNonce: mail.confirmNonce! }),
    unsubscribe: await t.app.newsletterLinks.unsubscribeUrl(mail),
  };
}

/** Opens a link as a browser does, by its path and query. */
function open(
  t: TestApp,
  href: string,
  method: "GET" | "POST" = "GET",
  body?: { type: string; payload: string },
) {
  const url = new URL(href);
  return t.app.inject({
    method,
    url: `${url.pathname}${url.search}`,
    ...(body ? { headers: { "content-type": body.type }, payload: body.payload } : {}),
  });
}

function expectPage(response: Awaited<ReturnType<typeof open>>, status: number, title: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^text\/html/);
  expect(response.headers["cache-control"]).toBe("no-store");
  // The token must not travel on in a Referer from this page.
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
  expect(response.body).toContain(`<h1>${title}</h1>`);
}

/** Replaces one character of the token's payload or signature, keeping it well-formed base64url. */
function altered(href: string, part: 1 | 2): string {
  const url = new URL(href);
  const pieces = url.searchParams.get("token")!.split(".");
  const piece = pieces[part]!;
  const index = Math.floor(piece.length / 2);
  pieces[part] = `${piece.slice(0, index)}${piece[index] === "A" ? "B" : "A"}${piece.slice(index + 1)}`;
  url.searchParams.set("token", pieces.join("."));
  return url.href;
}

describe("the newsletter's confirmation link", () => {
  it("answers an address asked for on the Hindi page in Hindi, from its confirmation to its unsubscribe", async () => {
    const t = await start();
    const mail = await requested(t, "meera@example.in", "hi");
    expect(mail.language).toBe("hi");
    const links = await linksFor(t, mail);
    expect(new URL(links.confirm).searchParams.get("lang")).toBe("hi");

    const confirmed = await open(t, links.confirm);
    expectPage(confirmed, 200, newsletterLinkPagesHi.confirmed.title);
    expect(confirmed.body).toContain('<html lang="hi-IN">');
    expect(confirmed.body).toContain('href="/hi"');
    expectPage(await open(t, links.confirm), 409, newsletterLinkPagesHi.alreadyConfirmed.title);
    expectPage(await open(t, links.unsubscribe), 200, newsletterLinkPagesHi.unsubscribed.title);
  });

  it("confirms the address once, queues the welcome, and says so on a page", async () => {
    const t = await start();
    const mail = await requested(t, "reader@example.in");
    const { confirm } = await linksFor(t, mail);

    expectPage(await open(t, confirm), 200, newsletterLinkPages.confirmed.title);
    expect(storedAddresses(t.databaseUrl)).toStrictEqual([
      // The confirmation being sent stays until the worker marks it; the welcome waits.
      {
        email: "reader@example.in",
        status: "confirmed",
        pendingMails: ["newsletter-confirmation", "newsletter-welcome"],
      },
    ]);
    expect((await t.app.store.subscribers.list()).map((subscriber) => subscriber.email)).toStrictEqual([
      "reader@example.in",
    ]);

    // Reused: refused with a page that says so, and nothing changes.
    expectPage(await open(t, confirm), 409, newsletterLinkPages.alreadyConfirmed.title);
    expect(storedAddresses(t.databaseUrl)[0]!.pendingMails).toHaveLength(2);
  });

  it("refuses forged, altered, expired and misused tokens with a page, and changes nothing", async () => {
    const t = await start();
    const mail = await requested(t, "reader@example.in");
    const { confirm, unsubscribe } = await linksFor(t, mail);
    const before = storedAddresses(t.databaseUrl);
    const base = new URL(confirm);

    const forgedToken = signLink(randomBytes(32), {
      purpose: "confirm",
      subscriberId: mail.subscriberId,
      nonce: mail.confirmNonce!,
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const expired = await t.app.newsletterLinks.confirmUrl({
      ...mail,
      confirmNonce: mail.confirmNonce!,
      requestedAt: new Date(Date.now() - 8 * DAY_MS).toISOString(),
    });
    const refusals: [string, string, number, string][] = [
      ["forged with another key", `${base.origin}${base.pathname}?token=${forgedToken}`, 400, "invalid"],
      ["altered payload", altered(confirm, 1), 400, "invalid"],
      ["altered signature", altered(confirm, 2), 400, "invalid"],
      ["cut short", confirm.slice(0, -6), 400, "invalid"],
      [
        "an unsubscribe token",
        `${base.origin}${base.pathname}${new URL(unsubscribe).search}`,
        400,
        "invalid",
      ],
      ["no token", `${base.origin}${base.pathname}`, 400, "invalid"],
      ["two tokens", `${confirm}&token=x`, 400, "invalid"],
      ["an endless token", `${base.origin}${base.pathname}?token=v1.${"A".repeat(5_000)}.x`, 400, "invalid"],
      ["expired", expired, 410, "expired"],
    ];
    for (const [what, href, status, page] of refusals) {
      const response = await open(t, href);
      expect(response.statusCode, what).toBe(status);
      expectPage(response, status, newsletterLinkPages[page as "invalid" | "expired"].title);
    }
    expect(storedAddresses(t.databaseUrl)).toStrictEqual(before);
    expect(await t.app.store.subscribers.list()).toStrictEqual([]);

    // A well-signed link whose nonce the address does not hold (a new request after an erasure).
    const wrongNonce = signLink(await t.app.store.keys.key("newsletter-links"), {
      purpose: "confirm",
      subscriberId: mail.subscriberId,
      nonce: "0".repeat(32),
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    expectPage(
      await open(t, `${base.origin}${base.pathname}?token=${wrongNonce}`),
      404,
      newsletterLinkPages.notOnList.title,
    );
    expect(storedAddresses(t.databaseUrl)).toStrictEqual(before);
  });
});

describe("the newsletter's unsubscribe link", () => {
  it("removes the address at once when opened, and says it is not on the list when opened again", async () => {
    const t = await start();
    const mail = await requested(t, "reader@example.in");
    const other = await requested(t, "other@example.in");
    const { unsubscribe } = await linksFor(t, mail);

    expectPage(await open(t, unsubscribe), 200, newsletterLinkPages.unsubscribed.title);
    // Its unsent mail went with it; the other address is untouched.
    expect(storedAddresses(t.databaseUrl).map((address) => address.email)).toStrictEqual([other.email]);
    expectPage(await open(t, unsubscribe), 404, newsletterLinkPages.notOnList.title);
  });

  it("takes a mail program's one-click POST (RFC 8058), form-encoded or multipart", async () => {
    const t = await start();
    const first = await linksFor(t, await requested(t, "one@example.in"));
    const second = await linksFor(t, await requested(t, "two@example.in"));

    const urlencoded = await open(t, first.unsubscribe, "POST", {
      type: "application/x-www-form-urlencoded",
      payload: "List-Unsubscribe=One-Click",
    });
    expectPage(urlencoded, 200, newsletterLinkPages.unsubscribed.title);
    const boundary = "----one-click";
    const multipart = await open(t, second.unsubscribe, "POST", {
      type: `multipart/form-data; boundary=${boundary}`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expectPage(multipart, 200, newsletterLinkPages.unsubscribed.title);
    expect(storedAddresses(t.databaseUrl)).toStrictEqual([]);
  });

  it("refuses a forged or altered unsubscribe link and removes nothing", async () => {
    const t = await start();
    const mail = await requested(t, "reader@example.in");
    const { unsubscribe } = await linksFor(t, mail);
    const before = storedAddresses(t.databaseUrl);
    const url = new URL(unsubscribe);
    const forged = signLink(randomBytes(32), {
      purpose: "unsubscribe",
      subscriberId: mail.subscriberId,
      nonce: mail.unsubscribeNonce,
    });
    for (const href of [
      altered(unsubscribe, 1),
      altered(unsubscribe, 2),
      `${url.origin}${url.pathname}?token=${forged}`,
    ]) {
      expectPage(await open(t, href), 400, newsletterLinkPages.invalid.title);
      expectPage(
        await open(t, href, "POST", {
          type: "application/x-www-form-urlencoded",
          payload: "List-Unsubscribe=One-Click",
        }),
        400,
        newsletterLinkPages.invalid.title,
      );
    }
    expect(storedAddresses(t.databaseUrl)).toStrictEqual(before);
  });
});
