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

/**
 * A destination for the server's own logger (`logger: { level, stream }`): pino writes each line
 * as JSON, and this keeps them, as written and parsed, for a test to read.
 */
export function recordingLogStream() {
  const written: string[] = [];
  return {
    stream: { write: (line: string) => void written.push(line) },
    /** Every line, as written. */
    text: () => written.join(""),
    /** Every line, parsed. */
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
