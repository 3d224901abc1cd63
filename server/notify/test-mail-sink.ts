import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  raw: string;
  parsed: ParsedMail;
  /** The X-Enquiry-Id header the notifier sets. */
  enquiryId: string | undefined;
  envelopeFrom: string | undefined;
  envelopeTo: string[];
}

export interface MailSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Resolves once at least `count` mails have arrived; rejects after `timeoutMs`. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts every message (no TLS, no
 * authentication) and keeps it, parsed with mailparser. Port 0 picks a free port.
 */
export async function startMailSink(port = 0): Promise<MailSink> {
  const mails: ReceivedMail[] = [];
  let notify: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            const header = parsed.headers.get("x-enquiry-id");
            mails.push({
              raw,
              parsed,
              enquiryId: typeof header === "string" ? header : undefined,
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
              envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            });
            for (const listener of notify) listener();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client that goes away mid-message must not fail the test run.
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const actualPort = (server.server.address() as { port: number }).port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    waitForMails(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length < count) return;
          clearTimeout(timer);
          notify = notify.filter((listener) => listener !== check);
          resolve(mails);
        };
        const timer = setTimeout(() => {
          notify = notify.filter((listener) => listener !== check);
          reject(new Error(`Expected ${count} mails within ${timeoutMs} ms, got ${mails.length}`));
        }, timeoutMs);
        notify.push(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port that nothing listens on right now (taken from the system, then released). */
export async function unusedPort(): Promise<number> {
  const { createServer } = await import("node:net");
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
