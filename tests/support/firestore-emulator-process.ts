/**
 * The Firestore emulator in a process of its own, on 127.0.0.1: prints `FIRESTORE_EMULATOR_HOST=<host>`
 * once it accepts connections, and stops on SIGTERM or SIGINT.
 */
import { FirestoreEmulator } from "./firestore-emulator";

const emulator = new FirestoreEmulator();
await emulator.start(0);
process.stdout.write(`FIRESTORE_EMULATOR_HOST=${emulator.host}\n`);

const stop = () => {
  emulator.shutdown();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
