import type { ReplyTemplate } from "../../domain/templates";
import type { PortOf } from "./step-port";
import type { TemplateSeedSet, TemplateStore } from "./templates";

/**
 * The steps the templates' changes ask of a store (server/work/template-changes.ts), each answered
 * in the change's one transaction; reads come first. A store whose write finds its version taken
 * by another change meanwhile throws WriteConflictError (server/store/work-port.ts).
 */
export type TemplateSteps = {
  /** How many templates are kept. */
  countTemplates: { args: Record<never, never>; result: number };
  readTemplate: { args: { id: string }; result: ReplyTemplate | null };
  /**
   * Stores a new template (version 1); `addedAt`, where the list's order is kept by time, when it
   * was added (its `updatedAt` unless given).
   */
  createTemplate: { args: { template: ReplyTemplate; addedAt?: string }; result: void };
  /** Stores the template's next version over the one read. */
  writeTemplate: { args: { template: ReplyTemplate }; result: void };
  deleteTemplate: { args: { id: string }; result: void };
  /** Marks the set of first templates as added at `at`; false when it was marked already. */
  markSeeded: { args: { set: TemplateSeedSet; at: string }; result: boolean };
};

/** What a store keeps of the templates beside the changes written above it. */
export type TemplateAdapter = PortOf<TemplateSteps> & Pick<TemplateStore, "list">;
