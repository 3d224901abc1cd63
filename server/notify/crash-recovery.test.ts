import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { writeSiteFixture } from "../../tests/support/test-app";
import { createStore, type Store } from "../store";
import { type MailSink, startMailSink } from "../../tests/support/mail-sink";
import { killServer, type ListeningServer, startServer } from "../../tests/support/server-process";
import { pendingNotifications } from "../../tests/support/store-probe";

/** Enquiries posted before the server is killed: the first part all answered, then the rest. */
const FIRST_PART = 100;
const BURST = 200;
const CONCURRENCY = 8;
/** In the second part, the server is killed once it has answered this many more with 201. */
const KILL_AFTER_MORE = 20;
/** The SMTP notifier's concurrency: at most this many mails can be in flight at the kill. */
const SENDS_IN_FLIGHT_AT_MOST = 4;
/** One delivery attempt's limit; the lease is twice this, so a dead server's claims free up quickly. */
const NOTIFY_TIMEOUT_SECONDS = "3";

let dir: string;
let sink: MailSink;
let store: Store | undefined;
const servers: ListeningServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "collarise-crash-"));
  sink = await startMailSink();
});
afterAll(async () => {
  for (const server of servers) await killServer(server);
  await store?.close();
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});

const enquiry = (n: number) => ({
  Name: `Burst Visitor ${n}`,
  Email: `visitor${n}@example.com`,
  Mobile: String(9_000_000_000 + n),
  Quantity: n,
  RetailerSelfUse: n % 2 === 0 ? "Retailer" : "Self Use",
});

