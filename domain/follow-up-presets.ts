/**
 * The follow-up times one tap sets, instead of typing a date: in two working hours, the next
 * working day at 11:00 and the coming Monday at the opening, all on the IST clock and the
 * company's published working hours (domain/working-hours.ts). The console shows each with the
 * time it will set. No I/O.
 */
import {
  addWorkingHours,
  IST_OFFSET_MINUTES,
  minutesOf,
  nextWorkingDayAt,
  type WorkingHours,
} from "./working-hours";

const DAY_MS = 86_400_000;
const OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const MONDAY = 1;

export const FOLLOW_UP_PRESET_KEYS = ["in-2-hours", "tomorrow-11", "monday-10"] as const;
export type FollowUpPresetKey = (typeof FOLLOW_UP_PRESET_KEYS)[number];

/** `minutes` after midnight IST on the first Monday after the IST day `now` falls on (a week on, on a Monday). */
function nextMondayAt(now: Date, minutes: number): Date {
  const istMidnight = Math.floor((now.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS;
  const weekday = new Date(istMidnight).getUTCDay();
  const days = (MONDAY - weekday + 7) % 7 || 7;
  return new Date(istMidnight + days * DAY_MS + minutes * 60_000 - OFFSET_MS);
}

/**
 * When each preset is due, seen at `now`. "In 2 hours" counts working hours, so at 18:30 it is
 * the next working morning, not the evening; "Tomorrow 11:00" is the next working day (Monday
 * after a Saturday); "Monday" is the coming Monday, at the opening of the working day (`hours.opens`).
 */
export function followUpPresetAt(key: FollowUpPresetKey, now: Date, hours: WorkingHours): Date {
  switch (key) {
    case "in-2-hours":
      return addWorkingHours(hours, now, 2);
    case "tomorrow-11":
      return nextWorkingDayAt(hours, now, 11 * 60);
    case "monday-10":
      return nextMondayAt(now, minutesOf(hours.opens));
  }
}
