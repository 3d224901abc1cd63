import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { unusedPort } from "./mail-sink";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface SpawnOptions {
  /**
   * Run the compiled server of this build folder (`<build>/server/main.js`), as production does.
   * Without it, `server/main.ts` runs from source through tsx, with no build needed.
   */
  buildDir?: string;
  /** Show the server's output here instead of keeping it for `output()`. */
  inheritOutput?: boolean;
  /**
   * Pass the caller's environment on under `env`. By default the server sees only `env` (plus
   * PATH and HOME): nothing from the test's own environment leaks in.
   */
  inheritEnvironment?: boolean;
  /** Flags for node itself, such as `--cpu-prof`. */
  nodeArgs?: string[];
  /** The folder the server runs in (the project's root unless given), as a deployment's own. */
  cwd?: string;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far (empty with `inheritOutput`). */
  output(): { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ListeningServer extends ServerProcess {
  baseUrl: string;
  pid: number;
  /** Resident memory of the server process, in bytes (Linux /proc). */
  rssBytes(): Promise<number>;
  /** Asks it to stop (SIGTERM) and waits; kills it if it has not stopped within 15 s. */
  stop(): Promise<void>;
}

/** Runs the server as a process of its own with the given environment. */
export function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): ServerProcess {
  const entry = options.buildDir
    ? [join(options.buildDir, "server/main.js")]
    : ["--import", "tsx", "server/main.ts"];
  const base = options.inheritEnvironment
    ? process.env
    : { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--enable-source-maps", ...entry], {
    cwd: options.cwd ?? projectRoot,
    env: { ...base, ...env },
    stdio: ["ignore", options.inheritOutput ? "inherit" : "pipe", options.inheritOutput ? "inherit" : "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** Refuses a port something else already listens on, naming it, rather than testing a stranger. */
async function assertPortFree(port: number): Promise<void> {
  const { createServer } = await import("node:net");
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`Port ${port} is taken by another process: stop it, or choose another port (E2E_PORT).`)
          : error,
      ),
    );
    probe.listen(port, "127.0.0.1", resolve);
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/**
 * Starts the server on 127.0.0.1 (on `env.PORT`, or a free port) and resolves once `/api/health`
 * answers 200. The one way tests, the browser tests' set-up and the benchmarks start it.
 */
export async function startServer(
  env: Record<string, string>,
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<ListeningServer> {
  // A port given must be free: another server answering on it would pass for this one.
  if (env.PORT !== undefined) await assertPortFree(Number(env.PORT));
  const port = env.PORT ?? String(await unusedPort());
  const server = spawnServer({ LOG_LEVEL: "info", ...env, HOST: "127.0.0.1", PORT: port }, options);
  const baseUrl = `http://127.0.0.1:${port}`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited with code ${server.child.exitCode}:\n${server.output().stderr}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.child.kill("SIGKILL");
      throw new Error(
        `The server did not answer on ${baseUrl} within ${timeoutMs} ms:\n${server.output().stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const pid = server.child.pid;
  if (pid === undefined) throw new Error("The server has no process id");
  return {
    ...server,
    baseUrl,
    pid,
    async rssBytes() {
      const status = await readFile(`/proc/${pid}/status`, "utf8");
      const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
      if (!kib) throw new Error(`No VmRSS for process ${pid}`);
      return Number(kib) * 1024;
    },
    async stop() {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      server.child.kill("SIGTERM");
      const forced = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
      await server.exited;
      clearTimeout(forced);
    },
  };
}

/** Ends a server process that is still running, at once. */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGKILL");
  await server.exited;
}
