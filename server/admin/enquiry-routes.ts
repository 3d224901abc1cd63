import { ENQUIRY_FIELD_SPECS, enquiryFieldValue } from "../../domain/enquiry";
import { NEXT_STEP_MAX_LENGTH, teamMessages } from "../../domain/team";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  ADMIN_API_ROUTES,
  BULK_MAX,
  consoleMessages,
  ENQUIRY_STATUSES,
  enquiryReference,
  INBOX_PAGE_SIZE,
  NOTE_MAX_LENGTH,
  UPDATES_SHOWN_MAX,
  type EnquiryDetail,
  type InboxIds,
  type InboxItem,
  type InboxPage,
  type InboxUpdates,
} from "../../domain/console";
import { toCsv, UTF8_BOM } from "../cli/csv";
import { apiMessages } from "../routes/api-errors";
import {
  listedFactsOf,
  statusCounts,
  type EnquiryRecord,
  type InboxFilter,
  type InboxRow,
} from "../store/enquiry-work";
import type { DealOutcome } from "../store/deals";
import { eventTime } from "../store/event-clock";
import { decodeListCursor, decodePageCursor } from "../store/page-cursor";
import { signedIn } from "./guard";
import { inboxItem, shownEnquiry, teamItemFields } from "./presenters";
import { istCsvTime } from "./export-filter";
import { markNotSpam } from "./not-spam";
import { reserveMailTo } from "../mailbox-caps";
import { describeWait } from "./throttle";
import { saleFields, withInboxMarks } from "./sale-fields";
import { checkLostReason, LOST_REASONS } from "../../domain/deal";
import { DISPATCH_STEP_LABELS, type DispatchSummary } from "../../domain/dispatch";
import { duplicateMessages, needsDuplicateOf } from "../../domain/duplicate";
import { isDuplicate } from "../../domain/status";
import { inboxFilterFor, inboxQuerySchema, queryOf } from "./inbox-query";
import { exportFileName, exportFilterName } from "../../domain/inbox";
import { matchesInboxFilter } from "../lifecycle/inbox-listing";
import { lastNotesOf, NOTE_KINDS } from "../lifecycle/last-note";
import { enquiryWhatsApp, mergeContextOf } from "../whatsapp/enquiry-whatsapp";

const INBOX_PAGE_MAX = 100;
/** Rows read per page while the CSV is written. */
const EXPORT_PAGE_SIZE = 5_000;
/** The most an updates request returns: more than that, and the inbox reloads its first page. */
const UPDATES_MAX = 100;

const inboxQuery = inboxQuerySchema.extend({
  cursor: z
    .string()
    .max(300)
    .refine((value) => decodeListCursor(value) !== null)
    .optional(),
  limit: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(INBOX_PAGE_SIZE),
});
const cursor = z
  .string()
  .max(300)
  .refine((value) => decodePageCursor(value) !== null);
const updatesQuery = inboxQuerySchema.extend({
  since: cursor.optional(),
  /** The enquiries the inbox lists, comma-separated: their unread answers come back with the poll. */
  shown: z
    .string()
    .max(UPDATES_SHOWN_MAX * 65)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.string().max(64)).max(UPDATES_SHOWN_MAX))
    .optional(),
});
const idParams = z.object({ id: z.string().min(1).max(64) });
const notificationParams = idParams.extend({ notificationId: z.string().min(1).max(64) });
const statusBody = z.object({
  status: z.enum(ENQUIRY_STATUSES),
  version: z.number().int().min(0),
  note: z.string().max(NOTE_MAX_LENGTH).optional(),
  /** The next step typed with the change; absent keeps the current one, "" clears it. */
  nextStep: z
    .string()
    .max(NEXT_STEP_MAX_LENGTH * 2)
    .optional(),
  /**
   * The follow-up set with the change; absent keeps the current one (Confirmed and a reopening
   * start with the due time of the rule instead), null asks for the rule's.
   */
  followUpAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Why the sale was lost (domain/deal.ts): asked with Declined. */
  lostReason: z.string().max(40).optional(),
  /** The enquiry this one repeats (its id): asked with the duplicate close (domain/duplicate.ts). */
  duplicateOf: z.string().min(1).max(64).optional(),
});
const noteBody = z.object({ text: z.string().max(NOTE_MAX_LENGTH * 2) });
const notSpamBody = z.object({ version: z.number().int().min(0) });

