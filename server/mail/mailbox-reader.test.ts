import { afterEach, describe, expect, test } from "vitest";
import {
  ADMIN_API_ROUTES,
  type ActivityEntry,
  enquiryReference,
  UPDATES_SHOWN_MAX,
  type EnquiryDetail,
  type InboxPage,
  type InboxUpdates,
} from "../../domain/console";
import type { Conversation, IncomingMessage } from "../../domain/conversation";
import { textMessages } from "../../domain/enquiry";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { buyerMail, startDovecot, type RunningDovecot } from "../../tests/support/dovecot";
import { mailHeader, startMailSink, type MailSink } from "../../tests/support/mail-sink";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../../tests/support/test-app";
import { parseImapUrl, type ImapSettings } from "./imap-settings";
import { FILED_KEYWORD, readMailboxOnce, SET_ASIDE_KEYWORD } from "./mailbox-reader";
import { OPS_PATHS } from "../ops";

const MAIL_FROM = "sales@collarise.example";
const BUYER = "meera.iyer@mail.example";

let sink: MailSink | undefined;
let dovecot: RunningDovecot | undefined;
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await sink?.close();
  await dovecot?.stop();
  sink = undefined;
  dovecot = undefined;
});

/**
 * The company's server with SMTP going to the test's sink and IMAP_URL reading the test's own
 * Dovecot; `databaseUrl` shares another instance's store. The reader runs when a test asks it to.
 */
