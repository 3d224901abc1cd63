import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { unusedPort } from "../../server/notify/test-mail-sink";

export const projectRoot = resolve(import.meta.dirname, "../..");

/** A port that nothing listens on right now (the tests' own helper). */
export const freePort = unusedPort;

export interface RunningServer {
  url: string;
  pid: number;
  /** Resident memory of the server process, in bytes (Linux /proc). */
  rssBytes(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the site's server as production does, in a process of its own
 * (`node --import tsx server/main.ts`) on 127.0.0.1, and waits until /api/health answers 200.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 30_000): Promise<RunningServer> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS, such as "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/main.ts"], {
    cwd: projectRoot,
    env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer on ${url} within ${timeoutMs} ms`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }

  const pid = child.pid;
  if (pid === undefined) throw new Error("The server has no process id");
  return {
    url,
    pid,
    async rssBytes() {
      const status = await readFile(`/proc/${pid}/status`, "utf8");
      const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
      if (!kib) throw new Error(`No VmRSS for process ${pid}`);
      return Number(kib) * 1024;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(forced);
    },
  };
}

export interface RunningEmulator {
  host: string;
  stop(): Promise<void>;
}

/** The Firestore emulator (`@firestore-emulator/server`) in a process of its own on 127.0.0.1. */
export async function startFirestoreEmulator(timeoutMs = 30_000): Promise<RunningEmulator> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/support/firestore-emulator-process.ts"], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const host = await new Promise<string>((resolveHost, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The Firestore emulator did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /FIRESTORE_EMULATOR_HOST=(\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolveHost(found);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The Firestore emulator exited with code ${code}`));
    });
  });
  return {
    host,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}
