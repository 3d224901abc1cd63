import type Database from "better-sqlite3";
import {
  purposeOf,
  type ReplyTemplate,
  type TemplateChannel,
  type TemplateInput,
  storedPurpose,
  type WhatsAppApproval,
} from "../../../domain/templates";
import type { Language } from "../../../domain/contract";
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import type { TemplateAdapter, TemplateSteps } from "../template-port";
import type { SqliteRun } from "./connection";
import { columnsOf, insertStatement, updateStatement } from "./row-codec";

/**
 * The row of `reply_templates` a template is stored as, its approval in WhatsApp Manager as JSON:
 * the one place its columns are named (the INSERT and the UPDATE are made from it).
 */
function rowOf(template: TemplateInput & Omit<ReplyTemplate, "whatsappTemplate">) {
  return {
    id: template.id,
    channel: template.channel as string,
    language: template.language as string,
    name: template.name,
    subject: template.subject,
    body: template.body,
    version: template.version,
    updated_at: template.updatedAt,
    updated_by: template.updatedBy,
    whatsapp_template: template.whatsappTemplate ? JSON.stringify(template.whatsappTemplate) : null,
    purpose: purposeOf(template) as string,
  };
}

type TemplateRow = ReturnType<typeof rowOf>;

function templateOf(row: TemplateRow): ReplyTemplate {
  return {
    id: row.id,
    channel: row.channel as TemplateChannel,
    language: row.language as Language,
    name: row.name,
    subject: row.subject,
    body: row.body,
    version: row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    whatsappTemplate: row.whatsapp_template ? (JSON.parse(row.whatsapp_template) as WhatsAppApproval) : null,
    ...storedPurpose(row.purpose),
  };
}

/**
 * Reply and WhatsApp templates on SQLite (`reply_templates`); the steps of their changes
 * (server/work/template-changes.ts) answered in one IMMEDIATE transaction.
 */
export class SqliteTemplateStore implements TemplateAdapter {
  constructor(private readonly sqlite: SqliteRun) {}

  async list(): Promise<ReplyTemplate[]> {
    return this.sqlite((db) =>
      db.prepare<[], TemplateRow>(`SELECT * FROM reply_templates ORDER BY rowid`).all().map(templateOf),
    );
  }

  async run<R>(change: () => ChangeOf<TemplateSteps, R>): Promise<R> {
    return this.sqlite((db) => db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate());
  }

  private answers(db: Database.Database): AnswersOf<TemplateSteps> {
    return {
      countTemplates: () =>
        db.prepare<[], { count: number }>(`SELECT count(*) AS count FROM reply_templates`).get()?.count ?? 0,
      readTemplate: ({ id }) => {
        const row = db.prepare<[string], TemplateRow>(`SELECT * FROM reply_templates WHERE id = ?`).get(id);
        return row ? templateOf(row) : null;
      },
      // Listed in the order added (rowid).
      createTemplate: ({ template }) => {
        const row = rowOf(template);
        db.prepare(insertStatement("reply_templates", columnsOf(row))).run(row);
      },
      writeTemplate: ({ template }) => {
        // A template's purpose is not changed here: it is kept as it was added.
        const { purpose: _purpose, ...row } = rowOf(template);
        db.prepare(updateStatement("reply_templates", "id", columnsOf(row))).run(row);
      },
      deleteTemplate: ({ id }) => {
        db.prepare(`DELETE FROM reply_templates WHERE id = ?`).run(id);
      },
      markSeeded: ({ set, at }) =>
        db
          .prepare(`INSERT INTO template_seeds (name, seeded_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`)
          .run(set, at).changes === 1,
    };
  }
}
