import { ConfigError, loadConfig, type Config } from "../config";

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

/** The configuration, read and checked as the server reads it; a bad value ends the command with 2. */
export function commandConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message, 2);
    throw error;
  }
}

/**
 * Runs an operator command's `main`, which resolves to its exit code. A CommandError is reported
 * as its message alone; anything unexpected with its stack, and exit code 1.
 */
export function runCommand(main: () => Promise<number>): void {
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
