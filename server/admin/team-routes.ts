import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { consoleMessages, enquiryReference } from "../../domain/console";
import { isOpen } from "../../domain/status";
import {
  ALERT_CHOICES,
  assigneeOf,
  NEXT_STEP_MAX_LENGTH,
  ruleNamesOwners,
  TEAM_API_ROUTES,
  teamMessages,
  TURN_MEMBERS_MAX,
  type AssignmentRule,
  type TeamMember,
} from "../../domain/team";
import { istDayBounds } from "../../domain/working-hours";
import { mayOwnEnquiries } from "../../domain/staff";
import { apiMessages } from "../routes/api-errors";
import { eventTime } from "../store/event-clock";
import type { TeamInboxRow } from "../store/team";
import { signedIn } from "./guard";
import {
  CALL_OUTCOMES,
  CONTACT_CHANNELS,
  LIFECYCLE_API_ROUTES,
  lifecycleMessages,
} from "../../domain/lifecycle";
import { teamItemFields } from "./presenters";
import { inboxFilterOf } from "../lifecycle/inbox-listing";

const staffId = z.string().min(1).max(64);
const idParams = z.object({ id: z.string().min(1).max(64) });
/** `expectedOwnerId`: the owner the person saw when they chose; a different one now is asked about first. */
const ownerBody = z.object({ ownerId: staffId.nullable(), expectedOwnerId: staffId.nullable() });
/** `outcome`: how a call went (answered unless given, as clients before outcomes sent none). */
const contactBody = z.object({
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CALL_OUTCOMES).optional(),
});
const followUpBody = z.object({
  followUpAt: z.iso.datetime({ offset: true }).nullable(),
  nextStep: z
    .string()
    .max(NEXT_STEP_MAX_LENGTH * 2)
    .optional(),
});
const ruleBody = z.object({
  rule: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("none") }),
    z.object({ kind: z.literal("buyer"), Retailer: staffId.nullable(), "Self Use": staffId.nullable() }),
    z.object({ kind: z.literal("turns"), members: z.array(staffId).min(1).max(TURN_MEMBERS_MAX) }),
  ]),
});
const alertsBody = z.object({ alerts: z.enum(ALERT_CHOICES) });

const badRequest = (reply: FastifyReply) => reply.code(400).send({ error: apiMessages.badRequest });

/**
 * Owners, follow-ups, the inbox's team views, the assignment rule and each member's alert
 * choice (docs/decisions/022). Any member may take or hand on an enquiry and set its follow-up;
 * only an owner sets the assignment rule.
 */
