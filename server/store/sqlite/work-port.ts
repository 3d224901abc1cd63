import type Database from "better-sqlite3";
import { driveStepsSync, type AnswersOf } from "../step-port";
import type { Change, MemberAlertSteps, StepAnswers, WorkPort, WorkSteps } from "../work-port";
import { isUnavailable, prepared, type SqliteRun } from "./connection";
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
} from "./documents";
import { readDueReminders, writeReminder } from "./push";
import { newRowId } from "./row-id";
import type { WebhookEndpoint } from "../webhooks";
import { enabledEndpoints } from "./webhooks";
import { readBuyerWhatsApp, readMobileEnquiries } from "./buyers";
import { insertNewEnquiry, readIdempotencyKey, writeIdempotencyKey } from "./enquiries";
import { addCountersIn } from "./attempt-counters";
import { insertNotification } from "./notification-row";
import { readMembers, readRule, readWork, writeAlerts, writePlan } from "./work-record";

/** The members' steps, as a change of owners and a member's removal ask them, in the caller's transaction. */
export function memberAlertAnswers(db: Database.Database): AnswersOf<MemberAlertSteps> {
  return {
    readMembers: () => readMembers(db),
    writeAlerts: ({ stored, alerts, actor }) => writeAlerts(db, stored.id, alerts, actor.at, actor.requestId),
    writeHandedOnLists: ({ lists, actor: { at, requestId } }) => {
      for (const { staffId, list } of lists)
        insertNotification(db, { kind: "handed-on", at, staffId, payload: JSON.stringify(list), requestId });
    },
  };
}

/**
 * What the changes of one group (runEach) read once: the members, the rule and the webhook
 * endpoints, and the turn as it goes on.
 */
interface GroupReads {
  team?: Omit<WorkSteps["readTeam"]["result"], "turn">;
  turn?: number;
  endpoints?: readonly WebhookEndpoint[];
}

/**
 * The work layer's port on SQLite: a change runs in one IMMEDIATE transaction, so what it reads
 * (a version, the rule's turn) is read and written under one write lock, and of two changes based
 * on the same version exactly one is made. Each step is one codec call (work-record.ts).
 */
