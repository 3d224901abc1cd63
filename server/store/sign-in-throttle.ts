/** Failed sign-ins counted for one key (an account's e-mail, or an address). */
export interface ThrottleState {
  /** Failures since `windowStartedAt`. */
  failures: number;
  windowStartedAt: string;
  /** No sign-in for this key before this time. */
  blockedUntil: string | null;
  /** The last wait imposed, doubled at the next one. */
  lastPenaltyMs: number;
}

/** Kept in the store, so throttling survives a restart and holds across server instances. */
export interface SignInThrottleStore {
  get(key: string): Promise<ThrottleState | null>;
  put(key: string, state: ThrottleState): Promise<void>;
  clear(key: string): Promise<void>;
  /**
   * Forgets the records whose window started, and whose last block ended (if any), before
   * `before`: they no longer change any sign-in. Answers how many.
   */
  eraseStale(before: Date): Promise<number>;
}
