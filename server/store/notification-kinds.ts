import type { NotificationKind } from "./store";

/** What a new notification refers to, by id, and what it carries (both stores name them so). */
export interface NotificationLinks {
  enquiryId?: string | null;
  staffId?: string | null;
  subscriberId?: string | null;
  messageId?: string | null;
  payload?: string | null;
}

type Link = keyof NotificationLinks;

/**
 * Each kind of notification and what it must have: the ids listed are set and every other id is
 * absent; a payload listed is set (one not listed may be). The one list of the kinds: a store
 * keeps `kind` as plain text, and a new kind is a line here, not a change of any table.
 */
const KINDS: Record<NotificationKind, readonly Link[]> = {
  company: ["enquiryId"],
  acknowledgement: ["enquiryId"],
  "newsletter-confirmation": ["subscriberId"],
  "newsletter-welcome": ["subscriberId"],
  "member-alert": ["enquiryId", "staffId"],
  push: ["enquiryId", "staffId", "payload"],
  digest: ["staffId", "payload"],
  "staff-link": ["staffId", "payload"],
  "handed-on": ["staffId", "payload"],
  reply: ["enquiryId", "messageId"],
  whatsapp: ["enquiryId", "messageId", "payload"],
  document: ["enquiryId", "payload"],
};

const IDS: readonly Link[] = ["enquiryId", "staffId", "subscriberId", "messageId"];

/**
 * Checks a new notification before a store writes it: a kind no store knows, or one missing what
 * its kind needs (or naming what it must not), throws.
 */
export function checkNotification(kind: string, links: NotificationLinks): asserts kind is NotificationKind {
  const needs = Object.hasOwn(KINDS, kind) ? KINDS[kind as NotificationKind] : undefined;
  if (!needs) throw new Error(`Unknown notification kind: ${kind}`);
  const set = (link: Link) => links[link] !== undefined && links[link] !== null;
  const wrong = [...IDS, "payload" as const].filter((link) =>
    needs.includes(link) ? !set(link) : link !== "payload" && set(link),
  );
  if (wrong.length > 0) throw new Error(`A ${kind} notification with the wrong ${wrong.join(", ")}`);
}
