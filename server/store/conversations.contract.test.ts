import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { enquiryReference } from "../../domain/console";
import type { Enquiry } from "../../domain/enquiry";
import {
  ANSWER_TEXT_MAX_LENGTH,
  CONVERSATION_PAGE_SIZE,
  type IncomingMessage,
  type OutgoingMessage,
} from "../../domain/conversation";
import { ANSWERS_PER_ENQUIRY_PER_DAY } from "../lifecycle/conversation";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { acknowledgementMessageId } from "../notify/message-ids";
import { enquiryOfThread, WhatsAppSendError, type AnswerToStore } from "./conversations";
import { whatsappSendMessages, type WhatsAppStatusName } from "../../domain/whatsapp";
import { whatsappStatusReplaces } from "../lifecycle/whatsapp";
import { fileWhatsAppMessages, whatsappAnswer } from "../whatsapp/filing";
import type { InboundWhatsAppMessage } from "../whatsapp/webhook-payload";
import { SqliteStore } from "./index";
import type { PendingNotification, PendingReplyNotification, Store, WhatsAppPayload } from "./store";

const DOMAIN = "collarise.example";
/** One IST day's middle: a flood's answers all count in that day, whenever the test runs. */
const MIDDAY_IST = new Date("2026-11-20T06:30:00.000Z");

/** Both adapters, each able to open a second connection to the same data: a second instance. */
function adapters() {
  const sqlite = sqliteSandbox("conversations-contract");
  const firestore = firestoreSandbox("conversations");
  return [
    {
      ...sqlite,
      async open() {
        const { store, path } = await sqlite.openStore();
        return {
          store: store as Store,
          another: async (): Promise<Store> =>
            SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION }),
        };
      },
    },
    {
      ...firestore,
      async open() {
        const { store, projectId } = await firestore.openStore();
        return {
          store: store as Store,
          another: async (): Promise<Store> => firestore.reopenStore(projectId),
        };
      },
    },
  ];
}

/**
 * Each enquiry's e-mail conversation, held on both stores: a reply is queued threaded, recorded
 * as contact and sent through the outbox; an answer is stored once, unread, and its owner
 * alerted; threads, references and the mailbox reader's position are found again.
 */
