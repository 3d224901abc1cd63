/**
 * The documents' own thread (render.ts): makes one PDF at a time, as the thread that serves the
 * site hands documents over, and answers its bytes. The fonts are parsed and the widths measured
 * once, by the first document: the thread is kept for the next ones.
 */
import { parentPort } from "node:worker_threads";
import { documentPdfOnThisThread } from "./document-pdf";
import type { RenderReply, RenderRequest } from "./render";

const port = parentPort;
if (!port) throw new Error("pdf-worker.ts runs as a worker thread");

port.on("message", (request: RenderRequest) => {
  port.postMessage({ id: request.id, started: true } satisfies RenderReply);
  void documentPdfOnThisThread(request.doc, { language: request.language, copies: request.copies }).then(
    // The PDF's bytes are handed over, not copied.
    (pdf) => port.postMessage({ id: request.id, ok: true, pdf } satisfies RenderReply, [pdf.buffer]),
    // Only the kind of failure crosses over: a renderer's message may quote the document's text.
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        error: error instanceof Error ? error.name : "Error",
      } satisfies RenderReply),
  );
});