function detail(record: EnquiryRecord): EnquiryDetail {
  return {
    id: record.id,
    reference: enquiryReference(record.id),
    receivedAt: record.receivedAt,
    language: record.language,
    // As the inbox shows it (inboxItem): an older Name may hold what the rule now refuses.
    enquiry: shownEnquiry(record.enquiry),
    status: record.status,
    version: record.version,
    history: record.history,
    notifications: record.notifications,
    source: record.source ?? {},
    spamReasons: record.screening?.reasons ?? [],
    spamScore: record.screening?.score ?? 0,
    whatsappConsent: record.whatsappConsent ?? null,
  };
}

const badRequest = (reply: FastifyReply) => reply.code(400).send({ error: apiMessages.badRequest });

/** An empty page: the filter asks for something nothing can match (Mine and another's owner). */
const NOTHING = { items: [], nextCursor: null };

/** A row of the CSV: the inbox's, with who owns it, what is next, the last note and how the sale went. */
type CsvRow = InboxRow & {
  ownerEmail: string | null;
  followUpAt: string | null;
  nextStep: string | null;
  /** When it is due (the follow-up, the first contact or a buyer's answer); null once closed. */
  dueAt: string | null;
  lastNote: string | null;
  outcome: DealOutcome | undefined;
  dispatch: DispatchSummary | undefined;
  /** Whether the due time had passed when the export was taken. */
  late: boolean;
};

const CSV_COLUMNS = [
  { header: "reference", value: (row: CsvRow) => enquiryReference(row.id) },
  { header: "received (IST)", value: (row: CsvRow) => istCsvTime(row.receivedAt) },
  { header: "status", value: (row: CsvRow) => row.status },
  // The enquiry's fields, in the form's order (domain/enquiry.ts: ENQUIRY_FIELD_SPECS).
  ...ENQUIRY_FIELD_SPECS.map((spec) => ({
    header: spec.csvHeader.console,
    value: (row: CsvRow) => enquiryFieldValue(row.enquiry, spec.name),
  })),
  { header: "language", value: (row: CsvRow) => row.language },
  { header: "owner", value: (row: CsvRow) => row.ownerEmail },
  { header: "follow-up (IST)", value: (row: CsvRow) => (row.followUpAt ? istCsvTime(row.followUpAt) : null) },
  { header: "nextStep", value: (row: CsvRow) => row.nextStep },
  // The time the views order by (a follow-up, the first contact, a buyer's answer); none once closed.
  { header: "due (IST)", value: (row: CsvRow) => (row.dueAt ? istCsvTime(row.dueAt) : null) },
  { header: "late", value: (row: CsvRow) => (row.late ? "yes" : "") },
  { header: "lastNote", value: (row: CsvRow) => row.lastNote },
  { header: "utm_source", value: (row: CsvRow) => row.source?.utmSource },
  { header: "utm_medium", value: (row: CsvRow) => row.source?.utmMedium },
  { header: "utm_campaign", value: (row: CsvRow) => row.source?.utmCampaign },
  { header: "referrer", value: (row: CsvRow) => row.source?.referrerHost },
  { header: "landingPath", value: (row: CsvRow) => row.source?.landingPath },
  { header: "spamReasons", value: (row: CsvRow) => row.screening?.reasons.join(" ") },
  // When the buyer ticked the form's WhatsApp box (docs/decisions/042); empty when they did not.
  {
    header: "whatsappConsent (IST)",
    value: (row: CsvRow) => (row.whatsappConsent ? istCsvTime(row.whatsappConsent.at) : null),
  },
  // The deal's figures (domain/deal.ts): the order's value in whole rupees, as a number.
  { header: "quantityAgreed (sachets)", value: (row: CsvRow) => row.outcome?.figures.quantity },
  { header: "orderValue (INR)", value: (row: CsvRow) => row.outcome?.figures.valueRupees },
  { header: "city", value: (row: CsvRow) => row.outcome?.figures.city },
  { header: "pinCode", value: (row: CsvRow) => row.outcome?.figures.pinCode },
  { header: "gstin", value: (row: CsvRow) => row.outcome?.figures.gstin },
  {
    header: "lostReason",
    value: (row: CsvRow) => (row.outcome?.lostReason ? LOST_REASONS[row.outcome.lostReason] : null),
  },
  // The order's dispatch (domain/dispatch.ts): its last step, the courier and the tracking number.
  {
    header: "dispatch",
    value: (row: CsvRow) => (row.dispatch ? DISPATCH_STEP_LABELS[row.dispatch.step] : null),
  },
  { header: "courier", value: (row: CsvRow) => row.dispatch?.courier },
  { header: "tracking", value: (row: CsvRow) => row.dispatch?.tracking },
] as const;

