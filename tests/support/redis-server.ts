import { type ChildProcess, spawn } from "node:child_process";
import { Socket } from "node:net";
import { unusedPort } from "./mail-sink";

export interface RunningRedis {
  port: number;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Resolves once a PING on 127.0.0.1:`port` is answered with PONG; false if the connection is refused. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let answer = "";
    socket.setTimeout(1_000);
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      if (answer.includes("\r\n")) {
        socket.end();
        resolve(answer.startsWith("+PONG"));
      }
    });
    socket.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
  });
}

/**
 * Debian's redis-server as a process of its own on a free loopback port, keeping nothing on disk;
 * resolves once it answers. `scripts/ensure-services.sh` installs it where it is missing.
 */
export async function startRedisServer({
  port: wanted,
  timeoutMs = 10_000,
}: { port?: number; timeoutMs?: number } = {}): Promise<RunningRedis> {
  const binary = process.env.REDIS_SERVER_PATH ?? "redis-server";
  for (let attempt = 0; ; attempt++) {
    const port = wanted ?? (await unusedPort());
    const child = spawn(
      binary,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--protected-mode",
        "yes",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    let spawnError: Error | undefined;
    child.once("error", (error) => (spawnError = error));
    const deadline = Date.now() + timeoutMs;
    while (child.exitCode === null && child.signalCode === null && !(await pong(port))) {
      if (spawnError)
        throw new Error(`${binary} cannot start (run scripts/ensure-services.sh): ${spawnError.message}`);
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`redis-server did not answer on port ${port} within ${timeoutMs} ms: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      // Another process took the port between the check and the start: try another.
      if (attempt < 3 && wanted === undefined) continue;
      throw new Error(
        `redis-server exited at start (is it installed? scripts/ensure-services.sh): ${stderr}`,
      );
    }
    return {
      port,
      url: `redis://127.0.0.1:${port}`,
      child,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
        await exited;
      },
    };
  }
}