export class SqliteWorkPort implements WorkPort {
  constructor(
    private readonly sqlite: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async run<R>(change: () => Change<R>): Promise<R> {
    return this.sqlite((db) => db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate());
  }

  /**
   * The group commit: every change in one IMMEDIATE transaction (one flush to disk). The members,
   * the rule, the turn and the webhook endpoints are read once for the group: nothing but this
   * transaction, which holds the write lock, can change them before it commits; the turn is then
   * kept as each change takes it.
   *
   * The changes are first written without a savepoint each: a savepoint is two statements more per
   * change (`SAVEPOINT`, `RELEASE`), and SQLite copies into its statement journal each page a
   * change writes first, while the database refuses a change of the form almost never. When it
   * does refuse one, or a change throws, that whole transaction is undone and the group is written
   * again with a savepoint for each change, so that only the refused one is undone and the others
   * commit.
   */
  async runEach<R>(changes: readonly (() => Change<R>)[]): Promise<PromiseSettledResult<R>[]> {
    return this.sqlite((db) => {
      try {
        const answers = this.answers(db, {});
        return db
          .transaction(() =>
            changes.map((change): PromiseSettledResult<R> => ({
              status: "fulfilled",
              value: driveStepsSync(change(), answers),
            })),
          )
          .immediate();
      } catch (error) {
        if (isUnavailable(error)) throw error;
      }
      return this.eachInSavepoint(db, changes);
    });
  }

  /** The group again, each change in a savepoint of its own, once the group was refused as one. */
  private eachInSavepoint<R>(
    db: Database.Database,
    changes: readonly (() => Change<R>)[],
  ): PromiseSettledResult<R>[] {
    const group: GroupReads = {};
    const answers = this.answers(db, group);
    // A transaction function called inside another runs in a savepoint.
    const inSavepoint = db.transaction((change: () => Change<R>) => driveStepsSync(change(), answers));
    return db
      .transaction(() =>
        changes.map((change): PromiseSettledResult<R> => {
          try {
            return { status: "fulfilled", value: inSavepoint(change) };
          } catch (error) {
            // The file unusable, or the transaction already undone by SQLite: the group fails.
            if (isUnavailable(error) || !db.inTransaction) throw error;
            // Its savepoint undone, the turn it may have taken with it: read again.
            delete group.turn;
            return { status: "rejected", reason: error };
          }
        }),
      )
      .immediate();
  }

  /**
   * The steps' answers in `db`'s transaction. With `group` (runEach), the members, the rule and
   * the webhook endpoints are read by the group's first change that asks for them, and the turn is
   * kept as each change takes it.
   */
  private answers(db: Database.Database, group?: GroupReads): StepAnswers {
    const readTurn = () =>
      prepared<[], { turn: number }>(db, `SELECT turn FROM assignment WHERE id = 1`).get()?.turn ?? 0;
    const readTeam = () => {
      if (!group) return { members: readMembers(db), rule: readRule(db), turn: readTurn() };
      group.team ??= { members: readMembers(db), rule: readRule(db) };
      group.turn ??= readTurn();
      return { ...group.team, turn: group.turn };
    };
    return {
      ...conversationWorkAnswers(db),
      ...memberAlertAnswers(db),
      readTeam,
      takeTurn: ({ turn }) => {
        prepared(db, `UPDATE assignment SET turn = ? WHERE id = 1`).run(turn + 1);
        if (group) group.turn = turn + 1;
      },
      readWork: ({ enquiryId }) => readWork(db, this.table, enquiryId),
      companyMailQueued: ({ enquiryId }) =>
        prepared(db, `SELECT 1 FROM notifications WHERE enquiry_id = ? AND kind = 'company'`).get(
          enquiryId,
        ) !== undefined,
      writePlan: ({ read, plan, actor }) =>
        writePlan(db, read.stored, plan, actor, group && (() => (group.endpoints ??= enabledEndpoints(db)))),
      queueEnquiryMail: ({ stored, kind, actor }) => {
        insertNotification(db, { kind, at: actor.at, enquiryId: stored.id, requestId: actor.requestId });
      },
      clearSpamFiling: ({ stored }) => {
        prepared(db, `UPDATE enquiry_meta SET filed_as_spam = 0 WHERE enquiry_id = ?`).run(stored.id);
      },
      readWorks: ({ enquiryIds }) => enquiryIds.map((enquiryId) => readWork(db, this.table, enquiryId)),
      readBuyerWhatsApp: ({ enquiryId, limit }) => readBuyerWhatsApp(db, this.table, enquiryId, limit),
      readMobileEnquiries: (asked) => readMobileEnquiries(db, this.table, asked),
      // The change's IMMEDIATE transaction holds the write lock: nobody opens one meanwhile.
      newWhatsAppEnquiryId: () => newRowId(),
      writeNewEnquiry: ({ stored }) => insertNewEnquiry(db, this.table, stored),
      newEnquiryId: () => newRowId(),
      readIntake: ({ key, count }) => {
        const keyHolder = key === undefined ? null : readIdempotencyKey(db, this.table, key);
        // The transaction holds the write lock: a key held by none was counted for by no write
        // that still stands (addCounters), and one held was counted for by its enquiry's.
        const counts = count && !keyHolder ? addCountersIn(db, count.counters) : null;
        // Counted in the change's transaction: a try undone takes its counts with it.
        return { keyHolder, team: readTeam(), counts, countsKept: false };
      },
      writeIdempotencyKey: ({ key, holder }) => writeIdempotencyKey(db, key, holder),
      // The change's transaction holds the write lock and read its key as held by none: whatever
      // was counted for the key before was undone with the write that counted it.
      addCounters: ({ counters }) => addCountersIn(db, counters),
      readMember: ({ staffId }) => readMembers(db).find((member) => member.id === staffId) ?? null,
      readDeal: ({ enquiryId }) => readDeal(db, enquiryId),
      writeDeal: ({ read, deal, history, actor }) => writeDeal(db, read.stored, deal, history, actor),
      readDispatch: ({ enquiryId }) => readDispatch(db, enquiryId),
      writeDispatch: ({ read, dispatch, plan, actor }) =>
        writeDispatch(db, read.stored, dispatch, plan, actor),
      readDueReminders: ({ now, limit }) => readDueReminders(db, this.table, now, limit),
      writeReminder: ({ read, plan, at }) => writeReminder(db, read.stored, plan, at),
      readDocuments: ({ enquiryId }) => readDocuments(db, enquiryId),
      readDocument: ({ documentId }) => readDocument(db, documentId),
      readClick: ({ action, clickKey }) => readClick(db, action, clickKey),
      readSeries: (series) => readSeries(db, series),
      writeDocument: (args) => writeDocument(db, args),
      writePayment: (args) => writePayment(db, args),
      queueDocumentMail: (args) => queueDocumentMail(db, args),
    };
  }
}