/** The inbox, one enquiry's detail, its status, notes and notifications, and the CSV export. */
export async function enquiryRoutes(app: FastifyInstance) {
  const work = app.store.enquiryWork;
  /** Each row's inbox item with its owner, follow-up and first-contact flag (docs/decisions/022). */
  const withTeamFields = async (rows: InboxRow[]) => {
    const fields = await app.store.team.fieldsOf(rows.map((row) => row.id));
    const now = app.clock();
    return rows.map((row) => {
      const team = fields.get(row.id);
      const item: InboxItem = { ...inboxItem(row), ...teamItemFields(team, row.status, now) };
      return {
        item,
        row: {
          ...row,
          ownerId: team?.ownerId ?? null,
          dueAt: team?.dueAt ?? null,
          touchedAt: team?.touchedAt ?? null,
          answeredAt: team?.answeredAt ?? null,
        },
      };
    });
  };

  /** The enquiry page's data: the detail with its owner, follow-up and first-contact flag, and its sale. */
  const fullDetail = async (record: EnquiryRecord, request: FastifyRequest) => {
    const now = app.clock();
    const [fields, sale, whatsapp] = await Promise.all([
      app.store.team.fieldsOf([record.id]),
      saleFields(app.store, record.id),
      // WhatsApp on the enquiry as the rules decide it now, templates merged for the member asking.
      app.companyFacts.facts().then((facts) =>
        enquiryWhatsApp(app.store, {
          configured: Boolean(app.whatsapp),
          enquiryId: record.id,
          context: mergeContextOf(record, facts, signedIn(request)),
          now,
        }),
      ),
    ]);
    const duplicateOf = fields.get(record.id)?.duplicateOf ?? null;
    return {
      ...detail(record),
      whatsapp,
      team: teamItemFields(fields.get(record.id), record.status, app.clock()),
      ...sale,
      // The enquiry this one repeats, by its id and reference (domain/duplicate.ts).
      duplicateOf: duplicateOf ? { id: duplicateOf, reference: enquiryReference(duplicateOf) } : null,
    };
  };

  /** The listing's page, with each row's owner, follow-up and first-contact flag. */
  const listPage = async (filter: InboxFilter | null, page: { cursor: string | null; limit: number }) => {
    if (!filter) return NOTHING;
    const listed = await work.list({ ...filter, ...page });
    const now = app.clock();
    return {
      // Each with its buyer's earlier enquiries and unread answers: the inbox's marks.
      items: await withInboxMarks(
        app.store,
        listed.items.map((row) => ({ ...inboxItem(row), ...teamItemFields(row, row.status, now) })),
      ),
      nextCursor: listed.nextCursor,
    };
  };

  app.get(ADMIN_API_ROUTES.enquiries, async (request, reply): Promise<InboxPage | FastifyReply> => {
    const query = inboxQuery.safeParse(request.query);
    if (!query.success) return badRequest(reply);
    const filter = inboxFilterFor(app, request, query.data);
    // A cursor of one order does not place a page in the other.
    const after = query.data.cursor ? decodeListCursor(query.data.cursor) : null;
    if (after?.by === "due" && filter?.sort !== "due") return badRequest(reply);
    const page = await listPage(filter, { cursor: query.data.cursor ?? null, limit: query.data.limit });
    return {
      ...page,
      counts: await statusCounts(work),
      newestCursor: await work.newestCursor(),
      outboxStall: await app.outbox.monitor.stall(),
    };
  });

  // "Select all that match": the ids and versions a bulk action sends back, and how many match.
  app.get(ADMIN_API_ROUTES.enquiryIds, async (request, reply): Promise<InboxIds | FastifyReply> => {
    const query = inboxQuerySchema.safeParse(request.query);
    if (!query.success) return badRequest(reply);
    const filter = inboxFilterFor(app, request, query.data);
    if (!filter) return { items: [], total: 0 };
    const page = await work.list({ ...filter, cursor: null, limit: BULK_MAX });
    const items = page.items.map(({ id, version, ownerId }) => ({ id, version, ownerId }));
    return { items, total: page.nextCursor ? await work.count(filter) : items.length };
  });

  app.get(ADMIN_API_ROUTES.enquiryUpdates, async (request, reply): Promise<InboxUpdates | FastifyReply> => {
    const query = updatesQuery.safeParse(request.query);
    if (!query.success) return badRequest(reply);
    const { since, shown, ...asked } = query.data;
    const filter = inboxFilterFor(app, request, asked);
    const items = filter ? await withTeamFields(await work.listSince(since ?? null, UPDATES_MAX)) : [];
    return {
      // Only the arrivals the open inbox's filter shows (server/lifecycle/inbox-listing.ts).
      items: filter
        ? await withInboxMarks(
            app.store,
            items.filter(({ row }) => matchesInboxFilter(listedFactsOf(row), filter)).map(({ item }) => item),
          )
        : [],
      // The listed enquiries whose buyer answered and whose owner has not read it yet.
      unreadAnswers: Object.fromEntries(await app.store.conversations.unreadCounts(shown ?? [])),
      newestCursor: await work.newestCursor(),
      counts: await statusCounts(work),
      outboxStall: await app.outbox.monitor.stall(),
    };
  });

  app.get(ADMIN_API_ROUTES.enquiriesCsv, async (request, reply) => {
    const query = inboxQuerySchema.safeParse(request.query);
    if (!query.success) return badRequest(reply);
    const account = signedIn(request);
    const emails = new Map((await app.store.staff.list()).map((member) => [member.id, member.email]));
    const filter = inboxFilterFor(app, request, query.data);
    const now = app.clock();
    const rows: CsvRow[] = [];
    let next: string | null = null;
    while (filter) {
      const page: Awaited<ReturnType<typeof work.list>> = await work.list({
        ...filter,
        cursor: next,
        limit: EXPORT_PAGE_SIZE,
      });
      const ids = page.items.map((item) => item.id);
      const [noteLines, outcomes, dispatches] = await Promise.all([
        work.noteLines(ids, NOTE_KINDS),
        app.store.deals.outcomesOf(ids),
        app.store.dispatch.summariesOf(ids),
      ]);
      const notes = lastNotesOf(noteLines);
      for (const item of page.items) {
        rows.push({
          ...item,
          ownerEmail: item.ownerId ? (emails.get(item.ownerId) ?? null) : null,
          followUpAt: item.followUpAt,
          nextStep: item.nextStep,
          lastNote: notes.get(item.id) ?? null,
          outcome: outcomes.get(item.id),
          dispatch: dispatches.get(item.id),
          late: item.dueAt !== null && Date.parse(item.dueAt) < now.getTime(),
        });
      }
      next = page.nextCursor;
      if (!next) break;
    }
    // Which view and filters, named alike in the file and the log (domain/inbox.ts).
    const asked = queryOf(query.data);
    const ownerEmail = asked.owner ? emails.get(asked.owner) : undefined;
    const filterName = exportFilterName(asked, ownerEmail?.split("@")[0]);
    // Who exported how many of what; never the filter's search text, which may be a visitor's name.
    await app.store.activity.record({
      actor: account.email,
      action: "export",
      target: `${rows.length} enquiries: ${filterName}`,
    });
    const fileName = exportFileName(filterName, istCsvTime(now.toISOString()).slice(0, 10));
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .send(UTF8_BOM + toCsv(CSV_COLUMNS, rows));
  });

  app.get(ADMIN_API_ROUTES.enquiry, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const record = params.success ? await work.get(params.data.id) : null;
    if (!record) return reply.code(404).send({ error: consoleMessages.notFound });
    return fullDetail(record, request);
  });

  app.post(
    ADMIN_API_ROUTES.enquiryStatus,
    { config: { textRule: { lines: ["note", "nextStep"] } } },
    async (request, reply) => {
      const params = idParams.safeParse(request.params);
      const body = statusBody.safeParse(request.body);
      if (!params.success || !body.success) return badRequest(reply);
      const account = signedIn(request);
      const note = body.data.note?.trim();
      const nextStep = body.data.nextStep?.trim();
      if (nextStep && nextStep.length > NEXT_STEP_MAX_LENGTH) {
        return reply.code(400).send({ error: teamMessages.nextStepTooLong });
      }
      // A sale lost is counted by why (the dashboard, the CSV): Declined asks for the reason.
      const lost = checkLostReason(body.data.status, body.data.lostReason);
      if (!lost.ok) return reply.code(400).send({ error: lost.error, field: "lostReason" });
      const lostReason = lost.value;
      // A duplicate names the enquiry it repeats, which stands on its own.
      const duplicateOf = needsDuplicateOf(body.data.status) ? body.data.duplicateOf : undefined;
      if (needsDuplicateOf(body.data.status)) {
        const refused = (error: string) => reply.code(400).send({ error, field: "duplicateOf" });
        if (!duplicateOf) return refused(duplicateMessages.required);
        if (duplicateOf === params.data.id) return refused(duplicateMessages.notItself);
        const repeated = await work.get(duplicateOf);
        if (!repeated) return refused(duplicateMessages.notFound);
        if (isDuplicate(repeated.status)) return refused(duplicateMessages.chained);
      }
      const result = await app.store.work.changeStatus(params.data.id, {
        to: body.data.status,
        expectedVersion: body.data.version,
        ...(note ? { note } : {}),
        ...(nextStep !== undefined ? { nextStep: nextStep || null } : {}),
        ...(body.data.followUpAt !== undefined
          ? { followUpAt: body.data.followUpAt ? new Date(body.data.followUpAt) : null }
          : {}),
        ...(lostReason ? { lostReason } : {}),
        ...(duplicateOf ? { duplicateOf } : {}),
        staffEmail: account.email,
        requestId: request.id,
        at: eventTime(),
      });
      if (result.outcome === "not-found") return reply.code(404).send({ error: consoleMessages.notFound });
      if (result.outcome === "conflict")
        return reply.code(409).send({ error: consoleMessages.statusConflict });
      const reference = enquiryReference(params.data.id);
      await app.store.activity.record({ actor: account.email, action: "status-change", target: reference });
      return fullDetail((await work.get(params.data.id)) as EnquiryRecord, request);
    },
  );

  app.post(
    ADMIN_API_ROUTES.enquiryNotes,
    { config: { textRule: { lines: ["text"] } } },
    async (request, reply) => {
      const params = idParams.safeParse(request.params);
      const body = noteBody.safeParse(request.body);
      if (!params.success || !body.success) return badRequest(reply);
      const text = body.data.text.trim();
      if (!text) return reply.code(400).send({ error: consoleMessages.noteEmpty });
      if (text.length > NOTE_MAX_LENGTH) return reply.code(400).send({ error: consoleMessages.noteTooLong });
      const account = signedIn(request);
      const noted = await app.store.work.addNote(params.data.id, {
        text,
        staffEmail: account.email,
        requestId: request.id,
        at: eventTime(),
      });
      if (!noted) {
        return reply.code(404).send({ error: consoleMessages.notFound });
      }
      await app.store.activity.record({
        actor: account.email,
        action: "note",
        target: enquiryReference(params.data.id),
      });
      return fullDetail((await work.get(params.data.id)) as EnquiryRecord, request);
    },
  );

  app.post(ADMIN_API_ROUTES.enquiryNotSpam, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = notSpamBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const account = signedIn(request);
    const result = await markNotSpam(app, params.data.id, {
      staffEmail: account.email,
      expectedVersion: body.data.version,
      requestId: request.id,
    });
    if (result.outcome === "not-found") return reply.code(404).send({ error: consoleMessages.notFound });
    if (result.outcome === "conflict") return reply.code(409).send({ error: consoleMessages.statusConflict });
    if (result.outcome === "not-spam") return reply.code(409).send({ error: consoleMessages.notSpamRefused });
    // The whole enquiry as its page shows it, with the owner and first-contact target it now has.
    return fullDetail((await work.get(params.data.id)) as EnquiryRecord, request);
  });

  app.post(ADMIN_API_ROUTES.notificationResend, async (request, reply) => {
    const params = notificationParams.safeParse(request.params);
    if (!params.success) return badRequest(reply);
    const { id, notificationId } = params.data;
    const now = new Date();
    const record = await work.get(id);
    const notification = record?.notifications.find((candidate) => candidate.id === notificationId);
    if (!record || !notification) return reply.code(404).send({ error: consoleMessages.notFound });
    // The visitor's acknowledgement again is one more mail to an address anyone may have typed:
    // counted in the same caps as the first (server/mailbox-caps.ts), refused past them.
    const reservation =
      notification.kind === "acknowledgement" && record.enquiry.Email !== null
        ? await reserveMailTo(app.store.attemptCounters, record.enquiry.Email, now)
        : null;
    if (reservation && !reservation.allowed) {
      return reply
        .code(429)
        .header("retry-after", String(Math.ceil(reservation.waitMs / 1000)))
        .send({ error: consoleMessages.resendCapped(describeWait(reservation.waitMs)) });
    }
    if (!(await work.resendNotification(id, notificationId, now))) {
      await reservation?.takeBack();
      return reply.code(404).send({ error: consoleMessages.notFound });
    }
    app.outbox.wake();
    const account = signedIn(request);
    await app.store.activity.record({
      actor: account.email,
      action: "notification-resent",
      target: enquiryReference(id),
    });
    return fullDetail((await work.get(id)) as EnquiryRecord, request);
  });
}
