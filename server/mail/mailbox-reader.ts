import { createHash } from "node:crypto";
import { ImapFlow, type FetchMessageObject } from "imapflow";
import { enquiryReference } from "../../domain/console";
import { matchAnswer, referencesIn, type AnswerMatch, type MailFacts } from "../lifecycle/conversation";
import { singleLine } from "../notify/mail-content";
import { acknowledgementNotificationIdOf, messageIdsIn } from "../notify/message-ids";
import { nodeTimers, runLeased, scheduleTask, type ScheduleTimers } from "../scheduled-task";
import { enquiryOfThread, type AnswerToStore } from "../store/conversations";
import type { Store } from "../store/store";
import type { ImapSettings } from "./imap-settings";
import { SET_ASIDE_REASONS, startMailParsing, type MailParsing, type SetAsideReason } from "./mail-parsing";
import { AUTHENTICATION_HEADERS_READ, senderAuthenticated } from "./sender-authentication";

/** The reader's lease in the store: one instance reads the mailbox at a time. */
export const MAILBOX_JOB = "mailbox-reader";
export const MAILBOX_LEASE_MS = 5 * 60_000;
/**
 * The keyword set on each mail stored on an enquiry, and on nothing else: the company's people
 * reading the same mailbox see which answers are in the console, and \Seen stays theirs.
 */
export const FILED_KEYWORD = "$EnquiryFiled";
/**
 * The keyword set on an answer the reader set aside (it could not be parsed within its limits, or
 * its enquiry had its day's share of answers): it stays in the mailbox for people to read, and
 * the reader passes over it, however often the mailbox is read from the start again.
 */
export const SET_ASIDE_KEYWORD = "$EnquirySetAside";
/** How many of a mail's References are followed: the newest, beside its In-Reply-To. */
export const REFERENCES_FOLLOWED = 20;
/** A mailbox read for the first time (or whose UIDVALIDITY changed) is read this many days back. */
export const FIRST_READ_DAYS = 30;
/** The most of one mail fetched: its text comes first; what lies beyond is attachments. */
export const SOURCE_MAX_BYTES = 256 * 1024;
/** Mails looked at per round: their headers in one FETCH, the answers' bodies in another. */
export const READ_BATCH = 250;
const SUBJECT_MAX = 300;
const DAY_MS = 24 * 3_600_000;

export interface MailboxLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What one read of the mailbox did, in counts only. */
export interface MailboxReadReport {
  /** Mails looked at (their headers). */
  looked: number;
  /** Answers stored on their enquiries now. */
  stored: number;
  /** Answers already stored (by another reader, or an earlier read). */
  duplicates: number;
  /** Mails left alone: not answers, ours, automatic, or a stranger's. */
  left: number;
  /** Answers set aside (SET_ASIDE_KEYWORD), by why. */
  setAside: Record<SetAsideReason, number>;
}

const noneSetAside = (): Record<SetAsideReason, number> =>
  Object.fromEntries(SET_ASIDE_REASONS.map((reason) => [reason, 0])) as Record<SetAsideReason, number>;

/** Sent by a program on its own (RFC 3834): anything but `Auto-Submitted: no`. */
function isAutomatic(headers: Buffer | undefined): boolean {
  const value = headerValue(headers, "auto-submitted");
  return value !== undefined && value.trim().toLowerCase() !== "no";
}

/** Every header of one name in a fetched header block, unfolded, in the order they came. */
function headerValues(headers: Buffer | undefined, name: string): string[] {
  if (!headers) return [];
  const prefix = `${name}:`;
  return headers
    .toString("utf8")
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .filter((line) => line.toLowerCase().startsWith(prefix))
    .map((line) => line.slice(prefix.length).trim());
}

const headerValue = (headers: Buffer | undefined, name: string) => headerValues(headers, name)[0];

/**
 * The thread a mail names, newest first: its In-Reply-To, then its last REFERENCES_FOLLOWED
 * References, each once. A stranger may send thousands: only these are looked up or kept.
 */
export function threadOf(inReplyTo: string | null, references: readonly string[]): string[] {
  return [
    ...new Set([...(inReplyTo ? [inReplyTo] : []), ...references.slice(-REFERENCES_FOLLOWED).reverse()]),
  ];
}

interface Candidate {
  uid: number;
  facts: MailFacts;
  flags: Set<string>;
  subject: string;
  inReplyTo: string | null;
  references: string[];
  at: Date;
  match: AnswerMatch;
}

