/**
 * Counters of attempts (sign-ins, mails to one mailbox), one per key and time window, each
 * counted in one atomic step of the store before the attempt is let through, so a hundred
 * requests at once count as a hundred, on one server instance or several. A counter is named by
 * its caller (the key and the window); the store keeps only a hash of the name.
 */
export interface AttemptCounterStore {
  /**
   * Adds one to the counter `name` (made on first use, forgotten after the `expiresAt` of its latest
   * add) and answers
   * its count including this one. Where other attempts land at the same moment the answer may
   * include them too: never fewer than were added before.
   */
  add(name: string, expiresAt: Date): Promise<number>;
  /** The counts of the counters `names`, in order, without adding: 0 for one never made or forgotten. */
  read(names: readonly string[]): Promise<number[]>;
  /** Takes one back from the counter `name`, never below 0: an attempt that turned out not to count. */
  takeBack(name: string): Promise<void>;
  /** Forgets every counter that expired before `before`; answers how many. */
  eraseExpired(before: Date): Promise<number>;
}
