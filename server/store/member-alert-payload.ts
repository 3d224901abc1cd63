import type { MemberAlertFacts, MemberAlertPlan } from "../lifecycle/plan";

/**
 * What a member alert keeps beside its enquiry, in both stores: who handed the enquiry on, that
 * the buyer answered, or that answers beyond the day's cap were set aside; nothing for a new enquiry.
 */
export function memberAlertPayload(alert: MemberAlertPlan): string | null {
  if (alert.setAside) return JSON.stringify({ setAside: true });
  if (alert.answered)
    return JSON.stringify({
      answered: true,
      ...(alert.channel ? { channel: alert.channel } : {}),
      ...(alert.quote ? { quote: alert.quote } : {}),
    });
  return alert.handedOnBy ? JSON.stringify({ handedOnBy: alert.handedOnBy }) : null;
}

/**
 * What a stored member alert says beyond its enquiry: handed on (by whom), answered (with the
 * start of the answer), or set aside.
 */
export function memberAlertFactsOf(payload: unknown): MemberAlertFacts {
  if (typeof payload !== "string") return {};
  try {
    const { handedOnBy, answered, channel, quote, setAside } = JSON.parse(payload) as {
      handedOnBy?: unknown;
      answered?: unknown;
      channel?: unknown;
      quote?: unknown;
      setAside?: unknown;
    };
    if (setAside === true) return { setAside: true };
    if (answered === true)
      return {
        answered: true,
        ...(channel === "whatsapp" ? { channel: "whatsapp" as const } : {}),
        ...(typeof quote === "string" ? { quote } : {}),
      };
    return typeof handedOnBy === "string" ? { handedOnBy } : {};
  } catch {
    return {};
  }
}
