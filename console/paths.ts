/** The console's page paths as its router sees them: CONSOLE_PAGE_PATHS without the basename. */
import { CONSOLE_BASE_PATH, CONSOLE_PAGE_PATHS, type StaffRole } from "../domain/console";
import { TEAM_PAGE_PATH } from "../domain/team";
import { TEMPLATES_PAGE_PATH } from "../domain/templates";
import { COMPANY_PAGE_PATH } from "../domain/company-facts-api";
import { ACCOUNTS_PAGE_PATH } from "../domain/invoice";

export function inApp(path: string): string {
  return path.startsWith(CONSOLE_BASE_PATH) ? path.slice(CONSOLE_BASE_PATH.length) || "/" : path;
}

export const appPaths = {
  inbox: inApp(CONSOLE_PAGE_PATHS.inbox),
  dashboard: inApp(CONSOLE_PAGE_PATHS.dashboard),
  signIn: inApp(CONSOLE_PAGE_PATHS.signIn),
  welcome: inApp(CONSOLE_PAGE_PATHS.welcome),
  enquiry: (id: string) => inApp(CONSOLE_PAGE_PATHS.enquiry(id)),
  /** The router's pattern for an enquiry's page. */
  enquiryPattern: `${inApp(CONSOLE_PAGE_PATHS.enquiry(""))}:id`,
  subscribers: inApp(CONSOLE_PAGE_PATHS.subscribers),
  activity: inApp(CONSOLE_PAGE_PATHS.activity),
  staff: inApp(CONSOLE_PAGE_PATHS.staff),
  personalData: inApp(CONSOLE_PAGE_PATHS.personalData),
  security: inApp(CONSOLE_PAGE_PATHS.security),
  team: inApp(TEAM_PAGE_PATH),
  webhooks: inApp(CONSOLE_PAGE_PATHS.webhooks),
  templates: inApp(TEMPLATES_PAGE_PATH),
  company: inApp(COMPANY_PAGE_PATH),
  accounts: inApp(ACCOUNTS_PAGE_PATH),
} as const;

/** The page a member lands on after signing in when they were going nowhere else: owners see the dashboard first. */
export function landingPath(role: StaffRole): string {
  return role === "owner" ? appPaths.dashboard : appPaths.inbox;
}

/** Where the sign-in page sends the person back to, and why they are there. */
export const SIGN_IN_PARAMS = { next: "next", ended: "ended", signedOut: "signed-out" } as const;

/**
 * The sign-in page's path inside the app, remembering where the person was going (null: nowhere in
 * particular, so they land on their role's first page). The inbox is remembered too: an owner who
 * opened the inbox comes back to it, not to the dashboard.
 */
export function signInPath(next: string | null, reason?: "ended" | "signed-out"): string {
  const query = new URLSearchParams();
  if (next !== null) query.set(SIGN_IN_PARAMS.next, next);
  if (reason === "ended") query.set(SIGN_IN_PARAMS.ended, "1");
  if (reason === "signed-out") query.set(SIGN_IN_PARAMS.signedOut, "1");
  return query.size > 0 ? `${appPaths.signIn}?${query.toString()}` : appPaths.signIn;
}

/** The page the person is on, inside the app, for coming back after sign-in. */
export function currentAppPath(): string {
  return inApp(`${window.location.pathname}${window.location.search}`);
}

/** Any origin: only what a `next` means relative to it is compared, never fetched. */
const PLACEHOLDER_ORIGIN = "https://console.invalid";

/**
 * Where to go after sign-in: a page of the console with its query (the inbox's filters) and
 * fragment, relative to the console ("/enquiries/…", "?q=rakesh", or with the console's own base
 * path). Anything that would leave the console's origin ("//evil.example", "https://…",
 * "/\\evil.example", "javascript:…") or lead back to the sign-in page lands on the inbox instead.
 */
export function safeNext(next: string | null): string {
  if (!next) return appPaths.inbox;
  let url: URL;
  try {
    url = new URL(next, `${PLACEHOLDER_ORIGIN}/`);
  } catch {
    return appPaths.inbox;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return appPaths.inbox;
  const inConsole = url.pathname === CONSOLE_BASE_PATH || url.pathname.startsWith(`${CONSOLE_BASE_PATH}/`);
  const path = inConsole ? inApp(url.pathname) : url.pathname;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith(appPaths.signIn))
    return appPaths.inbox;
  return `${path}${url.search}${url.hash}`;
}
