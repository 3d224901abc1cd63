import { randomUUID } from "node:crypto";
import { purposeOf, type ReplyTemplate, type TemplateInput } from "../../domain/templates";
import { stepsOf, type ChangeOf } from "../store/step-port";
import type { TemplateAdapter, TemplateSteps } from "../store/template-port";
import type {
  TemplateChangeResult,
  TemplateRemoveResult,
  TemplateSeedSet,
  TemplateStore,
} from "../store/templates";
import { WriteConflictError } from "../store/work-port";

const step = stepsOf<TemplateSteps>();

/**
 * The reply and WhatsApp templates' changes, written once above the stores: an addition counted
 * against `max`, a change or removal refused when based on an older version than the stored one
 * (so two owners saving at once cannot overwrite each other unknowingly), a purpose kept as it was
 * added. Each reads, decides and writes in one transaction of the store's.
 */
export function templateStore(adapter: TemplateAdapter): TemplateStore {
  return {
    list: () => adapter.list(),
    seed: (set, templates, at) => seed(adapter, set, templates, at),
    seedStarters: (templates, at) => seedStarters(adapter, templates, at),
    add: (template, change) => adapter.run(() => add(template, change)),
    update: async (id, template, change) => {
      try {
        return await adapter.run(() => update(id, template, change));
      } catch (error) {
        if (!(error instanceof WriteConflictError)) throw error;
        // Another change took that version first: theirs is what the owner now sees.
        return adapter.run(function* (): ChangeOf<TemplateSteps, TemplateChangeResult> {
          const current = yield* step("readTemplate", { id });
          return current ? { outcome: "conflict", current } : { outcome: "not-found" };
        });
      }
    },
    remove: (id, expectedVersion) => adapter.run(() => remove(id, expectedVersion)),
  };
}

/** The template as stored: a reply's purpose is left unsaid. */
function storedTemplate(
  input: TemplateInput,
  stored: Pick<ReplyTemplate, "id" | "version" | "updatedAt" | "updatedBy" | "purpose">,
): ReplyTemplate {
  const { purpose: _purpose, ...fields } = input;
  const { purpose, ...rest } = stored;
  return {
    ...fields,
    whatsappTemplate: input.whatsappTemplate ?? null,
    ...rest,
    ...(purpose && purpose !== "reply" ? { purpose } : {}),
  };
}

function* add(
  input: TemplateInput,
  change: { by: string; at: Date; max: number },
): ChangeOf<TemplateSteps, ReplyTemplate | null> {
  if ((yield* step("countTemplates", {})) >= change.max) return null;
  const template = storedTemplate(input, {
    id: randomUUID(),
    version: 1,
    updatedAt: change.at.toISOString(),
    updatedBy: change.by,
    ...(input.purpose ? { purpose: input.purpose } : {}),
  });
  yield* step("createTemplate", { template });
  return template;
}

function* update(
  id: string,
  input: TemplateInput,
  change: { expectedVersion: number; by: string; at: Date },
): ChangeOf<TemplateSteps, TemplateChangeResult> {
  const current = yield* step("readTemplate", { id });
  if (!current) return { outcome: "not-found" };
  if (current.version !== change.expectedVersion) return { outcome: "conflict", current };
  // A template's purpose is kept as it was added.
  const template = storedTemplate(input, {
    id,
    version: current.version + 1,
    updatedAt: change.at.toISOString(),
    updatedBy: change.by,
    ...(current.purpose ? { purpose: current.purpose } : {}),
  });
  yield* step("writeTemplate", { template });
  return { outcome: "changed", template };
}

function* remove(id: string, expectedVersion: number): ChangeOf<TemplateSteps, TemplateRemoveResult> {
  const current = yield* step("readTemplate", { id });
  if (!current) return "not-found";
  if (current.version !== expectedVersion) return "conflict";
  yield* step("deleteTemplate", { id });
  return "removed";
}

/**
 * Adds a set of first templates once in the store's life, marked in the same transaction: of two
 * instances seeding at once, one adds them. They list in the order given.
 */
async function seed(
  adapter: TemplateAdapter,
  set: TemplateSeedSet,
  templates: readonly TemplateInput[],
  at: Date,
) {
  try {
    return await adapter.run(function* (): ChangeOf<TemplateSteps, boolean> {
      const updatedAt = at.toISOString();
      if (!(yield* step("markSeeded", { set, at: updatedAt }))) return false;
      for (const [index, input] of templates.entries()) {
        const template = storedTemplate(input, {
          id: randomUUID(),
          version: 1,
          updatedAt,
          updatedBy: null,
          ...(input.purpose ? { purpose: input.purpose } : {}),
        });
        // One millisecond apart, so that they list in the order given.
        yield* step("createTemplate", { template, addedAt: new Date(at.getTime() + index).toISOString() });
      }
      return true;
    });
  } catch (error) {
    // Another instance marked the set first.
    if (error instanceof WriteConflictError) return false;
    throw error;
  }
}

/**
 * The console's first templates: the replies as one set, the documents' as another, each added
 * once. A store seeded before the documents' templates existed gets them at its next listing; one
 * whose first seed already held them (seeded from 29 November 2026, both in one set) gets only the
 * documents' marker, so none is added twice. Two instances at once: each set's marker is created
 * once, and only its creator adds the set.
 */
async function seedStarters(adapter: TemplateAdapter, templates: readonly TemplateInput[], at: Date) {
  const replies = templates.filter((template) => purposeOf(template) === "reply");
  const documents = templates.filter((template) => purposeOf(template) !== "reply");
  const repliesAdded = await seed(adapter, "replies", replies, at);
  const held = (await adapter.list()).some((template) => purposeOf(template) !== "reply");
  // After the replies, so that they list after them.
  const documentsAt = new Date(at.getTime() + replies.length);
  const documentsAdded = await seed(adapter, "documents", held ? [] : documents, documentsAt);
  return repliesAdded || (documentsAdded && !held && documents.length > 0);
}
