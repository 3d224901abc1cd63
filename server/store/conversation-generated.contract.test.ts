import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { seeded } from "../../tests/support/seeded";
import { enquiryReference } from "../../domain/console";
import type { ConversationMessage } from "../../domain/conversation";
import type { Enquiry } from "../../domain/enquiry";
import { INBOX_VIEWS } from "../../domain/team";
import type { WhatsAppStatusName } from "../../domain/whatsapp";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { inboxFilterOf } from "../lifecycle/inbox-listing";
import { fileWhatsAppMessages, recordWhatsAppStatuses } from "../whatsapp/filing";
import type { InboundWhatsAppMessage } from "../whatsapp/webhook-payload";
import type { AnswerToStore } from "./conversations";
import { statusCounts } from "./enquiry-work";
import type { PendingNotification, Store, WhatsAppPayload } from "./store";

// Enquiries are stamped with the clock the test sets (the event clock would otherwise keep every
// stamp after the last one this process made, whatever the clock says).
vi.mock("./event-clock", () => ({ eventTime: () => new Date() }));

/**
 * A day of enquiries' conversations as a seeded generator makes it, run on a fresh store of each
 * kind: buyers' WhatsApp messages and mails arriving late and out of order, delivered again,
 * flooding past the day's cap; members' replies by mail and WhatsApp (free text and templates,
 * the same click twice, refused by STOP, the window or a missing address); Meta's statuses
 * repeated, out of order or for no message of ours; answers read; the outbox sending, failing and
 * giving up; the mailbox reader's position; owners and statuses changed. Every answer and the
 * whole state a person can see after it, made store-neutral (ids become names), must be the same
 * on both stores.
 */

const OWNER = "owner@example.com";
const ASHA = "asha@example.com";
const BILAL = "bilal@example.com";
const MEMBERS = [OWNER, ASHA, BILAL] as const;
type Member = (typeof MEMBERS)[number];

const DOMAIN = "collarise.example";
const MAILBOXES = [
  "sales@collarise.example@imap.example:993/INBOX",
  "sales@collarise.example@imap.example:993/Spam",
];
/** Every notification is due by then. */
const LATER = new Date("2099-01-01T00:00:00Z");
const START = new Date("2026-03-10T10:00:00+05:30");

/** The buyers: some write on the form (with an address, some ticking the WhatsApp box), some only on WhatsApp. */
const BUYERS = [
  { name: "Form One", mobile: "9810000001", email: "one@mail.example", consent: true },
  { name: "Form Two", mobile: "9810000002", email: "two@mail.example", consent: false },
  { name: "Form Three", mobile: "9810000003", email: "three@mail.example", consent: true },
  { name: "Chat One", mobile: "9820000001", email: null, consent: false },
  { name: "Chat Two", mobile: "9820000002", email: null, consent: false },
] as const;
type Buyer = (typeof BUYERS)[number];

const WHATSAPP_TEXTS = ["Price for 60?", "Is it in stock?", "ok", "STOP", "Start", "Send to Pune"];
const MAIL_TEXTS = ["Yes, 60 sachets please.", "What about delivery?", "Thanks"];

interface Team {
  ids: Record<Member, string>;
}

async function teamOf(store: Store): Promise<Team> {
  const add = (email: string) =>
    store.staff.add({ email, role: email === OWNER ? "owner" : "member", passwordHash: "h" });
  const ids = {} as Record<Member, string>;
  for (const email of MEMBERS) ids[email] = (await add(email)).id;
  await store.team.setAssignmentRule({ kind: "turns", members: [ids[ASHA], ids[BILAL]] });
  return { ids };
}

const CHANGES = [
  "form",
  "whatsapp-in",
  "whatsapp-in",
  "whatsapp-in",
  "mail-in",
  "mail-in",
  "reply",
  "reply",
  "whatsapp-out",
  "whatsapp-out",
  "status",
  "status",
  "read",
  "outbox",
  "position",
  "owner",
  "close",
] as const;

