/**
 * The status table (domain/status.ts) as SQL: a condition on a status column rendered from the
 * statuses' properties, so no query names a status and a new one changes the table alone.
 */
import { ENQUIRY_STATUSES, INITIAL_STATUS, STATUS, type StatusProperties } from "../../../domain/status";

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const list = (statuses: readonly string[]) => `(${statuses.map(literal).join(", ")})`;

/**
 * Whether `column` holds a status whose `property` is `value`: `IN` the statuses that have it, or
 * `NOT IN` those that do not, whichever names fewer (the team's work reads "not spam", as a
 * condition SQLite checks on the rows an index gives rather than one it seeks by). `column` may
 * be a work row's status from a LEFT JOIN: with `orInitial`, a missing row counts as the initial
 * status (New), which an enquiry nobody worked on may have no row to say.
 */
export function statusWhere(
  column: string,
  property: keyof StatusProperties,
  value = true,
  options: { orInitial?: boolean } = {},
): string {
  const subject = options.orInitial ? `coalesce(${column}, ${literal(INITIAL_STATUS)})` : column;
  const having = ENQUIRY_STATUSES.filter((status) => STATUS[status][property] === value);
  const others = ENQUIRY_STATUSES.filter((status) => STATUS[status][property] !== value);
  if (others.length === 0) return `${subject} IS NOT NULL`;
  if (having.length === 0) return "0";
  return others.length < having.length
    ? `${subject} NOT IN ${list(others)}`
    : `${subject} IN ${list(having)}`;
}

/** Whether `column` holds one of `statuses` (a list the status table made: inbox-listing.ts). */
export function statusIn(column: string, statuses: readonly string[]): string {
  return statuses.length === 0 ? "0" : `${column} IN ${list(statuses)}`;
}

/** The team's work: every status but spam's (domain/status.ts: `work`). */
export const workStatusWhere = (column: string, options: { orInitial?: boolean } = {}) =>
  statusWhere(column, "work", true, options);