/**
 * Reads the new mail of one mailbox once: every mail after the UID where the last read stopped (or,
 * the first time and after a UIDVALIDITY change, the last FIRST_READ_DAYS days). Each mail's
 * headers are read (never marked \Seen: imapflow fetches with BODY.PEEK); an answer to an enquiry
 * (matchAnswer) is fetched, parsed, stored on it and given FILED_KEYWORD; nothing else in the
 * mailbox is changed. Where the read stopped is saved after each batch, so a read cut off starts
 * again there, and an answer read twice is stored once (the store's unique Message-ID per enquiry).
 */
export async function readMailboxOnce(options: {
  settings: ImapSettings;
  store: Pick<Store, "conversations" | "work" | "activity">;
  /** The company's sending address (MAIL_FROM): mail from it is ours, never an answer. */
  companyAddress: string;
  /** The receiving servers whose Authentication-Results are believed (IMAP_AUTHSERV_ID). */
  authservIds?: readonly string[];
  now?: () => Date;
  /** The longest a connection may stay silent. */
  timeoutMs?: number;
  /** The parser's limits per mail (mail-parsing.ts); their defaults serve production. */
  parseLimits?: { timeLimitMs?: number; memoryLimitMb?: number };
  log?: MailboxLogger;
}): Promise<MailboxReadReport> {
  const { settings, store } = options;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 60_000;
  const client = new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    doSTARTTLS: settings.secure ? undefined : settings.startTls,
    auth: { user: settings.user, pass: settings.pass },
    // Its log lines carry addresses and subjects: personal data stays out of the server's log.
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeoutMs,
    greetingTimeout: Math.min(timeoutMs, 16_000),
    socketTimeout: timeoutMs,
    clientInfo: { name: "collarise-console" },
  });
  // A connection dropped mid-read rejects the command under way; the event must not crash the process.
  client.on("error", () => undefined);
  const report: MailboxReadReport = {
    looked: 0,
    stored: 0,
    duplicates: 0,
    left: 0,
    setAside: noneSetAside(),
  };
  const parsing = startMailParsing(options.parseLimits);
  await client.connect();
  try {
    const lock = await client.getMailboxLock(settings.mailbox);
    try {
      const box = client.mailbox;
      if (!box) throw new Error("The mailbox could not be opened");
      const uidValidity = String(box.uidValidity);
      const position = await store.conversations.mailboxPosition(settings.key);
      const from = position && position.uidValidity === uidValidity ? position.lastUid : null;
      let uids: number[];
      if (from !== null) {
        // "n:*" names the newest mail even when its UID is below n: only those after `from` count.
        uids =
          box.uidNext > from + 1 ? (await client.search({ uid: `${from + 1}:*` }, { uid: true })) || [] : [];
        uids = uids.filter((uid) => uid > from);
      } else {
        uids =
          (await client.search(
            { since: new Date(now().getTime() - FIRST_READ_DAYS * DAY_MS) },
            { uid: true },
          )) || [];
      }
      uids.sort((a, b) => a - b);
      for (let start = 0; start < uids.length; start += READ_BATCH) {
        const batch = uids.slice(start, start + READ_BATCH);
        const outcome = await readBatch(client, batch, { ...options, now, parsing });
        report.looked += batch.length;
        report.stored += outcome.stored;
        report.duplicates += outcome.duplicates;
        report.left += outcome.left;
        for (const reason of SET_ASIDE_REASONS) report.setAside[reason] += outcome.setAside[reason];
        await store.conversations.saveMailboxPosition(
          settings.key,
          { uidValidity, lastUid: batch.at(-1) as number },
          now(),
        );
      }
      if (uids.length === 0 && from === null) {
        // An empty first read still records the mailbox's UIDVALIDITY and where new mail starts.
        await store.conversations.saveMailboxPosition(
          settings.key,
          { uidValidity, lastUid: Math.max(0, box.uidNext - 1) },
          now(),
        );
      }
    } finally {
      lock.release();
    }
  } finally {
    await parsing.close();
    await client.logout().catch(() => client.close());
  }
  return report;
}

/**
 * One batch: headers, matching, the answers' bodies parsed on the parser's thread, the store, the
 * keywords. A mail the parser could not read within its limits, or one beyond its enquiry's day's
 * share of answers, is set aside (SET_ASIDE_KEYWORD, the activity log, /metrics): the batch goes
 * on, and the read position moves past it.
 */
