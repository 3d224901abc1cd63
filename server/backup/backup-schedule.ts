import type { FastifyBaseLogger } from "fastify";
import { runLeased, scheduleTask } from "../scheduled-task";
import type { LeaseStore } from "../store/leases";
import { backupSqlite } from "./sqlite-backup";
import { messageOf } from "../error-message";

/** The backups' lease: processes sharing the database file back it up one at a time. */
const BACKUP_JOB = "sqlite-backup";
const BACKUP_LEASE_MS = 30 * 60_000;

/** What `/api/health` says of the scheduled backups. */
export interface BackupStatus {
  everyHours: number;
  lastSuccessAt: string | null;
  lastFile: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
}

/**
 * Backs the SQLite database up every `everyHours`, keeping the newest `keep`. A failed backup is
 * logged as an error and shown in the status; it never stops the server, and the next one is tried
 * at the next interval.
 */
export function scheduleBackups(options: {
  databasePath: string;
  backupDir: string;
  everyHours: number;
  keep: number;
  log: FastifyBaseLogger;
  leases: LeaseStore;
  /** This instance's name in the backups' lease. */
  holder: string;
}) {
  const status: BackupStatus = {
    everyHours: options.everyHours,
    lastSuccessAt: null,
    lastFile: null,
    lastFailureAt: null,
    lastError: null,
  };
  const schedule = scheduleTask({
    everyMs: options.everyHours * 3_600_000,
    onError: (error) => options.log.error({ err: error }, "the scheduled backup failed"),
    task: () =>
      runLeased(
        {
          leases: options.leases,
          job: BACKUP_JOB,
          holder: options.holder,
          leaseMs: BACKUP_LEASE_MS,
          now: () => new Date(),
          onLost: (error) =>
            options.log.error({ err: error }, "the scheduled backup's lease could not be renewed"),
        },
        () => backupSqlite(options.databasePath, options.backupDir, { keep: options.keep }),
      ).then(
        (outcome) => {
          if (!outcome.ran) {
            options.log.info(
              { job: BACKUP_JOB },
              "another process is backing the database up; this one leaves it",
            );
            return;
          }
          const result = outcome.result;
          status.lastSuccessAt = new Date().toISOString();
          status.lastFile = result.file;
          options.log.info(
            { file: result.file, bytes: result.bytes, ms: Math.round(result.milliseconds) },
            "database backed up",
          );
        },
        (error: unknown) => {
          status.lastFailureAt = new Date().toISOString();
          status.lastError = messageOf(error);
          options.log.error({ err: error }, "the scheduled backup failed");
        },
      ),
  });
  schedule.start();
  return {
    status,
    /** Takes a backup now (the schedule goes on as before). */
    runOnce: schedule.runOnce,
    stop: schedule.stop,
  };
}
