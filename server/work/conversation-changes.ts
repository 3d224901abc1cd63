import type { HistoryLine } from "../lifecycle/plan";
import { istDate, type WorkingHours } from "../../domain/working-hours";
import { conversationMessages } from "../../domain/conversation";
import { isWhatsAppEnquiry } from "../../domain/enquiry";
import { BUYER_STATUSES } from "../../domain/buyer";
import { WHATSAPP_ENQUIRY_SOURCE, whatsappClickMessageId, whatsappSendMessages } from "../../domain/whatsapp";
import { untouchedWork } from "../lifecycle/plan";
import {
  NoAddressError,
  WhatsAppSendError,
  type AnswerOutcome,
  type AnswerToStore,
  type ConversationChanges,
  type ReplyQueued,
  type ReplyToQueue,
  type WhatsAppFiled,
  type WhatsAppToFile,
} from "../store/conversations";
import type { StoredEnquiry } from "../store/store";
import {
  step,
  WriteConflictError,
  type Actor,
  type Change,
  type WorkPort,
  type WorkRead,
} from "../store/work-port";
import {
  enquiryForWhatsApp,
  newestEnquiry,
  planWhatsAppIntake,
  planWhatsAppSend,
  whatsappIntakeTakesTurn,
  WHATSAPP_ANSWERS_READ,
  whatsappFactsOf,
  type WhatsAppSendFacts,
} from "../lifecycle/whatsapp";
import { ANSWERS_PER_ENQUIRY_PER_DAY, planAnswer, planReply } from "../lifecycle/conversation";
import { actorOf, dueFactsOf } from "./enquiry-changes";
import type { WorkingHoursSource } from "./index";

/**
 * One buyer's answer: its day's count read first, then the enquiry, whether it holds the answer
 * already, its owner and whether an answer waits unread; stored and counted as planAnswer says.
 */
function* storeAnswer(answer: AnswerToStore): Change<AnswerOutcome> {
  const day = yield* step("readAnswerDay", { enquiryId: answer.enquiryId, day: istDate(answer.at) });
  const read = yield* step("readWork", { enquiryId: answer.enquiryId });
  if (!read) return "not-found";
  if (
    yield* step("answerHeld", {
      enquiryId: answer.enquiryId,
      messageId: answer.messageId,
      channel: answer.channel ?? "email",
    })
  )
    return "duplicate";
  const owner = read.work.ownerId ? yield* step("readMember", { staffId: read.work.ownerId }) : null;
  const plan = planAnswer(read.work, owner ? [owner] : [], {
    at: answer.at,
    unreadBefore: yield* step("unreadAnswers", { enquiryId: answer.enquiryId }),
    day,
    text: answer.text,
    channel: answer.channel ?? "email",
  });
  if (plan.store && !(yield* step("storeAnswer", { answer }))) return "not-found";
  // The enquiry is due now for its owner: the work record alone, no history line, no event.
  if (plan.store && plan.work) {
    const at = answer.at.toISOString();
    const due = { work: plan.work, history: [], alerts: [], webhooks: [] };
    yield* step("writePlan", { read, plan: due, actor: { staffEmail: answer.from, at } });
  }
  yield* step("writeAnswerDay", { enquiryId: answer.enquiryId, before: day, after: plan.day });
  yield* step("writeAlerts", {
    stored: read.stored,
    alerts: plan.alerts,
    actor: { staffEmail: "", at: new Date().toISOString() },
  });
  return plan.store ? "added" : "capped";
}

/**
 * A buyer's WhatsApp message, filed where the buyer's enquiries say (read in this transaction):
 * on their open enquiry as an answer; with none open, on a new enquiry from WhatsApp it opens,
 * written with it (planWhatsAppIntake). The new enquiry's id is the store's for an opening after
 * the buyer's newest enquiry, so that two instances opening one at once write the same one and the
 * store refuses the second (WriteConflictError), which, read again, files on the first's.
 */
