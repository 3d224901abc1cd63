import type { StoredSubscriber } from "./store";

/**
 * The newsletter's addresses as the console sees them: listed newest first, searched, removed. An
 * adapter's `list` is handed a search as the addresses are stored, trimmed and in lower case
 * (server/work/subscriber-changes.ts: subscriberDirectory).
 */
export interface SubscriberDirectory {
  list(options: { q?: string; cursor?: string | null; limit: number }): Promise<{
    items: StoredSubscriber[];
    nextCursor: string | null;
  }>;
  /** False when there was no subscriber with this id. */
  remove(id: string): Promise<boolean>;
}
