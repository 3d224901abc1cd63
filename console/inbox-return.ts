/**
 * Where "← Inbox" and Esc go back to: the inbox as the person last left it in this tab, with its
 * filters, search and order. The inbox passes its query to the enquiry it opens (the history
 * entry keeps it across a reload) and keeps it for the tab, for an enquiry opened otherwise.
 */
import { inboxQueryParams, readInboxQuery } from "../domain/inbox";
import { appPaths } from "./paths";

const STORAGE_KEY = "collarise-console-inbox";

/** Only the inbox's own parameters, in their order: nothing else rides along. */
function cleanQuery(search: string): string {
  return inboxQueryParams(readInboxQuery(new URLSearchParams(search))).toString();
}

/** What the inbox passes in an enquiry's history entry. */
export interface InboxReturnState {
  inbox: string;
}

export function rememberInbox(search: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, cleanQuery(search));
  } catch {
    // A browser that keeps nothing for the tab: the history entry's state still carries it.
  }
}

/** The inbox's path with the filters the person left it with. */
export function inboxReturnPath(state: unknown): string {
  const passed = (state as Partial<InboxReturnState> | null)?.inbox;
  let search = typeof passed === "string" ? passed : "";
  if (typeof passed !== "string") {
    try {
      search = window.sessionStorage.getItem(STORAGE_KEY) ?? "";
    } catch {
      search = "";
    }
  }
  const query = cleanQuery(search);
  return query ? `${appPaths.inbox}?${query}` : appPaths.inbox;
}
