/** The console's calls to its API: JSON in and out, errors as `{ error }`, a 401 ends the session. */
import { ADMIN_API_PREFIX, CONSOLE_BASE_PATH, consoleMessages } from "../domain/console";
import { consoleText } from "./content";
import { currentAppPath, signInPath } from "./paths";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly needs?: "code",
    /** The whole answer, for a refusal that says more than its message (who owns an enquiry now). */
    readonly answer?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Fills `:name` segments of an ADMIN_API_ROUTES entry. */
export function apiPath(route: string, params: Record<string, string> = {}, query?: URLSearchParams): string {
  const path = route.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ""));
  const search = query && query.size > 0 ? `?${query.toString()}` : "";
  return `${ADMIN_API_PREFIX}${path}${search}`;
}

interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in answers 401 for a wrong password: the caller handles it instead of leaving the page. */
  keepOn401?: boolean;
}

export async function callApi<T>(path: string, options: CallOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers: options.body === undefined ? undefined : { "content-type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, consoleText.offline);
  }
  if (response.status === 401 && !options.keepOn401) {
    // A full navigation: every page's state belongs to the session that just ended.
    window.location.assign(`${CONSOLE_BASE_PATH}${signInPath(currentAppPath(), "ended")}`);
    throw new ApiError(401, consoleMessages.sessionEnded);
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const answer = (body ?? {}) as { error?: unknown; needs?: unknown };
    const message = typeof answer.error === "string" ? answer.error : consoleText.somethingWrong;
    throw new ApiError(
      response.status,
      message,
      answer.needs === "code" ? "code" : undefined,
      answer as Record<string, unknown>,
    );
  }
  return body as T;
}

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : consoleText.somethingWrong;
}
