/**
 * The console's calls to its API: JSON in and out, errors as `{ error }`. A 401 on a page someone
 * is signed in to asks them to sign in again in place (the SessionDialog), and the calls that met
 * it wait, then go through, so nothing typed on the page is lost to a session that ended.
 */
import {
  ADMIN_API_PREFIX,
  ADMIN_API_ROUTES,
  CONSOLE_BASE_PATH,
  CONSOLE_PAGE_PATHS,
  consoleMessages,
  type StaffMember,
} from "../domain/console";
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
  /** Sign-in answers 401 for a wrong password: the caller handles it instead of being asked to sign in. */
  keepOn401?: boolean;
}

interface Outgoing {
  method: NonNullable<CallOptions["method"]>;
  path: string;
  body: string | undefined;
}

/** One call waiting for the person to sign in again, and whoever waits for its answer. */
interface Waiting {
  /** Equal reads (a poll repeating while the dialog is open) share one entry and one answer. */
  readKey: string | null;
  outgoing: Outgoing;
  waiters: Set<Waiter>;
}

interface Waiter {
  resolve(response: Response): void;
  reject(error: unknown): void;
}

/**
 * "live": calls go out. "asking": the session ended and the dialog is open; calls wait for it.
 * "cancelled": the person chose not to sign in: reads fail as ended (so a background poll does not
 * ask again by surprise), and a change they make asks again.
 */
export type SessionPhase = "live" | "asking" | "cancelled";

export interface SessionState {
  phase: SessionPhase;
  /** Who the page was signed in as: the dialog fills in their e-mail. */
  email: string;
  /** Counts the openings, so each starts with a fresh form. */
  opening: number;
}

let account: StaffMember | null = null;
let state: SessionState = { phase: "live", email: "", opening: 0 };
/** Counts sign-ins on this page: a 401 to a call sent before the latest one is not news. */
let sessionGeneration = 0;
/** The member is signing out on this page: a 401 is the sign-out's own, not a session that ended. */
let signingOut = false;
const waiting: Waiting[] = [];
const listeners = new Set<() => void>();

function setState(next: Partial<SessionState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function abortError(): DOMException {
  return new DOMException("The call was aborted.", "AbortError");
}

/** The page is signed in as `staff` (the layout's loader says so): a later 401 is a session that ended. */
export function rememberSignedIn(staff: StaffMember | null) {
  account = staff;
  if (staff) signingOut = false;
  const email = staff?.email ?? "";
  if (state.email !== email) setState({ email });
}

export function signedInAccount(): StaffMember | null {
  return account;
}

/**
 * Signs this page out: the session ends on the server (one that has already ended needs no signing
 * in again), and no call that meets it meanwhile, sent before the sign-out or during it, opens the
 * sign-in dialog or the "session ended" page (it is refused as aborted). A failed sign-out leaves
 * the page signed in.
 */
export async function signOutHere(): Promise<void> {
  signingOut = true;
  try {
    await callApi(apiPath(ADMIN_API_ROUTES.session), { method: "DELETE", keepOn401: true }).catch(
      (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      },
    );
  } catch (error) {
    signingOut = false;
    throw error;
  }
  rememberSignedIn(null);
}

/** The dialog's side of the session's state. */
export const sessionRenewal = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot(): SessionState {
    return state;
  },
  /** Opens the dialog without a waiting call (the person asked to sign in after cancelling). */
  ask() {
    if (state.phase !== "asking") setState({ phase: "asking", opening: state.opening + 1 });
  },
  /**
   * The dialog signed `staff` in. The same person: every waiting call goes out again, in the order
   * it was made, with the new session. Another person: nothing the first typed is sent under their
   * name; the page starts again from the inbox.
   */
  async signedIn(staff: StaffMember) {
    sessionGeneration += 1;
    const entries = waiting.splice(0);
    if (account && staff.id !== account.id) {
      account = null;
      window.location.assign(CONSOLE_PAGE_PATHS.inbox);
      return;
    }
    rememberSignedIn(staff);
    setState({ phase: "live" });
    for (const entry of entries) {
      if (entry.waiters.size === 0) continue;
      const waiters = [...entry.waiters];
      try {
        const response = await send(entry.outgoing, undefined, false);
        // Read once, however many callers share it (a poll may have repeated many times meanwhile).
        const body = response.status === 204 ? null : await response.text();
        const init = { status: response.status, headers: response.headers };
        for (const waiter of waiters) waiter.resolve(new Response(body, init));
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
  },
  /** The person closed the dialog: every waiting call fails as the session ended, and what they typed stays put. */
  cancel() {
    if (state.phase !== "asking") return;
    const entries = waiting.splice(0);
    setState({ phase: "cancelled" });
    for (const entry of entries)
      for (const waiter of entry.waiters) waiter.reject(new ApiError(401, consoleMessages.sessionEnded));
  },
};

/** Holds `outgoing` until the person has signed in again, opening the dialog if it is not open yet. */
function waitForSignIn(outgoing: Outgoing, signal: AbortSignal | undefined): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const readKey = outgoing.method === "GET" ? outgoing.path : null;
    let entry = readKey === null ? undefined : waiting.find((each) => each.readKey === readKey);
    if (!entry) {
      entry = { readKey, outgoing, waiters: new Set() };
      waiting.push(entry);
    }
    const joined = entry;
    let settled = false;
    const onAbort = () => waiter.reject(abortError());
    const finish = () => {
      settled = true;
      joined.waiters.delete(waiter);
      signal?.removeEventListener("abort", onAbort);
      // A call whose every caller gave up is never sent.
      if (joined.waiters.size === 0 && waiting.includes(joined)) waiting.splice(waiting.indexOf(joined), 1);
    };
    const waiter: Waiter = {
      resolve(response) {
        if (settled) return;
        finish();
        resolve(response);
      },
      reject(error) {
        if (settled) return;
        finish();
        reject(error);
      },
    };
    joined.waiters.add(waiter);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (state.phase !== "asking") setState({ phase: "asking", opening: state.opening + 1 });
  });
}

