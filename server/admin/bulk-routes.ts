import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import {
  BULK_API_ROUTES,
  BULK_MAX,
  bulkMessages,
  type BulkAction,
  type BulkDone,
  type BulkFailure,
  type BulkItem,
  type BulkResult,
} from "../../domain/bulk";
import {
  ENQUIRY_STATUSES,
  enquiryReference,
  NOTE_MAX_LENGTH,
  type ActivityEntry,
  type EnquiryStatus,
} from "../../domain/console";
import { isDuplicate, SPAM_STATUS } from "../../domain/status";
import { duplicateMessages } from "../../domain/duplicate";
import { eventTime } from "../store/event-clock";
import { OWNER_BATCH_MAX, type OwnerChangeResult } from "../store/team";
import type { StaffAccount } from "../store/staff";
import { signedIn } from "./guard";
import { markNotSpam } from "./not-spam";
import { checkLostReason, type LostReason } from "../../domain/deal";
import { mayOwnEnquiries } from "../../domain/staff";

/**
 * The body's size: BULK_MAX items with their ids, versions and owners seen, and a note. Larger
 * than the API's 16 KB, which a list of 500 enquiries does not fit in.
 */
const BULK_BODY_LIMIT = 128 * 1024;
/** Status changes made at once: each is its own transaction, so on Firestore a few run side by side. */
const STATUS_CONCURRENCY = 8;

const id = z.string().min(1).max(64);
const itemSchema = z.object({
  id,
  version: z.number().int().min(0),
  ownerId: id.nullable().optional(),
});
const actionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("assign"), ownerId: id.nullable() }),
  z.object({
    kind: z.literal("status"),
    to: z.enum(ENQUIRY_STATUSES),
    note: z
      .string()
      .max(NOTE_MAX_LENGTH * 2)
      .optional(),
    lostReason: z.string().max(40).optional(),
  }),
  z.object({ kind: z.literal("spam") }),
  z.object({ kind: z.literal("not-spam") }),
]);

type Parsed = { items: BulkItem[]; action: BulkAction } | { error: string };

/** The body checked whole, with the message that says what is wrong; nothing is changed before. */
function parseBody(body: unknown): Parsed {
  const raw = (typeof body === "object" && body !== null ? body : {}) as {
    items?: unknown;
    action?: unknown;
  };
  const action = actionSchema.safeParse(raw.action);
  if (!action.success) {
    const kind = (raw.action as { kind?: unknown } | null | undefined)?.kind;
    return { error: kind === "status" ? bulkMessages.statusUnknown : bulkMessages.unclear };
  }
  if (!Array.isArray(raw.items)) return { error: bulkMessages.unclear };
  if (raw.items.length === 0) return { error: bulkMessages.none };
  if (raw.items.length > BULK_MAX) return { error: bulkMessages.tooMany };
  const items = z.array(itemSchema).safeParse(raw.items);
  if (!items.success) return { error: bulkMessages.unclear };
  if (new Set(items.data.map((item) => item.id)).size !== items.data.length)
    return { error: bulkMessages.twice };
  if (action.data.kind === "status") {
    if (isDuplicate(action.data.to)) return { error: duplicateMessages.notInBulk };
    const note = action.data.note?.trim();
    if (note && note.length > NOTE_MAX_LENGTH) return { error: bulkMessages.noteTooLong };
    const lost = checkLostReason(action.data.to, action.data.lostReason);
    if (!lost.ok) return { error: lost.error };
    return {
      items: items.data,
      action: {
        kind: "status",
        to: action.data.to,
        ...(note ? { note } : {}),
        ...(lost.value ? { lostReason: lost.value } : {}),
      },
    };
  }
  return { items: items.data, action: action.data };
}

/** Runs `work` on each item, `limit` at a time, answering in the items' order. */
async function eachLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

const done = (item: BulkItem, version: number): BulkDone => ({
  id: item.id,
  reference: enquiryReference(item.id),
  version,
});
const failed = (item: BulkItem, reason: BulkFailure["reason"], message: string): BulkFailure => ({
  id: item.id,
  reference: enquiryReference(item.id),
  reason,
  message,
});

/**
 * Work in bulk (domain/bulk.ts): one action on many enquiries, each changed exactly as its own page
 * would change it, through the same store operations and lifecycle plans, with its own version
 * check, history line and activity entry. The roles are the single routes': any signed-in member
 * may give enquiries an owner (anyone's, to anyone), change their status and file them as spam or
 * not spam.
 */
