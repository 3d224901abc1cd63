/**
 * Parses buyers' mails on a thread of its own (parse-worker.ts), one at a time, each under a time
 * and a memory limit: a mail that makes the parser throw, run past its time or outgrow its memory
 * is answered `set aside` with why, and the next mail is parsed on a fresh thread. The thread that
 * serves the site only hands over the mail's bytes and reads the answer.
 */
import { Worker } from "node:worker_threads";
import { workerScript } from "../worker-script";

/** The longest one mail may take to parse: a real answer takes milliseconds. */
export const PARSE_TIME_LIMIT_MS = 5_000;
/** The longest the parser thread may take to start: longer is the machine's trouble, not the mail's. */
const START_LIMIT_MS = 60_000;
/** The parser thread's heap: a mail is at most SOURCE_MAX_BYTES (256 KiB), parsed well within it. */
export const PARSE_MEMORY_LIMIT_MB = 64;

/** Why a mail was set aside rather than stored (a label on /metrics, a word in the activity log). */
export type SetAsideReason = "unreadable" | "slow" | "too-large" | "daily-cap";

export const SET_ASIDE_REASONS: readonly SetAsideReason[] = ["unreadable", "slow", "too-large", "daily-cap"];

/** What the parser thread makes of one mail. */
export interface ParsedAnswer {
  /** The buyer's own words, cut to what is stored (answer-text.ts). */
  text: string;
  truncated: boolean;
  quoteTrimmed: boolean;
  /** Whether the mail had any text at all (an answer cut off before its text has none). */
  textFound: boolean;
  /** Parts that are not the mail's text: attachments, and pictures or files sent inline. */
  attachments: number;
}

export interface ParseRequest {
  id: number;
  source: Uint8Array;
}

export type ParseReply =
  | { id: number; started: true }
  | ({ id: number; ok: true } & ParsedAnswer)
  | { id: number; ok: false; error: string };

export type ParseOutcome = { ok: true; answer: ParsedAnswer } | { ok: false; reason: SetAsideReason };

/** A parser thread and the mails handed to it; `close` ends the thread. */
export interface MailParsing {
  parse(source: Uint8Array): Promise<ParseOutcome>;
  close(): Promise<void>;
}

export function startMailParsing(
  options: { timeLimitMs?: number; memoryLimitMb?: number } = {},
): MailParsing {
  const timeLimitMs = options.timeLimitMs ?? PARSE_TIME_LIMIT_MS;
  const memoryLimitMb = options.memoryLimitMb ?? PARSE_MEMORY_LIMIT_MB;
  let worker: Worker | undefined;
  let nextId = 1;
  // One mail at a time: a limit applies to that mail alone.
  let queue: Promise<unknown> = Promise.resolve();

  function started(): Worker {
    if (worker) return worker;
    const script = workerScript(import.meta.url, "mail", "parse-worker", "The mail parser's worker");
    worker = new Worker(script.url, {
      ...(script.execArgv ? { execArgv: script.execArgv } : {}),
      resourceLimits: {
        maxOldGenerationSizeMb: memoryLimitMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.round(memoryLimitMb / 4)),
        stackSizeMb: 4,
      },
    });
    // An idle parser thread does not keep the process alive.
    worker.unref();
    return worker;
  }

  function parseOne(source: Uint8Array): Promise<ParseOutcome> {
    const thread = started();
    const id = nextId++;
    return new Promise<ParseOutcome>((resolve, reject) => {
      const finish = (end: boolean) => {
        clearTimeout(timer);
        thread.off("message", onMessage);
        thread.off("error", onError);
        thread.off("exit", onExit);
        if (end) {
          worker = undefined;
          void thread.terminate();
        }
      };
      const done = (outcome: ParseOutcome, end: boolean) => {
        finish(end);
        resolve(outcome);
      };
      const onMessage = (reply: ParseReply) => {
        if (reply.id !== id) return;
        if ("started" in reply) {
          taken = true;
          // The time limit is the mail's: it runs from when the thread takes the mail up.
          clearTimeout(timer);
          timer = setTimeout(() => done({ ok: false, reason: "slow" }, true), timeLimitMs);
          return;
        }
        if (!reply.ok) return done({ ok: false, reason: "unreadable" }, false);
        const { id: _id, ok: _ok, ...answer } = reply;
        done({ ok: true, answer }, false);
      };
      // A thread that fails before it took the mail up failed on its own (its script, the
      // machine): the read fails and is tried again; nothing is set aside for it.
      let taken = false;
      const failed = (reason: SetAsideReason, error: Error) => {
        if (taken) return done({ ok: false, reason }, true);
        finish(true);
        reject(error);
      };
      const onError = (error: Error & { code?: string }) =>
        failed(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "too-large" : "unreadable", error);
      const onExit = (code: number) =>
        failed(
          "unreadable",
          new Error(`The mail parser's thread ended (${code}) before it took the mail up`),
        );
      let timer = setTimeout(() => {
        finish(true);
        reject(new Error("The mail parser's thread did not start"));
      }, START_LIMIT_MS);
      thread.on("message", onMessage);
      thread.on("error", onError);
      thread.on("exit", onExit);
      thread.ref();
      thread.postMessage({ id, source } satisfies ParseRequest);
    }).finally(() => worker?.unref());
  }

  return {
    parse(source) {
      const result = queue.then(() => parseOne(source));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await queue;
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
