import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { consoleMessages, type StaffRole } from "../../domain/console";
import type { StaffAccount } from "../store/staff";
import { hashToken, SESSION_IDLE_MS, SESSION_LIFETIME_MS, sessionToken } from "./session-cookie";

/** Who may call a route of the console's API: anyone (sign-in, setup), any signed-in member of staff, or owners only. */
export type ConsoleAccess = "public" | StaffRole;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Absent means "member": any signed-in account; a route is guarded unless it says otherwise. */
    consoleAccess?: ConsoleAccess;
  }
  interface FastifyRequest {
    /** The signed-in member of staff, set by the console's guard. */
    staffAccount: StaffAccount | null;
    /** The hash of the session's token, set by the console's guard. */
    sessionTokenHash: string | null;
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origin the browser would send for a page of this server. */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The signed-in member of staff (routes behind the guard only). */
export function signedIn(request: FastifyRequest): StaffAccount {
  if (!request.staffAccount) throw new Error("The route is not behind the console's guard");
  return request.staffAccount;
}

/**
 * The console API's one guard, an `onRequest` hook of its plugin, so no route inside can forget it:
 * every answer is kept out of caches and search engines, a state-changing request must come from
 * this server's own pages (Origin), and a route needs a live session and a role that may act.
 */
export function installConsoleGuard(app: FastifyInstance) {
  app.decorateRequest("staffAccount", null);
  app.decorateRequest("sessionTokenHash", null);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex");
    if (STATE_CHANGING.has(request.method) && request.headers.origin !== ownOrigin(request)) {
      return reply.code(403).send({ error: consoleMessages.crossOrigin });
    }
    const access = request.routeOptions.config.consoleAccess ?? "member";
    if (access === "public") return;
    const token = sessionToken(request);
    const session = token
      ? await app.store.sessions.touch(hashToken(token), app.clock(), SESSION_IDLE_MS, SESSION_LIFETIME_MS)
      : null;
    const account = session ? await app.store.staff.findById(session.staffId) : null;
    if (!token || !account) return reply.code(401).send({ error: consoleMessages.sessionEnded });
    if (access === "owner" && account.role !== "owner") {
      return reply.code(403).send({ error: consoleMessages.forbidden });
    }
    request.staffAccount = account;
    request.sessionTokenHash = hashToken(token);
  });
}
