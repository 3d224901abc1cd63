/**
 * A document's PDF, made on a thread of its own (pdf-worker.ts, with document-pdf.tsx): a document
 * takes hundreds of milliseconds of CPU, the first one in a process about 2 s, and the thread that
 * serves the site and the console must go on answering meanwhile. One thread is kept for every
 * document, started with the first and warm after it; documents are made one at a time, a bounded
 * number waiting, each under a time limit past which its thread is ended and the next document is
 * made on a fresh one. A thread that dies (out of memory, a crash) fails only the document it was
 * making. Decision 044 says how the PDF is made; docs/invoices.md what it holds.
 */
import { Worker } from "node:worker_threads";
import type { DocumentLanguage, IssuedDocument } from "../../domain/invoice";
import type { DocumentCopy } from "./labels";
import { workerScript } from "../worker-script";

export type { DocumentCopy } from "./labels";

/** The longest one document may take once its thread has taken it up: a warm one takes under 1 s. */
export const RENDER_TIME_LIMIT_MS = 20_000;
/** How many documents may wait behind the one being made; one more is refused at once. */
export const RENDER_QUEUE_LIMIT = 12;
/** The documents' thread's heap: three Hindi copies leave 70 to 120 MB of it in use. */
export const RENDER_MEMORY_LIMIT_MB = 512;
/** The longest the thread may take to start and take a document up: longer is the machine's trouble. */
const START_LIMIT_MS = 60_000;

export interface RenderOptions {
  language: DocumentLanguage;
  copies: readonly DocumentCopy[];
}

/** What the thread that serves the site hands over. */
export interface RenderRequest extends RenderOptions {
  id: number;
  doc: IssuedDocument;
}

/** What the documents' thread answers: that it took the document up, then its PDF or why not. */
export type RenderReply =
  | { id: number; started: true }
  | { id: number; ok: true; pdf: Uint8Array }
  | { id: number; ok: false; error: string };

/**
 * Why a document was not made: `busy` (too many waiting), `slow` (past the time limit), `stopped`
 * (its thread ended while making it), `failed` (the renderer threw), `closed` (the server is
 * closing). The message says it in words an operator reads; it never quotes the document.
 */
export class DocumentRenderError extends Error {
  constructor(
    readonly reason: "busy" | "slow" | "stopped" | "failed" | "closed",
    message: string,
  ) {
    super(message);
    this.name = "DocumentRenderError";
  }
}

/** A documents' thread and the documents handed to it; `close` ends the thread. */
export interface DocumentRendering {
  render(doc: IssuedDocument, options: RenderOptions): Promise<Uint8Array>;
  /** The thread making documents now, if one is started (its id, memory and end are an operator's). */
  thread(): Worker | undefined;
  /** Refuses new documents, lets those in hand finish, then ends the thread. */
  close(): Promise<void>;
}

interface Job {
  request: Omit<RenderRequest, "id">;
  resolve: (pdf: Uint8Array) => void;
  reject: (error: Error) => void;
}

