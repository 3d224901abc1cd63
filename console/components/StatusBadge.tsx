import type { EnquiryStatus } from "../../domain/status";

/**
 * The class of a status's badge: `status status-<name>`, its name in lower case with its spaces as
 * hyphens ("On hold" is `status-on-hold`), so that a status's colour is one rule of console.css.
 */
export function statusClass(status: EnquiryStatus): string {
  return `status status-${status.toLowerCase().replace(/\s+/g, "-")}`;
}

/** An enquiry's status as a badge: the inbox, the enquiry's page, the buyer's history, personal data. */
export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return <span className={statusClass(status)}>{status}</span>;
}
