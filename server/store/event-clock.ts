/**
 * The time of an event the console lists in order (an enquiry's arrival, a status change or
 * note in its history, an entry in the activity log), as this server process saw it: never
 * earlier than now, and always at least a millisecond after the previous event it stamped.
 * Lists order by this time, so two events within the same millisecond keep the order they
 * happened in instead of falling back to their random ids.
 */
let previous = 0;

export function eventTime(now: number = Date.now()): Date {
  previous = Math.max(now, previous + 1);
  return new Date(previous);
}