export function startDocumentRendering(
  options: { timeLimitMs?: number; queueLimit?: number; memoryLimitMb?: number } = {},
): DocumentRendering {
  const timeLimitMs = options.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const queueLimit = options.queueLimit ?? RENDER_QUEUE_LIMIT;
  const memoryLimitMb = options.memoryLimitMb ?? RENDER_MEMORY_LIMIT_MB;
  let worker: Worker | undefined;
  let nextId = 1;
  let closing = false;
  const waiting: Job[] = [];
  let current: { job: Job; id: number; thread: Worker; timer: NodeJS.Timeout } | undefined;
  // Those waiting for the documents in hand to be made (close).
  const drained: (() => void)[] = [];

  function settle(outcome: { pdf: Uint8Array } | { error: DocumentRenderError }, endThread: boolean) {
    const done = current;
    if (!done) return;
    current = undefined;
    clearTimeout(done.timer);
    if (endThread) retire(done.thread);
    if ("pdf" in outcome) done.job.resolve(outcome.pdf);
    else done.job.reject(outcome.error);
    next();
  }

  /** Ends a thread: the next document is made on a fresh one. */
  function retire(thread: Worker) {
    if (worker === thread) worker = undefined;
    void thread.terminate();
  }

  function started(): Worker {
    if (worker) return worker;
    const script = workerScript(import.meta.url, "documents", "pdf-worker", "The documents' renderer");
    const thread = new Worker(script.url, {
      ...(script.execArgv ? { execArgv: script.execArgv } : {}),
      resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb, stackSizeMb: 4 },
    });
    let failure: (Error & { code?: string }) | undefined;
    thread.on("message", (reply: RenderReply) => {
      if (current?.thread !== thread || reply.id !== current.id) return;
      if ("started" in reply) {
        // The time limit is the document's: it runs from when the thread takes it up.
        clearTimeout(current.timer);
        current.timer = setTimeout(
          () =>
            settle(
              {
                error: new DocumentRenderError(
                  "slow",
                  `Making the document took over ${timeLimitMs} ms; its renderer's thread was ended`,
                ),
              },
              true,
            ),
          timeLimitMs,
        );
      } else if (reply.ok) settle({ pdf: reply.pdf }, false);
      else
        settle(
          { error: new DocumentRenderError("failed", `The document could not be made (${reply.error})`) },
          false,
        );
    });
    thread.on("error", (error) => (failure = error));
    thread.on("exit", (code) => {
      if (worker === thread) worker = undefined;
      if (current?.thread !== thread) return;
      const why =
        failure?.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? "ran out of memory"
          : failure
            ? `failed (${failure.name})`
            : `ended (exit code ${code})`;
      settle(
        {
          error: new DocumentRenderError(
            "stopped",
            `The documents' renderer ${why} while making the document`,
          ),
        },
        false,
      );
    });
    // An idle thread does not keep the process alive.
    thread.unref();
    worker = thread;
    return thread;
  }

  function next() {
    if (current) return;
    const job = waiting.shift();
    if (!job) {
      worker?.unref();
      for (const resolve of drained.splice(0)) resolve();
      return;
    }
    let thread: Worker;
    try {
      thread = started();
    } catch (error) {
      job.reject(error instanceof Error ? error : new Error(String(error)));
      next();
      return;
    }
    const id = nextId++;
    const timer = setTimeout(
      () =>
        settle(
          { error: new DocumentRenderError("stopped", "The documents' renderer did not start in time") },
          true,
        ),
      START_LIMIT_MS,
    );
    current = { job, id, thread, timer };
    thread.ref();
    thread.postMessage({ id, ...job.request } satisfies RenderRequest);
  }

  return {
    render(doc, { language, copies }) {
      if (closing)
        return Promise.reject(
          new DocumentRenderError("closed", "The server is closing: no document is made"),
        );
      if (waiting.length >= queueLimit)
        return Promise.reject(
          new DocumentRenderError(
            "busy",
            `The documents' renderer is busy (${waiting.length} documents waiting); try again in a few seconds`,
          ),
        );
      return new Promise<Uint8Array>((resolve, reject) => {
        waiting.push({ request: { doc, language, copies: [...copies] }, resolve, reject });
        next();
      });
    },
    thread: () => worker,
    async close() {
      closing = true;
      if (current || waiting.length > 0) await new Promise<void>((resolve) => drained.push(resolve));
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}

let shared: DocumentRendering | undefined;

/**
 * The document as a PDF in a language, one A4 page per copy asked for (a quotation or a pro-forma
 * has one page whatever is asked: copies are a tax document's), made on the documents' thread.
 * Rejects with a DocumentRenderError when too many documents wait, past the time limit, or when
 * the thread dies meanwhile; the next document is made on a fresh thread.
 */
export function renderDocumentPdf(doc: IssuedDocument, options: RenderOptions): Promise<Uint8Array> {
  shared ??= startDocumentRendering();
  return shared.render(doc, options);
}

/** The file name a document's PDF in `language` is downloaded and mailed under: its number, made safe for a file name. */
export function documentPdfName(doc: IssuedDocument, language: DocumentLanguage): string {
  return `${doc.number.replace(/[^A-Za-z0-9-]/g, "-")}-${language}.pdf`;
}

/** The shared documents' thread, if one is started. */
export function documentRenderingThread(): Worker | undefined {
  return shared?.thread();
}

/** Ends the documents' thread (the server's graceful shutdown); a later document starts a new one. */
export async function closeDocumentRendering(): Promise<void> {
  const rendering = shared;
  shared = undefined;
  await rendering?.close();
}
