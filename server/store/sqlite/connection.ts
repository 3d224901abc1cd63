import type Database from "better-sqlite3";

/**
 * Runs work on the SQLite store's live connection, reconnecting after a failure and translating
 * "cannot use the database" into StoreUnavailableError. Every concern of the SQLite store takes one.
 */
export type SqliteRun = <T>(work: (db: Database.Database) => T) => T;

/** Escapes LIKE's wildcards so a search matches its text literally (with `ESCAPE '\\'`). */
export function likePattern(text: string, where: "prefix" | "anywhere"): string {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  return where === "prefix" ? `${escaped}%` : `%${escaped}%`;
}
