import { mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_PERIODS } from "../../domain/retention";
import { writeSiteFixture } from "../../tests/support/test-app";
import { buildApp } from "../app";
import { ConfigError, loadConfig } from "../config";
import { checkBuiltRetention, readBuiltRetention, RETENTION_BUILD_FILE } from "./built-periods";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "collarise-built-retention-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refusal(siteDir: string, env: Record<string, string>): Promise<string> {
  const config = loadConfig({ SITE_DIR: siteDir, DATABASE_URL: `sqlite:${join(dir, "site.db")}`, ...env });
  try {
    const app = await buildApp({ config });
    await app.close();
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("the server started");
}

describe("the retention periods the built privacy policy states", () => {
  it("are read from the build", async () => {
    const siteDir = await writeSiteFixture(dir, { closedEnquiryDays: 730, vitalsDays: 30, backupKeep: 7 });
    expect(await readBuiltRetention(siteDir)).toEqual({
      closedEnquiryDays: 730,
      vitalsDays: 30,
      backupKeep: 7,
    });
  });

  it("let the server start when its configuration agrees", async () => {
    const siteDir = await writeSiteFixture(dir, { closedEnquiryDays: 730, vitalsDays: 30, backupKeep: 14 });
    const config = loadConfig({
      SITE_DIR: siteDir,
      DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
      RETENTION_DAYS_CLOSED: "730",
      RETENTION_DAYS_VITALS: "30",
    });
    const app = await buildApp({ config });
    expect(app.retention.status).toMatchObject({ closedEnquiryDays: 730, vitalsDays: 30 });
    await app.close();
  });

  it("stop the server, saying what the policy states and how to rebuild, when its configuration differs", async () => {
    const siteDir = await writeSiteFixture(dir);
    const message = await refusal(siteDir, { RETENTION_DAYS_CLOSED: "30", BACKUP_KEEP: "3" });
    expect(message).toBe(
      [
        "The retention periods differ from the privacy policy in the build:",
        "  RETENTION_DAYS_CLOSED: the privacy policy in the build states 365 days (one year), but the server is set to 30",
        "  BACKUP_KEEP: the privacy policy in the build states 14 backup copies, but the server is set to 3",
        "Rebuild with RETENTION_DAYS_CLOSED=30 BACKUP_KEEP=3 npm run build, or start the server with RETENTION_DAYS_CLOSED=365 BACKUP_KEEP=14.",
      ].join("\n"),
    );
    expect(await refusal(siteDir, { RETENTION_DAYS_VITALS: "30" })).toMatch(
      /^ {2}RETENTION_DAYS_VITALS: the privacy policy in the build states 90 days, but the server is set to 30$/m,
    );
  });

  it("refuse a build whose file is not the build's periods, and let an older build without it through with a warning", async () => {
    const siteDir = await writeSiteFixture(dir);
    await writeFile(join(siteDir, RETENTION_BUILD_FILE), JSON.stringify({ closedEnquiryDays: 0 }));
    expect(await refusal(siteDir, {})).toMatch(/retention\.json does not hold the build's retention periods/);

    await unlink(join(siteDir, RETENTION_BUILD_FILE));
    const warnings: string[] = [];
    await checkBuiltRetention(siteDir, DEFAULT_RETENTION_PERIODS, (warning) => warnings.push(warning));
    expect(warnings).toEqual([
      expect.stringMatching(/has no retention\.json.*Rebuild with npm run build\.$/),
    ]);
  });
});
