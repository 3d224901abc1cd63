import { readFileSync } from "node:fs";

/**
 * The environment file the systemd units read (`EnvironmentFile=` in deploy/*.service;
 * tests/deploy/systemd-units.test.ts holds the two together). The operator commands read it too,
 * so that they work on the database and the mail settings the service uses.
 */
export const UNITS_ENVIRONMENT_FILE = "/etc/collarise/collarise.env";

/** Names another file for the commands to read by default, for a machine laid out otherwise. */
export const ENVIRONMENT_FILE_VARIABLE = "COLLARISE_ENV_FILE";

const WHITESPACE = " \t\n\r";
const NEWLINE = "\n\r";
/** Inside double quotes, a backslash keeps these for themselves and any other as it is. */
const DOUBLE_QUOTE_ESCAPES = '"\\`$';

type State =
  "preKey" | "key" | "preValue" | "value" | "valueEscape" | "single" | "double" | "doubleEscape" | "comment";

/**
 * A file in systemd's EnvironmentFile syntax (systemd's env-file.c, read character by character
 * the same way): `KEY=value` lines, `#` and `;` starting a comment line, single quotes taking
 * everything literally, double quotes honouring `\"`, `\\`, `` \` `` and `\$`, a backslash escaping
 * the next character outside quotes, a backslash at a line's end continuing it, surrounding
 * whitespace dropped. A `#` inside a value is part of it (a password may hold one), unlike Node's
 * `util.parseEnv`, which cuts the value there and stops at `\"`. Assignments whose name is not a
 * shell variable's (`export A=1`) are left out, as systemd leaves them.
 */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const variables: Record<string, string> = {};
  let state: State = "preKey";
  let key = "";
  let value = "";
  // Where trailing whitespace of the unquoted part began, to drop it as systemd does.
  let keyWhitespaceAt = -1;
  let valueWhitespaceAt = -1;

  const push = () => {
    const name = keyWhitespaceAt >= 0 ? key.slice(0, keyWhitespaceAt) : key;
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) variables[name] = value;
    key = "";
    value = "";
    keyWhitespaceAt = -1;
    valueWhitespaceAt = -1;
  };
  const endValue = () => {
    if (valueWhitespaceAt >= 0) value = value.slice(0, valueWhitespaceAt);
    push();
  };

  for (const c of text) {
    switch (state) {
      case "preKey":
        if (c === "#" || c === ";") state = "comment";
        else if (!WHITESPACE.includes(c)) {
          state = "key";
          key = c;
        }
        break;
      case "key":
        if (NEWLINE.includes(c)) {
          // A line without `=` sets nothing.
          state = "preKey";
          key = "";
          keyWhitespaceAt = -1;
        } else if (c === "=") state = "preValue";
        else {
          if (!WHITESPACE.includes(c)) keyWhitespaceAt = -1;
          else if (keyWhitespaceAt < 0) keyWhitespaceAt = key.length;
          key += c;
        }
        break;
      case "preValue":
        if (NEWLINE.includes(c)) {
          state = "preKey";
          push();
        } else if (c === "'") state = "single";
        else if (c === '"') state = "double";
        else if (c === "\\") state = "valueEscape";
        else if (!WHITESPACE.includes(c)) {
          state = "value";
          value += c;
        }
        break;
      case "value":
        if (NEWLINE.includes(c)) {
          state = "preKey";
          endValue();
        } else if (c === "\\") {
          state = "valueEscape";
          valueWhitespaceAt = -1;
        } else {
          if (!WHITESPACE.includes(c)) valueWhitespaceAt = -1;
          else if (valueWhitespaceAt < 0) valueWhitespaceAt = value.length;
          value += c;
        }
        break;
      case "valueEscape":
        state = "value";
        // An escaped line end continues the value on the next line.
        if (!NEWLINE.includes(c)) value += c;
        break;
      case "single":
        if (c === "'") state = "preValue";
        else value += c;
        break;
      case "double":
        if (c === '"') state = "preValue";
        else if (c === "\\") state = "doubleEscape";
        else value += c;
        break;
      case "doubleEscape":
        state = "double";
        if (DOUBLE_QUOTE_ESCAPES.includes(c)) value += c;
        else if (c !== "\n") value += `\\${c}`;
        break;
      case "comment":
        if (NEWLINE.includes(c)) state = "preKey";
        break;
    }
  }
  if (state === "value" || state === "valueEscape") endValue();
  else if (state === "preValue" || state === "single" || state === "double" || state === "doubleEscape")
    push();
  return variables;
}

export class EnvironmentFileError extends Error {}

/**
 * Reads the environment file an operator command runs with into `env`, where a variable already
 * set there wins (as a one-off `DATABASE_URL=… npm run backup` should): `explicit` (`--env-file`)
 * when given, which must be readable; else `COLLARISE_ENV_FILE` or the units' file, when it exists.
 * Answers the path read, or null when there was none to read. A file that exists but cannot be
 * read is an EnvironmentFileError rather than a silent fall back to the defaults: that fall back
 * is how a command ends up on `./data/site.db` instead of the service's database.
 */
export function applyEnvironmentFile(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const path = explicit ?? (env[ENVIRONMENT_FILE_VARIABLE] || UNITS_ENVIRONMENT_FILE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (explicit === undefined && code === "ENOENT") return null;
    if (code === "ENOENT")
      throw new EnvironmentFileError(`Cannot read the environment file ${path}: no such file.`);
    const why = code === "EACCES" ? "permission denied" : (error as Error).message;
    throw new EnvironmentFileError(
      `Cannot read the environment file ${path} (${why}): run the command as the service's account ` +
        "(sudo -u collarise …), or name the file to read with --env-file <path>.",
    );
  }
  for (const [name, value] of Object.entries(parseEnvironmentFile(text))) {
    if (env[name] === undefined) env[name] = value;
  }
  return path;
}
