/**
 * What still stands between the site and its launch: every fact of the company that is still a
 * placeholder or an example (field by field, in each language, as the Company page publishes
 * them), the details the build recorded, and what production's configuration lacks.
 *
 *   npm run check-launch [-- <launch-content.json>] [--env-file <path>]
 *
 * Reads the configuration as the server does, after the service's environment file (command.ts),
 * the company's facts in force from the store it names (DATABASE_URL; the build's placeholders
 * when none was ever published) and the details the build recorded. Exits 1 while anything
 * remains, 0 when nothing does, 2 when it cannot tell.
 */
import { formatLaunchItems, launchCheck } from "../launch/launch-check";
import { createStore } from "../store";
import { readLaunchContent } from "../launch/launch-content-file";
import { messageOf } from "../error-message";
import {
  CommandError,
  configFromEnvironment,
  ENV_FILE_USAGE,
  parseArguments,
  readArguments,
  UsageError,
} from "./command";

export const USAGE = `Usage: npm run check-launch [-- <launch-content.json>] [--env-file <path>]

${ENV_FILE_USAGE}
Exits 1 while anything remains to put right, 0 when nothing does, 2 when it cannot tell.`;

function parse(argv: string[]): { contentFile: string | undefined; envFile: string | undefined } {
  const parsed = readArguments(argv, {});
  const [contentFile, ...extra] = parsed.positionals;
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  return { contentFile, envFile: parsed.values["env-file"] };
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseArguments(() => parse(argv), USAGE);
  if (!("request" in parsed)) return parsed.exitCode;
  let config;
  try {
    config = configFromEnvironment(parsed.request.envFile);
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  const content = await readLaunchContent(parsed.request.contentFile);
  if (!content) {
    process.stderr.write(
      "No brand details recorded by a build (launch-content.json): run npm run build first.\n",
    );
    return 2;
  }
  const store = await createStore(config.DATABASE_URL);
  let published;
  try {
    published = await store.companyFacts.current();
  } catch (error) {
    process.stderr.write(`The company's facts could not be read from the store: ${messageOf(error)}\n`);
    return 2;
  } finally {
    await store.close();
  }
  const items = launchCheck(config, content, published?.facts ?? null);
  if (items.length === 0) {
    process.stdout.write("Ready to launch: no placeholder, example or missing setting found.\n");
    return 0;
  }
  process.stdout.write(`Not ready to launch: ${items.length} to put right.\n${formatLaunchItems(items)}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
