import { randomUUID } from "node:crypto";
import type { Transaction } from "firebase-admin/firestore";
import type { WebhookEventType } from "../../../domain/webhooks";
import { driveStepsAsync, type AnswersOf } from "../step-port";
import type { HoldWrite } from "./step-transaction";
import {
  WriteConflictError,
  type Change,
  type MemberAlertSteps,
  type StepAnswers,
  type WorkPort,
  type WorkSteps,
} from "../work-port";
import { ALREADY_EXISTS, collectionsOf, grpcCode, type FirestoreContext } from "./connection";
import { conversationWorkAnswers } from "./conversations";
import { readDeal, writeDeal } from "./deals";
import { readDispatch, writeDispatch } from "./dispatch";
import {
  queueDocumentMail,
  readClick,
  readDocument,
  readDocuments,
  readSeries,
  writeDocument,
  writePayment,
} from "./issued-documents";
import { enquiryDocument, queueNotification } from "./documents";
import { idempotencyKeyRef, keyHolderOf, writeIdempotencyKey } from "./enquiries";
import { FirestoreAttemptCounterStore } from "./attempt-counters";
import { buyerKeysOf } from "../buyer-keys";
import { buyerKeysField, buyerSecret, readMobileEnquiries, whatsappEnquiryId } from "./buyers";
import { readDueReminders, reminderWrites } from "./push";
import {
  ASSIGNMENT_DOC,
  readMembers,
  readTeam,
  readWork,
  readWorks,
  takeTurn,
  teamOf,
  webhookQueues,
  writeAlerts,
  writePlan,
} from "./work-record";

type Queues = Awaited<ReturnType<typeof webhookQueues>>;

/**
 * The members' steps, as a change of owners and a member's removal ask them, in the transaction.
 * A list of enquiries handed on names them: erasing one of them erases the mail too, as a digest's.
 */
export function memberAlertAnswers(
  context: FirestoreContext,
  transaction: Transaction,
  hold: HoldWrite,
): AnswersOf<MemberAlertSteps, true> {
  return {
    readMembers: () => readMembers(context, transaction),
    writeAlerts: ({ stored, alerts, actor }) =>
      hold(() => writeAlerts(context, transaction, stored, alerts, actor.at, actor.requestId)),
    writeHandedOnLists: ({ lists, actor }) =>
      hold(() => {
        for (const { staffId, list } of lists) {
          queueNotification(context, transaction, {
            kind: "handed-on",
            at: new Date(actor.at),
            staffId,
            payload: JSON.stringify(list),
            requestId: actor.requestId,
            enquiryIds: list.items.map((item) => item.id),
          });
        }
      }),
  };
}

/**
 * The work layer's port on Firestore: a change runs in one transaction, its reads answered as it
 * asks and its writes held back until it returns (a Firestore transaction reads before it writes),
 * then committed together. A version or a turn is claimed by creating its marker, which fails when
 * another change created it first (WriteConflictError), even where a transaction's reads are not
 * isolated (the emulator's). Each step is one codec call (work-record.ts).
 */
export class FirestoreWorkPort implements WorkPort {
  constructor(private readonly context: FirestoreContext) {}

  async run<R>(change: () => Change<R>, options: { events?: readonly WebhookEventType[] } = {}): Promise<R> {
    // The webhook endpoints are read beside the transaction, not before it: they are needed only
    // once the change has returned, when its writes are made.
    const endpoints = webhookQueues(this.context, options.events ?? []);
    // Its failure is the change's, once awaited below; never one nobody hears.
    endpoints.catch(() => undefined);
    return this.context.run(async () => {
      try {
        return await this.context.db.runTransaction(async (transaction) => {
          const writes: (() => void)[] = [];
          const read: { queues?: Queues } = {};
          const result = await driveStepsAsync(
            change(),
            this.answers(transaction, writes, () => {
              if (!read.queues) throw new Error("The webhook endpoints were asked for before they were read");
              return read.queues;
            }),
          );
          read.queues = await endpoints;
          for (const write of writes) write();
          return result;
        });
      } catch (error) {
        if (grpcCode(error) === ALREADY_EXISTS) throw new WriteConflictError({ cause: error });
        throw error;
      }
    });
  }

  /** Each change in a transaction of its own, all at once: Firestore has no commit to share. */
  async runEach<R>(
    changes: readonly (() => Change<R>)[],
    options: { events?: readonly WebhookEventType[] } = {},
  ): Promise<PromiseSettledResult<R>[]> {
    return Promise.allSettled(changes.map((change) => this.run(change, options)));
  }

