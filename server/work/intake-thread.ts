/**
 * The form's intake written on a thread of its own (docs/decisions/049). Each enquiry's group
 * commit is most of what the thread that serves the site spends on it: SQLite's statements, the
 * WAL's writes, its flush to disk and the checkpoints. Here the serving thread reads the request,
 * checks it and hands the intake on; the intake thread reads, plans and writes it (fileEnquiry,
 * the same change as in process) on a connection of its own to the same file, and the visitor
 * hears back only once it is on disk.
 *
 * While the thread writes one group, the intakes that arrive meanwhile wait here and go as the
 * next, of at most GROUP_COMMIT_LIMIT; a second group waits with the thread only when full.
 * A thread that ends (its script, the machine) fails the groups it held with StoreUnavailableError,
 * as a store that stopped answering does: they were written whole or not at all, and a visitor's
 * retry with its Idempotency-Key is answered with the first if it was. The next group starts a new thread.
 */
import { Worker } from "node:worker_threads";
import type { SqliteStoreOptions } from "../store/sqlite/connection";
import { StoreUnavailableError, type FiledEnquiry, type FormCheckSignals } from "../store/store";
import { IdempotencyKeyReusedError } from "../store/idempotency";
import { WriteConflictError } from "../store/work-port";
import { GROUP_COMMIT_LIMIT, type Intake, type IntakeOutcome, type IntakeWriter } from "./intake-changes";
import { workerScript, type WorkerScript } from "../worker-script";

/** An intake as it crosses to the thread: its checks as the form's signals they are made from. */
export type IntakeMessage = Omit<Intake, "options" | "counted" | "settled"> & {
  options: Omit<Intake["options"], "checks"> & { checks?: { formSignals: FormCheckSignals } };
};

export interface IntakeRequest {
  id: number;
  intakes: IntakeMessage[];
}

/** An error as it crosses back: enough to make the same kind again. */
export interface ErrorMessage {
  name: string;
  message: string;
  code?: string;
}

export type OutcomeMessage =
  | { status: "filed"; filed: FiledEnquiry }
  | { status: "key-reused" }
  | { status: "rejected"; error: ErrorMessage };

export type IntakeReply = { id: number; outcomes: OutcomeMessage[] } | { id: number; failed: ErrorMessage };

/**
 * How many groups the thread holds at once: one written, and a full one waiting to be. A group
 * that is not full waits here until the thread is free, so that what arrives while it writes
 * joins it: many small groups, each with its own commit and flush, would cost the thread more
 * per enquiry than the few large ones a flood can make.
 */
const GROUPS_WITH_THE_THREAD = 2;

export function errorMessageOf(error: unknown): ErrorMessage {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { name: error.name, message: error.message, ...(typeof code === "string" ? { code } : {}) };
}

/** The error again, of the kind the callers tell apart (the route, IntakeGroups' retry). */
function errorOf(message: ErrorMessage): Error {
  if (message.name === "StoreUnavailableError") return new StoreUnavailableError(message.message);
  if (message.name === "WriteConflictError") return new WriteConflictError();
  const error = new Error(message.message) as Error & { code?: string };
  error.name = message.name;
  if (message.code) error.code = message.code;
  return error;
}

function outcomeOf(message: OutcomeMessage): IntakeOutcome {
  if (message.status === "filed") return { status: "fulfilled", value: message.filed };
  if (message.status === "key-reused") return { status: "fulfilled", value: new IdempotencyKeyReusedError() };
  return { status: "rejected", reason: errorOf(message.error) };
}

/**
 * The intake as it crosses: its checks as their signals. Undefined when they are not the form's
 * (a caller's own functions, which cannot cross): that group is written in process.
 */
function messageOf(intake: Intake): IntakeMessage | undefined {
  const { enquiry, options, received, hours } = intake;
  const { checks, ...rest } = options;
  if (checks && !checks.formSignals) return undefined;
  return {
    enquiry,
    received,
    hours,
    options: { ...rest, ...(checks?.formSignals ? { checks: { formSignals: checks.formSignals } } : {}) },
  };
}

