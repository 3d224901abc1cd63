import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unusedPort } from "./mail-sink";
import { projectRoot } from "./server-process";

export interface RunningCaddy {
  baseUrl: string;
  /** Caddy's admin API (`http://127.0.0.1:<port>`), when it was asked for. */
  adminUrl?: string;
  port: number;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Debian's Caddy running the project's own `deploy/Caddyfile` on a free loopback port, in plain
 * http, in front of `upstreams` (`127.0.0.1:<port>` each); resolves once a request through it
 * reaches an instance's /api/health. `scripts/ensure-services.sh` installs Caddy where missing.
 * With `admin`, its admin API listens on a free loopback port (off otherwise).
 */
export async function startCaddy(
  upstreams: string[],
  {
    port: wanted,
    timeoutMs = 20_000,
    admin = false,
  }: { port?: number; timeoutMs?: number; admin?: boolean } = {},
): Promise<RunningCaddy> {
  const port = wanted ?? (await unusedPort());
  const adminAddress = admin ? `127.0.0.1:${await unusedPort()}` : undefined;
  const home = await mkdtemp(join(tmpdir(), "collarise-caddy-"));
  const child = spawn(
    process.env.CADDY_PATH ?? "caddy",
    ["run", "--config", join(projectRoot, "deploy/Caddyfile"), "--adapter", "caddyfile"],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        XDG_DATA_HOME: join(home, "data"),
        XDG_CONFIG_HOME: join(home, "config"),
        SITE_ADDRESS: `http://127.0.0.1:${port}`,
        UPSTREAMS: upstreams.join(" "),
        CADDY_ADMIN: adminAddress ?? "off",
        CADDY_BIND: "default_bind 127.0.0.1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  let spawnError: Error | undefined;
  child.once("error", (error) => (spawnError = error));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawnError)
      throw new Error(`Caddy cannot start (run scripts/ensure-services.sh): ${spawnError.message}`);
    if (child.exitCode !== null) throw new Error(`Caddy exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Caddy did not answer on ${baseUrl} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    adminUrl: adminAddress && `http://${adminAddress}`,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      await rm(home, { recursive: true, force: true });
    },
  };
}
