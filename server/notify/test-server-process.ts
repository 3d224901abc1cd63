import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ListeningServer extends ServerProcess {
  baseUrl: string;
}

/**
 * Runs `server/main.ts` as its own process, as `npm start` does, with exactly the given
 * environment (plus PATH and HOME): nothing from the test's own environment leaks in.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
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

/** Starts the server on a free port and resolves once it listens (its log names the address). */
export async function startServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ListeningServer> {
  const server = spawnServer({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env });
  const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      server.child.kill("SIGKILL");
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${server.output().stderr}`));
    }, timeoutMs);
    const check = () => {
      const match = listening.exec(server.output().stdout);
      if (!match?.[1]) return;
      cleanup();
      resolve(match[1]);
    };
    const exitedEarly = () => {
      cleanup();
      reject(new Error(`The server exited while starting:\n${server.output().stderr}`));
    };
    function cleanup() {
      clearTimeout(timer);
      server.child.stdout?.off("data", check);
      server.child.off("exit", exitedEarly);
    }
    server.child.stdout?.on("data", check);
    server.child.once("exit", exitedEarly);
    check();
  });
  return { ...server, baseUrl };
}

/** Ends a server process that is still running, at once. */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGKILL");
  await server.exited;
}
