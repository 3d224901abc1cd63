import { setImmediate as nextTurn } from "node:timers/promises";
import type Database from "better-sqlite3";
import type { ConversationMessage, ConversationPage } from "../../../domain/conversation";
import type { WhatsAppDelivery, WhatsAppStatusName } from "../../../domain/whatsapp";
import type {
  ConversationAdapter,
  ConversationPageQuery,
  ConversationSteps,
  StoredMessage,
  ThreadIds,
} from "../conversations";
import type { ConversationWorkSteps } from "../work-port";
import { answerMessageOf, replyDeliveryOf, replyMessageOf } from "../conversations";
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import { prepared, type SqliteRun } from "./connection";
import { columnsOf, insertStatement, updateStatement, upsertStatement } from "./row-codec";
import { newRowId } from "./row-id";
import { catchUpReferences, enquiriesWithReference, REFERENCE_BATCH } from "./references";
import { insertNotification } from "./notification-row";

/**
 * The row of `enquiry_messages` a message is stored as: the one place its columns are named (the
 * INSERT is made from it; read back, beside its reply's delivery, by messageOf).
 */
function rowOf(enquiryId: string, references: readonly string[], message: StoredMessage) {
  const out = message.direction === "out";
  return {
    id: message.id,
    enquiry_id: enquiryId,
    direction: message.direction as "out" | "in",
    channel: message.channel,
    message_id: message.messageId,
    in_reply_to: message.inReplyTo,
    refs: JSON.stringify(references),
    at: message.at,
    staff_email: out ? message.staffEmail : null,
    from_address: out ? null : message.from,
    subject: message.subject,
    body: message.text,
    attachments: out ? 0 : message.attachments,
    truncated: !out && message.truncated ? 1 : 0,
    quote_trimmed: !out && message.quoteTrimmed ? 1 : 0,
    unread: !out && message.unread ? 1 : 0,
    // The company's own reply is the buyer's to trust: verified, as the column's default has it.
    verified: out || message.verified ? 1 : 0,
    ...whatsappColumnsOf(out ? message.whatsapp : null),
  };
}

/** Meta's status on a WhatsApp message as its row keeps it (none yet, or an e-mail: null). */
function whatsappColumnsOf(whatsapp: WhatsAppDelivery | null) {
  return {
    whatsapp_status: (whatsapp?.status ?? null) as WhatsAppStatusName | null,
    whatsapp_status_at: whatsapp?.at ?? null,
    whatsapp_error: whatsapp?.error ? JSON.stringify(whatsapp.error) : null,
  };
}

function insertMessage(db: Database.Database, ...message: Parameters<typeof rowOf>): void {
  const row = rowOf(...message);
  prepared(db, insertStatement("enquiry_messages", columnsOf(row))).run(row);
}

/** A message row as read, with its reply's delivery beside it. */
type MessageRow = ReturnType<typeof rowOf> & {
  attempts: number | null;
  last_error: string | null;
  sent_at: string | null;
  notification_status: string | null;
};

/** The one mapping of a message row to what the console shows. */
function messageOf(row: MessageRow): ConversationMessage {
  const common = {
    id: row.id,
    channel: row.channel,
    at: row.at,
    subject: row.subject,
    text: row.body,
    messageId: row.message_id,
    inReplyTo: row.in_reply_to,
  };
  if (row.direction === "out") {
    return {
      ...common,
      direction: "out",
      staffEmail: String(row.staff_email),
      whatsapp: row.whatsapp_status
        ? {
            status: row.whatsapp_status,
            at: String(row.whatsapp_status_at),
            error: row.whatsapp_error ? (JSON.parse(row.whatsapp_error) as WhatsAppDelivery["error"]) : null,
          }
        : null,
      delivery: replyDeliveryOf({
        sentAt: row.sent_at,
        attempts: row.attempts ?? 0,
        status: row.notification_status,
        lastError: row.last_error,
      }),
    };
  }
  return {
    ...common,
    direction: "in",
    from: String(row.from_address),
    unread: row.unread === 1,
    attachments: row.attachments,
    truncated: row.truncated === 1,
    quoteTrimmed: row.quote_trimmed === 1,
    verified: row.verified === 1,
  };
}

/** The messages with each reply's delivery, to be filtered on `m`. */
const MESSAGES = `SELECT m.*, n.attempts, n.last_error, n.sent_at, n.status AS notification_status
  FROM enquiry_messages m LEFT JOIN notifications n ON n.message_id = m.id`;

/** The messages matching `where` (on `m`, one parameter), oldest first, with each reply's delivery. */
function messagesWhere(db: Database.Database, where: string, value: string): ConversationMessage[] {
  return prepared<[string], MessageRow>(db, `${MESSAGES} WHERE ${where} ORDER BY m.at, m.rowid`)
    .all(value)
    .map(messageOf);
}

