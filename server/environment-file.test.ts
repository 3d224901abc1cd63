import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { loadConfig } from "./config";
import { applyEnvironmentFile, EnvironmentFileError, parseEnvironmentFile } from "./environment-file";

const dir = mkdtempSync(join(tmpdir(), "environment-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("an environment file, read as systemd reads EnvironmentFile=", () => {
  test("takes KEY=value lines and skips comment lines starting with # or ;", () => {
    expect(
      parseEnvironmentFile(
        "# the site\n; also a comment\nPUBLIC_URL=https://collarise.example\n\n  PORT = 3000  \nNO_EQUALS\n",
      ),
    ).toEqual({ PUBLIC_URL: "https://collarise.example", PORT: "3000" });
  });

  test("keeps a # inside a value: a password may hold one", () => {
    expect(parseEnvironmentFile("SMTP_URL=smtps://u:pa#ss@smtp.example.net:465 # not a comment\n")).toEqual({
      SMTP_URL: "smtps://u:pa#ss@smtp.example.net:465 # not a comment",
    });
  });

  test("reads single quotes literally, double quotes with their escapes, and joins quoted parts", () => {
    expect(
      parseEnvironmentFile(
        [
          `SINGLE='a "b" $c \\n'`,
          `DOUBLE="say \\"hi\\" \\\\ \\$HOME \\n"`,
          `JOINED="two "'parts'`,
          `MULTI="first`,
          `second"`,
          `EMPTY=`,
          `QUOTED_EMPTY=""`,
        ].join("\n"),
      ),
    ).toEqual({
      SINGLE: 'a "b" $c \\n',
      DOUBLE: 'say "hi" \\ $HOME \\n',
      JOINED: "two parts",
      MULTI: "first\nsecond",
      EMPTY: "",
      QUOTED_EMPTY: "",
    });
  });

  test("continues a value after a backslash at the line's end, and drops names a shell would refuse", () => {
    expect(parseEnvironmentFile("LONG=one\\\ntwo\nexport LEFT_OUT=1\n1BAD=2\nLAST=end")).toEqual({
      LONG: "onetwo",
      LAST: "end",
    });
  });
});

describe("the environment file an operator command reads", () => {
  test("fills in what the environment lacks; a variable already set wins", () => {
    const file = join(dir, "collarise.env");
    writeFileSync(file, "DATABASE_URL=sqlite:/from/file.db\nBACKUP_KEEP=9\n");
    const env: NodeJS.ProcessEnv = { DATABASE_URL: "sqlite:/from/shell.db" };
    expect(applyEnvironmentFile(file, env)).toBe(file);
    expect(env).toEqual({ DATABASE_URL: "sqlite:/from/shell.db", BACKUP_KEEP: "9" });
  });

  test("reads COLLARISE_ENV_FILE's file by default, and nothing when the default file is missing", () => {
    const file = join(dir, "other.env");
    writeFileSync(file, "DATABASE_URL=sqlite:/other.db\n");
    const env: NodeJS.ProcessEnv = { COLLARISE_ENV_FILE: file };
    expect(applyEnvironmentFile(undefined, env)).toBe(file);
    expect(env.DATABASE_URL).toBe("sqlite:/other.db");

    const none: NodeJS.ProcessEnv = { COLLARISE_ENV_FILE: join(dir, "missing.env") };
    expect(applyEnvironmentFile(undefined, none)).toBeNull();
    expect(none.DATABASE_URL).toBeUndefined();
  });

  test("refuses a file named with --env-file that is not there", () => {
    expect(() => applyEnvironmentFile(join(dir, "missing.env"), {})).toThrow(EnvironmentFileError);
  });
});

describe("deploy/collarise.env.example", () => {
  test("is a configuration the server takes, sending from the mailbox IMAP_URL reads", () => {
    const text = readFileSync(
      fileURLToPath(new URL("../deploy/collarise.env.example", import.meta.url)),
      "utf8",
    );
    const config = loadConfig(parseEnvironmentFile(text));
    expect(config.DATABASE_URL).toBe("sqlite:/srv/collarise/data/site.db");
    const mailbox = decodeURIComponent(new URL(config.IMAP_URL!).username);
    expect(config.MAIL_FROM).toBe(mailbox);
  });
});
