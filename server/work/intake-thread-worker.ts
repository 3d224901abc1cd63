/**
 * The intake's own thread (intake-thread.ts): writes each group of the form's enquiries handed to
 * it, as the serving thread would (writeIntakes over the SQLite store's work port), on a
 * connection of its own to the store's file, and answers each one's outcome once the group's
 * transaction is on disk. The form's checks are made again from their signals (formChecks).
 */
import { parentPort, workerData } from "node:worker_threads";
import { openSqliteWorkPort } from "../store/sqlite";
import type { SqliteStoreOptions } from "../store/sqlite/connection";
import { IdempotencyKeyReusedError } from "../store/idempotency";
import { formChecks } from "../spam/form-checks";
import { writeIntakes, type Intake, type IntakeOutcome } from "./intake-changes";
import { errorMessageOf, type IntakeReply, type IntakeRequest, type OutcomeMessage } from "./intake-thread";

const port = parentPort;
if (!port) throw new Error("intake-thread-worker.ts runs as a worker thread");

const store = openSqliteWorkPort(workerData as SqliteStoreOptions);
const write = writeIntakes(store.port);

function intakeOf({ options, ...message }: IntakeRequest["intakes"][number]): Intake {
  const { checks, ...rest } = options;
  return { ...message, options: { ...rest, ...(checks ? { checks: formChecks(checks.formSignals) } : {}) } };
}

function outcomeMessageOf(outcome: IntakeOutcome): OutcomeMessage {
  if (outcome.status === "rejected") return { status: "rejected", error: errorMessageOf(outcome.reason) };
  if (outcome.value instanceof IdempotencyKeyReusedError) return { status: "key-reused" };
  return { status: "filed", filed: outcome.value };
}

port.on("message", (request: IntakeRequest) => {
  void write(request.intakes.map(intakeOf)).then(
    (outcomes) =>
      port.postMessage({ id: request.id, outcomes: outcomes.map(outcomeMessageOf) } satisfies IntakeReply),
    (error: unknown) =>
      port.postMessage({ id: request.id, failed: errorMessageOf(error) } satisfies IntakeReply),
  );
});

port.on("close", () => store.close());
