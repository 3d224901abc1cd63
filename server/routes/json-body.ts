import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiMessages, JSON_TOO_DEEP } from "./api-errors";

/**
 * How deeply a JSON body may nest arrays and objects. The deepest body any route takes is a few
 * levels (an enquiry's source, a webhook's events); the checks that walk a body (the text rule,
 * the schemas) recurse, and a body thousands of levels deep would overflow their stack.
 */
export const JSON_MAX_DEPTH = 16;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted in one pass without
 * recursion (brackets inside strings do not count); stops counting past `limit`.
 */
export function jsonDepth(text: string, limit = JSON_MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return deepest;
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Fastify's own JSON parser (prototype poisoning refused), behind a bound on nesting: a body
 * deeper than JSON_MAX_DEPTH is refused with 400 before it is parsed, so no check ever walks it.
 * Its size is bounded by the server's bodyLimit (16 KB, less where a route says so).
 */
export function boundedJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  return (request: FastifyRequest, body: string | Buffer, done: ParserDone) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (jsonDepth(text) > JSON_MAX_DEPTH) {
      done(Object.assign(new Error(apiMessages.tooDeep), { statusCode: 400, code: JSON_TOO_DEEP }));
      return;
    }
    parse(request, text, done);
  };
}

/** Every JSON body under this plugin goes through boundedJsonParser. */
export function installBoundedJson(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, boundedJsonParser(app));
}
