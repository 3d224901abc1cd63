import Database from "better-sqlite3";
import type { StaffMember, StaffRole } from "../../../domain/console";
import {
  newStaffMember,
  normalizeStaffEmail,
  StaffExistsError,
  staffMember,
  type StaffAccount,
  type StaffStore,
} from "../staff";
import type { SqliteRun } from "./connection";
import { columnsOf, insertStatement, updateStatement } from "./row-codec";

/**
 * The row of `staff` an account is stored as: the one place its columns are named (a new
 * account's INSERT is made from it); what the console shows is derived from it.
 */
function rowOf(account: StaffAccount) {
  return {
    id: account.id,
    email: account.email,
    role: account.role as string,
    password_hash: account.passwordHash,
    totp_secret: account.totpSecret,
    pending_totp_secret: account.pendingTotpSecret,
    recovery_code_hashes: JSON.stringify(account.recoveryCodeHashes),
    created_at: account.createdAt,
    totp_prompt_deferred: account.totpPromptDeferred ? 1 : 0,
    display_name: account.displayName,
    away_until: account.awayUntil ?? null,
  };
}

export type StaffRow = ReturnType<typeof rowOf>;

/** The columns set to turn an account's TOTP off: no secret in use or offered, no recovery codes. */
export const TOTP_OFF = { totp_secret: null, pending_totp_secret: null, recovery_code_hashes: "[]" };

/** The account its row holds: the one decoding of it. */
export function accountOf(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    role: row.role === "owner" ? "owner" : "member",
    totpEnabled: row.totp_secret !== null,
    createdAt: row.created_at,
    invited: row.password_hash === "",
    totpPromptDeferred: row.totp_prompt_deferred === 1,
    displayName: row.display_name,
    awayUntil: row.away_until,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    pendingTotpSecret: row.pending_totp_secret,
    recoveryCodeHashes: JSON.parse(row.recovery_code_hashes) as string[],
  };
}

/** Sets these columns of the account's row, in the caller's transaction; false when there is no such account. */
export function updateAccount(db: Database.Database, id: string, columns: Partial<StaffRow>): boolean {
  const row = { ...columns, id };
  return db.prepare(updateStatement("staff", "id", columnsOf(row))).run(row).changes === 1;
}

/** The account whose id or address is `value`; null when there is none. */
export function accountWhere(db: Database.Database, key: "id" | "email", value: string): StaffAccount | null {
  const row = db.prepare<[string], StaffRow>(`SELECT * FROM staff WHERE ${key} = ?`).get(value);
  return row ? accountOf(row) : null;
}

/** Stores a new account, in the caller's transaction; StaffExistsError when its address is held. */
export function insertAccount(db: Database.Database, member: StaffMember, passwordHash: string): void {
  const row = rowOf({
    ...member,
    passwordHash,
    totpSecret: null,
    pendingTotpSecret: null,
    recoveryCodeHashes: [],
  });
  try {
    db.prepare(insertStatement("staff", columnsOf(row))).run(row);
  } catch (error) {
    if (error instanceof Database.SqliteError && error.code === "SQLITE_CONSTRAINT_UNIQUE") {
      throw new StaffExistsError(member.email);
    }
    throw error;
  }
}

export class SqliteStaffStore implements StaffStore {
  constructor(private readonly run: SqliteRun) {}

  async add(input: { email: string; role: StaffRole; passwordHash: string }): Promise<StaffMember> {
    const created = newStaffMember({ ...input, createdAt: new Date().toISOString() });
    this.run((db) => insertAccount(db, created, input.passwordHash));
    return created;
  }

  async findByEmail(email: string): Promise<StaffAccount | null> {
    return this.run((db) => accountWhere(db, "email", normalizeStaffEmail(email)));
  }

  async findById(id: string): Promise<StaffAccount | null> {
    return this.run((db) => accountWhere(db, "id", id));
  }

  async list(): Promise<StaffMember[]> {
    return this.run((db) =>
      db.prepare<[], StaffRow>(`SELECT * FROM staff ORDER BY created_at, email`).all(),
    ).map((row) => staffMember(accountOf(row)));
  }

  async ownerExists(): Promise<boolean> {
    return this.run(
      (db) => db.prepare(`SELECT 1 FROM staff WHERE role = 'owner' LIMIT 1`).get() !== undefined,
    );
  }

  async resetPassword(email: string, passwordHash: string): Promise<boolean> {
    const row = { email: normalizeStaffEmail(email), password_hash: passwordHash, ...TOTP_OFF };
    return this.run(
      (db) => db.prepare(updateStatement("staff", "email", columnsOf(row))).run(row).changes === 1,
    );
  }

  async setPendingTotp(id: string, secret: string): Promise<void> {
    this.run((db) => updateAccount(db, id, { pending_totp_secret: secret }));
  }

  async enableTotp(id: string, recoveryCodeHashes: readonly string[]): Promise<void> {
    this.run((db) =>
      db
        .prepare(
          `UPDATE staff SET totp_secret = pending_totp_secret, pending_totp_secret = NULL,
           recovery_code_hashes = ? WHERE id = ? AND pending_totp_secret IS NOT NULL`,
        )
        .run(JSON.stringify(recoveryCodeHashes), id),
    );
  }

  async disableTotp(id: string): Promise<void> {
    this.run((db) => updateAccount(db, id, TOTP_OFF));
  }

  async useTotpStep(id: string, timeStep: number): Promise<boolean> {
    return this.run(
      (db) =>
        db
          .prepare(
            `UPDATE staff SET totp_last_step = @step
             WHERE id = @id AND (totp_last_step IS NULL OR totp_last_step < @step)`,
          )
          .run({ id, step: timeStep }).changes === 1,
    );
  }

  async useRecoveryCode(id: string, codeHash: string): Promise<boolean> {
    return this.run((db) =>
      db
        .transaction(() => {
          const row = db
            .prepare<[string], { recovery_code_hashes: string }>(
              `SELECT recovery_code_hashes FROM staff WHERE id = ?`,
            )
            .get(id);
          if (!row) return false;
          const hashes = JSON.parse(row.recovery_code_hashes) as string[];
          if (!hashes.includes(codeHash)) return false;
          db.prepare(`UPDATE staff SET recovery_code_hashes = ? WHERE id = ?`).run(
            JSON.stringify(hashes.filter((hash) => hash !== codeHash)),
            id,
          );
          return true;
        })
        .immediate(),
    );
  }
}
