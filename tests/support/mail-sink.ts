import type { Socket } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The order in which the message was received in full (0, 1, …), whatever the parsing order. */
  arrival: number;
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
  /** How many messages have been received in full so far. */
  arrivals(): number;
  /**
   * Answers RCPT TO for `address` with `code` (550: refused for good; 450: try again later) from
   * now on; `null` accepts it again. Each refusal is counted in `refusals`.
   */
  refuseRecipient(address: string, code: number | null): void;
  /** Each RCPT TO refused so far, in order: the address and the code it got. */
  refusals: { address: string; code: number }[];
  /** Resolves once at least `count` recipients have been refused; rejects after `timeoutMs`. */
  waitForRefusals(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves when no client is connected and every message received has been parsed. */
  idle(timeoutMs?: number): Promise<void>;
  /** Resolves once at least `count` mails have arrived; rejects after `timeoutMs`. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts every message (no TLS, no
 * authentication) and keeps it, parsed with mailparser. Port 0 picks a free port.
 */
export async function startMailSink({
  port = 0,
  saveTo,
}: {
  port?: number;
  /** Also write each message there as `<arrival>.eml`, for tests in other processes to read. */
  saveTo?: string;
} = {}): Promise<MailSink> {
  const mails: ReceivedMail[] = [];
  const refused = new Map<string, number>();
  const refusals: { address: string; code: number }[] = [];
  let notify: (() => void)[] = [];
  let arrivals = 0;
  let connections = 0;
  let parsing = 0;
  const changed = () => {
    for (const listener of notify) listener();
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      refusals.push({ address: address.address, code });
      changed();
      // As a real server words it, naming the address: what the notifier must never log.
      const error = Object.assign(
        new Error(`${code === 550 ? "5.1.1" : "4.2.1"} <${address.address}>: Recipient address rejected`),
        { responseCode: code },
      );
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      // A message cut off by its client going away is destroyed without "end": not received.
      stream.on("end", () => {
        const arrival = arrivals++;
        parsing += 1;
        const raw = Buffer.concat(chunks).toString("utf8");
        const saved = saveTo ? writeFile(join(saveTo, `${arrival}.eml`), raw) : Promise.resolve();
        Promise.all([simpleParser(raw), saved]).then(
          ([parsed]) => {
            parsing -= 1;
            const header = parsed.headers.get("x-enquiry-id");
            mails.push({
              arrival,
              raw,
              parsed,
              enquiryId: typeof header === "string" ? header : undefined,
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
              envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            });
            changed();
            callback();
          },
          (error: Error) => {
            parsing -= 1;
            changed();
            callback(error);
          },
        );
      });
    },
  });
  // Connections are counted on their sockets, which open and close exactly once each: the SMTP
  // server's own close hook also runs for connections it never greeted, which would count them
  // twice (a client killed mid-handshake left the count below zero).
  server.server.on("connection", (socket: Socket) => {
    connections += 1;
    socket.once("close", () => {
      connections -= 1;
      changed();
    });
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

  const until = (condition: () => boolean, what: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        notify = notify.filter((listener) => listener !== check);
        resolve();
      };
      const timer = setTimeout(() => {
        notify = notify.filter((listener) => listener !== check);
        reject(
          new Error(`Waited ${timeoutMs} ms for ${what}; ${mails.length} mails, ${connections} connections`),
        );
      }, timeoutMs);
      notify.push(check);
      check();
    });

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    refusals,
    refuseRecipient(address, code) {
      if (code === null) refused.delete(address.toLowerCase());
      else refused.set(address.toLowerCase(), code);
    },
    arrivals: () => arrivals,
    waitForRefusals: (count, timeoutMs = 20_000) =>
      until(() => refusals.length >= count, `${count} refusals`, timeoutMs),
    async waitForMails(count, timeoutMs = 20_000) {
      await until(() => mails.length >= count, `${count} mails`, timeoutMs);
      return mails;
    },
    idle: (timeoutMs = 20_000) => until(() => connections === 0 && parsing === 0, "no connection", timeoutMs),
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

/** A header of a raw message as one line (RFC 5322 unfolding), or undefined when it is absent. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const lines = head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
  const prefix = `${name.toLowerCase()}:`;
  const line = lines.find((candidate) => candidate.toLowerCase().startsWith(prefix));
  return line?.slice(prefix.length).trim();
}
