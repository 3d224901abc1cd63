import type { MemberAlertPlan } from "../lifecycle/plan";

/** What a member alert keeps beside its enquiry, in both stores: who handed the enquiry on, if anyone. */
export function memberAlertPayload(alert: MemberAlertPlan): string | null {
  return alert.handedOnBy ? JSON.stringify({ handedOnBy: alert.handedOnBy }) : null;
}

export function handedOnOf(payload: unknown): { handedOnBy?: string } {
  if (typeof payload !== "string") return {};
  try {
    const { handedOnBy } = JSON.parse(payload) as { handedOnBy?: unknown };
    return typeof handedOnBy === "string" ? { handedOnBy } : {};
  } catch {
    return {};
  }
}
