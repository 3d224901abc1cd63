/** How often, at most, a store marked not writable is tried with a probe write (from the readiness check). */
export const WRITE_PROBE_EVERY_MS = 3_000;
/** A probe write slower than this counts as failed: the readiness check must answer its caller. */
export const WRITE_PROBE_TIMEOUT_MS = 2_000;
/**
 * The free space a local data disk needs before a probe write may count: a full disk still takes
 * a write small enough for the room SQLite's log already holds (a failed enquiry's frames), while
 * the next enquiry fails again. A megabyte is a few hundred of SQLite's pages.
 */
export const WRITABLE_MIN_FREE_BYTES = 1024 * 1024;

/** SQLite's result codes (extended ones included) for a write the disk or the file refused. */
const SQLITE_CANNOT_WRITE = /^SQLITE_(FULL|IOERR|READONLY)/;
/** The file system's refusals: no space, over quota, read-only, an I/O error. */
const FILE_SYSTEM_CANNOT_WRITE = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO"]);
/** gRPC codes (Firestore) of a call refused for want of capacity: UNAVAILABLE, RESOURCE_EXHAUSTED. */
const GRPC_CANNOT_WRITE = new Set([14, 8]);

/**
 * Whether a failed store call means the store cannot take writes now, rather than not answering
 * for a moment (a lock held, a deadline passed) or a bug in a query. The adapters wrap what their
 * driver threw as the `cause` of StoreUnavailableError; this looks along that chain. Firestore's
 * UNAVAILABLE and RESOURCE_EXHAUSTED count whether the call read or wrote: a store refusing reads
 * for them refuses writes too.
 */
export function meansCannotWrite(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (SQLITE_CANNOT_WRITE.test(code) || FILE_SYSTEM_CANNOT_WRITE.has(code))) {
      return true;
    }
    if (typeof code === "number" && GRPC_CANNOT_WRITE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export interface StoreWritabilityOptions {
  /**
   * A cheap write to the store: true when it was made. False (another instance's write came
   * first) proves nothing either way, and the store stays marked until a later probe.
   */
  probeWrite: () => Promise<boolean>;
  /** The free bytes of the disk the store's files are on; absent for a store without one (Firestore). */
  freeBytes?: () => Promise<number | undefined>;
  probeEveryMs?: number;
  now?: () => number;
}

/**
 * Whether the store can take writes, decided here once for every adapter: a call failing as
 * `meansCannotWrite` says marks it not writable; it is writable again once a probe write
 * succeeds (on a local disk, only with WRITABLE_MIN_FREE_BYTES free), tried by `check()` at most
 * every `probeEveryMs` while it is marked, so recovery is seen without any visitor's write.
 */
export function storeWritability(options: StoreWritabilityOptions) {
  const now = options.now ?? (() => performance.now());
  const probeEveryMs = options.probeEveryMs ?? WRITE_PROBE_EVERY_MS;
  let writable = true;
  /** Counts the failures, so a probe that began before one cannot clear it. */
  let failures = 0;
  let probedAt = -Infinity;
  let probing: Promise<boolean> | undefined;

  const probe = async (): Promise<boolean> => {
    const failuresBefore = failures;
    const free = await options.freeBytes?.().catch(() => undefined);
    if (options.freeBytes && (free === undefined || free < WRITABLE_MIN_FREE_BYTES)) return false;
    // A failed probe is reported as a store error by the store itself; it only keeps the mark.
    const written = await options.probeWrite().catch(() => false);
    if (written && failures === failuresBefore) writable = true;
    return writable;
  };

  return {
    get writable() {
      return writable;
    },
    /** A store call failed: the store is marked not writable when the error says it cannot write. */
    failed(error: unknown) {
      if (!meansCannotWrite(error)) return;
      failures++;
      writable = false;
      // The failure is as fresh as a probe: the first probe comes an interval after it.
      probedAt = now();
    },
    /** Whether the store can write, after a probe write when it is marked and one is due. */
    async check(): Promise<boolean> {
      if (writable) return true;
      if (!probing) {
        if (now() - probedAt < probeEveryMs) return false;
        probedAt = now();
        probing = probe().finally(() => (probing = undefined));
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>(
        (resolve) => (timer = setTimeout(() => resolve(false), WRITE_PROBE_TIMEOUT_MS)),
      );
      try {
        return await Promise.race([probing, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type StoreWritability = ReturnType<typeof storeWritability>;