interface Waiting {
  message: IntakeMessage;
  settle(outcome: IntakeOutcome): void;
}

/**
 * A group that failed as one (its transaction, or the thread that held it) fails each of its
 * intakes, not the caller's whole group: a caller's group may have gone in two, one written.
 */
function failEach(group: readonly Waiting[], error: unknown): void {
  for (const waiting of group) waiting.settle({ status: "rejected", reason: error });
}

export interface IntakeThread {
  write: IntakeWriter;
  /** Waits for the groups handed on, then ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts the intake's thread on `options`' file. `inProcess` writes what cannot cross (checks of
 * the caller's own) on the store's own connection. `script` is the thread's (a test gives one that
 * ends as a thread may).
 */
export function startIntakeThread(
  options: SqliteStoreOptions,
  inProcess: IntakeWriter,
  script: WorkerScript = workerScript(import.meta.url, "work", "intake-thread-worker", "The intake's thread"),
): IntakeThread {
  let worker: Worker | undefined;
  let nextId = 1;
  const queued: Waiting[] = [];
  const held = new Map<number, Waiting[]>();
  let closing: Promise<void> | undefined;
  let drained: (() => void) | undefined;

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(script.url, {
      ...(script.execArgv ? { execArgv: script.execArgv } : {}),
      workerData: options,
    });
    thread.on("message", (reply: IntakeReply) => settle(reply));
    const ended = (error: Error) => {
      if (worker !== thread) return;
      worker = undefined;
      const lost = [...held.values()].flat();
      held.clear();
      failEach(lost, error);
      pump();
    };
    thread.on("error", (error) =>
      ended(new StoreUnavailableError("The intake's thread failed", { cause: error })),
    );
    thread.on("exit", (code) => ended(new StoreUnavailableError(`The intake's thread ended (${code})`)));
    // An idle thread does not keep the process alive; a group held does (below).
    thread.unref();
    worker = thread;
    return thread;
  }

  function settle(reply: IntakeReply): void {
    const group = held.get(reply.id);
    if (!group) return;
    held.delete(reply.id);
    if ("failed" in reply) failEach(group, errorOf(reply.failed));
    else {
      group.forEach((waiting, i) => {
        const outcome = reply.outcomes[i];
        waiting.settle(
          outcome
            ? outcomeOf(outcome)
            : { status: "rejected", reason: new Error("No outcome for an enquiry handed on") },
        );
      });
    }
    pump();
  }

  function pump(): void {
    while (
      queued.length > 0 &&
      (held.size === 0 || (held.size < GROUPS_WITH_THE_THREAD && queued.length >= GROUP_COMMIT_LIMIT))
    ) {
      const group = queued.splice(0, GROUP_COMMIT_LIMIT);
      const id = nextId++;
      let thread: Worker;
      try {
        thread = started();
      } catch (error) {
        failEach(group, error);
        continue;
      }
      held.set(id, group);
      thread.ref();
      thread.postMessage({ id, intakes: group.map((waiting) => waiting.message) } satisfies IntakeRequest);
    }
    if (held.size === 0) {
      worker?.unref();
      drained?.();
    }
  }

  const write: IntakeWriter = async (group) => {
    const messages = group.map(messageOf);
    if (closing || messages.some((message) => message === undefined)) return inProcess(group);
    const outcomes = messages.map(
      (message) =>
        new Promise<IntakeOutcome>((settle) => queued.push({ message: message as IntakeMessage, settle })),
    );
    pump();
    return Promise.all(outcomes);
  };

  return {
    write,
    close() {
      closing ??= (async () => {
        if (held.size > 0 || queued.length > 0) await new Promise<void>((resolve) => (drained = resolve));
        const thread = worker;
        worker = undefined;
        await thread?.terminate();
      })();
      return closing;
    },
  };
}
