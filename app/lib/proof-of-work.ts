import { solveChallenge } from "altcha-lib/v1";
import type { Solution } from "altcha-lib/v1/types";
import { API_PATHS } from "../../domain/contract";
import { type ProofOfWorkChallenge, proofOfWorkPayload } from "../../domain/spam";

function isChallenge(value: unknown): value is ProofOfWorkChallenge {
  const c = value as Partial<ProofOfWorkChallenge> | null;
  return (
    typeof c === "object" &&
    c !== null &&
    typeof c.algorithm === "string" &&
    typeof c.challenge === "string" &&
    typeof c.salt === "string" &&
    typeof c.signature === "string"
  );
}

/** A solution as ALTCHA's worker answers it: null when none was found. */
function isSolution(value: unknown): value is Solution | null {
  return (
    value === null || (typeof value === "object" && typeof (value as Partial<Solution>).number === "number")
  );
}

/**
 * Solves the challenge in a dedicated worker, the page's main thread left free. Undefined when the
 * browser has no workers or the worker could not start (its script refused or failed to load):
 * the caller then solves it on the main thread, as browsers without workers always do.
 */
function solveInWorker(challenge: ProofOfWorkChallenge): Promise<Solution | null | undefined> {
  if (typeof Worker === "undefined") return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./proof-of-work.worker.ts", import.meta.url), {
        type: "module",
        name: "proof-of-work",
      });
    } catch {
      resolve(undefined);
      return;
    }
    const finish = (answer: Solution | null | undefined) => {
      worker.terminate();
      resolve(answer);
    };
    worker.addEventListener("message", (event: MessageEvent<unknown>) => {
      finish(isSolution(event.data) ? event.data : undefined);
    });
    worker.addEventListener("error", () => finish(undefined));
    worker.addEventListener("messageerror", () => finish(undefined));
    worker.postMessage({
      type: "work",
      payload: {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        salt: challenge.salt,
        max: challenge.maxnumber,
        start: 0,
      },
    });
  });
}

/**
 * Asks the server for a proof-of-work challenge and solves it with ALTCHA's solver (altcha-lib),
 * in a worker where the browser has them, on the main thread where it has not, answering the payload the API takes in its `altcha` field. Loaded only once the visitor starts on
 * the order form, never with the page. Undefined when anything fails: the enquiry then goes
 * without it, and the server still takes it (docs/decisions/024-spam-scoring-and-sources.md).
 */
export async function solveProofOfWork(): Promise<string | undefined> {
  try {
    const response = await fetch(API_PATHS.enquiryChallenge, {
      headers: { accept: "application/json" },
      credentials: "same-origin",
    });
    if (!response.ok) return undefined;
    const challenge: unknown = await response.json();
    if (!isChallenge(challenge)) return undefined;
    const inWorker = await solveInWorker(challenge);
    const solution =
      inWorker !== undefined
        ? inWorker
        : await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
            .promise;
    return solution ? proofOfWorkPayload(challenge, solution.number) : undefined;
  } catch {
    return undefined;
  }
}
