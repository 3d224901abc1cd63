import { greetingName } from "../../domain/names";
import { PUSH_REASONS, type PushReason } from "../../domain/push";
import type { PushPlan } from "../lifecycle/plan";

/**
 * What a push notification keeps in the outbox beside its enquiry and member, in both stores: why
 * it is sent, who handed the enquiry on, and the buyer's first name as the console greets them
 * (nothing else of the buyer; it is erased with the enquiry).
 */
export interface PushPayload {
  reason: PushReason;
  handedOnBy?: string;
  firstName?: string;
}

export function pushPayload(push: PushPlan, buyerName: string): string {
  const firstName = greetingName(buyerName, "en");
  return JSON.stringify({
    reason: push.reason,
    ...(push.handedOnBy ? { handedOnBy: push.handedOnBy } : {}),
    ...(firstName ? { firstName } : {}),
  } satisfies PushPayload);
}

export function pushPayloadOf(text: unknown): PushPayload {
  try {
    const parsed = JSON.parse(typeof text === "string" ? text : "") as Record<string, unknown>;
    const reason = (PUSH_REASONS as readonly unknown[]).includes(parsed.reason)
      ? (parsed.reason as PushReason)
      : "assigned";
    return {
      reason,
      ...(typeof parsed.handedOnBy === "string" ? { handedOnBy: parsed.handedOnBy } : {}),
      ...(typeof parsed.firstName === "string" ? { firstName: parsed.firstName } : {}),
    };
  } catch {
    return { reason: "assigned" };
  }
}
