import { INITIAL_STATUS, type EnquiryStatus } from "../../../domain/status";
import { deliveryState, type InboxRow, type StoredInboxRow, type StoredTeamFields } from "../enquiry-work";
import { ENQUIRY_COLUMNS, type EnquiryRow, storedEnquiry } from "./enquiry-row";
import { type WorkColumn, type WorkRow, workColumns, workFieldsOf } from "./work-record";
import { ENQUIRY_META_COLUMNS, type EnquiryMetaColumns, enquiryMeta } from "./enquiry-meta";

/**
 * A row of the inbox as SQLite reads it: the enquiry (`e`), its work record (`w`), its company
 * mail (`n`) and what is kept beside it (`m`). The one list of the columns every listing selects.
 */
export interface InboxSqlRow extends EnquiryRow, EnquiryMetaColumns {
  status: string | null;
  version: number | null;
  sent_at: string | null;
  attempts: number | null;
  notification_status: string | null;
}

/** The fields of the work record the team's fields are read from. */
const TEAM_WORK_FIELDS = [
  "ownerId",
  "followUpAt",
  "nextStep",
  "touchedAt",
  "dueAt",
  "firstContactDueAt",
  "answeredAt",
  "duplicateOf",
] as const;

/** The work record's columns the team's fields are read from. */
export type TeamColumns = Pick<WorkRow, WorkColumn<(typeof TEAM_WORK_FIELDS)[number]>>;

/** TeamColumns in the work record `w`, for a SELECT. */
export const TEAM_COLUMNS = workColumns(TEAM_WORK_FIELDS);

export const INBOX_COLUMNS = `${ENQUIRY_COLUMNS},
  w.status, w.version, n.sent_at, n.attempts, n.status AS notification_status, ${ENQUIRY_META_COLUMNS}`;

/** INBOX_COLUMNS and the team's fields. */
export const TEAM_INBOX_COLUMNS = `${INBOX_COLUMNS}, ${TEAM_COLUMNS}`;

/** The joins INBOX_COLUMNS reads from, after `FROM <enquiries> e`. */
export const INBOX_JOINS = `LEFT JOIN enquiry_work w ON w.enquiry_id = e.id
  LEFT JOIN notifications n ON n.enquiry_id = e.id AND n.kind = 'company'
  LEFT JOIN enquiry_meta m ON m.enquiry_id = e.id`;

export function inboxRow(row: InboxSqlRow): InboxRow {
  return {
    ...storedEnquiry(row),
    ...enquiryMeta(row),
    status: (row.status ?? INITIAL_STATUS) as EnquiryStatus,
    version: row.version ?? 0,
    companyNotification: deliveryState({
      sentAt: row.sent_at,
      attempts: row.attempts ?? 0,
      status: row.notification_status,
    }),
  };
}

export const teamFields = (row: TeamColumns): StoredTeamFields => workFieldsOf(row, TEAM_WORK_FIELDS);

export function teamInboxRow(row: InboxSqlRow & TeamColumns): StoredInboxRow {
  return { ...inboxRow(row), ...teamFields(row) };
}