export async function teamRoutes(app: FastifyInstance) {
  const team = app.store.team;
  const work = app.store.enquiryWork;

  app.get(TEAM_API_ROUTES.counts, async (request) => {
    const now = app.clock();
    return team.viewCounts({ staffId: signedIn(request).id, now, dayEnd: istDayBounds(now).end });
  });

  /** Who may own enquiries (domain/staff.ts): what every owner picker of the console offers. */
  async function candidates() {
    return (await app.store.staff.list()).filter(mayOwnEnquiries);
  }

  app.get(TEAM_API_ROUTES.members, async (): Promise<TeamMember[]> =>
    (await candidates()).map(({ id, email, displayName, awayUntil }) => ({
      id,
      email,
      displayName,
      awayUntil: awayUntil ?? null,
    })),
  );

  app.get(TEAM_API_ROUTES.assignment, async () => ({ rule: await team.assignmentRule() }));

  app.put(TEAM_API_ROUTES.assignment, { config: { consoleAccess: "owner" } }, async (request, reply) => {
    const body = ruleBody.safeParse(request.body);
    if (!body.success) {
      // Say what is missing: "in turn" with nobody ticked cannot give anyone an enquiry.
      const asked = (request.body as { rule?: { kind?: unknown; members?: unknown } } | null)?.rule;
      const noMembers = asked?.kind === "turns" && Array.isArray(asked.members) && asked.members.length === 0;
      return reply
        .code(400)
        .send({ error: noMembers ? teamMessages.turnsNeedMembers : teamMessages.ruleUnclear });
    }
    const rule = body.data.rule as AssignmentRule;
    // A pending invitee is refused here; one removed meanwhile, by the store.
    if (!ruleNamesOwners(rule, await app.store.staff.list()) || !(await team.setAssignmentRule(rule)))
      return reply.code(400).send({ error: teamMessages.ruleInvalid });
    await app.store.activity.record({
      actor: signedIn(request).email,
      action: "assignment-rule-changed",
      target: null,
    });
    return { rule };
  });

  app.post(TEAM_API_ROUTES.backlog, { config: { consoleAccess: "owner" } }, async (request, reply) => {
    const rule = await team.assignmentRule();
    if (rule.kind === "none") return reply.code(409).send({ error: teamMessages.backlogNoRule });
    const account = signedIn(request);
    const now = app.clock();
    const members = new Set((await candidates()).map((member) => member.id));
    // Read the whole backlog first: assigning while paging would move the pages under the cursor.
    const waiting: TeamInboxRow[] = [];
    const unassigned = inboxFilterOf(
      { view: "unassigned" },
      { staffId: account.id, now, dayEnd: istDayBounds(now).end },
    );
    let cursor: string | null = null;
    do {
      const page: { items: TeamInboxRow[]; nextCursor: string | null } = unassigned
        ? await work.list({ ...unassigned, sort: "received", cursor, limit: 100 })
        : { items: [], nextCursor: null };
      waiting.push(...page.items.filter((row) => isOpen(row.status)));
      cursor = page.nextCursor;
    } while (cursor);
    // Oldest first, as they would have come in; in turn continues round the members from the first.
    waiting.reverse();
    let assigned = 0;
    for (const row of waiting) {
      const ownerId = assigneeOf(rule, row.enquiry.RetailerSelfUse, assigned, (id) => members.has(id));
      if (!ownerId) continue;
      // Read as nobody's: one a colleague took meanwhile keeps its owner (the plan refuses it).
      const result = await app.store.work.setOwner(row.id, {
        ownerId,
        expectedOwnerId: null,
        actorId: account.id,
        staffEmail: account.email,
        requestId: request.id,
        at: eventTime(),
      });
      if (result === "changed") assigned += 1;
    }
    await app.store.activity.record({
      actor: account.email,
      action: "backlog-assigned",
      target: `enquiries ${assigned}`,
    });
    return { assigned, message: teamMessages.backlogAssigned(assigned) };
  });

  app.get(TEAM_API_ROUTES.alerts, async (request) => {
    const account = signedIn(request);
    return { alerts: (await team.alertChoices()).get(account.id) ?? "mine" };
  });

  app.put(TEAM_API_ROUTES.alerts, async (request, reply) => {
    const body = alertsBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    await team.setAlertChoice(signedIn(request).id, body.data.alerts);
    return { alerts: body.data.alerts };
  });

  /** What the enquiry page shows after a change: its team fields, judged now. */
  async function fieldsAfter(id: string) {
    const record = await work.get(id);
    if (!record) return undefined;
    const fields = (await team.fieldsOf([id])).get(id);
    return {
      // A first contact moves the status (and its version): the page shows both as they are now.
      status: record.status,
      version: record.version,
      history: record.history,
      team: teamItemFields(fields, record.status, app.clock()),
    };
  }

  app.post(TEAM_API_ROUTES.owner, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = ownerBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const account = signedIn(request);
    const result = await app.store.work.setOwner(params.data.id, {
      ownerId: body.data.ownerId,
      expectedOwnerId: body.data.expectedOwnerId,
      actorId: account.id,
      staffEmail: account.email,
      requestId: request.id,
      at: eventTime(),
    });
    if (result === "not-found") return reply.code(404).send({ error: consoleMessages.notFound });
    if (result === "no-such-member") return reply.code(400).send({ error: teamMessages.noSuchMember });
    if (result === "invitation-pending")
      return reply.code(400).send({ error: teamMessages.invitationPending });
    if (result === "conflict") return reply.code(409).send({ error: consoleMessages.statusConflict });
    if (typeof result === "object") {
      const { currentOwnerId } = result.ownerChanged;
      const owner = currentOwnerId
        ? ((await app.store.staff.list()).find(({ id }) => id === currentOwnerId)?.email ?? null)
        : null;
      return reply.code(409).send({
        error: lifecycleMessages.ownerChanged(owner),
        currentOwnerId,
        currentOwner: owner,
      });
    }
    await app.store.activity.record({
      actor: account.email,
      action: "owner-change",
      target: enquiryReference(params.data.id),
    });
    return fieldsAfter(params.data.id);
  });

  app.post(LIFECYCLE_API_ROUTES.contact, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = contactBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const account = signedIn(request);
    const found = await app.store.work.recordContact(params.data.id, {
      channel: body.data.channel,
      ...(body.data.channel === "call" && body.data.outcome ? { outcome: body.data.outcome } : {}),
      staffEmail: account.email,
      requestId: request.id,
      at: eventTime(),
    });
    if (!found) return reply.code(404).send({ error: consoleMessages.notFound });
    return fieldsAfter(params.data.id);
  });

  app.post(TEAM_API_ROUTES.followUp, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = followUpBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const nextStep = body.data.nextStep?.trim() || null;
    if (nextStep && nextStep.length > NEXT_STEP_MAX_LENGTH) {
      return reply.code(400).send({ error: teamMessages.nextStepTooLong });
    }
    const account = signedIn(request);
    const result = await app.store.work.setFollowUp(params.data.id, {
      followUpAt: body.data.followUpAt ? new Date(body.data.followUpAt) : null,
      nextStep: body.data.followUpAt ? nextStep : null,
      staffEmail: account.email,
      requestId: request.id,
      at: eventTime(),
    });
    if (result === "not-found") return reply.code(404).send({ error: consoleMessages.notFound });
    if (result === "closed") return reply.code(409).send({ error: teamMessages.followUpClosed });
    await app.store.activity.record({
      actor: account.email,
      action: "follow-up",
      target: enquiryReference(params.data.id),
    });
    return fieldsAfter(params.data.id);
  });
}
