import type { FastifyInstance } from "fastify";
import { hasControlCharacters, textMessages } from "../../domain/enquiry";

const NO_LINES: ReadonlySet<string> = new Set();

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * How the text rule applies to the route: by default every string in its query, path and
     * body is refused with 400 if it holds a control character; `lines` names the body's fields
     * that may also hold newlines (a note). `"own"`: the route checks its text itself (the
     * enquiry, whose messages come in the specification's order).
     */
    textRule?: { lines?: readonly string[] } | "own";
  }
}

/**
 * True when a parsed query, path or body holds a control character in any string or key; the
 * fields named in `lines` may hold newlines.
 */
export function holdsControlCharacters(
  value: unknown,
  lines: ReadonlySet<string> = NO_LINES,
  field?: string,
): boolean {
  if (typeof value === "string")
    return hasControlCharacters(value, { lines: field !== undefined && lines.has(field) });
  if (Array.isArray(value)) return value.some((item) => holdsControlCharacters(item, lines, field));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).some(
      ([key, item]) => hasControlCharacters(key) || holdsControlCharacters(item, lines, key),
    );
  }
  return false;
}

/**
 * The text rule of domain/enquiry.ts for every route of the API: a request whose query, path or
 * body holds a control character is refused with 400 and a message that says so, before the
 * route runs, so no store or search ever sees one.
 */
export function installTextRule(app: FastifyInstance) {
  app.addHook("preValidation", async (request, reply) => {
    const rule = request.routeOptions.config.textRule;
    if (rule === "own") return;
    const lines = rule?.lines ? new Set(rule.lines) : NO_LINES;
    if (
      holdsControlCharacters(request.query, NO_LINES) ||
      holdsControlCharacters(request.params, NO_LINES) ||
      holdsControlCharacters(request.body, lines)
    ) {
      return reply.sendResult({
        status: 400,
        message: textMessages.control,
        json: { error: textMessages.control },
      });
    }
  });
}
