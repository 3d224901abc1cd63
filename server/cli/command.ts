import { parseArgs, type ParseArgsConfig } from "node:util";
import { ConfigError, loadConfig, type Config } from "../config";
import { applyEnvironmentFile, EnvironmentFileError } from "../environment-file";
import { sharedDataOf } from "../private-data";
import { createStore, StoreUnavailableError, type Store } from "../store";
import { keepNewFilesPrivate } from "../store/sqlite/private-files";

/**
 * A refusal an operator command reports on stderr and ends with: exit code 2 when it was asked
 * wrongly (usage, configuration), 1 when it could not do what was asked.
 */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
    this.name = "CommandError";
  }
}

/** The option every operator command takes, and what its usage says of it. */
export const ENV_FILE_OPTION = { "env-file": { type: "string" } } as const;
export const ENV_FILE_USAGE = `Reads the service's environment file (--env-file <path>; by default
/etc/collarise/collarise.env, or COLLARISE_ENV_FILE, when it exists); a variable
already set in the shell wins over the file.`;

/**
 * The configuration, read and checked as the server reads it, after the environment file the
 * service runs with (`envFile`, `--env-file`, or the units' own): the command then works on the
 * service's database, not on the default `./data/site.db`. Says on stderr which file it read, by
 * path alone: the values hold passwords. A file it cannot read or a bad value ends it with 2.
 */
export function configFromEnvironment(envFile: string | undefined): Config {
  try {
    const read = applyEnvironmentFile(envFile);
    if (read) process.stderr.write(`Read the environment file ${read} (variables set in the shell win).\n`);
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EnvironmentFileError)
      throw new CommandError(error.message, 2);
    throw error;
  }
}

/**
 * The configuration as `configFromEnvironment` reads it; SQLite data that other accounts of the
 * machine may read or write also ends the command with 2, as the server refuses to start on it.
 */
export function commandConfig(envFile: string | undefined): Config {
  const config = configFromEnvironment(envFile);
  const shared = sharedDataOf(config);
  if (shared.length > 0) throw new CommandError(shared.join("\n"), 2);
  return config;
}

/**
 * Runs an operator command's `main`, which resolves to its exit code. A CommandError is reported
 * as its message alone; anything unexpected with its stack, and exit code 1.
 */
export function runCommand(main: () => Promise<number>): void {
  // Whatever the command writes (a database, a backup, an export) is its owner's alone.
  keepNewFilesPrivate();
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof CommandError) {
        process.stderr.write(`${error.message}\n`);
        process.exitCode = error.exitCode;
        return;
      }
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

/** A command asked for wrongly: its message (if any) and the command's usage go to stderr, exit code 2. */
export class UsageError extends Error {}

/**
 * A command's positionals and `options` (and `--env-file` and `--help`), strictly: an unknown
 * option or a missing value is a UsageError, and so is `--help` (its message empty: the usage alone
 * is shown).
 */
export function readArguments<const Options extends NonNullable<ParseArgsConfig["options"]>>(
  argv: string[],
  options: Options,
) {
  const common = { ...ENV_FILE_OPTION, help: { type: "boolean", short: "h" } } as const;
  const config: {
    args: string[];
    allowPositionals: true;
    strict: true;
    options: Options & typeof common;
  } = {
    // The npm scripts run `node <command>.js -- <arguments>`: Node itself reads a `--env-file`
    // anywhere before a `--` and stops at a missing or unreadable file with its own "not found"
    // (nodejs/node#54232), so the command's own `--env-file` must come after one.
    args: argv[0] === "--" ? argv.slice(1) : argv,
    allowPositionals: true,
    strict: true,
    options: { ...options, ...common },
  };
  let parsed;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) throw new UsageError("");
  return parsed;
}

/**
 * Reads a command's arguments with `parse`; a UsageError is reported with `usage` and becomes
 * exit code 2 (`{ exitCode: 2 }`), anything else is thrown on.
 */
export function parseArguments<T>(parse: () => T, usage: string): { request: T } | { exitCode: 2 } {
  try {
    return { request: parse() };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message ? `${error.message}\n\n` : ""}${usage}\n`);
    return { exitCode: 2 };
  }
}

/**
 * How long an operator's command waits for the server's writes to the same SQLite file (a group of
 * enquiries, the outbox, a sweep) before it gives up: the server's own limit is for a request a
 * visitor waits on; a command run by hand may wait longer rather than fail.
 */
export const OPERATOR_BUSY_TIMEOUT_MS = 30_000;

/**
 * Runs `work` on the store DATABASE_URL names and closes it after. A store that cannot be reached
 * is reported on stderr and ends the command with exit code 1.
 */
export async function withStore(config: Config, work: (store: Store) => Promise<number>): Promise<number> {
  const store = await createStore(config.DATABASE_URL, { busyTimeoutMs: OPERATOR_BUSY_TIMEOUT_MS });
  try {
    return await work(store);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    process.stderr.write(`The store cannot be used: ${error.message}\n`);
    return 1;
  } finally {
    await store.close();
  }
}