async function send(
  outgoing: Outgoing,
  signal: AbortSignal | undefined,
  keepOn401: boolean,
): Promise<Response> {
  if (!keepOn401 && state.phase === "asking") return waitForSignIn(outgoing, signal);
  const generation = sessionGeneration;
  let response: Response;
  try {
    // CSRF is the Origin header the browser adds, and the session is the cookie: a call sent
    // again after sign-in carries the new session without anything to change here.
    response = await fetch(outgoing.path, {
      method: outgoing.method,
      headers: outgoing.body === undefined ? undefined : { "content-type": "application/json" },
      body: outgoing.body,
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, consoleText.offline);
  }
  if (response.status !== 401 || keepOn401) return response;
  // The page is leaving for the sign-in page, which says the member signed out: a call that met
  // the session their sign-out ended (a tile still loading) ends quietly, as one given up.
  if (signingOut) throw abortError();
  if (!account) {
    // No one was signed in on this page: the sign-in page is the place to start.
    window.location.assign(`${CONSOLE_BASE_PATH}${signInPath(currentAppPath(), "ended")}`);
    throw new ApiError(401, consoleMessages.sessionEnded);
  }
  // Sent with the cookie of a session the person has since replaced: send it again.
  if (generation !== sessionGeneration) return send(outgoing, signal, keepOn401);
  if (state.phase === "cancelled" && outgoing.method === "GET") return response;
  return waitForSignIn(outgoing, signal);
}

export async function callApi<T>(path: string, options: CallOptions = {}): Promise<T> {
  const outgoing: Outgoing = {
    method: options.method ?? "GET",
    path,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  };
  const response = await send(outgoing, options.signal, options.keepOn401 ?? false);
  if (response.status === 204) return undefined as T;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch (caught) {
    // Left mid-answer (the page moved on) is the caller's abort, not an answer; an answer that is
    // not JSON is an error to show, never a null for the page to read as data.
    if (options.signal?.aborted) throw options.signal.reason ?? caught;
    if (response.ok) throw new ApiError(response.status, consoleText.somethingWrong);
  }
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
