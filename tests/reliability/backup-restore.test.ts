import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { API_PATHS, ENQUIRY_COLLECTION } from "../../domain/contract";
import { backupSqlite, checkDatabaseFile } from "../../server/backup/sqlite-backup";
import { type MailSink, startMailSink } from "../support/mail-sink";
import { killServer, type ListeningServer, projectRoot, startServer } from "../support/server-process";
import { buildTestApp, writeSiteFixture } from "../support/test-app";
import { NO_ENVIRONMENT_FILE } from "../support/operator-environment";

const run = promisify(execFile);

let dir = "";
let servers: ListeningServer[] = [];
let sink: MailSink | undefined;
afterEach(async () => {
  for (const server of servers) await killServer(server);
  servers = [];
  await sink?.close();
  sink = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = "";
});

function anEnquiry(index: number) {
  return {
    Name: `Asha Verma ${index}`,
    Email: `asha.${index}@example.in`,
    Mobile: "9876543210",
    Quantity: 1 + (index % 50),
    RetailerSelfUse: index % 2 ? "Retailer" : "Self Use",
  };
}

async function postEnquiry(baseUrl: string, index: number): Promise<string> {
  const response = await fetch(`${baseUrl}${API_PATHS.enquiries}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(anEnquiry(index)),
  });
  if (response.status !== 201) throw new Error(`enquiry ${index} answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

function storedIds(file: string): Set<string> {
  const db = new Database(file, { readonly: true });
  try {
    return new Set(
      db
        .prepare(`SELECT id FROM "${ENQUIRY_COLLECTION}"`)
        .all()
        .map((row) => (row as { id: string }).id),
    );
  } finally {
    db.close();
  }
}

/** Runs an operator command from source, as `npm run <name>` runs it compiled. */
function operatorCommand(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", `server/cli/${name}.ts`, ...args], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      COLLARISE_ENV_FILE: NO_ENVIRONMENT_FILE,
      HOME: process.env.HOME ?? "",
      ...env,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

async function sha256(file: string): Promise<string> {
  return createHash("sha256")
    .update(await readFile(file))
    .digest("hex");
}

describe("backups of the SQLite database", () => {
  it("hold every enquiry acknowledged before they started, taken while enquiries keep arriving", async () => {
    dir = await mkdtemp(join(tmpdir(), "collarise-backup-"));
    const databasePath = join(dir, "site.db");
    const server = await startServer({
      SITE_DIR: await writeSiteFixture(dir),
      DATABASE_URL: `sqlite:${databasePath}`,
      RATE_LIMIT_PER_MINUTE: "1000000",
    });
    servers.push(server);

    // Eight visitors send enquiries one after another until told to stop (bounded in count).
    const acknowledged: string[] = [];
    let next = 0;
    let stop = false;
    const visitors = Array.from({ length: 8 }, async () => {
      while (!stop && next < 6_000) acknowledged.push(await postEnquiry(server.baseUrl, next++));
    });
    while (acknowledged.length < 400) await new Promise((resolve) => setTimeout(resolve, 20));

    const beforeBackup = [...acknowledged];
    const result = await backupSqlite(databasePath, join(dir, "backups"), { keep: 3 });
    const duringBackup = acknowledged.length - beforeBackup.length;
    stop = true;
    await Promise.all(visitors);

    const inBackup = storedIds(result.file);
    for (const id of beforeBackup) expect(inBackup.has(id), `enquiry ${id} is in the backup`).toBe(true);
    // A consistent copy of one moment: nothing that was never acknowledged, nothing half written.
    for (const id of inBackup) expect(acknowledged).toContain(id);
    expect(checkDatabaseFile(result.file).enquiries).toBe(inBackup.size);
    expect(result.file).toMatch(/site-\d{8}T\d{9}Z\.db$/);
    console.log(
      `backup under load: ${beforeBackup.length} acknowledged before, ${duringBackup} during, ` +
        `${inBackup.size} in the copy, ${Math.round(result.milliseconds)} ms`,
    );
  }, 120_000);

  it("restored, give a server that answers and mails as before; the replaced database is kept", async () => {
    dir = await mkdtemp(join(tmpdir(), "collarise-restore-"));
    const databasePath = join(dir, "site.db");
    const siteDir = await writeSiteFixture(dir);
    sink = await startMailSink();
    const env = {
      SITE_DIR: siteDir,
      DATABASE_URL: `sqlite:${databasePath}`,
      SMTP_URL: sink.url,
      NOTIFY_TO: "orders@collarise.example",
      MAIL_FROM: "website@collarise.example",
      BACKUP_DIR: join(dir, "backups"),
    };
    const first = await startServer(env);
    servers.push(first);
    const kept = await postEnquiry(first.baseUrl, 1);
    await sink.waitForMails(1);

    const backup = await operatorCommand("backup", [], env);
    expect(backup.code, backup.stderr).toBe(0);
    const [file] = await readdir(join(dir, "backups"));
    expect(backup.stdout).toContain(file);

    // After the backup, an enquiry the restore will undo; then the server stops.
    const undone = await postEnquiry(first.baseUrl, 2);
    await first.stop();

    const restore = await operatorCommand("restore", [join(dir, "backups", file!)], env);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(
      /^Restored .* \(1 enquiries\)\. The replaced database is kept as .*replaced-/,
    );
    expect(storedIds(databasePath)).toEqual(new Set([kept]));
    const replaced = (await readdir(dir)).find((name) => /^site\.db\.replaced-\w+$/.test(name));
    expect(storedIds(join(dir, replaced!))).toEqual(new Set([kept, undone]));

    const second = await startServer(env);
    servers.push(second);
    expect((await fetch(`${second.baseUrl}/api/health`)).status).toBe(200);
    const after = await postEnquiry(second.baseUrl, 3);
    const mails = await sink.waitForMails(3);
    expect(mails.some((mail) => mail.enquiryId === after)).toBe(true);
    expect(storedIds(databasePath)).toEqual(new Set([kept, after]));
  }, 120_000);

  it("are not restored while a server uses the database, nor from a file that is not one of its backups", async () => {
    dir = await mkdtemp(join(tmpdir(), "collarise-restore-refused-"));
    const databasePath = join(dir, "site.db");
    const env = {
      SITE_DIR: await writeSiteFixture(dir),
      DATABASE_URL: `sqlite:${databasePath}`,
      BACKUP_DIR: dir,
    };
    const server = await startServer(env);
    servers.push(server);
    await postEnquiry(server.baseUrl, 1);
    const backup = await backupSqlite(databasePath, join(dir, "backups"), { keep: 1 });

    // One more enquiry than the backup holds: a restore would lose it.
    await postEnquiry(server.baseUrl, 2);
    const stored = storedIds(databasePath);
    expect(stored.size).toBe(2);
    const whileRunning = await operatorCommand("restore", [backup.file], env);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toMatch(/^Nothing was changed: a server is using .* \(process \d+\)/);
    await server.stop();
    expect(storedIds(databasePath)).toEqual(stored);

    // Stopped, the database is left as the server closed it: any refusal below must keep it so.
    const fingerprint = await sha256(databasePath);

    const junk = join(dir, "junk.db");
    await writeFile(junk, "this is not a database ".repeat(100));
    const foreign = join(dir, "foreign.db");
    new Database(foreign).exec("CREATE TABLE notes (text TEXT)").close();
    for (const [file, reason] of [
      [junk, /cannot be (opened|read) as/],
      [foreign, /is not this site's database/],
      [join(dir, "missing.db"), /cannot be opened as a database/],
    ] as const) {
      const refused = await operatorCommand("restore", [file], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^Nothing was changed\. /);
      expect(refused.stderr).toMatch(reason);
      expect(await sha256(databasePath)).toBe(fingerprint);
    }
    expect((await readdir(dir)).filter((name) => name.includes("replaced"))).toEqual([]);
  }, 120_000);

  it("scheduled, keep only the newest BACKUP_KEEP; a failing one is shown in health and enquiries go on", async () => {
    dir = await mkdtemp(join(tmpdir(), "collarise-scheduled-"));
    const backupDir = join(dir, "backups");
    const scheduled = await buildTestApp({
      BACKUP_INTERVAL_HOURS: "24",
      BACKUP_KEEP: "2",
      BACKUP_DIR: backupDir,
    });
    try {
      for (let taken = 0; taken < 3; taken += 1) await scheduled.app.backups!.runOnce();
      expect((await readdir(backupDir)).filter((name) => name.endsWith(".db"))).toHaveLength(2);
      const health = await scheduled.app.inject({ method: "GET", url: API_PATHS.health });
      expect(health.json()).toMatchObject({
        status: "ok",
        backup: { everyHours: 24, lastFailureAt: null, lastFile: expect.stringContaining(backupDir) },
      });
    } finally {
      await scheduled.close();
    }

    // A backup folder that cannot be made: under a file.
    const blocker = join(dir, "not-a-folder");
    await writeFile(blocker, "");
    const failing = await buildTestApp({ BACKUP_INTERVAL_HOURS: "24", BACKUP_DIR: join(blocker, "backups") });
    try {
      await failing.app.backups!.runOnce();
      const health = await failing.app.inject({ method: "GET", url: API_PATHS.health });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({
        status: "ok",
        backup: { lastSuccessAt: null, lastError: expect.stringMatching(/ENOTDIR|not a directory/) },
      });
      const enquiry = await failing.app.inject({
        method: "POST",
        url: API_PATHS.enquiries,
        payload: anEnquiry(1),
      });
      expect(enquiry.statusCode).toBe(201);
    } finally {
      await failing.close();
    }
  }, 60_000);
});
