/**
 * The time an enquiry arrived, as this server process saw it: never earlier than now, and
 * always at least a millisecond after the previous arrival it stamped. The inbox lists the
 * newest first by this time, so two enquiries that come in within the same millisecond keep
 * the order they arrived in instead of falling back to their random ids.
 */
let previous = 0;

export function arrivalTime(now: number = Date.now()): Date {
  previous = Math.max(now, previous + 1);
  return new Date(previous);
}
