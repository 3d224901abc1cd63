/**
 * A store read shared by its callers: each says how old an answer it accepts, and callers
 * arriving while a read is under way wait for that one. A failed read is never kept.
 */
export function cachedRead<T>(read: () => Promise<T>, now: () => number = () => performance.now()) {
  let value: { at: number; result: T } | undefined;
  let reading: Promise<T> | undefined;
  return {
    get(maxAgeMs: number): Promise<T> {
      if (value && now() - value.at <= maxAgeMs) return Promise.resolve(value.result);
      reading ??= read()
        .then((result) => {
          value = { at: now(), result };
          return result;
        })
        .finally(() => (reading = undefined));
      return reading;
    },
    /** Forgets the last answer: the next caller reads again. */
    forget() {
      value = undefined;
    },
  };
}
