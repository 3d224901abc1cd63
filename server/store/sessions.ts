/** Signed-in sessions, kept server-side. Only the SHA-256 of each cookie's token is stored. */
export interface SessionStore {
  /**
   * Starts a session of the account `staffId`, checking in the same write that the account still
   * exists; false, and nothing made, when it does not (it was removed since it was read).
   */
  create(session: { tokenHash: string; staffId: string; now: Date }): Promise<boolean>;
  /**
   * The session's member of staff when it was used within `idleMs` of `now` (and, with
   * `lifetimeMs`, began within it), and marks it used now; null (and the session forgotten) when it
   * is unknown, idle too long or past its lifetime.
   */
  touch(
    tokenHash: string,
    now: Date,
    idleMs: number,
    lifetimeMs?: number,
  ): Promise<{ staffId: string } | null>;
  delete(tokenHash: string): Promise<void>;
  /** Ends every session of one account (but the one `exceptTokenHash`, if given); answers how many. */
  deleteForStaff(staffId: string, exceptTokenHash?: string): Promise<number>;
  countActive(staffId: string, now: Date, idleMs: number): Promise<number>;
  /** Forgets every session last used before `before` (ended by idleness); answers how many. */
  eraseIdle(before: Date): Promise<number>;
}

/**
 * The times a live session must be newer than, as stored (ISO 8601): last used after `lastUsedAfter`,
 * begun after `begunAfter` (the empty string, before every time, when there is no lifetime). Both
 * adapters compare against these, so they agree on where a session ends.
 */
export function sessionCutoffs(now: Date, idleMs: number, lifetimeMs = Number.POSITIVE_INFINITY) {
  return {
    lastUsedAfter: new Date(now.getTime() - idleMs).toISOString(),
    begunAfter: Number.isFinite(lifetimeMs) ? new Date(now.getTime() - lifetimeMs).toISOString() : "",
  };
}
