import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  countInWords,
  daysInWords,
  retentionDifferences,
  RETENTION_BUILD_FILE,
  RETENTION_VARIABLES,
  type RetentionPeriods,
} from "../../domain/retention";
import { ConfigError } from "../config";

export { RETENTION_BUILD_FILE };

/**
 * The periods the privacy policy in the build at `siteDir` states (the policy is prerendered, so
 * it says what the build was given); undefined when the build has no RETENTION_BUILD_FILE.
 */
export async function readBuiltRetention(siteDir: string): Promise<RetentionPeriods | undefined> {
  const path = join(siteDir, RETENTION_BUILD_FILE);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const periods = parsed as Partial<Record<keyof RetentionPeriods, unknown>> | undefined;
  const keys = Object.keys(RETENTION_VARIABLES) as (keyof RetentionPeriods)[];
  if (
    typeof periods !== "object" ||
    periods === null ||
    !keys.every((key) => Number.isInteger(periods[key]) && (periods[key] as number) >= 1)
  ) {
    throw new ConfigError(`${path} does not hold the build's retention periods: rebuild with npm run build`);
  }
  return Object.fromEntries(keys.map((key) => [key, periods[key]])) as unknown as RetentionPeriods;
}

function stated(variable: string, value: number): string {
  if (variable === RETENTION_VARIABLES.backupKeep) return countInWords(value, "backup copy", "backup copies");
  const words = daysInWords(value);
  return words.endsWith("days") || words.endsWith("day") ? words : `${value} days (${words})`;
}

/**
 * Refuses to start (ConfigError) when the privacy policy in the build states other periods than
 * the server is configured to keep to. A build without the file (made before the policy stated
 * them) is let through: `onMissing` hears of it.
 */
export async function checkBuiltRetention(
  siteDir: string,
  configured: RetentionPeriods,
  onMissing: (message: string) => void,
): Promise<void> {
  const built = await readBuiltRetention(siteDir);
  if (!built) {
    onMissing(
      `The build in ${siteDir} has no ${RETENTION_BUILD_FILE}: its privacy policy may not state the retention periods this server keeps to. Rebuild with npm run build.`,
    );
    return;
  }
  const differences = retentionDifferences(built, configured);
  if (differences.length === 0) return;
  const lines = differences.map(
    ({ variable, stated: inBuild, configured: value }) =>
      `  ${variable}: the privacy policy in the build states ${stated(variable, inBuild)}, but the server is set to ${value}`,
  );
  const rebuild = differences.map(({ variable, configured: value }) => `${variable}=${value}`).join(" ");
  const keep = differences.map(({ variable, stated: inBuild }) => `${variable}=${inBuild}`).join(" ");
  throw new ConfigError(
    `The retention periods differ from the privacy policy in the build:\n${lines.join("\n")}\n` +
      `Rebuild with ${rebuild} npm run build, or start the server with ${keep}.`,
  );
}
