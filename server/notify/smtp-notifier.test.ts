import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { EnquiryNotification } from "./notifier";
import { createSmtpNotifier } from "./smtp-notifier";
import { NewsletterLinks } from "../newsletter/links";
import { verifyLink } from "../newsletter/link-tokens";
import { mailHeader, type MailSink, startMailSink, unusedPort } from "../../tests/support/mail-sink";

const notification: EnquiryNotification = {
  id: "9b1d7c4e-0f3a-4e2b-8a61-5c7d9e0f1a2b",
  enquiryId: "3f0c2a51-8d7e-4f59-9c1a-2b6d0e4f7a10",
  receivedAt: "2026-11-22T10:15:00.000Z",
  enquiry: {
    Name: "Asha <Verma> & Sons",
    Email: "asha.verma@example.in",
    Mobile: "9876543210",
    Quantity: 12,
    RetailerSelfUse: "Retailer",
  },
};

const neverAborted = () => new AbortController().signal;

/** Links made with a fixed key, as the store would give one. */
const key = Buffer.alloc(32, 7);
const links = new NewsletterLinks({ key: async () => key }, "https://collarise.example");

let sink: MailSink | undefined;
let silent: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  await sink?.close();
  sink = undefined;
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
  silent = undefined;
});

describe("the SMTP notifier", () => {
  it("mails the company the enquiry over a real SMTP conversation", async () => {
    sink = await startMailSink();
    const notifier = createSmtpNotifier({
      url: sink.url,
      to: "orders@collarise.example",
      from: "website@collarise.example",
      timeoutMs: 5_000,
      links,
    });
    await notifier.send(notification, neverAborted());
    await notifier.close();

    const [mail] = await sink.waitForMails(1);
    if (!mail) throw new Error("no mail");
    const { parsed } = mail;
    expect(mail.envelopeFrom).toBe("website@collarise.example");
    expect(mail.envelopeTo).toStrictEqual(["orders@collarise.example"]);
    expect(parsed.subject).toBe("Order enquiry: 12 sachets of Collarise, Retailer, from Asha <Verma> & Sons");
    expect(parsed.from?.value).toStrictEqual([{ address: "website@collarise.example", name: "" }]);
    // An answer goes to the mailbox the console reads, not to the buyer out of the console.
    expect(parsed.replyTo?.value).toMatchObject([{ address: "website@collarise.example" }]);
    expect(parsed.text).not.toMatch(/Reply to this e-mail/i);
    expect(parsed.text).toContain(`/admin/enquiries/${notification.enquiryId}`);
    expect(parsed.messageId).toBe(`<enquiry-${notification.id}@collarise.example>`);
    expect(mail.enquiryId).toBe(notification.enquiryId);

    for (const value of [
      "Asha <Verma> & Sons",
      "asha.verma@example.in",
      "9876543210",
      "Quantity: 12",
      "Retailer",
    ]) {
      expect(parsed.text).toContain(value);
    }
    const html = parsed.html || "";
    expect(html).toContain("Asha &lt;Verma&gt; &amp; Sons");
    expect(html).not.toContain("<Verma>");
    for (const value of ["asha.verma@example.in", "9876543210", ">12<", ">Retailer<"]) {
      expect(html).toContain(value);
    }
  });

  it("cannot be made to add a header or a recipient through the visitor's name", async () => {
    sink = await startMailSink();
    const notifier = createSmtpNotifier({
      url: sink.url,
      to: "orders@collarise.example",
      from: "website@collarise.example",
      timeoutMs: 5_000,
      links,
    });
    const name = "Asha\r\nBcc: victim@example.com\r\nX-Injected: yes";
    await notifier.send(
      { ...notification, enquiry: { ...notification.enquiry, Name: name } },
      neverAborted(),
    );

    const [mail] = await sink.waitForMails(1);
    expect(mail?.envelopeTo).toStrictEqual(["orders@collarise.example"]);
    expect(mail?.parsed.headers.has("x-injected")).toBe(false);
    expect(mail?.parsed.headers.has("bcc")).toBe(false);
    expect(mail?.parsed.subject).toBe(
      "Order enquiry: 12 sachets of Collarise, Retailer, from Asha Bcc: victim@example.com X-Injected: yes",
    );
  });

  it("fails the attempt when nothing listens on the mail server's port", async () => {
    const port = await unusedPort();
    const notifier = createSmtpNotifier({
      url: `smtp://127.0.0.1:${port}`,
      to: "orders@collarise.example",
      from: "website@collarise.example",
      timeoutMs: 5_000,
      links,
    });
    await expect(notifier.send(notification, neverAborted())).rejects.toThrow(/ECONNREFUSED/);
  });

  it("fails the attempt instead of hanging when the server never greets", async () => {
    // Accepts the connection and then says nothing, like a stuck mail server.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent?.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const notifier = createSmtpNotifier({
      url: `smtp://127.0.0.1:${port}`,
      to: "orders@collarise.example",
      from: "website@collarise.example",
      timeoutMs: 300,
      links,
    });
    await expect(notifier.send(notification, neverAborted())).rejects.toThrow(/greeting|timeout/i);
  });

  it("gives up when the worker aborts the send", async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent?.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const notifier = createSmtpNotifier({
      url: `smtp://127.0.0.1:${port}`,
      to: "orders@collarise.example",
      from: "website@collarise.example",
      timeoutMs: 60_000,
      links,
    });
    const controller = new AbortController();
    const sending = notifier.send(notification, controller.signal);
    await waitUntil(() => sockets.length > 0);
    controller.abort(new Error("shutting down"));
    await expect(sending).rejects.toThrow();
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the SMTP notifier's newsletter mails", () => {
  it("ask a new address to confirm, with signed links and a one-click unsubscribe (RFC 8058)", async () => {
    sink = await startMailSink();
    const notifier = createSmtpNotifier({
      url: sink.url,
      to: "orders@collarise.example",
      from: "website@collarise.example",
      timeoutMs: 5_000,
      links,
    });
    const requestedAt = "2026-11-22T10:15:00.000Z";
    const mail = {
      id: "5a0c2e51-8d7e-4f59-9c1a-2b6d0e4f7a10",
      kind: "newsletter-confirmation",
      subscriberId: "0d6f3a8e-1c2b-4d5e-8f90-a1b2c3d4e5f6",
      email: "reader@example.in",
      confirmNonce: "0123456789abcdef0123456789abcdef",
      unsubscribeNonce: "fedcba9876543210fedcba9876543210",
      requestedAt,
    } as const;
    await notifier.send(mail, neverAborted());
    await notifier.send(
      { ...mail, id: "6b1d3f62-9e8f-4a60-8d2b-3c7e1f5a8b21", kind: "newsletter-welcome", confirmNonce: null },
      neverAborted(),
    );
    // A confirmation request whose address was confirmed before it went out has nothing to ask.
    await notifier.send(
      { ...mail, id: "7c2e4a73-0f9a-4b71-9e3c-4d8f2a6b9c32", confirmNonce: null },
      neverAborted(),
    );
    await notifier.close();

    const [confirmation, welcome] = await sink.waitForMails(2);
    if (!confirmation || !welcome) throw new Error("no mail");
    expect(confirmation.envelopeTo).toStrictEqual(["reader@example.in"]);
    expect(confirmation.parsed.subject).toBe("Please confirm your subscription to the Collarise newsletter");
    const urls = [...(confirmation.parsed.text ?? "").matchAll(/https:\/\/\S+/g)].map(
      (match) => new URL(match[0]),
    );
    expect(urls.map((url) => url.pathname)).toStrictEqual([
      "/api/newsletter/confirm",
      "/api/newsletter/unsubscribe",
    ]);
    const now = new Date("2026-11-23T00:00:00.000Z");
    expect(verifyLink(key, urls[0]!.searchParams.get("token"), "confirm", now)).toStrictEqual({
      ok: true,
      claims: {
        purpose: "confirm",
        subscriberId: mail.subscriberId,
        nonce: mail.confirmNonce,
        // Good for as long as the unconfirmed address is kept.
        expiresAt: new Date("2026-11-29T10:15:00.000Z"),
      },
    });
    expect(verifyLink(key, urls[1]!.searchParams.get("token"), "unsubscribe", now)).toStrictEqual({
      ok: true,
      claims: { purpose: "unsubscribe", subscriberId: mail.subscriberId, nonce: mail.unsubscribeNonce },
    });

    for (const received of [confirmation, welcome]) {
      expect(mailHeader(received.raw, "List-Unsubscribe")).toBe(`<${urls[1]!.href}>`);
      expect(mailHeader(received.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(received.parsed.html).toContain(`href="${urls[1]!.href}"`);
    }
    expect(welcome.parsed.subject).toBe("Welcome to the Collarise newsletter");
    expect(welcome.parsed.text).toContain(urls[1]!.href);
    expect(welcome.parsed.text).not.toContain("/confirm");
    expect(sink.mails).toHaveLength(2);
  });
});
