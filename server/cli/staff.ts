/**
 * The console's accounts, managed on the server.
 *
 *   npm run staff -- add --email <address> --role owner|member [--password-stdin]
 *   npm run staff -- list
 *   npm run staff -- remove --email <address>
 *   npm run staff -- reset --email <address> [--password-stdin]
 *
 * `add` and `reset` ask for the password in a terminal (without echo, twice), or take the first
 * line of standard input with `--password-stdin`; with neither they refuse at once rather than
 * wait for a terminal that is not there. Reads the service's environment file and DATABASE_URL
 * like the server (command.ts). `--role staff`, the member's former name, is still taken. Owners
 * can do the same from the console's Staff page.
 */
import { createInterface } from "node:readline";
import { parseStaffRole, type StaffRole } from "../../domain/console";
import { checkNewPassword, hashPassword } from "../admin/passwords";
import {
  commandConfig,
  ENV_FILE_USAGE,
  parseArguments,
  readArguments,
  runCommand,
  UsageError,
  withStore,
} from "./command";
import type { Store } from "../store";
import { StaffExistsError } from "../store/staff";

export const USAGE = `Usage:
  npm run staff -- add --email <address> --role owner|member [--password-stdin]
  npm run staff -- list
  npm run staff -- remove --email <address>
  npm run staff -- reset --email <address> [--password-stdin]

An owner runs the console; a member works the enquiries. add and reset ask for the
password in a terminal; with --password-stdin they read it from the first line of
standard input instead (printf '%s\\n' "$PASSWORD" | npm run staff -- add … --password-stdin).
Each takes --env-file <path>.
${ENV_FILE_USAGE}
Reads DATABASE_URL (default sqlite:./data/site.db).`;

/** Said when there is no terminal to ask on and the password was not offered on standard input. */
export const NO_TERMINAL =
  "No terminal to ask for the password on: pipe it in and say so with --password-stdin, " +
  "for example printf '%s\\n' \"$PASSWORD\" | npm run staff -- add --email <address> --role owner --password-stdin";

const COMMANDS = ["add", "list", "remove", "reset"] as const;
type Command = (typeof COMMANDS)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Request {
  command: Command;
  email?: string;
  role?: StaffRole;
  passwordStdin: boolean;
  envFile: string | undefined;
}

function parse(argv: string[]): Request {
  const parsed = readArguments(argv, {
    email: { type: "string" },
    role: { type: "string" },
    "password-stdin": { type: "boolean" },
  });
  const [command, ...extra] = parsed.positionals;
  if (!command) throw new UsageError("Say what to do: add, list, remove or reset.");
  if (!(COMMANDS as readonly string[]).includes(command))
    throw new UsageError(`Unknown command "${command}".`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const { email, role } = parsed.values;
  const passwordStdin = parsed.values["password-stdin"] ?? false;
  const envFile = parsed.values["env-file"];
  if (passwordStdin && command !== "add" && command !== "reset")
    throw new UsageError("Only add and reset take a password (--password-stdin).");
  if (command === "list") return { command, passwordStdin, envFile };
  if (!email || !EMAIL.test(email)) throw new UsageError("Give the account's e-mail with --email <address>.");
  if (command !== "add") return { command: command as Command, email, passwordStdin, envFile };
  const parsedRole = parseStaffRole(role);
  if (!parsedRole) throw new UsageError("Give the account's role with --role owner or --role member.");
  return { command, email, role: parsedRole, passwordStdin, envFile };
}

/** Asks each question in turn on the terminal, echoing nothing of the answers. */
async function askHidden(questions: readonly string[]): Promise<string[]> {
  const output = process.stderr;
  const lines = createInterface({ input: process.stdin, output, terminal: true });
  // readline writes each typed character through this method: let only the questions through.
  const internals = lines as unknown as { _writeToOutput: (text: string) => void };
  const write = internals._writeToOutput.bind(lines);
  internals._writeToOutput = (text: string) => {
    if (questions.some((question) => text.includes(question))) write(text);
  };
  const answers: string[] = [];
  try {
    for (const question of questions) {
      answers.push(await new Promise<string>((resolve) => lines.question(question, resolve)));
      output.write("\n");
    }
  } finally {
    lines.close();
  }
  return answers;
}

/** The first line of standard input, without waiting for the input to end. */
async function readFirstLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of lines) return line;
    return "";
  } finally {
    lines.close();
  }
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readFirstLine();
  const [first, again] = await askHidden(["Password: ", "Password again: "]);
  if (first !== again) throw new UsageError("The two passwords differ.");
  return first ?? "";
}

async function readNewPassword(fromStdin: boolean): Promise<string> {
  const password = await readPassword(fromStdin);
  const problem = checkNewPassword(password);
  if (problem) throw new UsageError(problem);
  return password;
}

async function run(store: Store, request: Request): Promise<string> {
  switch (request.command) {
    case "list": {
      const staff = await store.staff.list();
      if (staff.length === 0) return "No accounts yet.\n";
      return staff
        .map(
          (member) =>
            `${member.email}\t${member.role}\t${member.totpEnabled ? "TOTP on" : "TOTP off"}\t${member.createdAt}\n`,
        )
        .join("");
    }
    case "add": {
      const passwordHash = await hashPassword(await readNewPassword(request.passwordStdin));
      const member = await store.staff.add({ email: request.email!, role: request.role!, passwordHash });
      await store.activity.record({ actor: null, action: "staff-added", target: member.email });
      return `Added ${member.email} (${member.role}).\n`;
    }
    case "remove": {
      // The operator's own command may remove anyone; what they owned goes to nobody, by nobody on the staff.
      if ((await store.members.remove(request.email!)) === null)
        throw new UsageError(`There is no account ${request.email}.`);
      await store.activity.record({
        actor: null,
        action: "staff-removed",
        target: request.email!.toLowerCase(),
      });
      return `Removed ${request.email} and ended its sessions.\n`;
    }
    case "reset": {
      const account = await store.staff.findByEmail(request.email!);
      if (!account) throw new UsageError(`There is no account ${request.email}.`);
      const passwordHash = await hashPassword(await readNewPassword(request.passwordStdin));
      await store.staff.resetPassword(account.email, passwordHash);
      await store.sessions.deleteForStaff(account.id);
      await store.activity.record({ actor: null, action: "staff-reset", target: account.email });
      return `Set a new password for ${account.email}, turned its TOTP off and ended its sessions.\n`;
    }
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseArguments(() => parse(argv), USAGE);
  if (!("request" in parsed)) return parsed.exitCode;
  const { request } = parsed;
  const asksPassword = request.command === "add" || request.command === "reset";
  // Checked before anything is read or opened: waiting on a pipe that never ends would hang.
  if (asksPassword && !request.passwordStdin && !process.stdin.isTTY) {
    process.stderr.write(`${NO_TERMINAL}\n`);
    return 2;
  }
  return withStore(commandConfig(request.envFile), async (store) => {
    try {
      process.stdout.write(await run(store, request));
      return 0;
    } catch (error) {
      // Refusals once the store is read (no such account, one already there): the message alone.
      if (!(error instanceof UsageError) && !(error instanceof StaffExistsError)) throw error;
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
  });
}

runCommand(() => main(process.argv.slice(2)));
