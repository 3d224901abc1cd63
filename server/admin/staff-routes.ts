import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import {
  ADMIN_API_ROUTES,
  consoleMessages,
  parseStaffRole,
  STAFF_LINK_HOURS,
  type StaffRole,
} from "../../domain/console";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../../domain/email";
import {
  awayMessages,
  checkAwayUntil,
  checkDisplayName,
  mayMarkAway,
  displayNameMessages,
  leavesNoOwner,
  linkWithdrawal,
  mayRename,
  memberName,
} from "../../domain/staff";
import { LastOwnerError, StaffExistsError, type StaffAccount } from "../store/staff";
import { signedIn } from "./guard";
import { checkNewPassword, hashPassword, PASSWORD_MAX_LENGTH } from "./passwords";
import { newStaffLinkId } from "./staff-links";
import { staffMember } from "../store/staff";

const LINK_MS = STAFF_LINK_HOURS * 3_600_000;

const idParams = z.object({ id: z.string().min(1).max(64) });
const tokenQuery = z.object({ token: z.string().max(200) });
const passwordBody = z.object({
  token: z.string().max(200),
  password: z.string().max(PASSWORD_MAX_LENGTH * 4),
});

/** A JSON object's fields, or none: each field is then checked for itself, with its own message. */
function fieldsOf(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * Refusals of a link, each with its own message and status (never a stack trace); `withdrawn` and
 * `untraced` are domain/staff.ts's reasons a link lets its pending invitee in no longer.
 */
const linkRefusals = {
  invalid: { status: 400, error: consoleMessages.linkInvalid },
  expired: { status: 410, error: consoleMessages.linkExpired },
  used: { status: 410, error: consoleMessages.linkUsed },
  withdrawn: { status: 410, error: consoleMessages.invitationWithdrawn },
  untraced: { status: 410, error: consoleMessages.invitationUntraced },
} as const;

/**
 * Staff managed by owners from the console: invitations by e-mail, reset links, roles and
 * removal (owners only); and, for anyone holding a link, the page's checks and setting a password.
 */
export async function staffRoutes(app: FastifyInstance) {
  const { store } = app;
  const owner = { config: { consoleAccess: "owner" as const } };
  const open = { config: { consoleAccess: "public" as const } };

  /** The last-owner guard (domain/staff.ts): owners only invited are not counted. */
  async function leavesNoActiveOwner(account: StaffAccount, role: StaffRole | null): Promise<boolean> {
    return leavesNoOwner(await store.staff.list(), { id: account.id, role });
  }

  async function target(params: unknown, reply: FastifyReply): Promise<StaffAccount | null> {
    const parsed = idParams.safeParse(params);
    const account = parsed.success ? await store.staff.findById(parsed.data.id) : null;
    if (!account) await reply.code(404).send({ error: consoleMessages.noSuchMember });
    return account;
  }

  app.post(ADMIN_API_ROUTES.staffInvitations, owner, async (request, reply) => {
    const { email, role, displayName } = fieldsOf(request.body);
    if (typeof email !== "string" || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email.trim())) {
      return reply.code(400).send({ error: consoleMessages.staffEmailInvalid });
    }
    const parsedRole = parseStaffRole(role);
    if (!parsedRole) return reply.code(400).send({ error: consoleMessages.staffRoleInvalid });
    const name = checkDisplayName(displayName);
    if (!name.ok) return reply.code(400).send({ error: name.error });
    const now = app.clock();
    const actor = signedIn(request);
    try {
      const member = await store.members.invite({
        email: email.trim(),
        role: parsedRole,
        displayName: name.value,
        // The invitation stands only while its sender may invite (domain/staff.ts).
        sentBy: actor.id,
        sentByName: memberName(actor),
        linkId: newStaffLinkId(),
        expiresAt: new Date(now.getTime() + LINK_MS),
        now,
      });
      app.outbox.wake();
      await store.activity.record({
        actor: actor.email,
        action: "staff-invited",
        target: member.email,
      });
      return reply.code(201).send({ member, message: consoleMessages.invitationSent(member.email) });
    } catch (error) {
      if (error instanceof StaffExistsError)
        return reply.code(409).send({ error: consoleMessages.staffExists });
      throw error;
    }
  });

  /** A member names themselves; an owner names anyone (domain/staff.ts: mayRename). */
  app.put(ADMIN_API_ROUTES.staffName, async (request, reply) => {
    const actor = signedIn(request);
    const parsed = idParams.safeParse(request.params);
    if (parsed.success && !mayRename(actor, parsed.data.id)) {
      return reply.code(403).send({ error: consoleMessages.forbidden });
    }
    const account = await target(request.params, reply);
    if (!account) return reply;
    const name = checkDisplayName(fieldsOf(request.body).displayName);
    if (!name.ok) return reply.code(400).send({ error: name.error });
    await store.members.setDisplayName(account.id, name.value);
    return {
      member: staffMember({ ...account, displayName: name.value }),
      message: displayNameMessages.saved(name.value),
    };
  });

  app.put(ADMIN_API_ROUTES.staffAway, async (request, reply) => {
    const actor = signedIn(request);
    const parsed = idParams.safeParse(request.params);
    if (parsed.success && !mayMarkAway(actor, parsed.data.id)) {
      return reply.code(403).send({ error: consoleMessages.forbidden });
    }
    const account = await target(request.params, reply);
    if (!account) return reply;
    const away = checkAwayUntil(fieldsOf(request.body).awayUntil, app.clock());
    if (!away.ok) return reply.code(400).send({ error: away.error });
    await store.members.setAwayUntil(account.id, away.value);
    return {
      member: staffMember({ ...account, awayUntil: away.value }),
      message: awayMessages.saved(away.value),
    };
  });

  app.post(ADMIN_API_ROUTES.staffReset, owner, async (request, reply) => {
    const account = await target(request.params, reply);
    if (!account) return reply;
    const now = app.clock();
    const sent = await store.members.sendReset({
      staffId: account.id,
      sentBy: signedIn(request).id,
      sentByName: memberName(signedIn(request)),
      linkId: newStaffLinkId(),
      expiresAt: new Date(now.getTime() + LINK_MS),
      now,
    });
    if (!sent) return reply.code(404).send({ error: consoleMessages.noSuchMember });
    app.outbox.wake();
    await store.activity.record({
      actor: signedIn(request).email,
      action: "staff-reset",
      target: account.email,
    });
    return { message: consoleMessages.resetSent(account.email) };
  });

  app.put(ADMIN_API_ROUTES.staffMember, owner, async (request, reply) => {
    const role: StaffRole | null = parseStaffRole(fieldsOf(request.body).role);
    if (!role) return reply.code(400).send({ error: consoleMessages.staffRoleInvalid });
    const account = await target(request.params, reply);
    if (!account) return reply;
    if (await leavesNoActiveOwner(account, role)) {
      return reply.code(409).send({ error: consoleMessages.lastOwner });
    }
    if (account.role !== role) {
      // Demoted, they may no longer invite: their pending invitations are withdrawn in the same write.
      // Checked again in the write itself: another owner may be changing roles at the same moment.
      const changed = await store.members
        .setRole(account.id, role, app.clock(), { keepAnOwner: true })
        .catch((error: unknown) => {
          if (error instanceof LastOwnerError) return "last-owner" as const;
          throw error;
        });
      if (changed === "last-owner") return reply.code(409).send({ error: consoleMessages.lastOwner });
      await store.activity.record({
        actor: signedIn(request).email,
        action: "staff-role-changed",
        target: account.email,
      });
    }
    return {
      member: staffMember({ ...account, role }),
      message: consoleMessages.roleChanged(account.email, role),
    };
  });

  app.delete(ADMIN_API_ROUTES.staffMember, owner, async (request, reply) => {
    const actor = signedIn(request);
    const account = await target(request.params, reply);
    if (!account) return reply;
    if (account.id === actor.id) return reply.code(409).send({ error: consoleMessages.notYourself });
    // One write: the last-owner guard read there (another owner may be removing at the same
    // moment), the invitations they sent withdrawn, every enquiry they own handed to nobody, and
    // the account removed with its sessions and devices.
    const removed = await store.members
      .remove(account.email, {
        staffEmail: actor.email,
        requestId: request.id,
        at: app.clock(),
        keepAnOwner: true,
      })
      .catch((error: unknown) => {
        if (error instanceof LastOwnerError) return "last-owner" as const;
        throw error;
      });
    if (removed === "last-owner") return reply.code(409).send({ error: consoleMessages.lastOwner });
    if (removed === null) return reply.code(404).send({ error: consoleMessages.noSuchMember });
    await store.activity.record({ actor: actor.email, action: "staff-removed", target: account.email });
    return { unassigned: removed, message: consoleMessages.memberRemoved(account.email, removed) };
  });

  /**
   * The link's account, when the token is one the site made for a link not used, still standing
   * (for a pending invitee, its sender may still invite them: domain/staff.ts) and not run out;
   * else the refusal has been sent and null is answered.
   */
  async function linkFor(token: string, reply: FastifyReply) {
    const linkId = await app.staffLinks.verify(token);
    const link = linkId ? await store.members.findLink(linkId) : null;
    const account = link ? await store.staff.findById(link.staffId) : null;
    const sender = link?.sentBy ? await store.staff.findById(link.sentBy) : null;
    const withdrawal = link && account ? linkWithdrawal({ account, link, sender }) : null;
    const refusal =
      !link || !account
        ? linkRefusals.invalid
        : link.usedAt !== null
          ? linkRefusals.used
          : withdrawal
            ? linkRefusals[withdrawal]
            : Date.parse(link.expiresAt) <= app.clock().getTime()
              ? linkRefusals.expired
              : null;
    if (refusal) {
      await reply.code(refusal.status).send({ error: refusal.error });
      return null;
    }
    return { link: link!, account: account! };
  }

  app.get(ADMIN_API_ROUTES.staffLink, open, async (request, reply) => {
    const query = tokenQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: consoleMessages.linkInvalid });
    const found = await linkFor(query.data.token, reply);
    if (!found) return reply;
    return { purpose: found.link.purpose, email: found.account.email, expiresAt: found.link.expiresAt };
  });

  app.post(ADMIN_API_ROUTES.staffLink, open, async (request, reply) => {
    const body = passwordBody.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: consoleMessages.linkInvalid });
    const found = await linkFor(body.data.token, reply);
    if (!found) return reply;
    const problem = checkNewPassword(body.data.password);
    if (problem) return reply.code(400).send({ error: problem });
    const outcome = await store.members.useLink(found.link.id, {
      passwordHash: await hashPassword(body.data.password),
      // A reset is for someone who lost access: as on the server, their second factor goes too.
      totpOff: found.link.purpose === "reset",
      now: app.clock(),
    });
    if (outcome !== "set") {
      // "withdrawn": the sender was removed or demoted since the page was checked.
      const refusal = outcome === "unknown" ? linkRefusals.invalid : linkRefusals[outcome];
      return reply.code(refusal.status).send({ error: refusal.error });
    }
    await store.activity.record({
      actor: found.account.email,
      action: "staff-link-used",
      target: found.account.email,
    });
    return { email: found.account.email, message: consoleMessages.passwordSet };
  });

  app.post(ADMIN_API_ROUTES.totpPrompt, async (request, reply) => {
    const account = signedIn(request);
    if (account.role === "owner" && app.consoleSettings.requireOwnerTotp) {
      return reply.code(409).send({ error: consoleMessages.totpRequired });
    }
    await store.members.setTotpPromptDeferred(account.id, true);
    return { message: consoleMessages.totpPromptDeferred };
  });
}
