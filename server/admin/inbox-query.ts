import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENQUIRY_STATUSES, SEARCH_MAX_LENGTH } from "../../domain/console";
import { BUYER_TYPES } from "../../domain/enquiry";
import {
  CLOSED_TOO,
  INBOX_QUERY_KEYS,
  INBOX_SORTS,
  OWNER_MAX_LENGTH,
  SOURCE_FILTER_MAX_LENGTH,
  type InboxQuery,
} from "../../domain/inbox";
import { INBOX_VIEWS } from "../../domain/team";
import { istDayBounds } from "../../domain/working-hours";
import { inboxFilterOf, type InboxFilter } from "../lifecycle/inbox-listing";
import { signedIn } from "./guard";

/** The inbox's filter as the API takes it (domain/inbox.ts): each part optional, all combined. */
export const inboxQuerySchema = z.object({
  view: z.enum(INBOX_VIEWS).optional(),
  /** CLOSED_TOO: Mine and Unassigned list closed enquiries too. */
  closed: z.enum([CLOSED_TOO]).optional(),
  status: z.enum(ENQUIRY_STATUSES).optional(),
  /** A member's id, or "nobody". */
  owner: z.string().trim().min(1).max(OWNER_MAX_LENGTH).optional(),
  buyer: z.enum(BUYER_TYPES).optional(),
  source: z.string().max(SOURCE_FILTER_MAX_LENGTH).optional(),
  q: z.string().max(SEARCH_MAX_LENGTH).optional(),
  sort: z.enum(INBOX_SORTS).optional(),
});

/** The filter as domain/inbox.ts names it, without empty parts. */
export function queryOf(parsed: z.infer<typeof inboxQuerySchema>): InboxQuery {
  const query: InboxQuery = {};
  for (const key of INBOX_QUERY_KEYS) {
    const trimmed = parsed[key]?.trim();
    if (trimmed) (query as Record<string, string>)[key] = trimmed;
  }
  return query;
}

/**
 * The listing the signed-in member's filter asks for, judged now (server/lifecycle/inbox-listing.ts),
 * or null when nothing can match it.
 */
export function inboxFilterFor(
  app: FastifyInstance,
  request: FastifyRequest,
  parsed: z.infer<typeof inboxQuerySchema>,
): InboxFilter | null {
  const now = app.clock();
  return inboxFilterOf(queryOf(parsed), {
    staffId: signedIn(request).id,
    now,
    dayEnd: istDayBounds(now).end,
  });
}
