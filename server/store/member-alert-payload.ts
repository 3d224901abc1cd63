import type { MemberAlertPlan } from "../lifecycle/plan";

/**
 * What a member alert keeps beside its enquiry, in both stores: who handed the enquiry on, or
 * that the buyer answered; nothing for a new enquiry.
 */
export function memberAlertPayload(alert: MemberAlertPlan): string | null {
  if (alert.answered) return JSON.stringify({ answered: true });
  return alert.handedOnBy ? JSON.stringify({ handedOnBy: alert.handedOnBy }) : null;
}

/** What a stored member alert says beyond its enquiry: handed on (by whom), or answered. */
export function memberAlertFactsOf(payload: unknown): { handedOnBy?: string; answered?: true } {
  if (typeof payload !== "string") return {};
  try {
    const { handedOnBy, answered } = JSON.parse(payload) as { handedOnBy?: unknown; answered?: unknown };
    if (answered === true) return { answered: true };
    return typeof handedOnBy === "string" ? { handedOnBy } : {};
  } catch {
    return {};
  }
}
