import { createChallenge, verifySolution } from "altcha-lib/v1";
import type { Challenge } from "altcha-lib/v1/types";
import type { CounterToAdd, KeyStore } from "../store/store";
import { PROOF_OF_WORK_EXPIRES_MINUTES, PROOF_OF_WORK_MAX_NUMBER } from "./weights";

/** What an enquiry's proof of work turned out to be. */
export type ProofOfWork = "solved" | "missing" | "reused";

const KEY_NAME = "proof-of-work";
const MAX_PAYLOAD_LENGTH = 2_000;

/** A proof of work whose counter's count (this use included) is `uses`. */
export function proofOfWorkUsed(uses: number): ProofOfWork {
  return uses > 1 ? "reused" : "solved";
}

/**
 * ALTCHA's proof of work (altcha-lib): the server hands out a challenge signed with a key kept in
 * the store (so every instance, and a restored copy, checks the others' challenges), the page finds
 * the number whose SHA-256 with the salt matches, and the server checks it. Each solution counts
 * once: its signature has a counter in the store, added in the enquiry's own write, so a body
 * replayed with it, at once or on another instance, has its proof counted as reused.
 */
export class ProofOfWorkChecker {
  constructor(
    private readonly keys: KeyStore,
    private readonly maxNumber = PROOF_OF_WORK_MAX_NUMBER,
  ) {}

  private async hmacKey(): Promise<string> {
    return (await this.keys.key(KEY_NAME)).toString("hex");
  }

  async challenge(now: Date): Promise<Challenge> {
    return createChallenge({
      hmacKey: await this.hmacKey(),
      maxNumber: this.maxNumber,
      expires: new Date(now.getTime() + PROOF_OF_WORK_EXPIRES_MINUTES * 60_000),
    });
  }

  /**
   * Verifies the payload the page sent: undefined when it is absent, malformed, expired or wrong
   * (a missing proof); else the counter of its solution's uses, for the enquiry to add.
   */
  async verify(payload: unknown, now: Date): Promise<CounterToAdd | undefined> {
    if (typeof payload !== "string" || payload.length === 0 || payload.length > MAX_PAYLOAD_LENGTH)
      return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    } catch {
      return undefined;
    }
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const signature = (parsed as Record<string, unknown>).signature;
    if (typeof signature !== "string") return undefined;
    let verified = false;
    try {
      verified = await verifySolution(payload, await this.hmacKey(), true);
    } catch {
      verified = false;
    }
    if (!verified) return undefined;
    return {
      name: `proof-of-work:${signature}`,
      expiresAt: new Date(now.getTime() + 2 * PROOF_OF_WORK_EXPIRES_MINUTES * 60_000),
    };
  }
}
