import { sourceLabel } from "../../domain/enquiry-source";
import type { InboxView } from "../../domain/team";
import type { InboxFilter, InboxRow } from "../store/enquiry-work";

/** What the inbox shows, as the CSV exports it: its filter, a team view, and an owner (null: nobody). */
export interface ExportFilter extends InboxFilter {
  view?: InboxView;
  owner?: string | null;
}

/**
 * Whether a row read from a team view (which applies only the view) or from the inbox's list
 * (which applies the filter but not the owner) is one the screen shows.
 */
export function matchesExportFilter(row: InboxRow, ownerId: string | null, filter: ExportFilter): boolean {
  if (filter.owner !== undefined && ownerId !== filter.owner) return false;
  if (!filter.view) return true;
  const q = filter.q?.toLowerCase();
  const { Name, Email, Mobile } = row.enquiry;
  return (
    (!filter.status || row.status === filter.status) &&
    (!filter.buyer || row.enquiry.RetailerSelfUse === filter.buyer) &&
    (!filter.source || sourceLabel(row.source)?.toLowerCase() === filter.source.toLowerCase()) &&
    (!q || [Name, Email, Mobile].some((field) => field.toLowerCase().includes(q)))
  );
}

/** A time as a spreadsheet in Delhi reads it: "2030-01-04 18:30" (IST). */
export function istCsvTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Kolkata",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
