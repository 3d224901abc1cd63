export interface Logged {
  level: "info" | "warn" | "error";
  object: Record<string, unknown>;
  message: string;
}

/** A logger with pino's call shape that keeps what it is given, for a test to read. */
export function recordingLogger() {
  const entries: Logged[] = [];
  const log =
    (level: Logged["level"]) =>
    (object: object, message: string): void => {
      entries.push({ level, object: object as Record<string, unknown>, message });
    };
  return { entries, info: log("info"), warn: log("warn"), error: log("error") };
}