async function readBatch(
  client: ImapFlow,
  uids: readonly number[],
  options: {
    store: Pick<Store, "conversations" | "work" | "activity">;
    companyAddress: string;
    authservIds?: readonly string[];
    now: () => Date;
    parsing: MailParsing;
    log?: MailboxLogger;
  },
): Promise<Omit<MailboxReadReport, "looked">> {
  const { store } = options;
  const setAside = noneSetAside();
  const headers = await client.fetchAll(
    uids.join(","),
    {
      uid: true,
      envelope: true,
      flags: true,
      headers: ["references", "auto-submitted", "authentication-results"],
    },
    { uid: true },
  );
  /** Whose answer a mail is, by its thread, else by the references in its subject. */
  const matchOf = async (facts: MailFacts, thread: string[], subject: string): Promise<AnswerMatch> => {
    const threadEnquiryId = thread.length
      ? await enquiryOfThread(store.conversations, {
          messageIds: thread,
          acknowledgementIds: thread
            .map(acknowledgementNotificationIdOf)
            .filter((id): id is string => id !== null),
        })
      : null;
    const referenced = threadEnquiryId
      ? []
      : (
          await Promise.all(referencesIn(subject).map((ref) => store.conversations.enquiriesByReference(ref)))
        ).flat();
    return matchAnswer({ mail: facts, companyAddress: options.companyAddress, threadEnquiryId, referenced });
  };
  const candidates: Candidate[] = [];
  for (const mail of headers) {
    const envelope = mail.envelope ?? {};
    const inReplyTo = messageIdsIn(envelope.inReplyTo)[0] ?? null;
    const references = messageIdsIn(headerValue(mail.headers, "references")).slice(-REFERENCES_FOLLOWED);
    const thread = threadOf(inReplyTo, references);
    const from = envelope.from?.[0]?.address ?? "";
    const facts: MailFacts = {
      messageId: messageIdsIn(envelope.messageId)[0] ?? null,
      from,
      automatic: isAutomatic(mail.headers),
      authenticated: senderAuthenticated({
        headers: headerValues(mail.headers, "authentication-results").slice(0, AUTHENTICATION_HEADERS_READ),
        from,
        authservIds: options.authservIds ?? [],
      }),
    };
    const subject = singleLine(envelope.subject ?? "").slice(0, SUBJECT_MAX);
    const flags = new Set(mail.flags ?? []);
    const match: AnswerMatch = flags.has(SET_ASIDE_KEYWORD)
      ? { enquiryId: null, reason: "unrelated" }
      : await matchOf(facts, thread, subject);
    candidates.push({
      uid: mail.uid,
      facts,
      flags,
      subject,
      inReplyTo,
      references,
      // When it reached the console: a sender's clock can be behind ours, and the conversation
      // is in the order things happened here (a reply answers the newest message).
      at: options.now(),
      match,
    });
  }
  const answers = candidates.filter(
    (candidate): candidate is Candidate & { match: Extract<AnswerMatch, { enquiryId: string }> } =>
      candidate.match.enquiryId !== null,
  );
  const left = candidates.length - answers.length;
  if (answers.length === 0) return { stored: 0, duplicates: 0, left, setAside };

  const bodies = new Map<number, FetchMessageObject>(
    (
      await client.fetchAll(
        answers.map((answer) => answer.uid).join(","),
        { uid: true, source: { maxLength: SOURCE_MAX_BYTES }, size: true },
        { uid: true },
      )
    ).map((mail) => [mail.uid, mail]),
  );
  const toStore: AnswerToStore[] = [];
  const storedUids: number[] = [];
  const asideUids: { uid: number; enquiryId: string; reason: SetAsideReason }[] = [];
  for (const answer of answers) {
    const body = bodies.get(answer.uid);
    if (!body?.source) continue;
    const enquiryId = answer.match.enquiryId;
    const parsed = await options.parsing.parse(body.source);
    if (!parsed.ok) {
      asideUids.push({ uid: answer.uid, enquiryId, reason: parsed.reason });
      continue;
    }
    const cutOff = (body.size ?? 0) > SOURCE_MAX_BYTES && !parsed.answer.textFound;
    toStore.push({
      enquiryId,
      // A mail without a Message-ID is known by its content: read again, it is the same answer.
      messageId:
        answer.facts.messageId ??
        `<sha256-${createHash("sha256").update(body.source).digest("hex").slice(0, 40)}@mailbox.invalid>`,
      inReplyTo: answer.inReplyTo,
      references: answer.references,
      from: answer.facts.from,
      subject: answer.subject,
      text: parsed.answer.text,
      at: answer.at,
      attachments: parsed.answer.attachments,
      truncated: parsed.answer.truncated || cutOff,
      quoteTrimmed: parsed.answer.quoteTrimmed,
      verified: answer.match.verified,
    });
    storedUids.push(answer.uid);
  }
  const outcomes = toStore.length ? await store.work.addAnswers(toStore) : [];
  const filedUids: number[] = [];
  outcomes.forEach((outcome, index) => {
    const uid = storedUids[index] as number;
    if (outcome === "capped") {
      asideUids.push({ uid, enquiryId: (toStore[index] as AnswerToStore).enquiryId, reason: "daily-cap" });
    } else filedUids.push(uid);
  });
  if (filedUids.length > 0) {
    await client.messageFlagsAdd(filedUids.join(","), [FILED_KEYWORD], { uid: true });
  }
  if (asideUids.length > 0) {
    await client.messageFlagsAdd(asideUids.map(({ uid }) => uid).join(","), [SET_ASIDE_KEYWORD], {
      uid: true,
    });
    // Recorded for the owners (the activity log) with why; never the mail's words or its sender.
    await store.activity.recordMany(
      asideUids.map(({ uid, enquiryId, reason }) => ({
        actor: null,
        action: "mail-set-aside" as const,
        target: `${enquiryReference(enquiryId)}: ${reason}, mailbox UID ${uid}`,
        at: options.now(),
      })),
    );
    for (const { reason } of asideUids) setAside[reason] += 1;
    options.log?.warn(
      { setAside: asideUids.map(({ uid, reason }) => ({ uid, reason })) },
      "answers in the company's mailbox were set aside, not stored",
    );
  }
  return {
    stored: outcomes.filter((outcome) => outcome === "added").length,
    duplicates: outcomes.filter((outcome) => outcome === "duplicate").length,
    left,
    setAside,
  };
}

