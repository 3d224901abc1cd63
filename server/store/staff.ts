import { randomUUID } from "node:crypto";
import type { StaffMember, StaffRole } from "../../domain/console";
import type { StaffStanding } from "../../domain/staff";

/** A member of staff as stored: the public shape plus what sign-in needs. Never sent to a browser. */
export interface StaffAccount extends StaffMember {
  passwordHash: string;
  /** The TOTP secret in use, once confirmed with a code. */
  totpSecret: string | null;
  /** A secret offered but not yet confirmed with a code. */
  pendingTotpSecret: string | null;
  /** SHA-256 of each recovery code not yet used. */
  recoveryCodeHashes: string[];
}

/** What may be shown of an account: its public shape, without anything sign-in keeps secret. */
export function staffMember(account: StaffAccount): StaffMember {
  const { id, email, role, totpEnabled, createdAt, invited, totpPromptDeferred, displayName, awayUntil } =
    account;
  return {
    id,
    email,
    role,
    totpEnabled,
    createdAt,
    invited,
    totpPromptDeferred,
    displayName,
    awayUntil: awayUntil ?? null,
  };
}

/** An account's standing (domain/staff.ts), with its id. */
export function standingOf({ id, role, invited }: StaffAccount): StaffStanding & { id: string } {
  return { id, role, invited };
}

/** A new account as the console shows it: no TOTP yet, and invited while it has no password (""). */
export function newStaffMember(input: {
  email: string;
  role: StaffRole;
  createdAt: string;
  passwordHash: string;
  displayName?: string | null | undefined;
}): StaffMember {
  return {
    id: randomUUID(),
    email: normalizeStaffEmail(input.email),
    role: input.role,
    totpEnabled: false,
    createdAt: input.createdAt,
    invited: input.passwordHash === "",
    totpPromptDeferred: false,
    displayName: input.displayName ?? null,
  };
}

export class StaffExistsError extends Error {
  constructor(email: string) {
    super(`A member of staff with the e-mail ${email} already exists`);
    this.name = "StaffExistsError";
  }
}

/**
 * A removal or a change of role refused inside its own transaction because it would leave the
 * console with no owner who can sign in (domain/staff.ts: leavesNoOwner). The routes check first;
 * this is what two owners demoting or removing each other at the same moment meet.
 */
export class LastOwnerError extends Error {
  constructor() {
    super("The change would leave the console without an owner who can sign in");
    this.name = "LastOwnerError";
  }
}

/** The console's accounts. E-mail addresses are kept lower-cased: one account per address. */
export interface StaffStore {
  add(account: { email: string; role: StaffRole; passwordHash: string }): Promise<StaffMember>;
  findByEmail(email: string): Promise<StaffAccount | null>;
  findById(id: string): Promise<StaffAccount | null>;
  list(): Promise<StaffMember[]>;
  ownerExists(): Promise<boolean>;
  /** Sets a new password and turns TOTP off (a reset is for someone who lost access); false when there is no such account. */
  resetPassword(email: string, passwordHash: string): Promise<boolean>;
  setPendingTotp(id: string, secret: string): Promise<void>;
  /** Makes the pending secret the one in use, with fresh recovery codes. */
  enableTotp(id: string, recoveryCodeHashes: readonly string[]): Promise<void>;
  disableTotp(id: string): Promise<void>;
  /**
   * Records that the TOTP code of `timeStep` was used; false when that step or a later one already
   * was, so a code seen by someone else cannot be replayed within its window.
   */
  useTotpStep(id: string, timeStep: number): Promise<boolean>;
  /** Spends one recovery code; true when it was unused (each works once, even when tried twice at once). */
  useRecoveryCode(id: string, codeHash: string): Promise<boolean>;
}

export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}
