/**
 * The console's accounts, managed on the server.
 *
 *   npm run staff -- add --email <address> --role owner|member
 *   npm run staff -- list
 *   npm run staff -- remove --email <address>
 *   npm run staff -- reset --email <address>
 *
 * `add` and `reset` read the password from standard input when it is not a terminal, and ask for
 * it (without echo, twice) when it is. Reads DATABASE_URL like the server. `--role staff`, the
 * member's former name, is still taken. Owners can do the same from the console's Staff page.
 */
import { createInterface } from "node:readline";
import { parseStaffRole, type StaffRole } from "../../domain/console";
import { checkNewPassword, hashPassword } from "../admin/passwords";
import { commandConfig, parseArguments, readArguments, runCommand, UsageError, withStore } from "./command";
import type { Store } from "../store";
import { StaffExistsError } from "../store/staff";

export const USAGE = `Usage:
  npm run staff -- add --email <address> --role owner|member
  npm run staff -- list
  npm run staff -- remove --email <address>
  npm run staff -- reset --email <address>

An owner runs the console; a member works the enquiries. add and reset read the
password from standard input, or ask for it in a terminal.
Reads DATABASE_URL (default sqlite:./data/site.db).`;

const COMMANDS = ["add", "list", "remove", "reset"] as const;
type Command = (typeof COMMANDS)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Request {
  command: Command;
  email?: string;
  role?: StaffRole;
}

function parse(argv: string[]): Request {
  const parsed = readArguments(argv, { email: { type: "string" }, role: { type: "string" } });
  const [command, ...extra] = parsed.positionals;
  if (!command) throw new UsageError("Say what to do: add, list, remove or reset.");
  if (!(COMMANDS as readonly string[]).includes(command))
    throw new UsageError(`Unknown command "${command}".`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const { email, role } = parsed.values;
  if (command === "list") return { command };
  if (!email || !EMAIL.test(email)) throw new UsageError("Give the account's e-mail with --email <address>.");
  if (command !== "add") return { command: command as Command, email };
  const parsedRole = parseStaffRole(role);
  if (!parsedRole) throw new UsageError("Give the account's role with --role owner or --role member.");
  return { command, email, role: parsedRole };
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

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const [first, again] = await askHidden(["Password: ", "Password again: "]);
    if (first !== again) throw new UsageError("The two passwords differ.");
    return first ?? "";
  }
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  // The first line is the password: `echo` and here-strings add a line end.
  return text.split(/\r?\n/)[0] ?? "";
}

async function readNewPassword(): Promise<string> {
  const password = await readPassword();
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
      const passwordHash = await hashPassword(await readNewPassword());
      const member = await store.staff.add({ email: request.email!, role: request.role!, passwordHash });
      await store.activity.record({ actor: null, action: "staff-added", target: member.email });
      return `Added ${member.email} (${member.role}).\n`;
    }
    case "remove": {
      if (!(await store.staff.remove(request.email!)))
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
      const passwordHash = await hashPassword(await readNewPassword());
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
  return withStore(commandConfig(), async (store) => {
    try {
      process.stdout.write(await run(store, parsed.request));
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
