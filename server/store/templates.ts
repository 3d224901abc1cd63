import type { ReplyTemplate, TemplateInput } from "../../domain/templates";

/** The sets of first templates, each added once: the replies, then the documents' (decision 048). */
export type TemplateSeedSet = "replies" | "documents";
export type TemplateChangeResult =
  | { outcome: "changed"; template: ReplyTemplate }
  | { outcome: "not-found" }
  /** Changed by someone else since `expectedVersion`: nothing was written; `current` is theirs. */
  | { outcome: "conflict"; current: ReplyTemplate };

export type TemplateRemoveResult = "removed" | "not-found" | "conflict";

/**
 * The reply and WhatsApp templates owners keep (domain/templates.ts checks them before they reach
 * a store). Each change is one atomic step: a change or removal based on an older version than
 * the stored one changes nothing, so two owners saving at once cannot overwrite each other
 * unknowingly; the count is checked in the same step as an addition.
 */
export interface TemplateStore {
  /** Every template, oldest first. */
  list(): Promise<ReplyTemplate[]>;
  /** Adds one, as version 1; null when `max` templates are kept already. */
  add(template: TemplateInput, change: { by: string; at: Date; max: number }): Promise<ReplyTemplate | null>;
  update(
    id: string,
    template: TemplateInput,
    change: { expectedVersion: number; by: string; at: Date },
  ): Promise<TemplateChangeResult>;
  remove(id: string, expectedVersion: number): Promise<TemplateRemoveResult>;
  /**
   * Adds `templates` as the set `set` of the console's first templates, once in the store's life (a
   * marker per set records it, `templates` empty or not): an owner who removes them all does not
   * get them back. True when this call added them.
   */
  seed(set: TemplateSeedSet, templates: readonly TemplateInput[], at: Date): Promise<boolean>;
  /**
   * The console's first templates (server/work/template-changes.ts): the replies once, and the
   * documents' (an invoice's, a payment reminder's) once, also in a store first seeded before they
   * existed, but never beside document templates the store already holds. True when any were added.
   */
  seedStarters(templates: readonly TemplateInput[], at: Date): Promise<boolean>;
}
