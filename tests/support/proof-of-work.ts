import { solveChallenge } from "altcha-lib/v1";
import { proofOfWorkPayload, type ProofOfWorkChallenge } from "../../domain/spam";
import type { TestApp } from "./test-app";

/** What the page does: asks for a challenge and solves it with ALTCHA's solver, so the enquiry is not filed as spam. */
export async function solvedProof(app: TestApp["app"]): Promise<string> {
  const challenge = (
    await app.inject({ method: "GET", url: "/api/enquiries/challenge" })
  ).json<ProofOfWorkChallenge>();
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error("the challenge had no solution");
  return proofOfWorkPayload(challenge, solution.number);
}
