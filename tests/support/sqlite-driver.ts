/**
 * Drives a SQLite store from a separate process, for tests that need a second process, another
 * user or a hard kill. Usage: `node --import tsx sqlite-driver.ts <db-path> <mode> [args]`.
 *
 * - `add-then-wait <enquiry-json>`: stores the enquiry, prints its id, then waits to be killed.
 * - `claim-all <worker> <now-iso>`: claims one notification at a time until none is left and
 *   prints the claimed ids as a JSON array.
 * - `serve`: answers one JSON command per stdin line ({"op":"ping"|"add"|"list", "enquiry"?})
 *   with one JSON line: {"ok":true,"result":…} or {"ok":false,"error":name,"message":…}.
 */
import { createInterface } from "node:readline";
import type { Enquiry } from "../../domain/enquiry";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { SqliteStore } from "../../server/store";

const [path, mode, ...args] = process.argv.slice(2);
if (!path || !mode) throw new Error("usage: sqlite-driver.ts <db-path> <mode> [args]");

const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION, busyTimeoutMs: 5_000 });

if (mode === "add-then-wait") {
  const stored = await store.enquiries.add(JSON.parse(args[0] ?? "") as Enquiry);
  process.stdout.write(`${stored.id}\n`);
  setInterval(() => undefined, 60_000);
} else if (mode === "claim-all") {
  const [worker = "", nowIso = ""] = args;
  const claimed: string[] = [];
  for (;;) {
    const batch = await store.enquiries.claimDueNotifications({
      worker,
      now: new Date(nowIso),
      limit: 1,
      leaseMs: 3_600_000,
    });
    if (batch.length === 0) break;
    claimed.push(...batch.map((notification) => notification.id));
    // Let the other process in between claims.
    await new Promise((resolve) => setImmediate(resolve));
  }
  process.stdout.write(`${JSON.stringify(claimed)}\n`);
  await store.close();
} else if (mode === "serve") {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const command = JSON.parse(line) as { op: "ping" | "add" | "list"; enquiry?: Enquiry };
    try {
      const result =
        command.op === "ping"
          ? await store.ping()
          : command.op === "add"
            ? await store.enquiries.add(command.enquiry as Enquiry)
            : await store.enquiries.list();
      process.stdout.write(`${JSON.stringify({ ok: true, result: result ?? null })}\n`);
    } catch (error) {
      const { name, message } = error as Error;
      process.stdout.write(`${JSON.stringify({ ok: false, error: name, message })}\n`);
    }
  }
  await store.close();
} else {
  throw new Error(`unknown mode ${mode}`);
}
