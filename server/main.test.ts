import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { killServer, type ServerProcess, spawnServer, startServer } from "../tests/support/server-process";
import { writeSiteFixture } from "../tests/support/test-app";

let dir: string;
let siteDir: string;
let server: ServerProcess | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "collarise-main-"));
  siteDir = await writeSiteFixture(dir);
});
afterEach(async () => {
  await killServer(server);
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe("starting the server", () => {
  it("stops with exit code 2 and a message naming each variable with a bad value", async () => {
    server = spawnServer({
      SITE_DIR: siteDir,
      DATABASE_URL: "mysql://db/site",
      PORT: "abc",
      NOTIFY_TIMEOUT_SECONDS: "0",
    });
    const { code } = await server.exited;
    expect(code).toBe(2);
    const { stderr } = server.output();
    expect(stderr).toMatch(/^Invalid configuration:/);
    for (const variable of ["PORT", "DATABASE_URL", "NOTIFY_TIMEOUT_SECONDS"]) {
      expect(stderr).toMatch(new RegExp(`^ {2}${variable}: `, "m"));
    }
    expect(stderr).not.toMatch(/^ {2}SITE_DIR: /m);
  });

  it("stops with exit code 2 when scheduled backups are asked of a Firestore database, pointing to Firestore's own", async () => {
    server = spawnServer({
      SITE_DIR: siteDir,
      DATABASE_URL: "firestore://demo-backups",
      BACKUP_INTERVAL_HOURS: "24",
    });
    const { code } = await server.exited;
    expect(code).toBe(2);
    expect(server.output().stderr).toMatch(
      /^ {2}BACKUP_INTERVAL_HOURS: backs up a SQLite database only; on Firestore unset it and use Firestore's own scheduled backups/m,
    );
  });

  it("stops with exit code 2 while FIRST_CONTACT_HOURS is still set, naming the Company page's field that replaced it", async () => {
    server = spawnServer({
      SITE_DIR: siteDir,
      DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
      FIRST_CONTACT_HOURS: "4",
    });
    const { code } = await server.exited;
    expect(code).toBe(2);
    expect(server.output().stderr).toMatch(
      /^ {2}FIRST_CONTACT_HOURS: is no longer read: the first-contact target is the company's published record; an owner sets it on the console's Company page, in "First contact within \(working hours\)"\. Unset FIRST_CONTACT_HOURS$/m,
    );
  });

  it("stops with exit code 2 when the privacy policy in the build states other retention periods", async () => {
    server = spawnServer({
      SITE_DIR: siteDir,
      DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
      RETENTION_DAYS_VITALS: "30",
    });
    const { code } = await server.exited;
    expect(code).toBe(2);
    expect(server.output().stderr).toMatch(
      /^ {2}RETENTION_DAYS_VITALS: the privacy policy in the build states 90 days, but the server is set to 30\nRebuild with RETENTION_DAYS_VITALS=30 npm run build/m,
    );
  });

  it("warns when no notifier is configured, answers health, and shuts down cleanly on SIGTERM", async () => {
    const started = await startServer({ SITE_DIR: siteDir, DATABASE_URL: `sqlite:${join(dir, "site.db")}` });
    server = started;
    const warning = started
      .output()
      .stdout.split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((entry) => entry.msg.startsWith("No notifier configured"));
    expect(warning?.level).toBe(40);

    const health = await fetch(`${started.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toStrictEqual({
      status: "ok",
      outbox: { waiting: 0, oldestWaitingSeconds: null, alertAfterMinutes: 30, stalled: false },
      retention: expect.objectContaining({ everyHours: 6, closedEnquiryDays: 365, vitalsDays: 90 }),
    });

    started.child.kill("SIGTERM");
    expect(await started.exited).toStrictEqual({ code: 0, signal: null });
  });
});
