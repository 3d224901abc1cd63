import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { StoreUnavailableError } from "../store/store";
import {
  meansCannotWrite,
  storeWritability,
  WRITABLE_MIN_FREE_BYTES,
  WRITE_PROBE_EVERY_MS,
} from "./store-writability";

/** As the adapters throw it: the driver's error as the cause of StoreUnavailableError. */
const unavailable = (cause: unknown) => new StoreUnavailableError("The store cannot be used", { cause });
const sqlite = (code: string) => unavailable(new Database.SqliteError("refused", code));
const fileSystem = (code: string) => unavailable(Object.assign(new Error("refused"), { code }));
const grpc = (code: number) => unavailable(Object.assign(new Error("refused"), { code }));

describe("which store errors mean it cannot write", () => {
  it("a full disk, an I/O error or a read-only file on SQLite; Firestore unavailable or out of quota", () => {
    for (const error of [
      sqlite("SQLITE_FULL"),
      sqlite("SQLITE_IOERR_WRITE"),
      sqlite("SQLITE_READONLY"),
      sqlite("SQLITE_READONLY_DBMOVED"),
      fileSystem("ENOSPC"),
      fileSystem("EROFS"),
      grpc(14),
      grpc(8),
    ]) {
      expect(meansCannotWrite(error), String(error.cause)).toBe(true);
    }
  });

  it("not a lock held by another process, a deadline passed, a bug in a query, or a refusal", () => {
    for (const error of [
      sqlite("SQLITE_BUSY"),
      sqlite("SQLITE_LOCKED"),
      sqlite("SQLITE_CONSTRAINT_UNIQUE"),
      new StoreUnavailableError("Firestore did not answer within 5000 ms"),
      grpc(4),
      grpc(6),
      new Error("no such column"),
    ]) {
      expect(meansCannotWrite(error), String(error)).toBe(false);
    }
  });
});

/** A writability on a clock the test moves, with a probe write and a disk it sets. */
function fixture(options: { disk?: boolean } = {}) {
  const state = { at: 0, probeWrites: 0, probeTaken: true, free: 10 * WRITABLE_MIN_FREE_BYTES };
  const writability = storeWritability({
    now: () => state.at,
    probeWrite: async () => {
      state.probeWrites++;
      return state.probeTaken;
    },
    ...(options.disk === false ? {} : { freeBytes: async () => state.free }),
  });
  return { state, writability };
}

describe("the store's writability", () => {
  it("turns not writable on a full disk and back once a probe write succeeds, probing at most every few seconds", async () => {
    const { state, writability } = fixture();
    expect(await writability.check()).toBe(true);
    writability.failed(sqlite("SQLITE_FULL"));
    expect(writability.writable).toBe(false);

    // Still full: the disk has no room, so no probe write is even tried.
    state.free = 0;
    expect(await writability.check()).toBe(false);
    expect(state.probeWrites).toBe(0);
    // Asked again at once (a scrape, another probe): no second look before the interval.
    state.free = 10 * WRITABLE_MIN_FREE_BYTES;
    state.at += WRITE_PROBE_EVERY_MS - 1;
    expect(await writability.check()).toBe(false);

    // Space freed, the interval past: one probe write, and the store is writable again.
    state.at += 1;
    expect(await writability.check()).toBe(true);
    expect(state.probeWrites).toBe(1);
    expect(writability.writable).toBe(true);
  });

  it("stays not writable while the probe write fails or is not taken", async () => {
    const { state, writability } = fixture({ disk: false });
    writability.failed(grpc(8));
    // Not probed at once: the failure is news enough.
    expect(await writability.check()).toBe(false);
    expect(state.probeWrites).toBe(0);
    state.probeTaken = false;
    state.at += WRITE_PROBE_EVERY_MS;
    expect(await writability.check()).toBe(false);
    state.at += WRITE_PROBE_EVERY_MS;
    state.probeTaken = true;
    expect(await writability.check()).toBe(true);
    expect(state.probeWrites).toBe(2);
  });

  it("is not cleared by a probe that began before another write failed", async () => {
    const probes: ((taken: boolean) => void)[] = [];
    let at = 0;
    const writability = storeWritability({
      now: () => at,
      probeWrite: () => new Promise<boolean>((resolve) => probes.push(resolve)),
    });
    writability.failed(sqlite("SQLITE_IOERR"));
    at += WRITE_PROBE_EVERY_MS;
    const checked = writability.check();
    await expect.poll(() => probes.length).toBe(1);
    writability.failed(sqlite("SQLITE_FULL"));
    probes[0]?.(true);
    expect(await checked).toBe(false);
  });

  it("ignores errors that do not say the store cannot write", async () => {
    const { writability } = fixture();
    writability.failed(sqlite("SQLITE_BUSY"));
    writability.failed(new Error("a bug"));
    expect(writability.writable).toBe(true);
  });
});
