import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import type { StaffMember, StaffRole } from "../../../domain/console";
import { invitationsWithdrawn, leavesNoOwner, type StaffStanding } from "../../../domain/staff";
import {
  changeRole,
  sendResetLink,
  setPasswordByLink,
  type LinkChange,
  type QueuedLink,
} from "../../work/member-changes";
import type { MemberStore, StaffLink, StaffLinkPurpose, StaffLinkUse } from "../members";
import { driveStepsSync } from "../step-port";
import { LastOwnerError, normalizeStaffEmail, StaffExistsError } from "../staff";
import type { StaffLinkMail } from "../store";
import type { SqliteRun } from "./connection";
import { insertNotification } from "./notification-row";

interface LinkRow {
  id: string;
  staff_id: string;
  purpose: StaffLinkPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  sent_by: string | null;
  revoked_at: string | null;
}

function linkOf(row: LinkRow): StaffLink {
  return {
    id: row.id,
    staffId: row.staff_id,
    purpose: row.purpose,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    sentBy: row.sent_by,
    revokedAt: row.revoked_at,
  };
}

/** An account's standing (domain/staff.ts) as stored: its role, and whether it still has no password. */
function standingOf(db: Database.Database, staffId: string): StaffStanding | null {
  const row = db
    .prepare<[string], { role: string; invited: number }>(
      `SELECT role, password_hash = '' AS invited FROM staff WHERE id = ?`,
    )
    .get(staffId);
  return row ? { role: row.role === "owner" ? "owner" : "member", invited: row.invited === 1 } : null;
}

/**
 * Throws LastOwnerError, in the caller's transaction, when changing account `id` to `role` (null:
 * removing it) would leave no active owner among the staff as they stand there.
 */
export function keepAnOwner(db: Database.Database, change: { id: string; role: StaffRole | null }): void {
  const staff = db
    .prepare<[], { id: string; role: string; invited: number }>(
      `SELECT id, role, password_hash = '' AS invited FROM staff`,
    )
    .all()
    .map((row) => ({
      id: row.id,
      role: row.role === "owner" ? ("owner" as const) : ("member" as const),
      invited: row.invited === 1,
    }));
  if (leavesNoOwner(staff, change)) throw new LastOwnerError();
}

/**
 * Withdraws, in the caller's transaction, the pending invitations `senderId` sent that their new
 * standing (null: removed) may no longer send: the links not used nor withdrawn yet, to accounts
 * with no password yet. Which ones is domain/staff.ts's to say. Answers how many.
 */
export function withdrawInvitations(
  db: Database.Database,
  senderId: string,
  senderAfter: StaffStanding | null,
  at: Date,
): number {
  const pending = db
    .prepare<[string], { linkId: string; role: string }>(
      `SELECT l.id AS linkId, s.role FROM staff_links l JOIN staff s ON s.id = l.staff_id
       WHERE l.sent_by = ? AND l.used_at IS NULL AND l.revoked_at IS NULL AND s.password_hash = ''`,
    )
    .all(senderId)
    .map(({ linkId, role }) => ({
      linkId,
      role: role === "owner" ? ("owner" as const) : ("member" as const),
    }));
  const withdraw = db.prepare(`UPDATE staff_links SET revoked_at = ? WHERE id = ?`);
  const ids = invitationsWithdrawn(senderAfter, pending);
  for (const id of ids) withdraw.run(at.toISOString(), id);
  return ids.length;
}

export class SqliteMemberStore implements MemberStore {
  constructor(
    private readonly run: SqliteRun,
    private readonly table: string,
  ) {}