export async function bulkRoutes(app: FastifyInstance) {
  app.post(
    BULK_API_ROUTES.bulk,
    { bodyLimit: BULK_BODY_LIMIT, config: { textRule: { lines: ["note"] } } },
    async (request, reply): Promise<BulkResult | FastifyReply> => {
      const parsed = parseBody(request.body);
      if ("error" in parsed) return reply.code(400).send({ error: parsed.error });
      const { items, action } = parsed;
      const account = signedIn(request);
      const staff = await app.store.staff.list();
      if (action.kind === "assign" && action.ownerId) {
        const owner = staff.find((member) => member.id === action.ownerId);
        if (!owner) return reply.code(400).send({ error: bulkMessages.ownerUnknown });
        if (!mayOwnEnquiries(owner)) return reply.code(400).send({ error: bulkMessages.ownerInvited });
      }
      const emailOf = (staffId: string | null) =>
        staffId ? (staff.find((member) => member.id === staffId)?.email ?? null) : null;

      const outcomes =
        action.kind === "assign"
          ? await assign(app, items, action.ownerId, account, emailOf, request.id)
          : action.kind === "not-spam"
            ? await release(app, items, account, request.id)
            : await changeStatus(
                app,
                items,
                action.kind === "spam" ? { to: SPAM_STATUS } : action,
                account,
                request.id,
              );

      const result: BulkResult = { done: [], failed: [] };
      for (const outcome of outcomes) {
        if ("reason" in outcome) result.failed.push(outcome);
        else result.done.push(outcome);
      }
      // Not-spam records its own entries as it goes (server/admin/not-spam.ts).
      if (action.kind !== "not-spam") {
        const entryAction: ActivityEntry["action"] =
          action.kind === "assign" ? "owner-change" : "status-change";
        await app.store.activity.recordMany(
          result.done.map((each) => ({ actor: account.email, action: entryAction, target: each.reference })),
        );
      }
      if (result.done.length > 0 && action.kind === "assign") app.outbox.wake();
      return result;
    },
  );
}

/** Sets each one's status as its page does, with its own version check. */
async function changeStatus(
  app: FastifyInstance,
  items: readonly BulkItem[],
  change: { to: EnquiryStatus; note?: string; lostReason?: LostReason },
  account: StaffAccount,
  requestId: string,
): Promise<(BulkDone | BulkFailure)[]> {
  return eachLimited(items, STATUS_CONCURRENCY, async (item) => {
    const result = await app.store.work.changeStatus(item.id, {
      to: change.to,
      expectedVersion: item.version,
      ...(change.note ? { note: change.note } : {}),
      ...(change.lostReason ? { lostReason: change.lostReason } : {}),
      staffEmail: account.email,
      requestId,
      at: eventTime(),
    });
    if (result.outcome === "changed") return done(item, result.version);
    if (result.outcome === "conflict") return failed(item, "changed", bulkMessages.changed);
    return failed(item, "not-found", bulkMessages.notFound);
  });
}

/** Gives the enquiries an owner, OWNER_BATCH_MAX to a transaction; each is checked and planned alone. */
async function assign(
  app: FastifyInstance,
  items: readonly BulkItem[],
  ownerId: string | null,
  account: StaffAccount,
  emailOf: (staffId: string | null) => string | null,
  requestId: string,
): Promise<(BulkDone | BulkFailure)[]> {
  const outcomes: (BulkDone | BulkFailure)[] = [];
  for (let start = 0; start < items.length; start += OWNER_BATCH_MAX) {
    const part = items.slice(start, start + OWNER_BATCH_MAX);
    const results = await app.store.work.setOwners(
      part.map((item) => ({
        enquiryId: item.id,
        expectedVersion: item.version,
        ...(item.ownerId !== undefined ? { expectedOwnerId: item.ownerId } : {}),
      })),
      { ownerId, actorId: account.id, staffEmail: account.email, requestId, at: eventTime() },
    );
    part.forEach((item, index) => outcomes.push(ownerOutcome(item, results[index] ?? "not-found", emailOf)));
  }
  return outcomes;
}

function ownerOutcome(
  item: BulkItem,
  result: OwnerChangeResult,
  emailOf: (staffId: string | null) => string | null,
): BulkDone | BulkFailure {
  if (result === "changed") return done(item, item.version);
  if (result === "conflict") return failed(item, "changed", bulkMessages.changed);
  if (result === "not-found") return failed(item, "not-found", bulkMessages.notFound);
  if (result === "no-such-member") return failed(item, "not-allowed", bulkMessages.ownerGone);
  if (result === "invitation-pending") return failed(item, "not-allowed", bulkMessages.ownerInvited);
  return failed(item, "changed", bulkMessages.ownerChanged(emailOf(result.ownerChanged.currentOwnerId)));
}

/**
 * Marks each "Not spam" as its page does, one after another: each may take the assignment rule's
 * next turn, and turns are handed out in order.
 */
async function release(
  app: FastifyInstance,
  items: readonly BulkItem[],
  account: StaffAccount,
  requestId: string,
): Promise<(BulkDone | BulkFailure)[]> {
  const outcomes: (BulkDone | BulkFailure)[] = [];
  for (const item of items) {
    const result = await markNotSpam(app, item.id, {
      staffEmail: account.email,
      expectedVersion: item.version,
      requestId,
    });
    if (result.outcome === "changed") outcomes.push(done(item, result.version));
    else if (result.outcome === "conflict") outcomes.push(failed(item, "changed", bulkMessages.changed));
    else if (result.outcome === "not-spam") outcomes.push(failed(item, "not-spam", bulkMessages.notSpam));
    else outcomes.push(failed(item, "not-found", bulkMessages.notFound));
  }
  return outcomes;
}
