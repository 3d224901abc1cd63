import type { StaffRole } from "../../domain/console";
import { ADMIN_API_PREFIX, SESSION_COOKIE } from "../../domain/console";
import type { TestApp } from "./test-app";
import { hashPassword } from "../../server/admin/passwords";

/** The host and origin a console page on this server would send (tests call `app.inject()`). */
export const TEST_HOST = "127.0.0.1:3000";
export const TEST_ORIGIN = `http://${TEST_HOST}`;
export const TEST_PASSWORD = "a long and correct password";

export async function addStaff(
  app: TestApp["app"],
  email: string,
  role: StaffRole,
  password = TEST_PASSWORD,
) {
  return app.store.staff.add({ email, role, passwordHash: await hashPassword(password) });
}

export function signInRequest(
  app: TestApp["app"],
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url: `${ADMIN_API_PREFIX}/session`,
    headers: { host: TEST_HOST, origin: TEST_ORIGIN, ...headers },
    payload: body,
  });
}

/** Signs in and answers the `Cookie` header that carries the session. */
export async function signIn(app: TestApp["app"], email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await signInRequest(app, { email, password });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieOf(response.headers["set-cookie"]);
}

export function cookieOf(setCookie: string | string[] | number | undefined): string {
  const value = String(Array.isArray(setCookie) ? setCookie[0] : setCookie);
  const match = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(value);
  if (!match) throw new Error(`No session cookie in ${value}`);
  return `${SESSION_COOKIE}=${match[1]}`;
}

/** A request as the console's own pages make it: this server's host and origin, with the session. */
export function consoleRequest(
  app: TestApp["app"],
  cookie: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url: `${ADMIN_API_PREFIX}${path}`,
    headers: { host: TEST_HOST, origin: TEST_ORIGIN, cookie },
    ...(payload ? { payload } : {}),
  });
}
