import type { MemberAlertPlan } from "../lifecycle/plan";

/**
 * What a member alert keeps beside its enquiry, in both stores: who handed the enquiry on, that
 * the buyer answered, or that answers beyond the day's cap were set aside; nothing for a new enquiry.
 */
export function memberAlertPayload(alert: MemberAlertPlan): string | null {
  if (alert.setAside) return JSON.stringify({ setAside: true });
  if (alert.answered)
    return JSON.stringify({ answered: true, ...(alert.quote ? { quote: alert.quote } : {}) });
  return alert.handedOnBy ? JSON.stringify({ handedOnBy: alert.handedOnBy }) : null;
}

/**
 * What a stored member alert says beyond its enquiry: handed on (by whom), answered (with the
 * start of the answer), or set aside.
 */
export function memberAlertFactsOf(payload: unknown): {
  handedOnBy?: string;
  answered?: true;
  quote?: string;
  setAside?: true;
} {
  if (typeof payload !== "string") return {};
  try {
    const { handedOnBy, answered, quote, setAside } = JSON.parse(payload) as {
      handedOnBy?: unknown;
      answered?: unknown;
      quote?: unknown;
      setAside?: unknown;
    };
    if (setAside === true) return { setAside: true };
    if (answered === true) return typeof quote === "string" ? { answered: true, quote } : { answered: true };
    return typeof handedOnBy === "string" ? { handedOnBy } : {};
  } catch {
    return {};
  }
}
