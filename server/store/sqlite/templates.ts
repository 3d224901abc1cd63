import type Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import {
  purposeOf,
  type ReplyTemplate,
  type TemplateChannel,
  type TemplateInput,
  type TemplatePurpose,
  type WhatsAppApproval,
} from "../../../domain/templates";
import type { Language } from "../../../domain/contract";
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import type { TemplateAdapter, TemplateSteps } from "../template-port";
import type { TemplateSeedSet } from "../templates";
import type { SqliteRun } from "./connection";

interface TemplateRow {
  id: string;
  channel: string;
  language: string;
  name: string;
  subject: string | null;
  body: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
  whatsapp_template: string | null;
  purpose: string;
}

const COLUMNS = `id, channel, language, name, subject, body, version, updated_at, updated_by, whatsapp_template, purpose`;

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
    ...(row.purpose !== "reply" ? { purpose: row.purpose as TemplatePurpose } : {}),
  };
}

/** The template's values as the statements bind them: its approval in WhatsApp Manager as JSON. */
function bound(template: TemplateInput) {
  return {
    channel: template.channel,
    language: template.language,
    name: template.name,
    subject: template.subject,
    body: template.body,
    whatsappTemplate: template.whatsappTemplate ? JSON.stringify(template.whatsappTemplate) : null,
    purpose: purposeOf(template),
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
      db
        .prepare<[], TemplateRow>(`SELECT ${COLUMNS} FROM reply_templates ORDER BY rowid`)
        .all()
        .map(templateOf),
    );
  }

  async run<R>(change: () => ChangeOf<TemplateSteps, R>): Promise<R> {
    return this.sqlite((db) => db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate());
  }

  private answers(db: Database.Database): AnswersOf<TemplateSteps> {
    const write = (template: ReplyTemplate) => ({
      id: template.id,
      ...bound(template),
      version: template.version,
      at: template.updatedAt,
      by: template.updatedBy,
    });
    return {
      countTemplates: () =>
        db.prepare<[], { count: number }>(`SELECT count(*) AS count FROM reply_templates`).get()?.count ?? 0,
      readTemplate: ({ id }) => {
        const row = db
          .prepare<[string], TemplateRow>(`SELECT ${COLUMNS} FROM reply_templates WHERE id = ?`)
          .get(id);
        return row ? templateOf(row) : null;
      },
      createTemplate: ({ template }) => {
        db.prepare(
          `INSERT INTO reply_templates (${COLUMNS})
           VALUES (@id, @channel, @language, @name, @subject, @body, @version, @at, @by, @whatsappTemplate, @purpose)`,
        ).run(write(template));
      },
      writeTemplate: ({ template }) => {
        // A template's purpose is not changed here: it is kept as it was added.
        const { purpose: _purpose, ...values } = write(template);
        db.prepare(
          `UPDATE reply_templates
           SET channel = @channel, language = @language, name = @name, subject = @subject, body = @body,
             whatsapp_template = @whatsappTemplate, version = @version, updated_at = @at, updated_by = @by
           WHERE id = @id`,
        ).run(values);
      },
      deleteTemplate: ({ id }) => {
        db.prepare(`DELETE FROM reply_templates WHERE id = ?`).run(id);
      },
    };
  }

  async seed(set: TemplateSeedSet, templates: readonly TemplateInput[], at: Date): Promise<boolean> {
    return this.sqlite((db) =>
      db
        .transaction((): boolean => {
          const marked = db
            .prepare(
              `INSERT INTO template_seeds (name, seeded_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`,
            )
            .run(set, at.toISOString()).changes;
          if (marked === 0) return false;
          const insert = db.prepare(
            `INSERT INTO reply_templates (${COLUMNS})
             VALUES (@id, @channel, @language, @name, @subject, @body, 1, @at, NULL, @whatsappTemplate, @purpose)`,
          );
          for (const template of templates)
            insert.run({ id: randomUUID(), ...bound(template), at: at.toISOString() });
          return true;
        })
        .immediate(),
    );
  }
}
