import type { ChangeOf, PortOf, StepMap } from "../store/step-port";
import { WriteConflictError } from "../store/work-port";

/**
 * Runs the change, and once more when another change was written first (WriteConflictError): read
 * again, it sees what is there now (two owners removing each other, a message erased meanwhile).
 */
export async function onceMore<S extends StepMap, R>(
  port: PortOf<S>,
  change: () => ChangeOf<S, R>,
): Promise<R> {
  try {
    return await port.run(change);
  } catch (error) {
    if (!(error instanceof WriteConflictError)) throw error;
    return port.run(change);
  }
}
