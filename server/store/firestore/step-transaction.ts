import type { Transaction } from "firebase-admin/firestore";
import { driveStepsAsync, type AnswersOf, type ChangeOf, type StepMap } from "../step-port";
import { ALREADY_EXISTS, grpcCode, NOT_FOUND, type FirestoreContext } from "./connection";
import { WriteConflictError } from "../work-port";

/** Holds a write back until the change has returned: a transaction reads before it writes. */
export type HoldWrite = (write: () => void) => void;

/**
 * Runs a change of a step port (server/store/step-port.ts) in one Firestore transaction: its reads
 * answered as asked, its writes made together once it has returned. A document another change
 * created first (ALREADY_EXISTS: a version's marker) or removed meanwhile (NOT_FOUND, where
 * transactions are not isolated: the emulator) ends it as WriteConflictError.
 */
export async function runStepsInTransaction<S extends StepMap, R>(
  context: Pick<FirestoreContext, "db" | "run">,
  change: () => ChangeOf<S, R>,
  answers: (transaction: Transaction, hold: HoldWrite) => AnswersOf<S, true>,
): Promise<R> {
  try {
    return await context.run(() =>
      context.db.runTransaction(async (transaction) => {
        const writes: (() => void)[] = [];
        const answer = await driveStepsAsync(
          change(),
          answers(transaction, (write) => writes.push(write)),
        );
        for (const write of writes) write();
        return answer;
      }),
    );
  } catch (error) {
    const code = grpcCode(error);
    if (code === ALREADY_EXISTS || code === NOT_FOUND) throw new WriteConflictError({ cause: error });
    throw error;
  }
}