describe.each(adapters())("an enquiry's conversation on the $name store", (adapter) => {
  const opened: Store[] = [];
  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  async function open() {
    const { store, another } = await adapter.open();
    opened.push(store);
    const owner = await store.staff.add({ email: "priya@example.com", role: "member", passwordHash: "h" });
    return {
      store,
      owner,
      another: async () => {
        const second = await another();
        opened.push(second);
        return second;
      },
    };
  }

  const claimAll = (store: Store): Promise<PendingNotification[]> =>
    store.enquiries.claimDueNotifications({
      worker: "w",
      now: new Date(Date.now() + 60_000),
      limit: 50,
      leaseMs: 60_000,
    });

  const reply = (store: Store, enquiryId: string, text: string, at = new Date()) =>
    store.work.reply(enquiryId, {
      subject: `Re: Your enquiry ${enquiryReference(enquiryId)} for Collarise`,
      text,
      staffEmail: "priya@example.com",
      at,
      messageIdDomain: DOMAIN,
    });

  const answer = (enquiryId: string, overrides: Partial<AnswerToStore> = {}): AnswerToStore => ({
    enquiryId,
    messageId: "<answer-1@mail.example>",
    inReplyTo: null,
    references: [],
    from: "buyer@mail.example",
    subject: "Re: Your enquiry",
    text: "Yes, 60 sachets please.",
    at: new Date(),
    attachments: 2,
    truncated: false,
    quoteTrimmed: true,
    verified: true,
    ...overrides,
  });

  /** The newest page, as the console's conversation reads it. */
  const newest = async (store: Store, enquiryId: string) =>
    (await store.conversations.list(enquiryId, { limit: CONVERSATION_PAGE_SIZE }))?.messages;

  test("a reply is queued under the acknowledgement, counts as contact, and shows how its delivery stands", async () => {
    const { store } = await open();
    const stored = await store.enquiries.add(anEnquiry(), { acknowledge: true, language: "hi" });
    const acknowledgement = (await claimAll(store)).find((mail) => mail.kind === "acknowledgement");
    if (!acknowledgement) throw new Error("no acknowledgement was queued");
    await store.enquiries.markNotificationSent(acknowledgement.id, "w");

    const queued = await reply(store, stored.id, "Namaste, the price for 60 sachets is ₹7,200.");
    expect(queued?.message).toMatchObject({
      direction: "out",
      staffEmail: "priya@example.com",
      text: "Namaste, the price for 60 sachets is ₹7,200.",
      inReplyTo: acknowledgementMessageId(acknowledgement.id, DOMAIN),
      delivery: { state: "pending", attempts: 0 },
    });
    const messageId = queued?.message.messageId;
    expect(messageId).toMatch(new RegExp(`^<reply-[0-9a-f-]{36}@${DOMAIN}>$`));

    // Sending is contact by e-mail, in the enquiry's history, by whom; the first contact moves New
    // to Contacted, and the enquiry is due again by the rule.
    const record = await store.enquiryWork.get(stored.id);
    expect(record?.history).toEqual([
      expect.objectContaining({ kind: "contact", text: "email", staffEmail: "priya@example.com" }),
      expect.objectContaining({
        kind: "status",
        from: "New",
        to: "Contacted",
        staffEmail: "priya@example.com",
      }),
    ]);
    expect([record?.status, record?.version]).toEqual(["Contacted", 1]);
    expect((await store.team.fieldsOf([stored.id])).get(stored.id)?.dueAt).not.toBeNull();
    expect((await store.team.fieldsOf([stored.id])).get(stored.id)?.touched).toBe(true);

    // The outbox sends it to the enquiry's own address, with the thread as queued.
    const [mail] = (await claimAll(store)) as PendingReplyNotification[];
    expect(mail).toMatchObject({
      kind: "reply",
      enquiryId: stored.id,
      enquiry: stored.enquiry,
      language: "hi",
      reply: {
        messageId,
        inReplyTo: acknowledgementMessageId(acknowledgement.id, DOMAIN),
        references: [acknowledgementMessageId(acknowledgement.id, DOMAIN)],
        text: "Namaste, the price for 60 sachets is ₹7,200.",
      },
    });
    await store.enquiries.markNotificationFailed(mail!.id, "w", "421 try later", new Date());
    expect(((await newest(store, stored.id))?.[0] as OutgoingMessage).delivery).toMatchObject({
      state: "failing",
      attempts: 1,
      lastError: "421 try later",
    });
    const [again] = await claimAll(store);
    await store.enquiries.markNotificationSent(again!.id, "w");
    expect(((await newest(store, stored.id))?.[0] as OutgoingMessage).delivery.state).toBe("sent");

    expect(await reply(store, "no-such-enquiry", "Hello")).toBeNull();
    expect(await store.conversations.list("no-such-enquiry", { limit: 10 })).toBeNull();
  });

  test("an answer is stored once, unread, its owner alerted; the next reply answers it", async () => {
    const { store, owner, another } = await open();
    const stored = await store.enquiries.add(anEnquiry({ Email: "buyer@mail.example" }));
    await store.work.setOwner(stored.id, {
      ownerId: owner.id,
      staffEmail: "owner@example.com",
      at: new Date(),
    });
    await claimAll(store);
    const first = await reply(store, stored.id, "Hello", new Date(Date.now() - 60_000));
    await claimAll(store);

    // Two instances store the same answer at once: one stores it, the other finds it there.
    const second = await another();
    const outcomes = await Promise.all([
      store.work.addAnswers([answer(stored.id, { inReplyTo: first!.message.messageId })]),
      second.work.addAnswers([answer(stored.id, { inReplyTo: first!.message.messageId })]),
    ]);
    expect(outcomes.flat().sort()).toEqual(["added", "duplicate"]);
    expect(await store.work.addAnswers([answer(stored.id)])).toEqual(["duplicate"]);
    expect(await store.work.addAnswers([answer("no-such-enquiry")])).toEqual(["not-found"]);

    const messages = (await newest(store, stored.id)) ?? [];
    expect(messages.map((message) => message.direction)).toEqual(["out", "in"]);
    expect(messages[1]).toMatchObject({
      direction: "in",
      from: "buyer@mail.example",
      text: "Yes, 60 sachets please.",
      unread: true,
      attachments: 2,
      quoteTrimmed: true,
      truncated: false,
      verified: true,
    } satisfies Partial<IncomingMessage>);
    // Its owner hears of it once, however many stored it.
    const alerts = (await claimAll(store)).filter((mail) => mail.kind === "member-alert");
    expect(alerts).toEqual([
      expect.objectContaining({ staffId: owner.id, enquiryId: stored.id, answered: true }),
    ]);
    // The alert quotes the start of the answer, kept with the mail until it is sent.
    expect(alerts[0]).toMatchObject({ quote: "Yes, 60 sachets please." });

    expect(await store.conversations.markRead(stored.id)).toBe(1);
    expect(await store.conversations.markRead(stored.id)).toBe(0);
    expect(((await newest(store, stored.id))?.[1] as IncomingMessage).unread).toBe(false);

    const next = await reply(store, stored.id, "Sent today.");
    expect(next?.message.inReplyTo).toBe("<answer-1@mail.example>");
    const [mail] = (await claimAll(store)) as PendingReplyNotification[];
    expect(mail?.reply.references).toEqual([first!.message.messageId, "<answer-1@mail.example>"]);
  });

  /** An enquiry owned by the sandbox's member, its own mails claimed: only what follows is queued. */
  async function ownedEnquiry(store: Store, ownerId: string, overrides: Partial<Enquiry> = {}) {
    const stored = await store.enquiries.add(anEnquiry({ Email: "buyer@mail.example", ...overrides }));
    await store.work.setOwner(stored.id, { ownerId, staffEmail: "owner@example.com", at: new Date() });
    await claimAll(store);
    return stored;
  }

  const memberAlerts = async (store: Store) =>
    (await claimAll(store)).filter((mail) => mail.kind === "member-alert");

  test("a mail bomb of 150 long answers stores the day's cap, sets the rest aside, and mails the owner twice", async () => {
    const { store, owner } = await open();
    const stored = await ownedEnquiry(store, owner.id);
    const long = "ब".repeat(ANSWER_TEXT_MAX_LENGTH);
    const bomb = Array.from({ length: 150 }, (_, n) =>
      answer(stored.id, { messageId: `<bomb-${n}@mail.example>`, text: long, at: MIDDAY_IST }),
    );

    const outcomes = await store.work.addAnswers(bomb);
    expect(outcomes.filter((outcome) => outcome === "added")).toHaveLength(ANSWERS_PER_ENQUIRY_PER_DAY);
    expect(outcomes.slice(ANSWERS_PER_ENQUIRY_PER_DAY).every((outcome) => outcome === "capped")).toBe(true);
    // Read again (another reader, a restart): the stored stay duplicates, the rest stay set aside.
    const again = await store.work.addAnswers(bomb);
    expect(again.slice(0, ANSWERS_PER_ENQUIRY_PER_DAY).every((outcome) => outcome === "duplicate")).toBe(
      true,
    );
    expect(again.slice(ANSWERS_PER_ENQUIRY_PER_DAY).every((outcome) => outcome === "capped")).toBe(true);

    // One alert for the unread answers, one notice of those set aside: not 150 mails.
    const alerts = await memberAlerts(store);
    expect(alerts).toHaveLength(2);
    expect(alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ staffId: owner.id, enquiryId: stored.id, answered: true }),
        expect.objectContaining({ staffId: owner.id, enquiryId: stored.id, setAside: true }),
      ]),
    );
    expect((await store.conversations.unreadCounts([stored.id])).get(stored.id)).toBe(
      ANSWERS_PER_ENQUIRY_PER_DAY,
    );

    // The page the console re-reads is bounded, whatever the conversation holds.
    const page = await store.conversations.list(stored.id, { limit: CONVERSATION_PAGE_SIZE });
    expect(page?.messages.length).toBeLessThanOrEqual(CONVERSATION_PAGE_SIZE);
    expect(JSON.stringify(page).length).toBeLessThan(
      (CONVERSATION_PAGE_SIZE + 1) * (ANSWER_TEXT_MAX_LENGTH * 3 + 2_000),
    );
  }, 120_000); // 150 answers on the Firestore emulator: about 15 s quiet, past 30 s on a loaded machine

  test("two readers storing a flood at once never pass the day's cap, and the owner is told once", async () => {
    const { store, owner, another } = await open();
    const stored = await ownedEnquiry(store, owner.id);
    const second = await another();
    const batch = (from: number) =>
      Array.from({ length: ANSWERS_PER_ENQUIRY_PER_DAY }, (_, n) =>
        answer(stored.id, { messageId: `<flood-${from + n}@mail.example>`, at: MIDDAY_IST }),
      );
    const outcomes = (
      await Promise.all([
        store.work.addAnswers(batch(0)),
        second.work.addAnswers(batch(ANSWERS_PER_ENQUIRY_PER_DAY)),
      ])
    ).flat();
    expect(outcomes.filter((outcome) => outcome === "added")).toHaveLength(ANSWERS_PER_ENQUIRY_PER_DAY);
    expect(outcomes.filter((outcome) => outcome === "capped")).toHaveLength(ANSWERS_PER_ENQUIRY_PER_DAY);
    const alerts = await memberAlerts(store);
    expect(alerts.filter((alert) => "setAside" in alert && alert.setAside)).toHaveLength(1);
    expect(alerts.filter((alert) => "answered" in alert && alert.answered)).toHaveLength(1);
  });

  test("a WhatsApp message delivered to two instances at once is filed once, on the buyer's newest open enquiry", async () => {
    const { store, owner, another } = await open();
    const second = await another();
    const mobile = "9876512345";
    const earlier = await store.enquiries.add(anEnquiry({ Mobile: mobile }));
    const stored = await ownedEnquiry(store, owner.id, { Mobile: mobile });
    const message: InboundWhatsAppMessage = {
      wamid: "wamid.HBgMOTE5ODc2NTEyMzQ1FQIAEhggQ0E",
      from: `91${mobile}`,
      mobile,
      profileName: "Meera",
      sentAt: new Date().toISOString(),
      text: "Can you send 60 sachets?",
      truncated: false,
      inReplyTo: null,
    };
    const outcomes = (
      await Promise.all([
        fileWhatsAppMessages(store, [message], new Date()),
        fileWhatsAppMessages(second, [message], new Date()),
      ])
    ).flat();
    expect(outcomes.map(({ outcome }) => outcome).sort()).toEqual(["added", "duplicate"]);
    expect(outcomes.every(({ enquiryId, opened }) => enquiryId === stored.id && !opened)).toBe(true);
    // Its owner is alerted once, told it came on WhatsApp.
    expect((await memberAlerts(store)).filter((alert) => "answered" in alert && alert.answered)).toEqual([
      expect.objectContaining({ enquiryId: stored.id, answered: true, channel: "whatsapp" }),
    ]);
    expect(await newest(store, stored.id)).toEqual([
      expect.objectContaining({ channel: "whatsapp", direction: "in", text: message.text, unread: true }),
    ]);
    expect(await newest(store, earlier.id)).toEqual([]);
    // Held once in the whole store: filed on another enquiry, it is still the one message.
    expect(await second.work.addAnswers([whatsappAnswer(earlier.id, message, new Date())])).toEqual([
      "duplicate",
    ]);
    expect(await newest(store, earlier.id)).toEqual([]);
    // An e-mail answer on the same enquiry says it came by e-mail.
    await store.work.addAnswers([answer(stored.id)]);
    expect((await newest(store, stored.id))?.map((m) => m.channel)).toEqual(["whatsapp", "email"]);
  });

  /** A WhatsApp message from `mobile` (Indian, 10 digits), sent now. */
  const whatsappMessage = (
    mobile: string,
    overrides: Partial<InboundWhatsAppMessage> = {},
  ): InboundWhatsAppMessage => ({
    wamid: `wamid.${mobile}.${Math.random().toString(36).slice(2)}`,
    from: `91${mobile}`,
    mobile,
    profileName: "  Meera   Stores ",
    sentAt: new Date().toISOString(),
    text: "Namaste, what is the price of 60 sachets?",
    truncated: false,
    inReplyTo: null,
    ...overrides,
  });

  test("a WhatsApp message from a number with no open enquiry opens one: no address, quantity or buyer type, its owner by the rule, the company's mail, the message first in its conversation", async () => {
    const { store, owner } = await open();
    await store.team.setAssignmentRule({ kind: "turns", members: [owner.id] });
    const endpoint = await store.webhooks.addEndpoint({
      url: "https://hooks.example.com/in",
      events: ["enquiry.received"],
      now: new Date(),
    });
    const mobile = "9812300011";
    const first = whatsappMessage(mobile);
    const [filed] = await fileWhatsAppMessages(store, [first], new Date());
    expect(filed).toMatchObject({ outcome: "added", opened: true });
    const id = filed?.enquiryId ?? "";
    const record = await store.enquiryWork.get(id);
    expect(record).toMatchObject({
      enquiry: { Name: "Meera Stores", Email: null, Mobile: mobile, Quantity: null, RetailerSelfUse: null },
      source: { utmSource: "whatsapp" },
      status: "New",
    });
    expect((await store.team.fieldsOf([id])).get(id)).toMatchObject({ ownerId: owner.id });
    expect(await newest(store, id)).toEqual([
      expect.objectContaining({ channel: "whatsapp", direction: "in", text: first.text, unread: true }),
    ]);
    // The company hears of it; nobody is sent an acknowledgement: there is no address.
    const queued = await claimAll(store);
    expect(queued.filter((mail) => mail.kind === "company")).toEqual([
      expect.objectContaining({
        enquiryId: id,
        enquiry: expect.objectContaining({ Email: null, Quantity: null }),
      }),
    ]);
    expect(queued.some((mail) => mail.kind === "acknowledgement")).toBe(false);
    // Its owner hears of it as of any new enquiry handed to them: a mail, and no answer's alert.
    expect(queued.filter((mail) => mail.kind === "member-alert")).toEqual([
      expect.objectContaining({ staffId: owner.id, enquiryId: id }),
    ]);
    expect(queued.some((mail) => mail.kind === "member-alert" && "answered" in mail)).toBe(false);
    // Its event carries what was not given as null (docs/webhooks.md).
    const [delivery] = await store.webhooks.claimDue({
      worker: "w",
      now: new Date(Date.now() + 60_000),
      limit: 10,
      leaseMs: 60_000,
    });
    expect(delivery?.endpointId).toBe(endpoint.id);
    expect(JSON.parse(delivery?.payload ?? "{}")).toMatchObject({
      type: "enquiry.received",
      data: {
        enquiry: {
          id,
          Name: "Meera Stores",
          Email: null,
          Mobile: mobile,
          Quantity: null,
          RetailerSelfUse: null,
        },
      },
    });
    // The buyer is found by the mobile, as the form's enquiries are; the next message is filed on it.
    expect((await store.buyers.enquiriesOfMobile(mobile)).map((enquiry) => enquiry.id)).toEqual([id]);
    const [next] = await fileWhatsAppMessages(
      store,
      [whatsappMessage(mobile, { text: "60 sachets" })],
      new Date(),
    );
    expect(next).toEqual({ outcome: "added", enquiryId: id, opened: false });
    expect((await newest(store, id))?.map((message) => message.text)).toEqual([first.text, "60 sachets"]);
    // An e-mail reply is refused: there is nowhere to send it.
    await expect(reply(store, id, "Hello")).rejects.toThrow("no e-mail address");
  });

  test("a profile name the form would refuse is not kept, and a foreign number is kept with its country code", async () => {
    const { store } = await open();
    const [filed] = await fileWhatsAppMessages(
      store,
      [
        {
          ...whatsappMessage("447700900123"),
          from: "447700900123",
          profileName: "\u202Eevil",
        },
      ],
      new Date(),
    );
    const record = await store.enquiryWork.get(filed?.enquiryId ?? "");
    expect(record?.enquiry).toEqual({
      Name: null,
      Email: null,
      Mobile: "447700900123",
      Quantity: null,
      RetailerSelfUse: null,
    });
  });

  test("two messages from one unknown number at once on two instances make one enquiry holding both; one delivered twice is held once", async () => {
    const { store, another } = await open();
    const second = await another();
    const mobile = "9812300022";
    const [a, b] = [whatsappMessage(mobile, { text: "Hello" }), whatsappMessage(mobile, { text: "Price?" })];
    const filed = (
      await Promise.all([
        fileWhatsAppMessages(store, [a], new Date()),
        fileWhatsAppMessages(second, [b], new Date()),
      ])
    ).flat();
    expect(filed.map(({ outcome }) => outcome)).toEqual(["added", "added"]);
    expect(filed.filter(({ opened }) => opened)).toHaveLength(1);
    const enquiries = await store.buyers.enquiriesOfMobile(mobile);
    expect(enquiries).toHaveLength(1);
    const id = enquiries[0]?.id ?? "";
    expect(filed.every(({ enquiryId }) => enquiryId === id)).toBe(true);
    expect((await newest(store, id))?.map((message) => message.text).sort()).toEqual(["Hello", "Price?"]);

    const other = "9812300033";
    const twice = whatsappMessage(other);
    const again = (
      await Promise.all([
        fileWhatsAppMessages(store, [twice], new Date()),
        fileWhatsAppMessages(second, [twice], new Date()),
      ])
    ).flat();
    expect(again.map(({ outcome }) => outcome).sort()).toEqual(["added", "duplicate"]);
    const opened = await store.buyers.enquiriesOfMobile(other);
    expect(opened).toHaveLength(1);
    expect(await newest(store, opened[0]?.id ?? "")).toHaveLength(1);
  });

  test("an enquiry from WhatsApp is a person's data by their mobile; once it is closed the buyer's next message opens another; erased, it is gone with its messages", async () => {
    const { store } = await open();
    const mobile = "9812300044";
    const [first] = await fileWhatsAppMessages(store, [whatsappMessage(mobile)], new Date());
    const id = first?.enquiryId ?? "";
    const report = await store.personalData.find({ mobile });
    expect(report.enquiries).toEqual([
      expect.objectContaining({
        id,
        enquiry: expect.objectContaining({ Email: null, Mobile: mobile, Quantity: null }),
        conversation: [expect.objectContaining({ channel: "whatsapp", direction: "in" })],
      }),
    ]);

    const version = (await store.enquiryWork.get(id))?.version ?? 0;
    const closed = await store.work.changeStatus(id, {
      to: "Fulfilled",
      expectedVersion: version,
      staffEmail: "priya@example.com",
      at: new Date(),
    });
    expect(closed.outcome).toBe("changed");
    const [next] = await fileWhatsAppMessages(
      store,
      [whatsappMessage(mobile, { text: "Again" })],
      new Date(),
    );
    expect(next).toMatchObject({ outcome: "added", opened: true });
    expect(next?.enquiryId).not.toBe(id);
    expect((await newest(store, id))?.map((message) => message.text)).toEqual([
      "Namaste, what is the price of 60 sachets?",
    ]);

    const erased = await store.personalData.erase({ mobile }, { actor: "owner@example.com" });
    expect(erased.counts.enquiries).toBe(2);
    expect(await store.buyers.enquiriesOfMobile(mobile)).toEqual([]);
    expect(await store.enquiryWork.get(next?.enquiryId ?? "")).toBeNull();
    expect((await newest(store, id)) ?? []).toEqual([]);
  });

  test("the owner is alerted by the first unread answer only, and again after reading them", async () => {
    const { store, owner } = await open();
    const stored = await ownedEnquiry(store, owner.id);

    await store.work.addAnswers([answer(stored.id, { messageId: "<a1@mail.example>" })]);
    await store.work.addAnswers([answer(stored.id, { messageId: "<a2@mail.example>" })]);
    await store.work.addAnswers([answer(stored.id, { messageId: "<a3@mail.example>" })]);
    expect(await memberAlerts(store)).toEqual([
      expect.objectContaining({ staffId: owner.id, answered: true }),
    ]);

    expect(await store.conversations.markRead(stored.id)).toBe(3);
    await store.work.addAnswers([answer(stored.id, { messageId: "<a4@mail.example>" })]);
    expect(await memberAlerts(store)).toEqual([
      expect.objectContaining({ staffId: owner.id, answered: true }),
    ]);
  });

  test("an answer not known to be the buyer's is stored and listed as not verified", async () => {
    const { store, owner } = await open();
    const stored = await ownedEnquiry(store, owner.id);
    await store.work.addAnswers([
      answer(stored.id, { messageId: "<forged@mail.example>", verified: false, at: MIDDAY_IST }),
      answer(stored.id, {
        messageId: "<threaded@mail.example>",
        verified: true,
        at: new Date(MIDDAY_IST.getTime() + 1_000),
      }),
    ]);
    const messages = (await newest(store, stored.id)) as IncomingMessage[];
    expect(messages.map(({ messageId, verified }) => ({ messageId, verified }))).toEqual([
      { messageId: "<forged@mail.example>", verified: false },
      { messageId: "<threaded@mail.example>", verified: true },
    ]);
  });

  test("a conversation of 150 answers and a reply is read page by page, newest first, each message once", async () => {
    const { store, owner } = await open();
    const stored = await ownedEnquiry(store, owner.id);
    // Over eight IST days (the cap is per day), one at a time apart; a reply among them.
    const start = Date.parse("2026-11-20T04:00:00.000Z");
    const answers = Array.from({ length: 150 }, (_, n) =>
      answer(stored.id, {
        messageId: `<paged-${n}@mail.example>`,
        at: new Date(start + Math.floor(n / ANSWERS_PER_ENQUIRY_PER_DAY) * 86_400_000 + n * 1_000),
      }),
    );
    expect(await store.work.addAnswers(answers)).toEqual(answers.map(() => "added"));
    await reply(store, stored.id, "Sent today.", new Date(start + 86_400_000 * 10));

    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await store.conversations.list(stored.id, { limit: 30, ...(before ? { before } : {}) });
      if (!page) throw new Error("the enquiry went missing");
      pages += 1;
      expect(page.messages.length).toBeLessThanOrEqual(30);
      seen.unshift(...page.messages.map((message) => message.messageId));
      if (page.older === null) break;
      before = page.older;
    }
    expect(pages).toBe(6);
    expect(seen).toEqual([...answers.map((each) => each.messageId), seen.at(-1)]);
    expect(seen.at(-1)).toMatch(/^<reply-/);
    expect(new Set(seen).size).toBe(151);

    // A cursor from elsewhere is an empty page, not another enquiry's messages.
    const other = await ownedEnquiry(store, owner.id);
    expect(await store.conversations.list(other.id, { limit: 30, before: before! })).toEqual({
      messages: [],
      older: null,
    });
  });

  test("the inbox counts each enquiry's unread answers, across more enquiries than one query holds", async () => {
    const { store } = await open();
    // More than Firestore's 30 values of an `in` query: the counts are gathered in parts.
    const listed = [];
    for (let index = 0; index < 33; index += 1) {
      listed.push(await store.enquiries.add(anEnquiry({ Email: `buyer${index}@mail.example` })));
    }
    const [first, , third] = listed;
    const last = listed.at(-1)!;
    const answered = [first!, third!, last];
    for (const [index, enquiry] of answered.entries()) {
      const answers = Array.from({ length: index + 1 }, (_, n) =>
        answer(enquiry.id, { messageId: `<answer-${index}-${n}@mail.example>` }),
      );
      expect(await store.work.addAnswers(answers)).toEqual(answers.map(() => "added"));
    }
    // A reply from the console is no answer.
    await reply(store, listed[1]!.id, "Hello");

    const ids = listed.map((enquiry) => enquiry.id);
    expect(Object.fromEntries(await store.conversations.unreadCounts(ids))).toEqual({
      [first!.id]: 1,
      [third!.id]: 2,
      [last.id]: 3,
    });
    await store.conversations.markRead(third!.id);
    expect(Object.fromEntries(await store.conversations.unreadCounts(ids))).toEqual({
      [first!.id]: 1,
      [last.id]: 3,
    });
    expect((await store.conversations.unreadCounts([])).size).toBe(0);
    expect((await store.conversations.unreadCounts(["no-such-enquiry"])).size).toBe(0);
  });

  test("a thread, a reference and the reader's place in the mailbox are found again", async () => {
    const { store } = await open();
    const stored = await store.enquiries.add(anEnquiry({ Email: "Buyer.Two@Mail.example" }), {
      acknowledge: true,
    });
    const other = await store.enquiries.add(anEnquiry());
    const acknowledgement = (await claimAll(store)).find(
      (mail) => mail.kind === "acknowledgement" && "enquiryId" in mail && mail.enquiryId === stored.id,
    );
    const sent = await reply(store, other.id, "Hello");
    await store.work.addAnswers([answer(stored.id, { messageId: "<their-own@mail.example>" })]);

    const thread = (messageIds: string[], acknowledgementIds: string[] = []) =>
      enquiryOfThread(store.conversations, { messageIds, acknowledgementIds });
    expect(await thread(["<unknown@x.example>", sent!.message.messageId])).toBe(other.id);
    expect(await thread(["<their-own@mail.example>"])).toBe(stored.id);
    expect(await thread(["<unknown@x.example>"], [acknowledgement!.id])).toBe(stored.id);
    expect(await thread(["<unknown@x.example>"], ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"])).toBeNull();

    expect(await store.conversations.enquiriesByReference(enquiryReference(stored.id))).toEqual([
      { id: stored.id, email: "Buyer.Two@Mail.example" },
    ]);
    expect(await store.conversations.enquiriesByReference("00000000")).toEqual([]);

    const mailbox = "sales@collarise.example@imap.example:993/INBOX";
    expect(await store.conversations.mailboxPosition(mailbox)).toBeNull();
    await store.conversations.saveMailboxPosition(
      mailbox,
      { uidValidity: "1795758746", lastUid: 40 },
      new Date(),
    );
    // Two readers at once: the furthest stays, whoever writes last.
    await store.conversations.saveMailboxPosition(
      mailbox,
      { uidValidity: "1795758746", lastUid: 12 },
      new Date(),
    );
    expect(await store.conversations.mailboxPosition(mailbox)).toEqual({
      uidValidity: "1795758746",
      lastUid: 40,
    });
    // A new UIDVALIDITY: the UIDs start again.
    await store.conversations.saveMailboxPosition(
      mailbox,
      { uidValidity: "2000000000", lastUid: 3 },
      new Date(),
    );
    expect(await store.conversations.mailboxPosition(mailbox)).toEqual({
      uidValidity: "2000000000",
      lastUid: 3,
    });
  });

  test("the facts the enquiry's WhatsApp state is decided from: the buyer's last WhatsApp message, and their STOP", async () => {
    const { store } = await open();
    const stored = await store.enquiries.add(anEnquiry({ Mobile: "9876505678" }));
    expect(await store.work.whatsappFacts("no-such-enquiry")).toBeNull();
    expect(await store.work.whatsappFacts(stored.id)).toEqual({
      lastBuyerMessageAt: null,
      consentAt: null,
      optOut: null,
    });
    const buyer = (messageId: string, text: string, at: Date) =>
      answer(stored.id, { channel: "whatsapp", messageId, from: "+919876505678", subject: "", text, at });
    // An e-mail answer opens no WhatsApp window.
    await store.work.addAnswers([answer(stored.id, { at: new Date("2026-11-22T09:30:00.000Z") })]);
    await store.work.addAnswers([buyer("wamid.FACTS1", "Price?", new Date("2026-11-22T08:00:00.000Z"))]);
    expect(await store.work.whatsappFacts(stored.id)).toEqual({
      lastBuyerMessageAt: "2026-11-22T08:00:00.000Z",
      consentAt: null,
      optOut: null,
    });
    await store.work.addAnswers([buyer("wamid.FACTS2", "Stop.", new Date("2026-11-22T09:00:00.000Z"))]);
    expect(await store.work.whatsappFacts(stored.id)).toEqual({
      lastBuyerMessageAt: "2026-11-22T09:00:00.000Z",
      consentAt: null,
      optOut: { at: "2026-11-22T09:00:00.000Z", wording: "Stop." },
    });
  });

  test("a buyer's STOP on one enquiry refuses WhatsApp on all of theirs until START; a tick on a later form is fresh consent", async () => {
    const { store } = await open();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    // One buyer's mobile, written three ways.
    const a = await store.enquiries.add(anEnquiry({ Mobile: "9876502345" }));
    const b = await store.enquiries.add(anEnquiry({ Mobile: "+91 98765 02345" }));
    const buyer = (enquiryId: string, messageId: string, text: string, at: Date) =>
      answer(enquiryId, { channel: "whatsapp", messageId, from: "+919876502345", subject: "", text, at });
    await store.work.addAnswers([buyer(b.id, "wamid.B1", "Is it in stock?", hoursAgo(3))]);
    await store.work.addAnswers([buyer(a.id, "wamid.A1", "STOP", hoursAgo(2))]);
    const send = (enquiryId: string, clickKey: string, payload: WhatsAppPayload) =>
      store.work
        .reply(enquiryId, {
          subject: "",
          text: payload.type === "text" ? payload.text : payload.template.name,
          staffEmail: "priya@example.com",
          at: new Date(),
          messageIdDomain: DOMAIN,
          whatsapp: { payload, clickKey },
        })
        .then(
          () => "queued",
          (error: unknown) => (error instanceof WhatsAppSendError ? error.message : error),
        );
    const text = (body: string): WhatsAppPayload => ({ type: "text", text: body });
    const template: WhatsAppPayload = {
      type: "template",
      template: { name: "enquiry_follow_up", language: "en", bodyParameters: [] },
    };
    // B's window is open (the buyer wrote on B three hours ago), but the STOP sent on A binds B too.
    expect(await send(b.id, "0b6c1d2e-3f40-4a51-8b62-7c8d9e0f1a21", text("Yes, in stock."))).toBe(
      whatsappSendMessages.optedOut,
    );
    // An enquiry made later on the form, unticked, is bound as well; one ticked is a fresh consent.
    const later = await store.enquiries.add(anEnquiry({ Mobile: "09876502345" }));
    const ticked = await store.enquiries.add(anEnquiry({ Mobile: "9876502345" }), {
      whatsappConsent: true,
      language: "hi",
    });
    expect(await send(later.id, "1c7d2e3f-4051-4b62-9c73-8d9e0f1a2b32", template)).toBe(
      whatsappSendMessages.optedOut,
    );
    expect(await send(ticked.id, "2d8e3f40-5162-4c73-8d84-9e0f1a2b3c43", template)).toBe("queued");
    // START on any of the buyer's enquiries lifts it everywhere.
    await store.work.addAnswers([buyer(a.id, "wamid.A2", "Start", hoursAgo(1))]);
    expect(await send(b.id, "3e9f4051-6273-4d84-9e95-0f1a2b3c4d54", text("Yes, in stock."))).toBe("queued");
    // A buyer who never wrote and never ticked the box is not messaged first.
    expect(await send(later.id, "4fa05162-7384-4e95-8fa6-1a2b3c4d5e65", template)).toBe(
      whatsappSendMessages.noConsent,
    );
  });

  test("a WhatsApp message is queued once per click with what it sends, claimed with the buyer's mobile, and refused after STOP", async () => {
    const { store, another } = await open();
    const stored = await store.enquiries.add(anEnquiry({ Mobile: "9876501234" }));
    const buyer = (messageId: string, text: string) =>
      answer(stored.id, { channel: "whatsapp", messageId, from: "+919876501234", subject: "", text });
    await store.work.addAnswers([buyer("wamid.BUYER1", "Price for 60?")]);
    const send = (target: Store, clickKey: string, text: string) =>
      target.work.reply(stored.id, {
        subject: "",
        text,
        staffEmail: "priya@example.com",
        at: new Date(),
        messageIdDomain: DOMAIN,
        whatsapp: { payload: { type: "text", text }, clickKey },
      });
    const click = "6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b";
    const queued = await send(store, click, "₹7,200 for 60 sachets.");
    expect(queued?.message).toMatchObject({
      direction: "out",
      channel: "whatsapp",
      text: "₹7,200 for 60 sachets.",
      delivery: { state: "pending", attempts: 0 },
    });
    // The same click again, on another instance: nothing more is queued.
    const second = await send(await another(), click, "₹7,200 for 60 sachets.").catch(
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(WhatsAppSendError);
    expect(second).toMatchObject({ reason: "already-queued" });
    const sent = (await newest(store, stored.id))?.filter((message) => message.direction === "out");
    expect(sent).toHaveLength(1);
    // The first contact moved New to Contacted, by WhatsApp.
    expect((await store.enquiryWork.get(stored.id))?.status).toBe("Contacted");

    const whatsapp = (await claimAll(store)).filter((notification) => notification.kind === "whatsapp");
    expect(whatsapp).toEqual([
      expect.objectContaining({
        kind: "whatsapp",
        enquiryId: stored.id,
        messageRowId: queued?.message.id,
        message: { type: "text", text: "₹7,200 for 60 sachets." },
        enquiry: expect.objectContaining({ Mobile: "9876501234" }),
      }),
    ]);

    // STOP from the buyer is kept as their message, and honoured: nothing more is queued.
    await store.work.addAnswers([buyer("wamid.BUYER2", "STOP")]);
    const refused = await send(store, "7a2d3b9f-4c5e-4f60-8b1c-2d3e4f5a6b7c", "One more thing").catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ reason: "refused", message: whatsappSendMessages.optedOut });
    expect((await newest(store, stored.id))?.filter((message) => message.direction === "out")).toHaveLength(
      1,
    );

    // Meta's statuses on it: forward only, kept with Meta's error.
    const id = String(queued?.message.id);
    const at = "2026-11-20T06:31:00.000Z";
    const record = (status: WhatsAppStatusName, error: { code: number; title: string } | null = null) =>
      store.conversations.recordWhatsAppStatus(id, { status, at, error }, whatsappStatusReplaces(status));
    expect(await record("delivered")).toBe(true);
    expect(await record("sent")).toBe(false);
    expect(await record("read")).toBe(true);
    expect(await record("failed", { code: 131026, title: "Message undeliverable" })).toBe(false);
    const shown = (await newest(store, stored.id))?.find((message) => message.id === id);
    expect(shown).toMatchObject({ whatsapp: { status: "read", at, error: null } });
    const unknown = { status: "read" as const, at, error: null };
    expect(await store.conversations.recordWhatsAppStatus("no-such-message", unknown, [null])).toBe(false);
  });

  test("an approved template is queued with its name, language and parameters and kept as its merged text; the buyer's WhatsApp messages are read newest first", async () => {
    const { store } = await open();
    const stored = await store.enquiries.add(anEnquiry({ Mobile: "9876501235" }));
    const earlier = new Date(Date.now() - 30 * 3_600_000);
    const later = new Date(Date.now() - 26 * 3_600_000);
    await store.work.addAnswers([
      answer(stored.id, {
        channel: "whatsapp",
        messageId: "wamid.T-OLD",
        from: "+919876501235",
        subject: "",
        text: "Price?",
        at: earlier,
      }),
      answer(stored.id, {
        channel: "whatsapp",
        messageId: "wamid.T-NEW",
        from: "+919876501235",
        subject: "",
        text: "Still there?",
        at: later,
      }),
      answer(stored.id, { messageId: "<by-mail@mail.example>", at: new Date() }),
    ]);
    // E-mail answers are not the window's: the buyer's last WhatsApp message is.
    expect(await store.work.whatsappFacts(stored.id)).toMatchObject({
      lastBuyerMessageAt: later.toISOString(),
      optOut: null,
    });

    const text = "Hello Asha, about your enquiry for 12 sachets: Sanvera Healthcare can deliver this week.";
    const template = {
      name: "order_followup",
      language: "en",
      bodyParameters: ["Asha", "12 sachets", "Sanvera Healthcare"],
    };
    // Outside the window (the last message 26 hours ago), a template may go.
    const queued = await store.work.reply(stored.id, {
      subject: "",
      text,
      staffEmail: "priya@example.com",
      at: new Date(),
      messageIdDomain: DOMAIN,
      whatsapp: { payload: { type: "template", template }, clickKey: "8b3e4c0a-5d6f-4a71-9c2d-3e4f5a6b7c8d" },
    });
    expect(queued?.message).toMatchObject({ direction: "out", channel: "whatsapp", text });
    const whatsapp = (await claimAll(store)).filter((notification) => notification.kind === "whatsapp");
    expect(whatsapp).toEqual([
      expect.objectContaining({ messageRowId: queued?.message.id, message: { type: "template", template } }),
    ]);
    // Free text is refused there.
    const refused = await store.work
      .reply(stored.id, {
        subject: "",
        text: "Here is the price.",
        staffEmail: "priya@example.com",
        at: new Date(),
        messageIdDomain: DOMAIN,
        whatsapp: {
          payload: { type: "text", text: "Here is the price." },
          clickKey: "9c4f5d1b-6e70-4b82-8d3e-4f5a6b7c8d9e",
        },
      })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ reason: "refused", message: whatsappSendMessages.windowClosed });
  });
});
