import type Database from "better-sqlite3";
import { linkAndMailOf, type MemberAdapter, type MemberSteps, type QueuedLink } from "../member-port";
import type { StaffLink } from "../members";
import { standingOf } from "../staff";
import { driveStepsSync, type ChangeOf } from "../step-port";
import type { SqliteRun } from "./connection";
import { accountOf, accountWhere, insertAccount, TOTP_OFF, updateAccount, type StaffRow } from "./staff";
import { insertNotification } from "./notification-row";
import { readWork, writePlan } from "./work-record";
import { memberAlertAnswers } from "./work-port";

/** The column of `staff_links` each field of a link is stored in: the one place they are named. */
const LINK_COLUMNS = {
  id: "id",
  staffId: "staff_id",
  purpose: "purpose",
  createdAt: "created_at",
  expiresAt: "expires_at",
  usedAt: "used_at",
  sentBy: "sent_by",
  revokedAt: "revoked_at",
} as const satisfies Record<keyof StaffLink, string>;
const LINK_FIELDS = Object.keys(LINK_COLUMNS) as (keyof StaffLink)[];

/** The links of `staff_links`, each row read as a link (a WHERE follows). */
const SELECT_LINKS = `SELECT ${LINK_FIELDS.map((field) => `${LINK_COLUMNS[field]} AS ${field}`).join(", ")} FROM staff_links`;

/** One link's row, each column bound by its field's name. */
const INSERT_LINK = `INSERT INTO staff_links (${Object.values(LINK_COLUMNS).join(", ")})
  VALUES (${LINK_FIELDS.map((field) => `@${field}`).join(", ")})`;

function readLink(db: Database.Database, linkId: string): StaffLink | null {
  return db.prepare<[string], StaffLink>(`${SELECT_LINKS} WHERE id = ?`).get(linkId) ?? null;
}

export class SqliteMemberStore implements MemberAdapter {
  constructor(
    private readonly sqlite: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  /** Stores a link and queues its mail, in the caller's transaction. */
  private queueLink(db: Database.Database, link: QueuedLink) {
    const { stored, mail } = linkAndMailOf(link);
    db.prepare(INSERT_LINK).run(stored);
    const at = stored.createdAt;
    insertNotification(db, { kind: "staff-link", at, staffId: link.staffId, payload: JSON.stringify(mail) });
  }

  /** Runs a member's change (server/work/member-changes.ts) in one IMMEDIATE transaction. */
  async run<R>(change: () => ChangeOf<MemberSteps, R>): Promise<R> {
    return this.sqlite((db) =>
      db
        .transaction(() =>
          driveStepsSync(change(), {
            ...memberAlertAnswers(db),
            readStanding: ({ staffId }) => {
              const account = accountWhere(db, "id", staffId);
              return account && standingOf(account);
            },
            readAccountId: ({ email }) =>
              db.prepare<[string], { id: string }>(`SELECT id FROM staff WHERE email = ?`).get(email)?.id ??
              null,
            readLink: ({ linkId }) => readLink(db, linkId),
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
              updateAccount(db, staffId, { password_hash: passwordHash, ...(totpOff ? TOTP_OFF : {}) });
            },
            createAccount: ({ member }) => insertAccount(db, member, ""),
            queueLink: (link) => this.queueLink(db, link),
            // Accounts with their standing (domain/staff.ts), as the accounts' one codec reads them.
            readStaff: () =>
              db
                .prepare<[], StaffRow>(`SELECT * FROM staff`)
                .all()
                .map((row) => standingOf(accountOf(row))),
            readLinksSentBy: ({ staffId }) =>
              db.prepare<[string], StaffLink>(`${SELECT_LINKS} WHERE sent_by = ?`).all(staffId),
            setRole: ({ staffId, role }) => {
              updateAccount(db, staffId, { role });
            },
            revokeLinks: ({ linkIds, at }) => {
              const revoke = db.prepare(`UPDATE staff_links SET revoked_at = ? WHERE id = ?`);
              for (const id of linkIds) revoke.run(at, id);
            },
            readWorkOf: ({ staffId }) =>
              db
                .prepare<[string], { enquiry_id: string }>(
                  `SELECT enquiry_id FROM enquiry_work WHERE owner_id = ?`,
                )
                .all(staffId)
                .flatMap(({ enquiry_id }) => readWork(db, this.table, enquiry_id) ?? []),
            writePlan: ({ read, plan, actor }) => writePlan(db, read.stored, plan, actor),
            // Its sessions, devices, links and mails go with it (ON DELETE CASCADE).
            removeAccount: ({ staffId }) => {
              db.prepare(`DELETE FROM staff WHERE id = ?`).run(staffId);
            },
          }),
        )
        .immediate(),
    );
  }

  async findLink(linkId: string): Promise<StaffLink | null> {
    return this.sqlite((db) => readLink(db, linkId));
  }

  async setTotpPromptDeferred(staffId: string, deferred: boolean): Promise<void> {
    this.sqlite((db) => updateAccount(db, staffId, { totp_prompt_deferred: deferred ? 1 : 0 }));
  }

  async setDisplayName(staffId: string, displayName: string | null): Promise<boolean> {
    return this.sqlite((db) => updateAccount(db, staffId, { display_name: displayName }));
  }

  async setAwayUntil(staffId: string, awayUntil: string | null): Promise<boolean> {
    return this.sqlite((db) => updateAccount(db, staffId, { away_until: awayUntil }));
  }
}