// Two server start-ups, a burst and a lease: about 10 s on an idle 2-core machine.
it(
  "keeps every acknowledged enquiry and mails each once across a SIGKILL mid-burst",
  { timeout: 90_000 },
  async () => {
    const siteDir = await writeSiteFixture(dir);
    const env = {
      SITE_DIR: siteDir,
      DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
      SMTP_URL: sink.url,
      NOTIFY_TO: "orders@collarise.example",
      MAIL_FROM: "website@collarise.example",
      RATE_LIMIT_PER_MINUTE: "100000",
      NOTIFY_TIMEOUT_SECONDS,
    };

    const first = await startServer(env);
    servers.push(first);

    // The burst, from CONCURRENCY clients. The first part is answered in full; once mails are
    // going out for it, the second part follows, and the server is killed (with no chance to
    // finish anything) a few answers into it: mid-burst, with mails still to send.
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    let mailsAtKill = -1;
    let acknowledgedAtKill = -1;
    const post = async (n: number) => {
      const response = await fetch(`${first.baseUrl}/api/enquiries`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(enquiry(n)),
      });
      const body = (await response.json()) as { id?: string };
      if (response.status !== 201 || !body.id) throw new Error(`enquiry ${n} answered ${response.status}`);
      acknowledged.push(body.id);
    };
    const client = (last: number, killAfter?: number) => async () => {
      while (next < last) {
        const n = ++next;
        try {
          await post(n);
        } catch (error) {
          // After the kill, a request gets no answer: it was never acknowledged.
          if (!killed) throw error;
        }
        if (killAfter !== undefined && !killed && acknowledged.length >= killAfter) {
          killed = true;
          acknowledgedAtKill = acknowledged.length;
          first.child.kill("SIGKILL");
          await first.exited;
          // Whatever the killed server had sent has arrived once its connections are gone.
          await sink.idle();
          mailsAtKill = sink.arrivals();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client(FIRST_PART)));
    expect(acknowledged).toHaveLength(FIRST_PART);
    await sink.waitForMails(1);
    await Promise.all(Array.from({ length: CONCURRENCY }, client(BURST, FIRST_PART + KILL_AFTER_MORE)));

    expect(killed, "the server was killed while enquiries were still coming").toBe(true);
    expect(acknowledged.length).toBeLessThan(BURST);
    expect(mailsAtKill, "the killed server had sent some mails").toBeGreaterThan(0);
    expect(mailsAtKill, "the killed server had mails left to send").toBeLessThan(acknowledgedAtKill);
    expect(await first.exited).toMatchObject({ signal: "SIGKILL" });

    // Restarted on the same database, the server sends what the killed one left.
    const second = await startServer(env);
    servers.push(second);
    store = await createStore(env.DATABASE_URL);
    const deadline = Date.now() + 30_000;
    while (pendingNotifications(env.DATABASE_URL) > 0) {
      if (Date.now() > deadline) throw new Error("the restarted server did not empty the outbox in 30 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    second.child.kill("SIGTERM");
    expect(await second.exited).toStrictEqual({ code: 0, signal: null });

    // Every enquiry answered 201 is stored, with its five fields.
    const stored = await store.enquiries.list();
    const storedIds = new Set(stored.map((one) => one.id));
    for (const id of acknowledged)
      expect(storedIds.has(id), `acknowledged enquiry ${id} is stored`).toBe(true);
    expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length);

    // Every stored enquiry (acknowledged or caught by the kill after its commit) was mailed.
    const copies = new Map<string, number[]>();
    const byArrival = [...sink.mails].sort((a, b) => a.arrival - b.arrival);
    for (const mail of byArrival) {
      expect(mail.enquiryId, "every mail names its enquiry").toBeDefined();
      const id = mail.enquiryId ?? "";
      copies.set(id, [...(copies.get(id) ?? []), mail.arrival]);
    }
    for (const id of storedIds) expect(copies.has(id), `stored enquiry ${id} was mailed`).toBe(true);
    for (const id of copies.keys())
      expect(storedIds.has(id), `mail for ${id} is of a stored enquiry`).toBe(true);

    // Each once, with the two exceptions SMTP cannot rule out, both sent with one Message-ID:
    // - a mail the mail server accepted in the instant before the kill, whose "sent" mark
    //   never reached the database, goes again after the restart. Its first copy arrived
    //   before the kill, and there can be no more of them than sends run at once;
    // - a send abandoned at its time limit after the server had taken the message is retried.
    //   The server logs each such attempt as not delivered.
    const failedAttempts = [first, second]
      .flatMap((server) => server.output().stdout.split("\n"))
      .filter((line) => line.includes('"notification not delivered'))
      .map((line) => JSON.parse(line) as { enquiryId: string; err: string });
    const retried = new Set(failedAttempts.map((attempt) => attempt.enquiryId));
    const repeated = [...copies.entries()].filter(([, arrivals]) => arrivals.length > 1);
    const inFlightAtKill = repeated.filter(([id]) => !retried.has(id));
    expect(inFlightAtKill.length).toBeLessThanOrEqual(SENDS_IN_FLIGHT_AT_MOST);
    for (const [id, arrivals] of inFlightAtKill) {
      expect(arrivals, `enquiry ${id} was mailed at most twice`).toHaveLength(2);
      expect(arrivals[0], `the first mail of repeated enquiry ${id} came before the kill`).toBeLessThan(
        mailsAtKill,
      );
      expect(
        arrivals[1],
        `the second mail of repeated enquiry ${id} came after the restart`,
      ).toBeGreaterThanOrEqual(mailsAtKill);
    }
    for (const [id, arrivals] of repeated) {
      const messageIds = new Set(
        arrivals.map((arrival) => byArrival.find((mail) => mail.arrival === arrival)?.parsed.messageId),
      );
      expect(messageIds.size, `every mail of enquiry ${id} carries one Message-ID`).toBe(1);
    }
    console.info(
      `crash test: ${acknowledged.length} acknowledged, ${stored.length} stored, ${sink.mails.length} mails, ` +
        `${mailsAtKill} before the kill, ${repeated.length} sent more than once ` +
        `(${inFlightAtKill.length} in flight at the kill), ${retried.size} with a failed attempt ` +
        JSON.stringify([...new Set(failedAttempts.map((attempt) => attempt.err))]),
    );
  },
);
