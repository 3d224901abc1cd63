/**
 * The mail parser's own thread (mail-parsing.ts): parses one mail at a time, as the main thread
 * hands them over, and answers what is stored of it. A stranger's mail is worked on here, under a
 * time and memory limit, never on the thread that serves the site.
 */
import { parentPort } from "node:worker_threads";
import { simpleParser } from "mailparser";
import { answerText } from "./answer-text";
import type { ParseReply, ParseRequest } from "./mail-parsing";

const port = parentPort;
if (!port) throw new Error("parse-worker.ts runs as a worker thread");

port.on("message", (request: ParseRequest) => {
  port.postMessage({ id: request.id, started: true } satisfies ParseReply);
  void parse(request).then((reply) => port.postMessage(reply));
});

async function parse({ id, source }: ParseRequest): Promise<ParseReply> {
  try {
    const parsed = await simpleParser(Buffer.from(source.buffer, source.byteOffset, source.byteLength), {
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
    });
    return {
      id,
      ok: true,
      textFound: Boolean(parsed.text),
      attachments: parsed.attachments.length,
      ...answerText(parsed.text ?? ""),
    };
  } catch (error) {
    // The parser's own words name no address: only the kind of failure is kept.
    return { id, ok: false, error: error instanceof Error ? error.name : "Error" };
  }
}