function* fileWhatsAppMessage(message: WhatsAppToFile, hours: WorkingHours): Change<WhatsAppFiled> {
  const mobile = message.enquiry.Mobile;
  const enquiries = yield* step("readMobileEnquiries", { mobile, kept: BUYER_STATUSES });
  const open = enquiryForWhatsApp(enquiries);
  if (open) {
    const outcome = yield* storeAnswer({ ...message.answer, enquiryId: open });
    return { outcome, enquiryId: open, opened: false };
  }
  const id = yield* step("newWhatsAppEnquiryId", {
    mobile,
    after: newestEnquiry(enquiries),
    day: istDate(message.at),
  });
  const held = yield* step("answerHeld", {
    enquiryId: id,
    messageId: message.answer.messageId,
    channel: "whatsapp",
  });
  if (held) return { outcome: "duplicate", enquiryId: id, opened: false };
  const receivedAt = message.at.toISOString();
  const stored: StoredEnquiry = {
    id,
    receivedAt,
    language: "en",
    enquiry: message.enquiry,
    source: { ...WHATSAPP_ENQUIRY_SOURCE },
  };
  const team = yield* step("readTeam", {});
  const takesTurn = whatsappIntakeTakesTurn(team.rule);
  const plan = planWhatsAppIntake({
    receivedAt,
    rule: team.rule,
    turn: takesTurn ? team.turn : 0,
    members: team.members,
    hours,
  });
  const actor: Actor = {
    staffEmail: "",
    at: receivedAt,
    ...(message.requestId ? { requestId: message.requestId } : {}),
  };
  if (takesTurn) yield* step("takeTurn", { enquiryId: id, turn: team.turn });
  yield* step("writeNewEnquiry", { stored });
  yield* step("writePlan", { read: { stored, work: untouchedWork(), recorded: false }, plan, actor });
  if (plan.companyMail) yield* step("queueEnquiryMail", { stored, kind: "company", actor });
  // Its first message: unread, the first of the day's answers; the enquiry is New, due by the
  // first-contact target, and its members heard of it by the plan's alerts.
  const answer: AnswerToStore = { ...message.answer, enquiryId: id };
  if (!(yield* step("storeAnswer", { answer }))) throw new WriteConflictError();
  yield* step("writeAnswerDay", {
    enquiryId: id,
    before: null,
    after: { day: istDate(answer.at), stored: 1, setAsideTold: false },
  });
  return { outcome: "added", enquiryId: id, opened: true };
}

/**
 * What deciding a WhatsApp message reads of the enquiry and its buyer (whatsappFactsOf): the
 * enquiry's WhatsApp messages, the buyer's on all their enquiries, and the form's consent. A send
 * and the state the console is shown read them by this one step, so the two never disagree.
 */
function* readWhatsAppFacts(enquiryId: string): Change<WhatsAppSendFacts> {
  const answers = yield* step("readWhatsAppAnswers", { enquiryId, limit: WHATSAPP_ANSWERS_READ });
  const buyer = yield* step("readBuyerWhatsApp", { enquiryId, limit: WHATSAPP_ANSWERS_READ });
  return whatsappFactsOf({ answers, buyerMessages: buyer.messages, consent: buyer.consent });
}

/**
 * A member's WhatsApp message: nothing when this click's message is held already, refused as the
 * rules say (planWhatsAppSend: the buyer's STOP on any of their enquiries, consent, the window),
 * else written with its notification and counted as contact by WhatsApp, in the reply's
 * transaction.
 */
