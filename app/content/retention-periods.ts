import { DEFAULT_RETENTION_PERIODS, type RetentionPeriods } from "../../domain/retention";

/**
 * Set by the build (vite.config.ts, and vitest.config.ts for the unit tests) from
 * RETENTION_DAYS_CLOSED, RETENTION_DAYS_VITALS and BACKUP_KEEP, parsed by domain/retention.ts.
 */
declare const __RETENTION_PERIODS__: RetentionPeriods | undefined;

/**
 * The retention periods the built pages state. Outside a Vite build (the browser tests and the
 * build's own scripts run this module in Node) they are the defaults; scripts/postbuild.ts checks
 * that the prerendered policy states the periods the build was given.
 */
export const retentionPeriods: RetentionPeriods =
  typeof __RETENTION_PERIODS__ === "undefined" ? DEFAULT_RETENTION_PERIODS : __RETENTION_PERIODS__;
