/**
 * Where the islands' build (vite.islands.config.ts) records the address of the pages' own script,
 * in the built client folder, for the step that finishes each page (server/site/page-steps.ts).
 */
export const ISLANDS_ENTRY_FILE = "islands.json";

export interface IslandsEntry {
  /** The page script: "/assets/islands/page-….js". */
  page: string;
}
