/**
 * Leases on timed jobs (a retention sweep, a backup), one per job, so that of several instances
 * sharing a store one runs each job at a time (docs/decisions/016). Each step is one atomic write.
 */
export interface LeaseStore {
  /**
   * Takes the lease on `job` for `holder` until `now + leaseMs`, when nobody holds it, its lease
   * has run out, or `holder` holds it already. True when taken; of several takers at once, one wins.
   */
  take(job: string, holder: string, now: Date, leaseMs: number): Promise<boolean>;
  /** Extends `holder`'s lease to `now + leaseMs`; false when another holds it now. */
  renew(job: string, holder: string, now: Date, leaseMs: number): Promise<boolean>;
  /** Gives the lease up at `now`, if `holder` still holds it, so the next taker need not wait. */
  release(job: string, holder: string, now: Date): Promise<void>;
}
