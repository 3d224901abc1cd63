import type { ScheduleTimers } from "../../server/scheduled-task";

/** Timers that never fire on their own: the test finds them, with their periods, and fires them. */
export function manualTimers() {
  const timeouts = new Map<number, { callback: () => void; ms: number }>();
  const intervals = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timers: ScheduleTimers = {
    setTimeout: (callback, ms) => (timeouts.set(++next, { callback, ms }), next),
    clearTimeout: (handle) => void timeouts.delete(handle as number),
    setInterval: (callback, ms) => (intervals.set(++next, { callback, ms }), next),
    clearInterval: (handle) => void intervals.delete(handle as number),
  };
  return { timers, timeouts, intervals };
}