/** The work port's steps of a conversation (work-port.ts), answered in the caller's transaction. */
export function conversationWorkAnswers(db: Database.Database): AnswersOf<ConversationWorkSteps> {
  return {
    readThread: ({ enquiryId }) => {
      const acknowledgement = prepared<[string], { id: string }>(
        db,
        `SELECT id FROM notifications WHERE enquiry_id = ? AND kind = 'acknowledgement' ORDER BY rowid LIMIT 1`,
      ).get(enquiryId);
      const messages = prepared<[string], { messageId: string; at: string }>(
        db,
        `SELECT message_id AS messageId, at FROM enquiry_messages WHERE enquiry_id = ? ORDER BY at, rowid`,
      ).all(enquiryId);
      return { acknowledgementId: acknowledgement?.id ?? null, messages };
    },
    newMessageId: () => newRowId(),
    writeReply: (reply) => {
      const { stored, messageRowId, headers, actor } = reply;
      insertMessage(db, stored.id, headers.references, replyMessageOf(reply, messageRowId));
      insertNotification(db, {
        kind: reply.whatsapp ? "whatsapp" : "reply",
        at: actor.at,
        enquiryId: stored.id,
        messageId: messageRowId,
        requestId: actor.requestId,
        ...(reply.whatsapp ? { payload: JSON.stringify(reply.whatsapp) } : {}),
      });
      return messagesWhere(db, "m.id = ?", messageRowId)[0] as ConversationMessage;
    },
    readWhatsAppAnswers: ({ enquiryId, limit }) =>
      prepared<[string, number], { at: string; text: string }>(
        db,
        `SELECT at, body AS text FROM enquiry_messages
         WHERE enquiry_id = ? AND direction = 'in' AND channel = 'whatsapp' ORDER BY at DESC, rowid DESC LIMIT ?`,
      ).all(enquiryId, limit),
    // The enquiry's last answer day as stored; the plan tells another day apart.
    readAnswerDay: ({ enquiryId }) => {
      const row = prepared<[string], { day: string; stored: number; set_aside_told: number }>(
        db,
        `SELECT day, stored, set_aside_told FROM enquiry_answer_days WHERE enquiry_id = ?`,
      ).get(enquiryId);
      return row ? { day: row.day, stored: row.stored, setAsideTold: row.set_aside_told === 1 } : null;
    },
    writeAnswerDay: ({ enquiryId, after }) => {
      const row = { day: after.day, stored: after.stored, set_aside_told: after.setAsideTold ? 1 : 0 };
      prepared(db, upsertStatement("enquiry_answer_days", "enquiry_id", columnsOf(row))).run({
        enquiry_id: enquiryId,
        ...row,
      });
    },
    // A WhatsApp message is held by any enquiry: its id is unique in the whole store.
    answerHeld: ({ enquiryId, messageId, channel }) => {
      const [where, ...values] =
        channel === "whatsapp"
          ? [`channel = 'whatsapp' AND message_id = ?`, messageId]
          : [`enquiry_id = ? AND message_id = ?`, enquiryId, messageId];
      return prepared(db, `SELECT 1 FROM enquiry_messages WHERE ${where}`).get(...values) !== undefined;
    },
    unreadAnswers: ({ enquiryId }) =>
      prepared(db, `SELECT 1 FROM enquiry_messages WHERE enquiry_id = ? AND unread = 1 LIMIT 1`).get(
        enquiryId,
      ) !== undefined,
    // False when the database refuses its row (a constraint: nothing of it is written, the
    // statement alone undone).
    storeAnswer: ({ answer }) => {
      try {
        insertMessage(db, answer.enquiryId, answer.references, answerMessageOf(answer, newRowId()));
        return true;
      } catch (error) {
        if (error instanceof Error && /constraint/i.test(error.message)) return false;
        throw error;
      }
    },
  };
}

/**
 * Each enquiry's e-mail conversation on SQLite, beside the enquiries in `enquiry_messages`; the
 * steps of its records' changes (server/work/conversation-records.ts) answered in one IMMEDIATE
 * transaction.
 */
