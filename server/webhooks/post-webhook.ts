import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { messageOf } from "../error-message";
import { parseWebhookUrl, resolveWebhookHost, systemResolver, type HostResolver } from "./address-guard";

/** What one attempt got: the receiver's status code and the start of its answer, or why there was none. */
export interface WebhookAnswer {
  statusCode: number | null;
  error: string | null;
  /** At most `maxResponseBytes` of the answer's body, as text. */
  body: string;
  durationMs: number;
}

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  /** Text, or bytes (an encrypted push message). */
  body: string | Buffer;
  timeoutMs: number;
  allowPrivate: boolean;
  /** How much of the answer's body is read; the rest is never downloaded. */
  maxResponseBytes: number;
  signal?: AbortSignal;
  resolve?: HostResolver;
}

/** A short, secret-free account of why a request failed. */
function shortError(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No answer within ${timeoutMs / 1000} s`;
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === "string" ? `${code}: ${messageOf(error)}` : messageOf(error)).slice(0, 200);
}

/**
 * POSTs one delivery (a webhook's, or a push notification to a push service). The host is resolved and checked here, at each attempt, and the connection
 * goes to the checked address (the `lookup` given to the request answers only it). Redirects are
 * not followed (a 3xx is an answer like any other non-2xx), and the body read stops at the cap.
 */
export async function postWebhook(post: WebhookPost): Promise<WebhookAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const parsed = parseWebhookUrl(post.url, post.allowPrivate);
  if (!parsed.ok) return { statusCode: null, error: parsed.error, body: "", durationMs: elapsed() };
  const resolved = await resolveWebhookHost(parsed.url, post.allowPrivate, post.resolve ?? systemResolver);
  if (!resolved.ok) return { statusCode: null, error: resolved.error, body: "", durationMs: elapsed() };
  const { address, family } = resolved;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const timeout = AbortSignal.timeout(post.timeoutMs);
  const signal = post.signal ? AbortSignal.any([post.signal, timeout]) : timeout;
  const request = parsed.url.protocol === "https:" ? httpsRequest : httpRequest;
  const body = typeof post.body === "string" ? Buffer.from(post.body) : post.body;
  try {
    const { statusCode, text } = await new Promise<{ statusCode: number; text: string }>(
      (resolve, reject) => {
        const outgoing = request(
          parsed.url,
          {
            method: "POST",
            headers: { ...post.headers, "content-length": String(body.length) },
            lookup: pinned,
            agent: false,
            signal,
          },
          (response: IncomingMessage) => {
            const chunks: Buffer[] = [];
            let read = 0;
            const finish = () => {
              response.destroy();
              resolve({
                statusCode: response.statusCode ?? 0,
                text: Buffer.concat(chunks).subarray(0, post.maxResponseBytes).toString("utf8"),
              });
            };
            response.on("data", (chunk: Buffer) => {
              chunks.push(chunk);
              read += chunk.length;
              if (read >= post.maxResponseBytes) finish();
            });
            response.on("end", finish);
            response.on("error", reject);
          },
        );
        outgoing.on("error", reject);
        outgoing.end(body);
      },
    );
    return { statusCode, error: null, body: text, durationMs: elapsed() };
  } catch (error) {
    return {
      statusCode: null,
      error: shortError(error, timeout.aborted, post.timeoutMs),
      body: "",
      durationMs: elapsed(),
    };
  }
}