async function companyServer(databaseUrl?: string, env: Record<string, string> = {}): Promise<TestApp> {
  sink ??= await startMailSink();
  dovecot ??= await startDovecot();
  const app = await buildTestApp(
    {
      LOG_LEVEL: "silent",
      SMTP_URL: sink.url,
      NOTIFY_TO: "orders@collarise.example",
      MAIL_FROM,
      ACKNOWLEDGE_VISITORS: "true",
      IMAP_URL: dovecot.imapUrl,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    { outbox: { pollIntervalMs: 50 } },
  );
  apps.push(app);
  return app;
}

/**
 * A Hindi buyer's enquiry, acknowledged, owned by Priya, and answered by her from the console:
 * what every test here starts from.
 */
async function repliedEnquiry(server: TestApp) {
  const { app } = server;
  const response = await app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload: {
      Name: "Meera Iyer",
      Email: BUYER,
      Mobile: "9876501234",
      Quantity: 60,
      RetailerSelfUse: "Retailer",
      lang: "hi",
    },
  });
  expect(response.statusCode).toBe(201);
  const { id } = response.json<{ id: string }>();
  const priya = await addStaff(app, "priya@example.com", "member");
  await addStaff(app, "aman@example.com", "member");
  await app.store.work.setOwner(id, { ownerId: priya.id, staffEmail: "owner@example.com", at: new Date() });
  const cookie = await signIn(app, "priya@example.com");
  await waitForEmptyOutbox(server);
  const acknowledgement = sink!.mails.find(
    (mail) => mail.envelopeTo.includes(BUYER) && mail.enquiryId === id,
  );
  if (!acknowledgement) throw new Error("the buyer was not acknowledged");

  const conversation = (
    await consoleRequest(app, cookie, "GET", `/enquiries/${id}/conversation`)
  ).json<Conversation>();
  const sent = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/replies`, {
    subject: conversation.reply.subject,
    text: "नमस्ते मीरा जी,\n60 सैशे की क़ीमत ₹72,000 है। डिलीवरी तीन दिन में।",
  });
  expect(sent.statusCode).toBe(200);
  await waitForEmptyOutbox(server);
  const reply = sink!.mails.find((mail) => mail.envelopeTo.includes(BUYER) && mail.raw.includes("<reply-"));
  if (!reply) throw new Error("the reply did not reach the buyer");
  return { id, cookie, priya, acknowledgement, reply, suggestedSubject: conversation.reply.subject };
}

const conversationOf = async (server: TestApp, cookie: string, id: string) =>
  (await consoleRequest(server.app, cookie, "GET", `/enquiries/${id}/conversation`)).json<Conversation>();

describe("replies from the console, and the buyer's answers from the company's mailbox", () => {
  test("a reply reaches the buyer from the company's address, in Hindi, threaded under the acknowledgement, and counts as contact", async () => {
    const server = await companyServer();
    const { id, cookie, acknowledgement, reply, suggestedSubject } = await repliedEnquiry(server);
    const reference = enquiryReference(id);

    const ackId = mailHeader(acknowledgement.raw, "message-id");
    expect(ackId).toMatch(/^<acknowledgement-[0-9a-f-]{36}@collarise\.example>$/);
    expect(reply.envelopeTo).toEqual([BUYER]);
    expect(reply.parsed.from?.value).toEqual([{ address: MAIL_FROM, name: "" }]);
    expect(mailHeader(reply.raw, "in-reply-to")).toBe(ackId);
    expect(mailHeader(reply.raw, "references")).toBe(ackId);
    expect(suggestedSubject).toBe(`Re: Collarise: आपकी पूछताछ मिल गई (संदर्भ ${reference})`);
    expect(reply.parsed.subject).toBe(suggestedSubject);
    expect(reply.parsed.text).toContain("60 सैशे की क़ीमत ₹72,000 है।");
    expect(reply.parsed.text).toContain(`आपकी पूछताछ का संदर्भ नंबर ${reference} है।`);

    const conversation = await conversationOf(server, cookie, id);
    expect(conversation.messages).toEqual([
      expect.objectContaining({
        direction: "out",
        staffEmail: "priya@example.com",
        messageId: mailHeader(reply.raw, "message-id"),
        delivery: expect.objectContaining({ state: "sent", attempts: 1 }),
      }),
    ]);
    const detail = (
      await consoleRequest(server.app, cookie, "GET", `/enquiries/${id}`)
    ).json<EnquiryDetail>();
    expect(detail.history).toContainEqual(
      expect.objectContaining({ kind: "contact", text: "email", staffEmail: "priya@example.com" }),
    );
  });

  test("a reply with bad input is refused with a clear message and changes nothing; nobody else can be its recipient", async () => {
    const server = await companyServer();
    const { id, cookie } = await repliedEnquiry(server);
    const before = (await conversationOf(server, cookie, id)).messages.length;
    const post = (body: Record<string, unknown>) =>
      consoleRequest(server.app, cookie, "POST", `/enquiries/${id}/replies`, body);

    const refusals = [
      [await post({ subject: "Price", text: "   " }), "Write the reply first."],
      [await post({ subject: "Price\r\nBcc: everyone@mail.example", text: "Hello" }), textMessages.control],
      [await post({ subject: "Price \u202Eevil", text: "Hello" }), "The subject must be one line of text"],
      [
        await post({ subject: "Price", text: "x".repeat(10_001) }),
        "A reply may be at most 10,000 characters.",
      ],
      [
        await post({ subject: "Price", text: "Hello", to: "someone@else.example" }),
        "A reply takes a subject and a text only",
      ],
      [
        await post({ subject: "Price", text: "Hello", cc: ["x@else.example"] }),
        "A reply takes a subject and a text only",
      ],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(message);
    }
    const unknown = await consoleRequest(server.app, cookie, "POST", `/enquiries/nope/replies`, {
      subject: "Price",
      text: "Hello",
    });
    expect(unknown.statusCode).toBe(404);
    expect((await conversationOf(server, cookie, id)).messages).toHaveLength(before);
  });

  test("the buyer's answer appears on the enquiry, unread, and its owner is alerted; a stranger's mail and unrelated mail are left as they were", async () => {
    const server = await companyServer();
    const { id, cookie, priya, reply } = await repliedEnquiry(server);
    const reference = enquiryReference(id);
    const replyId = mailHeader(reply.raw, "message-id") as string;

    const answer = [
      "MIME-Version: 1.0",
      `From: Meera Iyer <${BUYER}>`,
      `To: ${MAIL_FROM}`,
      `Subject: Re: ${reply.parsed.subject}`,
      "Message-ID: <meera-1@mail.example>",
      `In-Reply-To: ${replyId}`,
      `References: ${mailHeader(reply.raw, "references")} ${replyId}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from(
        `ठीक है, 60 सैशे भेज दीजिए। GST बिल चाहिए।\n\nOn Fri, 20 Nov 2026 at 10:00, Collarise <${MAIL_FROM}> wrote:\n> नमस्ते मीरा जी,\n`,
      ).toString("base64"),
      "--b1",
      'Content-Type: application/pdf; name="gst.pdf"',
      'Content-Disposition: attachment; filename="gst.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("%PDF-1.4 a certificate").toString("base64"),
      "--b1--",
      "",
    ].join("\r\n");
    const stranger = buyerMail(
      {
        From: "someone@elsewhere.example",
        To: MAIL_FROM,
        Subject: `About enquiry ${reference}: cancel it`,
        "Message-ID": "<stranger@elsewhere.example>",
      },
      "Cancel this order.",
    );
    const unrelated = buyerMail(
      {
        From: "news@supplier.example",
        To: MAIL_FROM,
        Subject: "Our spring catalogue",
        "Message-ID": "<catalogue@supplier.example>",
      },
      "New packaging for sachets.",
    );
    const uids = await dovecot!.deliverMany([stranger, unrelated, answer]);
    // One the company's people already read in their mail program: it stays read, and nothing more.
    await dovecot!.deliver(
      buyerMail(
        { From: "bank@bank.example", To: MAIL_FROM, Subject: "Statement", "Message-ID": "<s@bank.example>" },
        "Hi",
      ),
      ["\\Seen", "\\Flagged"],
    );
    const before = await dovecot!.list();

    const readFrom = Date.now();
    expect(await server.app.conversation.mailbox!.runOnce()).toBeUndefined();
    // What an operator's scrape shows of it: the read, its time, and the one answer stored.
    const scraped = (await server.app.inject({ method: "GET", url: OPS_PATHS.metrics })).body;
    const figure = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(scraped)?.[1]);
    expect(figure("collarise_mailbox_answers_stored_total")).toBe(1);
    expect(figure("collarise_mailbox_last_read_timestamp_seconds") * 1000).toBeGreaterThanOrEqual(
      readFrom - 1000,
    );
    expect(figure("collarise_mailbox_read_interval_seconds")).toBe(60);
    const messages = (await conversationOf(server, cookie, id)).messages;
    expect(messages.map((message) => message.direction)).toEqual(["out", "in"]);
    expect(messages[1]).toMatchObject({
      direction: "in",
      from: BUYER,
      messageId: "<meera-1@mail.example>",
      inReplyTo: replyId,
      text: "ठीक है, 60 सैशे भेज दीजिए। GST बिल चाहिए।",
      quoteTrimmed: true,
      attachments: 1,
      unread: true,
    } satisfies Partial<IncomingMessage>);

    // Priya owns it: she is alerted by mail, with a link to the enquiry.
    await waitForEmptyOutbox(server);
    const alerts = sink!.mails.filter(
      (mail) => mail.envelopeTo.includes("priya@example.com") && mail.parsed.subject?.includes("answered"),
    );
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert?.parsed.subject).toMatch(new RegExp(`^\\[${reference}\\] The buyer answered: `));
    expect(alert?.parsed.text).toContain(`/admin/enquiries/${id}`);
    // It quotes the answer (without the quoted reply beneath it), and answering it writes to the
    // mailbox the console reads, never to the buyer.
    expect(alert?.parsed.text).toContain("They wrote:\n> ठीक है, 60 सैशे भेज दीजिए। GST बिल चाहिए।\n");
    expect(alert?.parsed.html).toContain("ठीक है, 60 सैशे भेज दीजिए। GST बिल चाहिए।");
    expect(alert?.parsed.replyTo?.value).toEqual([{ address: MAIL_FROM, name: "" }]);

    // Only the answer was given the keyword; every other mail's flags are as they were.
    const after = await dovecot!.list();
    const answerUid = uids[2];
    expect(after.find((mail) => mail.uid === answerUid)?.flags).toEqual(
      [...(before.find((mail) => mail.uid === answerUid)?.flags ?? []), FILED_KEYWORD].sort(),
    );
    expect(after.find((mail) => mail.uid === answerUid)?.flags).not.toContain("\\Seen");
    expect(after.filter((mail) => mail.uid !== answerUid)).toEqual(
      before.filter((mail) => mail.uid !== answerUid),
    );

    // The inbox marks it, in the listing and in the team's views.
    const unreadInInbox = async (query = "") =>
      (await consoleRequest(server.app, cookie, "GET", `${ADMIN_API_ROUTES.enquiries}${query}`))
        .json<InboxPage>()
        .items.find((item) => item.id === id)?.unreadAnswers;
    expect(await unreadInInbox()).toBe(1);
    expect(await unreadInInbox("?view=mine")).toBe(1);
    // An inbox left open hears of it with its next poll, for the enquiries it lists.
    const polled = async (shown: string) =>
      await consoleRequest(server.app, cookie, "GET", `${ADMIN_API_ROUTES.enquiryUpdates}?shown=${shown}`);
    expect((await polled(`${id},no-such-enquiry`)).json<InboxUpdates>().unreadAnswers).toEqual({ [id]: 1 });
    expect((await polled("")).json<InboxUpdates>().unreadAnswers).toEqual({});
    const tooMany = Array.from({ length: UPDATES_SHOWN_MAX + 1 }, (_, n) => `id-${n}`).join(",");
    expect((await polled(tooMany)).statusCode).toBe(400);
    expect((await polled("x".repeat(UPDATES_SHOWN_MAX * 65 + 1))).statusCode).toBe(400);

    // Another member opening it leaves it unread for Priya; her opening it reads it.
    await addStaff(server.app, "owner@example.com", "owner");
    const other = await signIn(server.app, "aman@example.com");
    await consoleRequest(server.app, other, "POST", `/enquiries/${id}/conversation/read`);
    expect(((await conversationOf(server, cookie, id)).messages[1] as IncomingMessage).unread).toBe(true);
    expect(await unreadInInbox()).toBe(1);
    const read = await consoleRequest(server.app, cookie, "POST", `/enquiries/${id}/conversation/read`);
    expect((read.json<Conversation>().messages[1] as IncomingMessage).unread).toBe(false);
    expect(await unreadInInbox()).toBe(0);
    expect((await polled(id)).json<InboxUpdates>().unreadAnswers).toEqual({});
    expect(priya.id).toBeTruthy();

    // Read again (a restart, the next poll): nothing new, nothing twice.
    await server.app.conversation.mailbox!.runOnce();
    expect((await conversationOf(server, cookie, id)).messages).toHaveLength(2);
  });

  test("an answer that lost its thread is found by the reference in its subject, from the buyer's own mailbox", async () => {
    const server = await companyServer();
    const { id, cookie } = await repliedEnquiry(server);
    await dovecot!.deliver(
      buyerMail(
        {
          From: "Meera.Iyer@Mail.example",
          To: MAIL_FROM,
          Subject: `Order ${enquiryReference(id)} — please call`,
          "Message-ID": "<no-thread@mail.example>",
        },
        "Please call me after 5 pm.",
      ),
    );
    await server.app.conversation.mailbox!.runOnce();
    expect((await conversationOf(server, cookie, id)).messages.at(-1)).toMatchObject({
      direction: "in",
      text: "Please call me after 5 pm.",
      from: "Meera.Iyer@Mail.example",
    });
  });

  test("two instances read the mailbox at once and store each answer once", async () => {
    const first = await companyServer();
    const { id, cookie, reply } = await repliedEnquiry(first);
    const second = await companyServer(first.databaseUrl);
    const replyId = mailHeader(reply.raw, "message-id") as string;
    await dovecot!.deliverMany(
      Array.from({ length: 5 }, (_, index) =>
        buyerMail(
          {
            From: BUYER,
            To: MAIL_FROM,
            Subject: `Re: ${reply.parsed.subject}`,
            "Message-ID": `<meera-${index}@mail.example>`,
            "In-Reply-To": replyId,
          },
          `Answer ${index}`,
        ),
      ),
    );

    // With the reader's lease: one instance reads, the other finds it taken.
    await Promise.all([
      first.app.conversation.mailbox!.runOnce(),
      second.app.conversation.mailbox!.runOnce(),
    ]);
    const answers = () =>
      conversationOf(first, cookie, id).then((conversation) =>
        conversation.messages
          .filter((message) => message.direction === "in")
          .map((message) => message.messageId),
      );
    expect((await answers()).sort()).toEqual(
      Array.from({ length: 5 }, (_, index) => `<meera-${index}@mail.example>`),
    );

    // Without it (a lease run out mid-read): both read every mail from the start; each answer is
    // still stored once. Each reader starts from a position of its own, so that both read all five
    // however their reads interleave (with one position, the later could start where the first ended).
    const settings = parseImapUrl(dovecot!.imapUrl) as ImapSettings;
    const reports = await Promise.all(
      [first, second].map((server, index) =>
        readMailboxOnce({
          settings: { ...settings, key: `${settings.key}#again-${index}` },
          store: server.app.store,
          companyAddress: MAIL_FROM,
        }),
      ),
    );
    expect(reports.map((report) => report.stored + report.duplicates)).toEqual([5, 5]);
    expect(reports[0]!.stored + reports[1]!.stored).toBe(0);
    expect(await answers()).toHaveLength(5);
  });

  test("the reader parses each answer on the parser's thread under its limits: past the time limit an answer is set aside as slow, not stored", async () => {
    const server = await companyServer();
    const { id, cookie, reply } = await repliedEnquiry(server);
    const replyId = mailHeader(reply.raw, "message-id") as string;
    // An order form as a PDF: far more to decode than 1 ms allows on any machine.
    const attachment = Buffer.alloc(150_000, 7).toString("base64").replace(/.{76}/g, "$&\r\n");
    const [slowUid] = await dovecot!.deliverMany([
      buyerMail(
        {
          From: BUYER,
          To: MAIL_FROM,
          Subject: `Re: ${reply.parsed.subject}`,
          "Message-ID": "<slow@mail.example>",
          "In-Reply-To": replyId,
          "Content-Type": 'multipart/mixed; boundary="p"',
        },
        `--p\r\nContent-Type: text/plain\r\n\r\nSixty sachets, please.\r\n--p\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}\r\n--p--`,
      ),
    ]);
    const settings = parseImapUrl(dovecot!.imapUrl) as ImapSettings;
    // 1 ms is below what any parse takes: only a parse on a thread of its own can be ended at it.
    const report = await readMailboxOnce({
      settings,
      store: server.app.store,
      companyAddress: MAIL_FROM,
      parseLimits: { timeLimitMs: 1 },
    });
    expect(report).toMatchObject({ stored: 0, setAside: { slow: 1 } });
    const flags = new Map((await dovecot!.list()).map((mail) => [mail.uid, mail.flags]));
    expect(flags.get(slowUid as number)).toContain(SET_ASIDE_KEYWORD);
    expect(
      (await conversationOf(server, cookie, id)).messages.filter((message) => message.direction === "in"),
    ).toEqual([]);
  });

  test("a forged From carrying the buyer's reference is filed as not verified; only the receiving server's own DMARC pass makes it the buyer's", async () => {
    const server = await companyServer(undefined, { IMAP_AUTHSERV_ID: "mx.collarise.example" });
    const { id, cookie } = await repliedEnquiry(server);
    const byReference = (messageId: string, text: string, authentication?: string) =>
      buyerMail(
        {
          ...(authentication ? { "Authentication-Results": authentication } : {}),
          From: BUYER,
          To: MAIL_FROM,
          Subject: `Cancel order ${enquiryReference(id)}`,
          "Message-ID": `<${messageId}@mail.example>`,
        },
        text,
      );
    await dovecot!.deliverMany([
      // Anyone can write the buyer's address in From: nothing vouches for this one.
      byReference("forged", "Cancel my order and refund to account 1234."),
      // The company's receiving server says DMARC passed for mail.example.
      byReference(
        "vouched",
        "Please send 60 sachets.",
        "mx.collarise.example; spf=pass smtp.mailfrom=mail.example; dmarc=pass (p=REJECT) header.from=mail.example",
      ),
      // A result the sender wrote in, claiming another server's name, is not read.
      byReference(
        "self-vouched",
        "Refund to account 5678.",
        "mx.google.com; dmarc=pass header.from=mail.example",
      ),
    ]);
    await server.app.conversation.mailbox!.runOnce();

    const answers = (await conversationOf(server, cookie, id)).messages.filter(
      (message): message is IncomingMessage => message.direction === "in",
    );
    expect(answers.map(({ messageId, verified }) => [messageId, verified])).toEqual([
      ["<forged@mail.example>", false],
      ["<vouched@mail.example>", true],
      ["<self-vouched@mail.example>", false],
    ]);
  });

  test("a flood of answers past the day's cap is set aside in the mailbox, recorded with why, and its owner is mailed twice in all", async () => {
    const server = await companyServer();
    const { id, cookie, reply } = await repliedEnquiry(server);
    const replyId = mailHeader(reply.raw, "message-id") as string;
    const uids = await dovecot!.deliverMany(
      Array.from({ length: 25 }, (_, index) =>
        buyerMail(
          {
            From: BUYER,
            To: MAIL_FROM,
            Subject: `Re: ${reply.parsed.subject}`,
            "Message-ID": `<flood-${index}@mail.example>`,
            "In-Reply-To": replyId,
          },
          `${"Answer ".repeat(2_000)}${index}`,
        ),
      ),
    );
    await server.app.conversation.mailbox!.runOnce();

    const flags = new Map((await dovecot!.list()).map((mail) => [mail.uid, mail.flags]));
    const filed = uids.filter((uid) => flags.get(uid)?.includes(FILED_KEYWORD));
    const setAside = uids.filter((uid) => flags.get(uid)?.includes(SET_ASIDE_KEYWORD));
    expect(filed).toEqual(uids.slice(0, 20));
    expect(setAside).toEqual(uids.slice(20));
    expect(
      (await conversationOf(server, cookie, id)).messages.filter((message) => message.direction === "in"),
    ).toHaveLength(20);

    // The owners' activity log says which enquiry, why and which mail; never the mail's words or sender.
    await addStaff(server.app, "owner@example.com", "owner");
    const owner = await signIn(server.app, "owner@example.com");
    const activity = (
      await consoleRequest(server.app, owner, "GET", `${ADMIN_API_ROUTES.activity}?limit=100`)
    ).json<{ items: ActivityEntry[] }>().items;
    const recorded = activity.filter((entry) => entry.action === "mail-set-aside");
    expect(recorded.map((entry) => entry.target).sort()).toEqual(
      setAside.map((uid) => `${enquiryReference(id)}: daily-cap, mailbox UID ${uid}`).sort(),
    );
    expect(JSON.stringify(recorded)).not.toContain(BUYER);

    // Priya, who owns it, is mailed once for the answers and once for what was set aside.
    await waitForEmptyOutbox(server);
    const toPriya = sink!.mails.filter(
      (mail) =>
        mail.envelopeTo.includes("priya@example.com") &&
        mail.enquiryId === id &&
        !mail.parsed.subject?.includes("Handed to you"),
    );
    expect(toPriya.map((mail) => mail.parsed.subject?.replace(/: .*/, ""))).toEqual([
      `[${enquiryReference(id)}] The buyer answered`,
      `[${enquiryReference(id)}] Answers set aside in the mailbox`,
    ]);
    const scraped = (await server.app.inject({ method: "GET", url: OPS_PATHS.metrics })).body;
    expect(scraped).toContain('collarise_mailbox_answers_set_aside_total{reason="daily-cap"} 5');
  });
});
