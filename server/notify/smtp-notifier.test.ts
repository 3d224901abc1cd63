import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { EnquiryNotification } from "./notifier";
import { createSmtpNotifier } from "./smtp-notifier";
import { type MailSink, startMailSink, unusedPort } from "../../tests/support/mail-sink";

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
    });
    await notifier.send(notification, neverAborted());
    await notifier.close();

    const [mail] = await sink.waitForMails(1);
    if (!mail) throw new Error("no mail");
    const { parsed } = mail;
    expect(mail.envelopeFrom).toBe("website@collarise.example");
    expect(mail.envelopeTo).toStrictEqual(["orders@collarise.example"]);
    expect(parsed.subject).toBe("Order enquiry: 12 × Collarise, Retailer, from Asha <Verma> & Sons");
    expect(parsed.from?.value).toStrictEqual([{ address: "website@collarise.example", name: "" }]);
    expect(parsed.replyTo?.value).toMatchObject([
      { address: "asha.verma@example.in", name: "Asha <Verma> & Sons" },
    ]);
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
      "Order enquiry: 12 × Collarise, Retailer, from Asha Bcc: victim@example.com X-Injected: yes",
    );
  });

  it("fails the attempt when nothing listens on the mail server's port", async () => {
    const port = await unusedPort();
    const notifier = createSmtpNotifier({
      url: `smtp://127.0.0.1:${port}`,
      to: "orders@collarise.example",
      from: "website@collarise.example",
      timeoutMs: 5_000,
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
