import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { IssuedDocument } from "../../domain/invoice";
import { issue, MUMBAI_RETAILER } from "../../tests/support/documents";
import { buildTestApp } from "../../tests/support/test-app";
import { documentPdfOnThisThread } from "./document-pdf";
import {
  closeDocumentRendering,
  documentRenderingThread,
  DocumentRenderError,
  renderDocumentPdf,
  startDocumentRendering,
  type DocumentRendering,
} from "./render";

const dir = mkdtempSync(join(tmpdir(), "documents-thread-"));
let rendering: DocumentRendering | undefined;
afterEach(async () => {
  await rendering?.close();
  rendering = undefined;
  await closeDocumentRendering();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as poppler reads it. */
function textOf(pdf: Uint8Array): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

const THREE_COPIES = ["original", "duplicate", "triplicate"] as const;
const hindiInvoice = () => issue({ language: "hi", buyer: MUMBAI_RETAILER });

/** The CPU time this thread has used, in ms. */
const threadCpuMs = () => {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};

/**
 * The longest the event loop was held between two of its turns while `work` ran, in ms of this
 * thread's CPU: a timer takes a turn every millisecond and notes how much work this thread did
 * since the last. A render on this thread holds it for its whole length; time the machine gives
 * other processes (the wall clock's share of a loop's delay on a loaded machine, often over
 * 100 ms here with nothing rendering) does not count, so the figure does not depend on the load.
 */
async function longestTurnDuring<T>(work: () => Promise<T>): Promise<{ longestMs: number; result: T }> {
  let longestMs = 0;
  let last = threadCpuMs();
  const turn = () => {
    const now = threadCpuMs();
    longestMs = Math.max(longestMs, now - last);
    last = now;
  };
  let timer = setTimeout(function next() {
    turn();
    timer = setTimeout(next, 1);
  }, 1);
  try {
    const result = await work();
    turn();
    return { longestMs, result };
  } finally {
    clearTimeout(timer);
  }
}

describe("documents made off the thread that serves the site", () => {
  it("keeps the event loop answering while three Hindi copies are made, which on the thread itself blocks it", async () => {
    const doc = hindiInvoice();
    // The first document of the process: the thread starts, parses the fonts and makes it.
    const cold = await longestTurnDuring(() =>
      renderDocumentPdf(doc, { language: "hi", copies: THREE_COPIES }),
    );
    // A warm thread: the document as a member downloading it would have it made.
    const warm = await longestTurnDuring(() =>
      renderDocumentPdf(doc, { language: "hi", copies: THREE_COPIES }),
    );
    // The same document made here, as before: the loop stands still for the whole render.
    const here = await longestTurnDuring(() =>
      documentPdfOnThisThread(doc, { language: "hi", copies: THREE_COPIES }),
    );

    expect(textOf(warm.result)).toContain("कर बीजक");
    expect(here.longestMs).toBeGreaterThan(150);
    expect(cold.longestMs).toBeLessThan(50);
    expect(warm.longestMs).toBeLessThan(50);
    // Two first documents (one per thread) take a few seconds each on a loaded machine.
  }, 120_000);

  it("answers a clear error when its thread is killed while making a document, and makes the next on a fresh one", async () => {
    rendering = startDocumentRendering();
    const doc = issue();
    const pending = rendering.render(doc, { language: "en", copies: THREE_COPIES });
    const killed = rendering.thread();
    if (!killed) throw new Error("the documents' thread did not start");
    const killedId = killed.threadId;
    // Killed as soon as it says it took the document up: a first document takes about 2 s.
    killed.once("message", () => void killed.terminate());

    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DocumentRenderError);
    expect(error).toMatchObject({
      reason: "stopped",
      message: "The documents' renderer ended (exit code 1) while making the document",
    });

    const pdf = await rendering.render(doc, { language: "en", copies: ["original"] });
    expect(textOf(pdf)).toContain("Invoice No. SH/2627/T0001");
    expect(rendering.thread()?.threadId).not.toBe(killedId);
  });

  it("ends a thread that takes longer than the time limit, with an error that says so", async () => {
    // 100 ms is far below a first document's render (the fonts alone take longer to parse).
    rendering = startDocumentRendering({ timeLimitMs: 100 });
    const pending = rendering.render(hindiInvoice(), { language: "hi", copies: THREE_COPIES });
    const slow = rendering.thread();
    const ended = new Promise<number>((resolve) => slow?.once("exit", resolve));

    await expect(pending).rejects.toMatchObject({
      reason: "slow",
      message: "Making the document took over 100 ms; its renderer's thread was ended",
    });
    await ended;
    expect(rendering.thread()).toBeUndefined();
  });

  it("refuses a document at once when the queue is full, and makes those it took", async () => {
    rendering = startDocumentRendering({ queueLimit: 1 });
    const doc = issue();
    const first = rendering.render(doc, { language: "en", copies: ["original"] });
    const second = rendering.render(doc, { language: "hi", copies: ["original"] });

    await expect(rendering.render(doc, { language: "en", copies: ["original"] })).rejects.toMatchObject({
      reason: "busy",
      message: "The documents' renderer is busy (1 documents waiting); try again in a few seconds",
    });
    expect(textOf(await first)).toContain("Tax Invoice");
    expect(textOf(await second)).toContain("कर बीजक");
  });

  it("names a document the renderer cannot make as failed, without its contents, and makes the next on the same thread", async () => {
    rendering = startDocumentRendering();
    const broken = { ...issue(), lines: undefined } as unknown as IssuedDocument;
    const error = await rendering
      .render(broken, { language: "en", copies: ["original"] })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: "failed", message: "The document could not be made (TypeError)" });
    const thread = rendering.thread();

    const pdf = await rendering.render(issue(), { language: "en", copies: ["original"] });
    expect(textOf(pdf)).toContain("Tax Invoice");
    expect(rendering.thread()).toBe(thread);
  });

  it("on close finishes the document in hand, ends its thread and refuses later ones", async () => {
    rendering = startDocumentRendering();
    const pending = rendering.render(issue(), { language: "en", copies: ["original"] });
    const thread = rendering.thread();
    const ended = new Promise<number>((resolve) => thread?.once("exit", resolve));
    await rendering.close();

    expect(textOf(await pending)).toContain("Tax Invoice");
    await ended;
    await expect(rendering.render(issue(), { language: "en", copies: ["original"] })).rejects.toMatchObject({
      reason: "closed",
    });
  });

  it("ends the documents' thread when the server closes", async () => {
    const testApp = await buildTestApp();
    await renderDocumentPdf(issue(), { language: "en", copies: ["original"] });
    const thread = documentRenderingThread();
    if (!thread) throw new Error("the documents' thread did not start");
    const ended = new Promise<number>((resolve) => thread.once("exit", resolve));

    await testApp.close();
    await ended;
    expect(documentRenderingThread()).toBeUndefined();
  });
});
