import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unusedPort } from "./mail-sink";
import { projectRoot } from "./server-process";

export interface RunningPrometheus {
  baseUrl: string;
  /** An instant query through Prometheus's HTTP API: the result's samples, each with its labels. */
  query(expression: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The project's alert rules (deploy/prometheus/alerts.yml) made to fire within seconds: every
 * `for:` becomes `for`, and each `[search, replace]` is applied (each must be found, so a rule
 * renamed in the file fails the test instead of going untested).
 */
export async function fastAlertRules(replacements: [string, string][] = [], forDuration = "0s") {
  let rules = await readFile(join(projectRoot, "deploy/prometheus/alerts.yml"), "utf8");
  rules = rules.replace(/^(\s+)for: \S+$/gm, `$1for: ${forDuration}`);
  for (const [search, replace] of replacements) {
    if (!rules.includes(search)) throw new Error(`alerts.yml no longer has: ${search}`);
    rules = rules.replaceAll(search, replace);
  }
  return rules;
}

/**
 * Debian's Prometheus (`/usr/bin/prometheus`) as a process of its own on a free loopback port,
 * scraping `targets` (host:port each) as the job "collarise" every second and evaluating `rules`
 * every second; resolves once it answers. `scripts/ensure-services.sh` installs it where missing.
 */
export async function startPrometheus({
  targets,
  rules,
  metricsToken,
  timeoutMs = 30_000,
}: {
  targets: string[];
  rules: string;
  metricsToken?: string;
  timeoutMs?: number;
}): Promise<RunningPrometheus> {
  const dir = await mkdtemp(join(tmpdir(), "collarise-prometheus-"));
  await writeFile(join(dir, "alerts.yml"), rules);
  if (metricsToken) await writeFile(join(dir, "metrics-token"), metricsToken);
  const config = [
    "global:",
    "  scrape_interval: 1s",
    "  scrape_timeout: 1s",
    "  evaluation_interval: 1s",
    "rule_files:",
    `  - ${join(dir, "alerts.yml")}`,
    "scrape_configs:",
    "  - job_name: collarise",
    ...(metricsToken
      ? ["    authorization:", "      type: Bearer", `      credentials_file: ${join(dir, "metrics-token")}`]
      : []),
    "    static_configs:",
    `      - targets: [${targets.map((target) => `"${target}"`).join(", ")}]`,
    "",
  ].join("\n");
  await writeFile(join(dir, "prometheus.yml"), config);

  const port = await unusedPort();
  const child: ChildProcess = spawn(
    process.env.PROMETHEUS_PATH ?? "prometheus",
    [
      `--config.file=${join(dir, "prometheus.yml")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      `--storage.tsdb.path=${join(dir, "data")}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
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
      throw new Error(`Prometheus cannot start (run scripts/ensure-services.sh): ${spawnError.message}`);
    if (child.exitCode !== null) throw new Error(`Prometheus exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/-/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Prometheus did not answer on ${baseUrl} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    output: () => output,
    async query(expression) {
      const response = await fetch(`${baseUrl}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await response.json()) as {
        status: string;
        error?: string;
        data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== "success" || !body.data) throw new Error(`Query ${expression}: ${body.error}`);
      return body.data.result;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` every 250 ms until it answers true; fails naming `what` after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
