/**
 * The browser's one way to call the site's API: JSON in, JSON out, a time limit, and every
 * answer sorted into what the visitor needs to know: it worked, the server refused it
 * (with the server's own message), or it did not get through.
 */

/** Long enough for a slow mobile network, short enough that nobody waits forever. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The statuses with which the API refuses a request and says why in `{"error"}`. */
const REFUSAL_STATUSES: ReadonlySet<number> = new Set([400, 413, 415, 422, 429]);

export type ApiOutcome =
  | { kind: "ok"; status: number; body: unknown }
  | {
      kind: "refused";
      status: number;
      error: string;
      /** The field the server names, when it names one. */
      field?: string;
      /** From Retry-After, for 429. */
      retryAfterSeconds?: number;
    }
  | { kind: "failed"; reason: "server" | "network" | "timeout"; status?: number };

export interface PostOptions {
  timeoutMs?: number;
  /** Headers beside the JSON ones (the enquiry's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Injected by tests; the page uses the browser's fetch. */
  fetch?: typeof globalThis.fetch;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** POSTs `body` as JSON to `path` and says what came of it; never throws. */
export async function postJson(path: string, body: unknown, options: PostOptions = {}): Promise<ApiOutcome> {
  const { timeoutMs = REQUEST_TIMEOUT_MS, fetch: doFetch = globalThis.fetch, headers = {} } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await doFetch(path, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal: controller.signal,
    });
    const payload = await readJson(response);

    if (response.ok) return { kind: "ok", status: response.status, body: payload };

    if (REFUSAL_STATUSES.has(response.status) && isRecord(payload) && typeof payload.error === "string") {
      const refusal: Extract<ApiOutcome, { kind: "refused" }> = {
        kind: "refused",
        status: response.status,
        error: payload.error,
      };
      if (typeof payload.field === "string") refusal.field = payload.field;
      const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
      if (retryAfter !== undefined) refusal.retryAfterSeconds = retryAfter;
      return refusal;
    }
    // A 5xx, or an answer that is not the API's (a proxy's page, a missing route): not stored.
    return { kind: "failed", reason: "server", status: response.status };
  } catch {
    return { kind: "failed", reason: controller.signal.aborted ? "timeout" : "network" };
  } finally {
    clearTimeout(timer);
  }
}
