import { solveChallenge } from "altcha-lib/v1";
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

/**
 * Asks the server for a proof-of-work challenge and solves it with ALTCHA's solver (altcha-lib),
 * answering the payload the API takes in its `altcha` field. Loaded only once the visitor starts on
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
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    return solution ? proofOfWorkPayload(challenge, solution.number) : undefined;
  } catch {
    return undefined;
  }
}
