/** The console's page paths as its router sees them: CONSOLE_PAGE_PATHS without the basename. */
import { CONSOLE_BASE_PATH, CONSOLE_PAGE_PATHS, type StaffRole } from "../domain/console";
import { TEAM_PAGE_PATH } from "../domain/team";
import { TEMPLATES_PAGE_PATH } from "../domain/templates";
import { COMPANY_PAGE_PATH } from "../domain/company-facts-api";

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
} as const;

/** The page a member lands on after signing in when they were going nowhere else: owners see the dashboard first. */
export function landingPath(role: StaffRole): string {
  return role === "owner" ? appPaths.dashboard : appPaths.inbox;
}

/** Where the sign-in page sends the person back to, and why they are there. */
export const SIGN_IN_PARAMS = { next: "next", ended: "ended", signedOut: "signed-out" } as const;

/** The sign-in page's path inside the app, remembering where the person was going. */
export function signInPath(next: string, reason?: "ended" | "signed-out"): string {
  const query = new URLSearchParams();
  if (next !== appPaths.inbox) query.set(SIGN_IN_PARAMS.next, next);
  if (reason === "ended") query.set(SIGN_IN_PARAMS.ended, "1");
  if (reason === "signed-out") query.set(SIGN_IN_PARAMS.signedOut, "1");
  return query.size > 0 ? `${appPaths.signIn}?${query.toString()}` : appPaths.signIn;
}

/** The page the person is on, inside the app, for coming back after sign-in. */
export function currentAppPath(): string {
  return inApp(`${window.location.pathname}${window.location.search}`);
}

/** Only a path inside the console may be gone to after sign-in (never another site). */
export function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith(appPaths.signIn)
    ? next
    : appPaths.inbox;
}
