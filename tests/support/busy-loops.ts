import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { availableParallelism } from "node:os";

/** The longest a busy loop runs: it ends by itself even if the suite that started it never stops it. */
const BUSY_LOOP_MAX_MS = 10 * 60_000;

export interface BusyLoops {
  count: number;
  stop(): Promise<void>;
}

/**
 * A process spinning on each core, so that a suite runs on a machine as loaded as a busy CI
 * runner's: what a lease, a timeout or a claim does when every instance gets a share of the CPU
 * late. Each loop ends by itself after BUSY_LOOP_MAX_MS.
 */
export function startBusyLoops(count = availableParallelism()): BusyLoops {
  const loops: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(
      process.execPath,
      ["-e", `const end = Date.now() + ${BUSY_LOOP_MAX_MS}; while (Date.now() < end) {}`],
      { stdio: "ignore" },
    ),
  );
  return {
    count,
    async stop() {
      await Promise.all(
        loops.map(async (loop) => {
          if (loop.exitCode !== null || loop.signalCode !== null) return;
          const exited = once(loop, "exit");
          loop.kill("SIGKILL");
          await exited;
        }),
      );
    },
  };
}
