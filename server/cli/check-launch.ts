/**
 * What still stands between the site and its launch: every brand detail that is still a
 * placeholder or an example (with its file and field), and what production's configuration lacks.
 *
 *   npm run check-launch [-- <launch-content.json>]
 *
 * Reads the configuration from the environment, as the server does (run it with the production
 * environment file's variables), and the brand details the build recorded. Exits 1 while
 * anything remains, 0 when nothing does, 2 when it cannot tell.
 */
import { ConfigError, loadConfig } from "../config";
import { formatLaunchItems, launchCheck } from "../launch/launch-check";
import { readLaunchContent } from "../launch/launch-content-file";

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  const content = await readLaunchContent(process.argv[2]);
  if (!content) {
    process.stderr.write(
      "No brand details recorded by a build (launch-content.json): run npm run build first.\n",
    );
    return 2;
  }
  const items = launchCheck(config, content);
  if (items.length === 0) {
    process.stdout.write("Ready to launch: no placeholder, example or missing setting found.\n");
    return 0;
  }
  process.stdout.write(`Not ready to launch: ${items.length} to put right.\n${formatLaunchItems(items)}\n`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