export class SqliteConversationStore implements ConversationAdapter {
  constructor(
    private readonly inDb: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async run<R>(change: () => ChangeOf<ConversationSteps, R>): Promise<R> {
    return this.inDb((db) => db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate());
  }

  private answers(db: Database.Database): AnswersOf<ConversationSteps> {
    return {
      readWhatsAppStatus: ({ messageRowId }) => {
        const row = prepared<[string], { status: WhatsAppStatusName | null }>(
          db,
          `SELECT whatsapp_status AS status FROM enquiry_messages
           WHERE id = ? AND direction = 'out' AND channel = 'whatsapp'`,
        ).get(messageRowId);
        return row ? { status: row.status } : null;
      },
      writeWhatsAppStatus: ({ messageRowId, delivery }) => {
        const row = { id: messageRowId, ...whatsappColumnsOf(delivery) };
        prepared(db, updateStatement("enquiry_messages", "id", columnsOf(row))).run(row);
      },
      readMailboxPosition: ({ mailbox }) => {
        const row = prepared<[string], { uid_validity: string; last_uid: number }>(
          db,
          `SELECT uid_validity, last_uid FROM mailbox_positions WHERE mailbox = ?`,
        ).get(mailbox);
        return row ? { uidValidity: row.uid_validity, lastUid: row.last_uid } : null;
      },
      writeMailboxPosition: ({ mailbox, position, at }) => {
        const row = { uid_validity: position.uidValidity, last_uid: position.lastUid, updated_at: at };
        prepared(db, upsertStatement("mailbox_positions", "mailbox", columnsOf(row))).run({
          mailbox,
          ...row,
        });
      },
    };
  }

  /** The enquiry's messages, oldest first, read in the caller's transaction. */
  messagesOf(db: Database.Database, enquiryId: string): ConversationMessage[] {
    return messagesWhere(db, "m.enquiry_id = ?", enquiryId);
  }

  async list(enquiryId: string, page: ConversationPageQuery): Promise<ConversationPage | null> {
    return this.inDb((db) =>
      db
        .transaction(() => {
          const exists = prepared<[string], { id: string }>(
            db,
            `SELECT id FROM ${this.table} WHERE id = ?`,
          ).get(enquiryId);
          if (!exists) return null;
          // Newest first, one more than the page: whether older ones remain. The cursor is a
          // message's id; its (at, rowid) is where the page before it ends.
          const rows = prepared<[{ enquiryId: string; before: string | null; limit: number }], MessageRow>(
            db,
            `${MESSAGES} WHERE m.enquiry_id = @enquiryId AND (@before IS NULL OR (m.at, m.rowid) <
               (SELECT at, rowid FROM enquiry_messages WHERE id = @before AND enquiry_id = @enquiryId))
             ORDER BY m.at DESC, m.rowid DESC LIMIT @limit`,
          ).all({ enquiryId, before: page.before ?? null, limit: page.limit + 1 });
          const messages = rows.slice(0, page.limit).reverse().map(messageOf);
          return { messages, older: rows.length > page.limit ? (messages[0]?.id ?? null) : null };
        })
        .deferred(),
    );
  }

  async markRead(enquiryId: string): Promise<number> {
    return this.inDb(
      (db) =>
        prepared(db, `UPDATE enquiry_messages SET unread = 0 WHERE enquiry_id = ? AND unread = 1`).run(
          enquiryId,
        ).changes,
    );
  }

  async unreadCounts(enquiryIds: readonly string[]): Promise<Map<string, number>> {
    if (enquiryIds.length === 0) return new Map();
    const rows = this.inDb((db) =>
      prepared<[string], { id: string; unread: number }>(
        db,
        `SELECT enquiry_id AS id, count(*) AS unread FROM enquiry_messages
         WHERE enquiry_id IN (SELECT value FROM json_each(?)) AND unread = 1
         GROUP BY enquiry_id`,
      ).all(JSON.stringify(enquiryIds)),
    );
    return new Map(rows.map((row) => [row.id, row.unread]));
  }

  async threadEnquiries(thread: ThreadIds) {
    return this.inDb((db) => {
      const found = (sql: string, ids: readonly string[]) =>
        new Map(
          ids.length === 0
            ? []
            : prepared<[string], { id: string; enquiry_id: string }>(db, sql)
                .all(JSON.stringify(ids))
                .map((row) => [row.id, row.enquiry_id] as const),
        );
      return {
        messages: found(
          `SELECT message_id AS id, enquiry_id FROM enquiry_messages WHERE message_id IN (SELECT value FROM json_each(?))`,
          thread.messageIds,
        ),
        acknowledgements: found(
          `SELECT id, enquiry_id FROM notifications
           WHERE id IN (SELECT value FROM json_each(?)) AND kind = 'acknowledgement' AND enquiry_id IS NOT NULL`,
          thread.acknowledgementIds,
        ),
      };
    });
  }

  async enquiriesByReference(reference: string): Promise<{ id: string; email: string | null }[]> {
    // The references still waiting are given first, a batch a turn of the event loop, so that a
    // mail after a flood of enquiries holds up no request for long.
    while (this.inDb((db) => catchUpReferences(db, this.table)) === REFERENCE_BATCH) await nextTurn();
    return this.inDb((db) => enquiriesWithReference(db, this.table, reference));
  }
}