/** What a day leaves to observe with: its answers and the names of what it made. */
interface Day {
  answers: string[];
  /** Ids the stores made, by the names the day gave them. */
  names: Map<string, string>;
  enquiries: { id: string; name: string }[];
  /** Every Message-ID and WhatsApp id the day used, ours and the buyers'. */
  messageIds: Set<string>;
  /** The acknowledgements' notification ids the outbox met. */
  acknowledgements: Set<string>;
  end: Date;
}

/** A notification as the outbox worker sees it, its own id aside; ids are named later. */
function describeNotification(notification: PendingNotification): string {
  const { id: _id, ...rest } = notification;
  return JSON.stringify(rest);
}

async function generatedDay(seed: number, steps: number, store: Store, team: Team): Promise<Day> {
  const random = seeded(seed);
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const answers: string[] = [];
  const names = new Map<string, string>(Object.entries(team.ids).map(([email, id]) => [id, email]));
  const enquiries: { id: string; name: string; buyer: Buyer }[] = [];
  const messageIds = new Set<string>();
  const acknowledgements = new Set<string>();
  const wamids: { wamid: string; buyer: Buyer; message: InboundWhatsAppMessage }[] = [];
  const mails: AnswerToStore[] = [];
  const outgoing: { id: string; messageId: string; channel: "email" | "whatsapp" }[] = [];
  const clicks: string[] = [];
  let count = 0;
  let minute = 0;
  let at = START;

  const nameEnquiry = (id: string, buyer: Buyer) => {
    if (names.has(id)) return;
    const name = `${buyer.name} #${enquiries.filter((each) => each.buyer === buyer).length + 1}`;
    names.set(id, name);
    enquiries.push({ id, name, buyer });
  };
  /** A time `back` minutes before now, its milliseconds unique to this step and item: no two messages tie. */
  const earlier = (step: number, back: number, item = 0) =>
    new Date(at.getTime() - back * 60_000 + 1 + step * 50 + item);
  const version = async (id: string) => {
    const kept = (await store.enquiryWork.get(id))?.version ?? 0;
    return chance(0.15) ? Math.max(0, kept - 1) : kept;
  };
  const unknownOr = (id: string | undefined, p = 0.08) =>
    id === undefined || chance(p) ? "no-such-enquiry" : id;

  for (let step = 0; step < steps; step++) {
    minute += 1 + Math.floor(random() * 3);
    at = new Date(START.getTime() + minute * 60_000);
    vi.setSystemTime(at);
    const by = pick(MEMBERS);
    const change = enquiries.length < 2 ? (step % 2 === 0 ? "form" : "whatsapp-in") : pick(CHANGES);
    const target = enquiries.length > 0 ? pick(enquiries) : undefined;
    let answer: unknown;
    try {
      if (change === "form") {
        const buyer = pick(BUYERS.filter((each) => each.email !== null));
        const enquiry: Enquiry = {
          Name: buyer.name,
          Email: buyer.email,
          Mobile: buyer.mobile,
          Quantity: 12,
          RetailerSelfUse: "Self Use",
        };
        const stored = await store.enquiries.add(enquiry, {
          acknowledge: true,
          ...(buyer.consent ? { whatsappConsent: true } : {}),
        });
        nameEnquiry(stored.id, buyer);
        answer = names.get(stored.id);
      } else if (change === "whatsapp-in") {
        // A new message, or one Meta delivers again; sent a while ago, now and then a day and more.
        const again = wamids.length > 0 && chance(0.25);
        // A batch is one buyer's: enquiries it opens are received at the time of their webhook,
        // and two buyers' opened at once would tie in the inbox's order.
        const batch: InboundWhatsAppMessage[] = [];
        const buyer = pick(BUYERS);
        for (let item = 0; item < (chance(0.2) ? 3 : 1); item++) {
          if (again) {
            batch.push(pick(wamids).message);
            continue;
          }
          const back = chance(0.1) ? 26 * 60 + Math.floor(random() * 600) : Math.floor(random() * 90);
          const text = chance(0.85)
            ? pick(WHATSAPP_TEXTS.filter((each) => !/stop|start/i.test(each)))
            : pick(WHATSAPP_TEXTS);
          const message: InboundWhatsAppMessage = {
            wamid: `wamid.${seed}.${++count}`,
            from: `91${buyer.mobile}`,
            mobile: buyer.mobile,
            profileName: `${buyer.name} ji`,
            sentAt: earlier(step, back, item).toISOString(),
            text,
            truncated: false,
            inReplyTo: null,
          };
          wamids.push({ wamid: message.wamid, buyer, message });
          messageIds.add(message.wamid);
          batch.push(message);
        }
        const filed = await fileWhatsAppMessages(store, batch, at);
        filed.forEach((each, index) => {
          const buyer = wamids.find((one) => one.wamid === batch[index]!.wamid)!.buyer;
          if (each.opened) nameEnquiry(each.enquiryId, buyer);
        });
        answer = filed;
      } else if (change === "mail-in") {
        // The reader's mail: new (one, or a flood), one read again by another reader, on an
        // enquiry with an address, without one, or none; some read late, stamped earlier.
        const flood = chance(0.12) ? 5 + Math.floor(random() * 6) : 1;
        const batch: AnswerToStore[] = [];
        for (let item = 0; item < flood; item++) {
          if (mails.length > 0 && chance(0.2)) {
            batch.push(pick(mails));
            continue;
          }
          const replied = outgoing.filter((each) => each.channel === "email");
          const inReplyTo = replied.length > 0 && chance(0.6) ? pick(replied).messageId : null;
          const messageId = `<answer-${seed}-${++count}@mail.example>`;
          const mail: AnswerToStore = {
            enquiryId: unknownOr(target?.id),
            messageId,
            inReplyTo,
            references: inReplyTo ? [inReplyTo] : [],
            from: target?.buyer.email ?? "someone@mail.example",
            subject: "Re: Your enquiry",
            text: pick(MAIL_TEXTS),
            at: earlier(step, chance(0.3) ? Math.floor(random() * 40) : 0, item),
            attachments: Math.floor(random() * 2),
            truncated: chance(0.1),
            quoteTrimmed: chance(0.5),
            verified: chance(0.8),
          };
          mails.push(mail);
          messageIds.add(messageId);
          batch.push(mail);
        }
        answer = await store.work.addAnswers(batch);
      } else if (change === "reply") {
        const reply = await store.work.reply(unknownOr(target?.id), {
          subject: "Re: Your enquiry for Collarise",
          text: `Reply ${step}`,
          staffEmail: by,
          at,
          messageIdDomain: DOMAIN,
        });
        if (reply) {
          names.set(reply.message.id, `reply at step ${step}`);
          outgoing.push({ id: reply.message.id, messageId: reply.message.messageId, channel: "email" });
          messageIds.add(reply.message.messageId);
        }
        answer = reply?.message ?? null;
      } else if (change === "whatsapp-out") {
        // A click again (a double click, a second instance) is queued once.
        const clickKey =
          clicks.length > 0 && chance(0.2)
            ? pick(clicks)
            : `00000000-0000-4000-8000-${String(++count).padStart(12, "0")}`;
        clicks.push(clickKey);
        const payload: WhatsAppPayload = chance(0.5)
          ? { type: "text", text: `WhatsApp ${step}` }
          : {
              type: "template",
              template: {
                name: pick(["enquiry_follow_up", "order_followup"]),
                language: pick(["en", "hi"]),
                bodyParameters: [target?.buyer.name ?? "", `${step} sachets`],
              },
            };
        const reply = await store.work.reply(unknownOr(target?.id), {
          subject: "",
          text: payload.type === "text" ? payload.text : `Template ${payload.template.name} at ${step}`,
          staffEmail: by,
          at,
          messageIdDomain: DOMAIN,
          whatsapp: { payload, clickKey },
        });
        if (reply) {
          names.set(reply.message.id, `whatsapp at step ${step}`);
          outgoing.push({ id: reply.message.id, messageId: reply.message.messageId, channel: "whatsapp" });
          messageIds.add(reply.message.messageId);
        }
        answer = reply?.message ?? null;
      } else if (change === "status") {
        // Meta's callbacks: for our WhatsApp messages mostly, repeated and out of order; now and
        // then for a mail of ours, one without our reference, or a message not (yet) ours.
        const statuses = [];
        for (let item = 0; item < 1 + Math.floor(random() * 3); item++) {
          const status: WhatsAppStatusName = pick(["sent", "delivered", "read", "failed"]);
          const whatsapp = outgoing.filter((each) => each.channel === "whatsapp");
          const reference =
            whatsapp.length > 0 && chance(0.8)
              ? pick(whatsapp).id
              : pick([outgoing[0]?.id ?? null, null, `not-yet-${step}`]);
          statuses.push({
            wamid: `wamid.out.${step}.${item}`,
            status,
            at: new Date(at.getTime() + item * 1_000).toISOString(),
            error: status === "failed" ? { code: 131026, title: "Message undeliverable" } : null,
            reference,
          });
        }
        answer = { recorded: await recordWhatsAppStatuses(store, statuses), statuses };
      } else if (change === "read") {
        answer = await store.conversations.markRead(unknownOr(target?.id, 0.05));
      } else if (change === "outbox") {
        const claimed = await store.enquiries.claimDueNotifications({
          worker: "outbox",
          now: at,
          limit: 200,
          leaseMs: 30_000,
        });
        // Each in a store-neutral order, so that both stores draw the same fate for each.
        const described = claimed
          .map((notification) => ({ notification, text: named(describeNotification(notification), names) }))
          .sort((a, b) => a.text.localeCompare(b.text));
        const fates: string[] = [];
        for (const { notification } of described) {
          if (notification.kind === "acknowledgement") {
            names.set(notification.id, `acknowledgement of ${names.get(notification.enquiryId)}`);
            acknowledgements.add(notification.id);
          }
          const fate =
            notification.kind === "reply" || notification.kind === "whatsapp"
              ? pick(["sent", "sent", "failed", "failed", "undeliverable", "left"] as const)
              : "sent";
          if (fate === "sent") await store.enquiries.markNotificationSent(notification.id, "outbox");
          if (fate === "failed")
            await store.enquiries.markNotificationFailed(
              notification.id,
              "outbox",
              "421 try later",
              new Date(at.getTime() + 3 * 60_000),
            );
          if (fate === "undeliverable")
            await store.enquiries.markNotificationUndeliverable(
              notification.id,
              "outbox",
              "550 no such user",
              at,
            );
          fates.push(`${notification.kind} ${fate}`);
        }
        answer = { claimed: described.map((each) => each.text), fates };
      } else if (change === "position") {
        const mailbox = pick(MAILBOXES);
        await store.conversations.saveMailboxPosition(
          mailbox,
          { uidValidity: pick(["1795758746", "2000000000"]), lastUid: Math.floor(random() * 60) },
          at,
        );
        answer = await store.conversations.mailboxPosition(mailbox);
      } else if (change === "owner") {
        const id = unknownOr(target?.id, 0.05);
        const kept = (await store.team.fieldsOf([id])).get(id)?.ownerId ?? null;
        answer = await store.work.setOwner(id, {
          ownerId: chance(0.2) ? null : team.ids[pick(MEMBERS)],
          expectedOwnerId: chance(0.1) ? team.ids[OWNER] : kept,
          actorId: team.ids[by],
          staffEmail: by,
          at,
        });
      } else {
        const id = unknownOr(target?.id, 0.05);
        const to = pick(["Contacted", "Confirmed", "Fulfilled", "Declined", "New"] as const);
        answer = await store.work.changeStatus(id, {
          to,
          expectedVersion: await version(id),
          staffEmail: by,
          at,
          ...(to === "Declined" ? { lostReason: "price" as const } : {}),
        });
      }
    } catch (error) {
      answer = `refused: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    }
    answers.push(
      `${step} ${change} ${target ? (names.get(target.id) ?? "") : ""} by ${by}: ${JSON.stringify(answer)}`,
    );
  }
  return {
    answers,
    names,
    enquiries: enquiries.map(({ id, name }) => ({ id, name })),
    messageIds,
    acknowledgements,
    end: at,
  };
}

/** Every page of the enquiry's conversation, newest page first, each `limit` long. */
async function pagesOf(store: Store, enquiryId: string, limit: number) {
  const pages = [];
  let before: string | undefined;
  for (;;) {
    const page = await store.conversations.list(enquiryId, { limit, ...(before ? { before } : {}) });
    if (!page) return null;
    pages.push(page);
    if (!page.older) return pages;
    before = page.older;
  }
}

/**
 * The state a person can see after the day: each enquiry's conversation page by page, its unread
 * count, WhatsApp facts, reference and history; the inbox's rows (waiting on us since when) and
 * views; the counts; the buyers' enquiries by mobile; the threads the reader would match; the
 * mailbox positions; and every notification queued. Store-neutral: each id named.
 */
async function observe(store: Store, team: Team, day: Day) {
  const names = new Map(day.names);
  const now = new Date(day.end.getTime() + 60_000);
  const ids = day.enquiries.map((each) => each.id);
  const nameOf = (id: string) => names.get(id) ?? "(unknown)";

  const conversations: Record<string, unknown> = {};
  for (const { id, name } of day.enquiries) {
    const pages = (await pagesOf(store, id, 4)) ?? [];
    for (const message of pages.flatMap((page) => page.messages)) {
      if (!names.has(message.id)) names.set(message.id, `${message.direction} ${message.messageId}`);
    }
    conversations[name] = pages.map((page) => ({
      older: page.older,
      messages: page.messages.map((message: ConversationMessage) => ({ ...message })),
    }));
  }
  const unread = Object.fromEntries(
    [...(await store.conversations.unreadCounts([...ids, "no-such-enquiry"]))]
      .map(([id, n]) => [nameOf(id), n] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const facts: Record<string, unknown> = {};
  const references: Record<string, unknown> = {};
  const histories: Record<string, unknown> = {};
  for (const { id, name } of day.enquiries) {
    facts[name] = await store.work.whatsappFacts(id);
    references[name] = await store.conversations.enquiriesByReference(enquiryReference(id));
    const record = await store.enquiryWork.get(id);
    histories[name] = {
      status: record?.status,
      version: record?.version,
      history: (record?.history ?? []).map(({ id: _id, ...entry }) => entry),
    };
  }
  const viewer = { staffId: team.ids[OWNER], now, dayEnd: new Date(now.getTime() + 12 * 3_600_000) };
  const listed = async (query: Parameters<typeof inboxFilterOf>[0], staffId: string) => {
    const filter = inboxFilterOf(query, { ...viewer, staffId });
    if (!filter) throw new Error("no such view");
    return (await store.enquiryWork.list({ ...filter, cursor: null, limit: 100 })).items;
  };
  const rows = (await listed({}, team.ids[OWNER])).map((row) => ({
    name: nameOf(row.id),
    status: row.status,
    version: row.version,
    owner: row.ownerId,
    dueAt: row.dueAt,
    followUpAt: row.followUpAt,
    answeredAt: row.answeredAt,
    touched: row.touched,
    companyNotification: row.companyNotification,
  }));
  const views: Record<string, string[]> = {};
  for (const view of INBOX_VIEWS) {
    for (const email of view === "mine" ? MEMBERS : ([OWNER] as const)) {
      views[view === "mine" ? `mine of ${email}` : view] = (await listed({ view }, team.ids[email])).map(
        (row) => nameOf(row.id),
      );
    }
  }
  const buyers = Object.fromEntries(
    await Promise.all(
      BUYERS.map(async (buyer) => [buyer.name, await store.buyers.enquiriesOfMobile(buyer.mobile)] as const),
    ),
  );
  const threads = await store.conversations.threadEnquiries({
    messageIds: [...day.messageIds, "<unknown@mail.example>"].sort(),
    acknowledgementIds: [...day.acknowledgements, "no-such-acknowledgement"],
  });
  const positions = await Promise.all(
    [...MAILBOXES, "never-read"].map((mailbox) => store.conversations.mailboxPosition(mailbox)),
  );
  const claimed = await store.enquiries.claimDueNotifications({
    worker: "last",
    now: LATER,
    limit: 500,
    leaseMs: 60_000,
  });
  for (const notification of claimed) {
    if (notification.kind === "acknowledgement")
      names.set(notification.id, `acknowledgement of ${nameOf(notification.enquiryId)}`);
  }
  const notifications = claimed.map((notification) => named(describeNotification(notification), names));
  const state = {
    conversations,
    unread,
    facts,
    references,
    histories,
    rows,
    views,
    counts: await statusCounts(store.enquiryWork),
    buyers,
    threads: {
      messages: Object.fromEntries([...threads.messages].sort(([a], [b]) => a.localeCompare(b))),
      acknowledgements: Object.fromEntries(
        [...threads.acknowledgements]
          .map(([id, enquiry]) => [nameOf(id), enquiry] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    },
    emptyCursor: await store.conversations.list(ids[0] ?? "", { limit: 4, before: "no-such-message" }),
    positions,
    notifications: notifications.sort(),
  };
  return named({ state, answers: day.answers }, names);
}

/** The text with each id the stores made replaced by its name (longest first: none is part of another). */
function named<T>(value: T, names: Map<string, string>): T {
  let text = JSON.stringify(value);
  for (const [id, name] of [...names].sort(([a], [b]) => b.length - a.length)) {
    text = text.replaceAll(id, name);
  }
  return JSON.parse(text) as T;
}

const sandboxes = [
  sqliteSandbox("conversation-generated-contract"),
  firestoreSandbox("conversation-generated"),
];
const opened: Store[] = [];
beforeAll(() => Promise.all(sandboxes.map((sandbox) => sandbox.setUp())));
afterAll(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  await Promise.all(sandboxes.map((sandbox) => sandbox.tearDown()));
});

describe("a generated day of conversations on both stores leaves the same answers and state", () => {
  test.each([20261130, 103])("seed %i", async (seed) => {
    const results = [];
    for (const sandbox of sandboxes) {
      const { store } = await sandbox.openStore();
      opened.push(store);
      vi.useFakeTimers({ toFake: ["Date"], now: START });
      try {
        const team = await teamOf(store);
        const day = await generatedDay(seed, 70, store, team);
        results.push(await observe(store, team, day));
      } finally {
        vi.useRealTimers();
      }
    }
    const [sqlite, firestore] = results;
    const answers = sqlite!.answers;
    // The day did what it is for: messages filed and refused, replies queued and refused, statuses recorded.
    expect(answers.filter((line) => /"outcome":"added"|"added"/.test(line)).length).toBeGreaterThan(10);
    expect(answers.some((line) => /"duplicate"/.test(line))).toBe(true);
    expect(answers.some((line) => /refused: WhatsAppSendError/.test(line))).toBe(true);
    expect(answers.some((line) => / reply .*"direction":"out"/.test(line))).toBe(true);
    expect(answers.some((line) => /"recorded":[1-9]/.test(line))).toBe(true);
    expect(JSON.stringify(sqlite!.state)).not.toContain("(unknown)");
    expect(firestore!.answers).toEqual(sqlite!.answers);
    expect(firestore!.state).toEqual(sqlite!.state);
  });
});
