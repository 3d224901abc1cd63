import { expect, test } from "vitest";
import { CONVERSATION_PAGE_SIZE } from "../../domain/conversation";
import type { WhatsAppStatusName } from "../../domain/whatsapp";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { bothStores } from "../../tests/support/store-sandboxes";
import { whatsappStatusReplaces } from "../lifecycle/whatsapp";
import type { Store } from "./store";

/**
 * The conversation's own records (server/work/conversation-records.ts) scripted on both stores:
 * Meta's statuses on the messages of a conversation, in and out of order, and two mailbox
 * readers' positions saved in and out of order. After them, every answer and the state the
 * console and the reader read, store-neutral (messages named by what they are). The right answer
 * is written out below; both stores must give it.
 */

const onBothStores = bothStores("conversation-sequences");

const AT = "2026-11-20T06:31:00.000Z";
const INBOX = "sales@collarise.example@imap.example:993/INBOX";
const SPAM = "sales@collarise.example@imap.example:993/Spam";

async function script(store: Store) {
  const stored = await store.enquiries.add(anEnquiry({ Mobile: "9876503456" }));
  const now = new Date();
  // A minute apart: the conversation's order is the same on both stores.
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const member = { staffEmail: "priya@example.com", messageIdDomain: "collarise.example" };
  await store.work.addAnswers([
    {
      enquiryId: stored.id,
      channel: "whatsapp",
      messageId: "wamid.BUYER1",
      inReplyTo: null,
      references: [],
      from: "+919876503456",
      subject: "",
      text: "Price for 60?",
      at: minutesAgo(2),
      attachments: 0,
      truncated: false,
      quoteTrimmed: false,
      verified: true,
    },
  ]);
  const text = "₹7,200 for 60 sachets.";
  await store.work.reply(stored.id, {
    ...member,
    at: minutesAgo(1),
    subject: "",
    text,
    whatsapp: { payload: { type: "text", text }, clickKey: "5e0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d" },
  });
  await store.work.reply(stored.id, {
    ...member,
    at: now,
    subject: "Re: Your enquiry",
    text: "By mail too.",
  });
  const conversation = async () =>
    (await store.conversations.list(stored.id, { limit: CONVERSATION_PAGE_SIZE }))?.messages ?? [];
  const messages = await conversation();
  const name = (id: string) => {
    const message = messages.find((each) => each.id === id);
    return message ? `${message.direction} by ${message.channel}` : "no such message";
  };
  const idOf = (direction: "in" | "out", channel: "email" | "whatsapp") =>
    messages.find((each) => each.direction === direction && each.channel === channel)?.id ?? "none";

  const status = async (
    id: string,
    next: WhatsAppStatusName,
    error: { code: number; title: string } | null = null,
  ) => ({
    message: name(id),
    status: next,
    recorded: await store.conversations.recordWhatsAppStatus(
      id,
      { status: next, at: AT, error },
      whatsappStatusReplaces(next),
    ),
  });
  const whatsappOut = idOf("out", "whatsapp");
  const statuses = [
    // Read before delivered (Meta's callbacks come out of order): delivered then comes too late.
    await status(whatsappOut, "read"),
    await status(whatsappOut, "delivered"),
    await status(whatsappOut, "failed", { code: 131026, title: "Message undeliverable" }),
    await status(whatsappOut, "sent"),
    // Only a WhatsApp message the company sent has a status.
    await status(idOf("out", "email"), "delivered"),
    await status(idOf("in", "whatsapp"), "read"),
    await status("no-such-message", "sent"),
  ];

  const save = (mailbox: string, uidValidity: string, lastUid: number) =>
    store.conversations.saveMailboxPosition(mailbox, { uidValidity, lastUid }, now);
  const before = await store.conversations.mailboxPosition(INBOX);
  await save(INBOX, "1795758746", 40);
  // A second reader behind the first, then ahead of it.
  await save(INBOX, "1795758746", 12);
  const behind = await store.conversations.mailboxPosition(INBOX);
  await save(INBOX, "1795758746", 41);
  await save(SPAM, "7", 5);
  // The mailbox numbered again: its UIDs start over, even below the last one read.
  await save(INBOX, "2000000000", 3);
  const positions = {
    before,
    behind,
    inbox: await store.conversations.mailboxPosition(INBOX),
    spam: await store.conversations.mailboxPosition(SPAM),
    unread: await store.conversations.mailboxPosition("never-read"),
  };

  const shown = (await conversation()).map((message) =>
    message.direction === "out"
      ? { message: name(message.id), whatsapp: message.whatsapp }
      : { message: name(message.id), unread: message.unread },
  );
  return { statuses, positions, shown };
}

test("Meta's statuses out of order and two readers' mailbox positions give the same state on both stores", async () => {
  const states = await onBothStores(script);
  const out = "out by whatsapp";
  const expected = {
    statuses: [
      { message: out, status: "read", recorded: true },
      { message: out, status: "delivered", recorded: false },
      { message: out, status: "failed", recorded: false },
      { message: out, status: "sent", recorded: false },
      { message: "out by email", status: "delivered", recorded: false },
      { message: "in by whatsapp", status: "read", recorded: false },
      { message: "no such message", status: "sent", recorded: false },
    ],
    positions: {
      before: null,
      behind: { uidValidity: "1795758746", lastUid: 40 },
      inbox: { uidValidity: "2000000000", lastUid: 3 },
      spam: { uidValidity: "7", lastUid: 5 },
      unread: null,
    },
    shown: [
      { message: "in by whatsapp", unread: true },
      { message: out, whatsapp: { status: "read", at: AT, error: null } },
      { message: "out by email", whatsapp: null },
    ],
  };
  expect(states[0]).toEqual(expected);
  expect(states[1]).toEqual(expected);
});