  /** Stores a link and queues its mail, in the caller's transaction. */
  private queueLink(db: Database.Database, link: QueuedLink) {
    const at = link.now.toISOString();
    const mail: StaffLinkMail = {
      linkId: link.linkId,
      purpose: link.purpose,
      expiresAt: link.expiresAt.toISOString(),
      ...(link.sentByName ? { sentByName: link.sentByName } : {}),
    };
    db.prepare(
      `INSERT INTO staff_links (id, staff_id, sent_by, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(link.linkId, link.staffId, link.sentBy, link.purpose, at, mail.expiresAt);
    insertNotification(db, { kind: "staff-link", at, staffId: link.staffId, payload: JSON.stringify(mail) });
  }

  /** Runs a change of links and passwords (server/work/member-changes.ts) in one IMMEDIATE transaction. */
  private changeLinks<R>(change: LinkChange<R>): R {
    return this.run((db) =>
      db
        .transaction(() =>
          driveStepsSync(change, {
            readStanding: ({ staffId }) => standingOf(db, staffId),
            readLink: ({ linkId }) => {
              const row = db.prepare<[string], LinkRow>(`SELECT * FROM staff_links WHERE id = ?`).get(linkId);
              return row ? linkOf(row) : null;
            },
            readUnusedLinks: ({ staffId }) =>
              db
                .prepare<[string], { id: string }>(
                  `SELECT id FROM staff_links WHERE staff_id = ? AND used_at IS NULL`,
                )
                .all(staffId)
                .map(({ id }) => id),
            endSessions: ({ staffId }) => {
              db.prepare(`DELETE FROM sessions WHERE staff_id = ?`).run(staffId);
            },
            spendLinks: ({ linkIds, at }) => {
              const spend = db.prepare(`UPDATE staff_links SET used_at = ? WHERE id = ? AND used_at IS NULL`);
              for (const id of linkIds) spend.run(at, id);
            },
            setPassword: ({ staffId, passwordHash, totpOff }) => {
              db.prepare(
                totpOff
                  ? `UPDATE staff SET password_hash = ?, totp_secret = NULL, pending_totp_secret = NULL,
                     recovery_code_hashes = '[]' WHERE id = ?`
                  : `UPDATE staff SET password_hash = ? WHERE id = ?`,
              ).run(passwordHash, staffId);
            },
            queueLink: (link) => this.queueLink(db, link),
            readStaff: () =>
              db
                .prepare<[], { id: string; role: string; invited: number }>(
                  `SELECT id, role, password_hash = '' AS invited FROM staff`,
                )
                .all()
                .map((row) => ({
                  id: row.id,
                  role: row.role === "owner" ? ("owner" as const) : ("member" as const),
                  invited: row.invited === 1,
                })),
            readLinksSentBy: ({ staffId }) =>
              db
                .prepare<[string], LinkRow>(`SELECT * FROM staff_links WHERE sent_by = ?`)
                .all(staffId)
                .map(linkOf),
            setRole: ({ staffId, role }) => {
              db.prepare(`UPDATE staff SET role = ? WHERE id = ?`).run(role, staffId);
            },
            revokeLinks: ({ linkIds, at }) => {
              const revoke = db.prepare(`UPDATE staff_links SET revoked_at = ? WHERE id = ?`);
              for (const id of linkIds) revoke.run(at, id);
            },
          }),
        )
        .immediate(),
    );
  }

  async invite(input: {
    email: string;
    role: StaffRole;
    displayName?: string | null;
    sentBy: string;
    sentByName?: string;
    linkId: string;
    expiresAt: Date;
    now: Date;
  }): Promise<StaffMember> {
    const created: StaffMember = {
      id: randomUUID(),
      email: normalizeStaffEmail(input.email),
      role: input.role,
      totpEnabled: false,
      createdAt: input.now.toISOString(),
      invited: true,
      totpPromptDeferred: false,
      displayName: input.displayName ?? null,
    };
    try {
      this.run((db) =>
        db
          .transaction(() => {
            db.prepare(
              `INSERT INTO staff (id, email, role, password_hash, created_at, display_name) VALUES (?, ?, ?, '', ?, ?)`,
            ).run(created.id, created.email, created.role, created.createdAt, created.displayName);
            this.queueLink(db, { ...input, staffId: created.id, purpose: "invitation" });
          })
          .immediate(),
      );
    } catch (error) {
      if (error instanceof Database.SqliteError && error.code === "SQLITE_CONSTRAINT_UNIQUE") {
        throw new StaffExistsError(created.email);
      }
      throw error;
    }
    return created;
  }

  async sendReset(input: Omit<QueuedLink, "purpose">): Promise<boolean> {
    return this.changeLinks(sendResetLink(input));
  }

  async findLink(linkId: string): Promise<StaffLink | null> {
    const row = this.run((db) =>
      db.prepare<[string], LinkRow>(`SELECT * FROM staff_links WHERE id = ?`).get(linkId),
    );
    return row ? linkOf(row) : null;
  }

  async useLink(
    linkId: string,
    change: { passwordHash: string; totpOff: boolean; now: Date },
  ): Promise<StaffLinkUse> {
    return this.changeLinks(setPasswordByLink(linkId, change));
  }

  async setRole(
    staffId: string,
    role: StaffRole,
    at = new Date(),
    options: { keepAnOwner?: boolean } = {},
  ): Promise<boolean> {
    return this.changeLinks(changeRole(staffId, role, at, options));
  }

  async setTotpPromptDeferred(staffId: string, deferred: boolean): Promise<void> {
    this.run((db) =>
      db.prepare(`UPDATE staff SET totp_prompt_deferred = ? WHERE id = ?`).run(deferred ? 1 : 0, staffId),
    );
  }

  async setDisplayName(staffId: string, displayName: string | null): Promise<boolean> {
    return this.run(
      (db) =>
        db.prepare(`UPDATE staff SET display_name = ? WHERE id = ?`).run(displayName, staffId).changes === 1,
    );
  }

  async setAwayUntil(staffId: string, awayUntil: string | null): Promise<boolean> {
    return this.run(
      (db) =>
        db.prepare(`UPDATE staff SET away_until = ? WHERE id = ?`).run(awayUntil, staffId).changes === 1,
    );
  }
}
