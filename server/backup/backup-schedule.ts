import type { FastifyBaseLogger } from "fastify";
import { scheduleTask } from "../scheduled-task";
import { backupSqlite } from "./sqlite-backup";
import { messageOf } from "../error-message";

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
      backupSqlite(options.databasePath, options.backupDir, { keep: options.keep }).then(
        (result) => {
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