export function* queueWhatsApp(
  read: WorkRead,
  whatsapp: NonNullable<ReplyToQueue["whatsapp"]>,
  text: string,
  actor: Actor,
  hours: WorkingHours,
  /** Lines the enquiry's history gains beside the send's own (a payment reminder's). */
  history: readonly HistoryLine[] = [],
): Change<ReplyQueued> {
  const enquiryId = read.stored.id;
  const messageId = whatsappClickMessageId(whatsapp.clickKey);
  if (yield* step("answerHeld", { enquiryId, messageId, channel: "whatsapp" }))
    throw new WhatsAppSendError(whatsappSendMessages.queued, "already-queued");
  const decided = planWhatsAppSend(read.work, {
    facts: yield* readWhatsAppFacts(enquiryId),
    type: whatsapp.payload.type,
    at: actor.at,
    due: dueFactsOf(read, hours),
  });
  if (!decided.ok) throw new WhatsAppSendError(decided.error, "refused");
  const messageRowId = yield* step("newMessageId", {});
  const message = yield* step("writeReply", {
    stored: read.stored,
    messageRowId,
    headers: { messageId, inReplyTo: null, references: [] },
    subject: "",
    text,
    actor,
    whatsapp: whatsapp.payload,
  });
  const plan = { ...decided.plan, history: [...decided.plan.history, ...history] };
  yield* step("writePlan", { read, plan, actor });
  return { enquiry: read.stored, message };
}

/**
 * The conversation's changes, each written once: a member's reply (planReply) and the buyer's
 * answers (planAnswer), read, planned and written in one transaction of the store each.
 */
export class ConversationWork implements ConversationChanges {
  constructor(
    private readonly port: WorkPort,
    private readonly hours: WorkingHoursSource,
  ) {}

  async reply(enquiryId: string, reply: ReplyToQueue): Promise<ReplyQueued | null> {
    const actor = actorOf(reply);
    const hours = await this.hours();
    // One transaction: the thread read is the thread the reply is written into.
    return this.port.run(
      function* (): Change<ReplyQueued | null> {
        const read = yield* step("readWork", { enquiryId });
        if (!read) return null;
        if (reply.whatsapp) return yield* queueWhatsApp(read, reply.whatsapp, reply.text, actor, hours);
        if (isWhatsAppEnquiry(read.stored.enquiry)) throw new NoAddressError(conversationMessages.noAddress);
        const thread = yield* step("readThread", { enquiryId });
        const messageRowId = yield* step("newMessageId", {});
        const plan = planReply(read.work, {
          at: actor.at,
          messageRowId,
          domain: reply.messageIdDomain,
          thread,
          due: dueFactsOf(read, hours),
        });
        const message = yield* step("writeReply", {
          stored: read.stored,
          messageRowId,
          headers: plan.message,
          subject: reply.subject,
          text: reply.text,
          actor,
        });
        yield* step("writePlan", { read, plan, actor });
        return { enquiry: read.stored, message };
      },
      // The first reply moves New to Contacted, with its event.
      { events: ["enquiry.status_changed"] },
    );
  }

  async addAnswers(answers: readonly AnswerToStore[]): Promise<AnswerOutcome[]> {
    const outcomes: AnswerOutcome[] = [];
    // Each answer in a transaction of its own: one answer's failure does not undo another's. A
    // write refused because another reader stored this answer, or took its place in the day's
    // count, meanwhile is tried again: read again, it is a duplicate, or counted after the other's.
    for (const answer of answers)
      outcomes.push(await triedWithinCap(() => this.port.run(() => storeAnswer(answer))));
    return outcomes;
  }

  async fileWhatsApp(message: WhatsAppToFile): Promise<WhatsAppFiled> {
    const hours = await this.hours();
    // A write refused because another change opened the enquiry, or stored the message, first is
    // tried again: read again, the message is filed on that enquiry, or is a duplicate.
    return triedWithinCap(() =>
      this.port.run(() => fileWhatsAppMessage(message, hours), { events: ["enquiry.received"] }),
    );
  }

  whatsappFacts(enquiryId: string): Promise<WhatsAppSendFacts | null> {
    return this.port.run(function* (): Change<WhatsAppSendFacts | null> {
      const read = yield* step("readWork", { enquiryId });
      if (!read) return null;
      return yield* readWhatsAppFacts(enquiryId);
    });
  }
}

/**
 * Runs a change storing a buyer's message, again while another change was written first
 * (WriteConflictError). Each refusal is another message counted on the enquiry, so the tries are
 * bounded by the day's cap.
 */
async function triedWithinCap<R>(run: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof WriteConflictError) || attempt > ANSWERS_PER_ENQUIRY_PER_DAY + 1) throw error;
    }
  }
}