  private answers(transaction: Transaction, writes: (() => void)[], queues: () => Queues): StepAnswers<true> {
    const context = this.context;
    const collections = collectionsOf(context);
    /** Holds a write back until the change has returned. */
    const hold: HoldWrite = (write) => void writes.push(write);
    /** Holds a write that claims a marker, made first of all: claimed by another, nothing else is written. */
    const claimFirst: HoldWrite = (write) => void writes.unshift(write);
    let team: ReturnType<typeof readTeam> | undefined;
    const teamOnce = () => (team ??= readTeam(context, transaction));
    const counters = new FirestoreAttemptCounterStore(context);
    // Atomic increments outside the transaction (the emulator's are not isolated), all in one
    // write and read back in one read: a retry's key is a counter of its own, added with the
    // others, and only its first use counts; a later use takes back what it added.
    const addCounters = async ({ counters: added, onceFor }: WorkSteps["addCounters"]["args"]) => {
      const counts = await counters.addAll(onceFor ? [onceFor, ...added] : added);
      if (!onceFor) return counts;
      if (counts[0] === 1) return counts.slice(1);
      await counters.takeBackAll(added.map(({ name }) => name));
      return null;
    };
    return {
      ...conversationWorkAnswers(context, transaction, hold, claimFirst),
      ...memberAlertAnswers(context, transaction, hold),
      readWork: ({ enquiryId }) => readWork(context, transaction, enquiryId),
      readTeam: async () => (await teamOnce()).team,
      companyMailQueued: async ({ enquiryId }) =>
        !(
          await transaction.get(
            collections.notifications
              .where("enquiryId", "==", enquiryId)
              .where("kind", "==", "company")
              .limit(1),
          )
        ).empty,
      takeTurn: async ({ enquiryId, turn }) => {
        const { generation } = await teamOnce();
        hold(() => takeTurn(context, transaction, { generation, turn, enquiryId }));
      },
      writePlan: ({ read, plan, actor }) =>
        hold(() =>
          writePlan(
            context,
            transaction,
            { stored: read.stored, before: read.recorded ? read.work : null },
            plan,
            actor,
            queues(),
          ),
        ),
      queueEnquiryMail: ({ stored, kind, actor }) =>
        hold(() =>
          queueNotification(context, transaction, {
            kind,
            at: new Date(actor.at),
            enquiry: stored,
            receivedAt: new Date(stored.receivedAt),
            requestId: actor.requestId,
          }),
        ),
      clearSpamFiling: ({ stored }) => {
        if (stored.screening) {
          hold(() => transaction.update(collections.enquiries.doc(stored.id), { "screening.spam": false }));
        }
      },
      readWorks: ({ enquiryIds }) => readWorks(context, transaction, enquiryIds),
      readMobileEnquiries: (asked) => readMobileEnquiries(context, transaction, asked),
      newWhatsAppEnquiryId: ({ mobile, after, day }) => whatsappEnquiryId(context, mobile, after, day),
      writeNewEnquiry: async ({ stored }) => {
        const keys = buyerKeysField(buyerKeysOf(stored.enquiry, await buyerSecret(context)));
        // Created, never overwritten: another change that opened it first fails this one.
        hold(() => transaction.create(collections.enquiries.doc(stored.id), enquiryDocument(stored, keys)));
      },
      newEnquiryId: () => randomUUID(),
      // One wait for the transaction's first read (which begins it): the key and the rule with its
      // turn in one call; then the members and their devices. The counters are added and read
      // beside them, outside the transaction (two waits), so the intake waits on two in all.
      readIntake: async ({ key, count }) => {
        const counting = count ? addCounters(count) : null;
        // Its failure is the step's, once awaited below; never one nobody hears.
        counting?.catch(() => undefined);
        const assignment = context.db.collection(ASSIGNMENT_DOC[0]).doc(ASSIGNMENT_DOC[1]);
        const [settings, keyDocument] = await transaction.getAll(
          assignment,
          ...(key === undefined ? [] : [idempotencyKeyRef(context, key)]),
        );
        const read = teamOf(await readMembers(context, transaction), settings);
        team = Promise.resolve(read);
        const keyHolder = keyDocument ? keyHolderOf(keyDocument) : null;
        let counts = counting ? await counting : null;
        // A key already held: its enquiry counted for it; what was added now is taken back.
        if (counts && count && keyHolder) {
          await counters.takeBackAll(count.counters.map(({ name }) => name));
          counts = null;
        }
        return { keyHolder, team: read.team, counts, countsKept: true };
      },
      writeIdempotencyKey: ({ key, holder }) =>
        claimFirst(() => writeIdempotencyKey(context, transaction, key, holder)),
      addCounters,
      readMember: async ({ staffId }) => (await readMembers(context, transaction, staffId))[0] ?? null,
      readDeal: ({ enquiryId }) => readDeal(context, transaction, enquiryId),
      // Its version's marker claimed first of all the change's writes (deals.ts).
      writeDeal: ({ read, deal, history, actor }) =>
        claimFirst(() => writeDeal(context, transaction, read, deal, history, actor)),
      readDispatch: ({ enquiryId }) => readDispatch(context, transaction, enquiryId),
      writeDispatch: ({ read, dispatch, plan, actor }) =>
        hold(() => writeDispatch(context, transaction, read, dispatch, plan, actor, queues())),
      readDueReminders: ({ now, limit }) => readDueReminders(context, transaction, now, limit),
      writeReminder: async ({ read, plan, at }) => {
        const reminder = await reminderWrites(context, transaction, read.stored, plan, at);
        hold(() => reminder.write(transaction));
        return reminder.queued;
      },
      readDocuments: ({ enquiryId }) => readDocuments(context, transaction, enquiryId),
      readDocument: ({ documentId }) => readDocument(context, transaction, documentId),
      readClick: ({ action, clickKey }) => readClick(context, transaction, action, clickKey),
      readSeries: (series) => readSeries(context, transaction, series),
      // Each one's click (and number) claimed first of all the change's writes (issued-documents.ts).
      writeDocument: (args) => claimFirst(() => writeDocument(context, transaction, args)),
      writePayment: (args) => claimFirst(() => writePayment(context, transaction, args)),
      queueDocumentMail: (args) => claimFirst(() => queueDocumentMail(context, transaction, args)),
    };
  }
}
