/**
 * A person's requests under India's DPDP Act, answered on the server.
 *
 *   npm run personal-data -- show --email <address> | --mobile <10 digits>
 *   npm run personal-data -- erase --email <address> | --mobile <10 digits>
 *
 * `show` prints everything held about the person as JSON; `erase` erases it in one transaction
 * and prints what it erased (counts and the enquiries' ids) as JSON. Both are recorded in the
 * activity log with no actor (the operator) and without the address or number. Reads the
 * service's environment file and DATABASE_URL like the server (command.ts).
 */
import { checkPersonQuery, personalDataMessages, type PersonQuery } from "../../domain/personal-data";
import {
  commandConfig,
  ENV_FILE_USAGE,
  parseArguments,
  readArguments,
  runCommand,
  UsageError,
  withStore,
} from "./command";

export const USAGE = `Usage:
  npm run personal-data -- show --email <address>
  npm run personal-data -- show --mobile <10 digits>
  npm run personal-data -- erase --email <address>
  npm run personal-data -- erase --mobile <10 digits>

show prints everything held about the person as JSON; erase erases all of it and prints what
it erased. Each takes --env-file <path>.
${ENV_FILE_USAGE}
Reads DATABASE_URL (default sqlite:./data/site.db).`;

const COMMANDS = ["show", "erase"] as const;
type Command = (typeof COMMANDS)[number];

function parse(argv: string[]): { command: Command; query: PersonQuery; envFile: string | undefined } {
  const parsed = readArguments(argv, { email: { type: "string" }, mobile: { type: "string" } });
  const [command, ...extra] = parsed.positionals;
  if (!command) throw new UsageError("Say what to do: show or erase.");
  if (!COMMANDS.includes(command as Command)) throw new UsageError(`Unknown command "${command}".`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const { email, mobile } = parsed.values;
  if (email === undefined && mobile === undefined) throw new UsageError(personalDataMessages.oneOf);
  const checked = checkPersonQuery({ email, mobile });
  if (!checked.ok) throw new UsageError(checked.error);
  return { command: command as Command, query: checked.query, envFile: parsed.values["env-file"] };
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseArguments(() => parse(argv), USAGE);
  if (!("request" in parsed)) return parsed.exitCode;
  const { request } = parsed;
  return withStore(commandConfig(request.envFile), async (store) => {
    if (request.command === "show") {
      const report = await store.personalData.find(request.query);
      await store.activity.record({ actor: null, action: "personal-data-shown", target: null });
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return 0;
    }
    const erased = await store.personalData.erase(request.query, { actor: null });
    process.stdout.write(`${JSON.stringify(erased, null, 2)}\n`);
    if (!erased.erased) process.stderr.write(`${personalDataMessages.nothingErased}\n`);
    return 0;
  });
}

runCommand(() => main(process.argv.slice(2)));
