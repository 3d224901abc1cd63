import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { FirestoreServer } from "@firestore-emulator/server";
import type * as Grpc from "@grpc/grpc-js";

// The emulator's own gRPC library, so its server and these credentials come from one copy.
const emulatorEntry = createRequire(import.meta.url).resolve("@firestore-emulator/server");
const grpc = createRequire(emulatorEntry)("@grpc/grpc-js") as typeof Grpc;

type GrpcServer = Grpc.Server;

/**
 * The in-process Firestore emulator for tests, listening on 127.0.0.1 only (its own `start()`
 * binds every interface). It can be stopped and started again on the same port, keeping its data,
 * to play an outage of the database.
 */
export class FirestoreEmulator {
  private readonly emulator = new FirestoreServer();
  private address: string | undefined;

  private get server(): GrpcServer {
    return (this.emulator as unknown as { server: GrpcServer }).server;
  }

  /** `host:port`, the value for FIRESTORE_EMULATOR_HOST. */
  get host(): string {
    if (!this.address) throw new Error("The emulator has not been started");
    return this.address;
  }

  /** Starts on `port` (0 picks a free one); resolves once it accepts connections. */
  async start(port = this.address ? Number(this.address.split(":")[1]) : 0): Promise<void> {
    const bound = await new Promise<number>((resolve, reject) => {
      this.server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error, actual) =>
        error ? reject(error) : resolve(actual),
      );
    });
    this.address = `127.0.0.1:${bound}`;
  }

  /** Stops listening and cuts every open connection, as a crashed database would. */
  stop(): void {
    const address = this.host;
    this.server.unbind(address);
    this.server.drain(address, 0);
  }

  /** Stops for good. */
  shutdown(): void {
    this.server.forceShutdown();
  }
}

export interface RunningEmulator {
  host: string;
  /** The emulator's process, whose CPU time a benchmark reads. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** The Firestore emulator (`@firestore-emulator/server`) in a process of its own on 127.0.0.1. */
export async function startFirestoreEmulatorProcess(timeoutMs = 30_000): Promise<RunningEmulator> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/firestore-emulator-process.ts"], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
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
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}
