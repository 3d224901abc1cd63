import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { UNITS_ENVIRONMENT_FILE } from "../../server/environment-file";

const deployDir = fileURLToPath(new URL("../../deploy", import.meta.url));
const projectRoot = resolve(deployDir, "..");

/** A duration of Caddy's (`1s`, `500ms`) or systemd's (`20`, `20s`) in seconds. */
function seconds(value: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec((value ?? "").replace(/[_;]/g, ""));
  if (!match) throw new Error(`Not a duration: ${value}`);
  return Number(match[1]) / (match[2] === "ms" ? 1000 : 1);
}

/** The value of `name` in a file where it is written `name<separator>value`, one to a line. */
async function settingIn(file: string, name: string, separator: RegExp): Promise<string> {
  const text = await readFile(resolve(projectRoot, file), "utf8");
  const line = text.split("\n").find((each) => new RegExp(`^\\s*${name}${separator.source}`).test(each));
  if (!line) throw new Error(`${file} sets no ${name}`);
  return line.trim().slice(name.length).replace(separator, "").trim();
}

/** The `[Service]` section's settings of a unit file, as systemd reads them (the last one wins). */
async function serviceSettings(unit: string): Promise<Map<string, string>> {
  const text = await readFile(resolve(deployDir, unit), "utf8");
  const settings = new Map<string, string>();
  let section = "";
  for (const line of text.split("\n").map((each) => each.trim())) {
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = header[1]!;
    else if (section === "Service") {
      const at = line.indexOf("=");
      settings.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
    }
  }
  return settings;
}

describe("the systemd units in deploy/", () => {
  for (const unit of ["collarise.service", "collarise@.service"]) {
    it(`${unit} makes every file the server writes its account's alone (UMask=0077)`, async () => {
      const settings = await serviceSettings(unit);
      expect(settings.get("UMask")).toBe("0077");
      expect(settings.get("User")).toBe("collarise");
    });

    it(`${unit} runs the release the current symlink points to, and outlasts the drain when stopping`, async () => {
      const settings = await serviceSettings(unit);
      expect(settings.get("WorkingDirectory")).toBe("/opt/collarise/current");
      const drain = seconds(await settingIn("deploy/collarise.env.example", "SHUTDOWN_DRAIN_SECONDS", /=/));
      // server/main.ts's grace for requests under way, the outbox and the store, after the drain.
      const grace = seconds(await settingIn("server/main.ts", "const SHUTDOWN_GRACE_MS", / = /)) / 1000;
      expect(seconds(settings.get("TimeoutStopSec"))).toBeGreaterThan(drain + grace);
    });

    it(`${unit} reads the environment file the operator commands read by default`, async () => {
      const settings = await serviceSettings(unit);
      expect(settings.get("EnvironmentFile")).toBe(UNITS_ENVIRONMENT_FILE);
    });
  }

  it("drain for longer than Caddy takes to see an instance stopping, and release.sh waits for Caddy to see it back", async () => {
    const caddy = (name: string) => settingIn("deploy/Caddyfile", name, /\s+/).then(seconds);
    const interval = await caddy("health_interval");
    const timeout = await caddy("health_timeout");
    const drain = seconds(await settingIn("deploy/collarise.env.example", "SHUTDOWN_DRAIN_SECONDS", /=/));
    // A stopping instance answers its next check (at most one interval away) 503 at once; the
    // rest of the drain covers a check slowed by a busy machine and requests already sent.
    expect(drain).toBeGreaterThanOrEqual(interval + 2);
    const settle = seconds(await settingIn("deploy/release.sh", "settle", /=/));
    expect(settle).toBeGreaterThanOrEqual(interval + timeout);
    expect(settle).toBeGreaterThanOrEqual(await caddy("fail_duration"));
    expect(await settingIn("deploy/Caddyfile", "health_uri", /\s+/)).toBe("/readyz");
  });
});