/** This instance's reading of the mailbox: its last read through, the answers it stored, how often it tries. */
export interface MailboxStatus {
  lastReadAt: Date | null;
  answersStored: number;
  /** Answers set aside since this instance started, by why. */
  setAside: Record<SetAsideReason, number>;
  everyMs: number;
}

/**
 * Reads the company's mailbox every `everyMs`, holding the reader's lease (MAILBOX_JOB) so that of
 * several instances one reads at a time; wakes the outbox when an owner has an alert to send.
 */
export function scheduleMailboxReading(options: {
  settings: ImapSettings;
  store: Pick<Store, "conversations" | "work" | "leases" | "activity">;
  companyAddress: string;
  authservIds?: readonly string[];
  holder: string;
  log: MailboxLogger;
  everyMs: number;
  wake?: () => void;
  now?: () => Date;
  timers?: ScheduleTimers;
  leaseMs?: number;
}) {
  const now = options.now ?? (() => new Date());
  let lastReadAt: Date | null = null;
  let answersStored = 0;
  const setAside = noneSetAside();
  let failing = false;

  async function run(): Promise<void> {
    const outcome = await runLeased(
      {
        leases: options.store.leases,
        job: MAILBOX_JOB,
        holder: options.holder,
        leaseMs: options.leaseMs ?? MAILBOX_LEASE_MS,
        now,
        onLost: (error) =>
          options.log.error({ err: error }, "the mailbox reader's lease could not be renewed"),
        ...(options.timers ? { timers: options.timers } : {}),
      },
      () =>
        readMailboxOnce({
          settings: options.settings,
          store: options.store,
          companyAddress: options.companyAddress,
          ...(options.authservIds ? { authservIds: options.authservIds } : {}),
          log: options.log,
          now,
        }),
    ).catch((error: unknown) => {
      if (!failing) {
        options.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "the company's mailbox could not be read; answers wait there until it can",
        );
      }
      failing = true;
      return { ran: false as const };
    });
    if (!outcome.ran) return;
    if (failing) options.log.info({}, "the company's mailbox is read again");
    failing = false;
    lastReadAt = now();
    answersStored += outcome.result.stored;
    for (const reason of SET_ASIDE_REASONS) setAside[reason] += outcome.result.setAside[reason];
    if (outcome.result.looked > 0) options.log.info({ ...outcome.result }, "the company's mailbox was read");
    if (outcome.result.stored > 0) options.wake?.();
  }

  const schedule = scheduleTask({
    everyMs: options.everyMs,
    firstAfterMs: Math.min(options.everyMs, 5_000),
    timers: options.timers ?? nodeTimers,
    task: run,
    onError: (error) => options.log.error({ err: error }, "reading the company's mailbox failed"),
  });
  return {
    runOnce: schedule.runOnce,
    start: schedule.start,
    stop: schedule.stop,
    /** When this instance last read the mailbox through. */
    lastReadAt: () => lastReadAt,
    /** What /metrics shows of this instance's reading (server/ops/metrics.ts). */
    status: (): MailboxStatus => ({
      lastReadAt,
      answersStored,
      setAside: { ...setAside },
      everyMs: options.everyMs,
    }),
  };
}
