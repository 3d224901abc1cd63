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
import type { TemplateChangeResult, TemplateRemoveResult, TemplateStore } from "../templates";
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

function withoutPurpose<T extends { purpose: string }>(values: T): Omit<T, "purpose"> {
  const { purpose: _purpose, ...rest } = values;
  return rest;
}

/** Reply and WhatsApp templates on SQLite (`reply_templates`): each change one statement, checked by version. */
export class SqliteTemplateStore implements TemplateStore {
  constructor(private readonly run: SqliteRun) {}

  async list(): Promise<ReplyTemplate[]> {
    return this.run((db) =>
      db
        .prepare<[], TemplateRow>(`SELECT ${COLUMNS} FROM reply_templates ORDER BY rowid`)
        .all()
        .map(templateOf),
    );
  }

  async add(
    template: TemplateInput,
    change: { by: string; at: Date; max: number },
  ): Promise<ReplyTemplate | null> {
    return this.run((db) => {
      // The count and the insert in one statement: two owners adding at once cannot pass `max`.
      const row = db
        .prepare<unknown[], TemplateRow>(
          `INSERT INTO reply_templates (${COLUMNS})
           SELECT @id, @channel, @language, @name, @subject, @body, 1, @at, @by, @whatsappTemplate, @purpose
           WHERE (SELECT count(*) FROM reply_templates) < @max
           RETURNING ${COLUMNS}`,
        )
        .get({
          id: randomUUID(),
          ...bound(template),
          at: change.at.toISOString(),
          by: change.by,
          max: change.max,
        });
      return row ? templateOf(row) : null;
    });
  }

  async update(
    id: string,
    template: TemplateInput,
    change: { expectedVersion: number; by: string; at: Date },
  ): Promise<TemplateChangeResult> {
    return this.run((db) =>
      db
        .transaction((): TemplateChangeResult => {
          const row = db
            .prepare<unknown[], TemplateRow>(
              `UPDATE reply_templates
               SET channel = @channel, language = @language, name = @name, subject = @subject, body = @body,
                 whatsapp_template = @whatsappTemplate, version = version + 1, updated_at = @at, updated_by = @by
               WHERE id = @id AND version = @expectedVersion
               RETURNING ${COLUMNS}`,
            )
            .get({
              id,
              // A template's purpose is kept as it was added.
              ...withoutPurpose(bound(template)),
              at: change.at.toISOString(),
              by: change.by,
              expectedVersion: change.expectedVersion,
            });
          if (row) return { outcome: "changed", template: templateOf(row) };
          const current = db
            .prepare<[string], TemplateRow>(`SELECT ${COLUMNS} FROM reply_templates WHERE id = ?`)
            .get(id);
          return current ? { outcome: "conflict", current: templateOf(current) } : { outcome: "not-found" };
        })
        .immediate(),
    );
  }

  async remove(id: string, expectedVersion: number): Promise<TemplateRemoveResult> {
    return this.run((db) =>
      db
        .transaction((): TemplateRemoveResult => {
          const removed = db
            .prepare(`DELETE FROM reply_templates WHERE id = ? AND version = ?`)
            .run(id, expectedVersion).changes;
          if (removed === 1) return "removed";
          return db.prepare(`SELECT 1 FROM reply_templates WHERE id = ?`).get(id) ? "conflict" : "not-found";
        })
        .immediate(),
    );
  }

  async seed(templates: readonly TemplateInput[], at: Date): Promise<boolean> {
    return this.run((db) =>
      db
        .transaction((): boolean => {
          const marked = db
            .prepare(
              `INSERT INTO reply_templates_seeded (id, seeded_at) VALUES (1, ?) ON CONFLICT (id) DO NOTHING`,
            )
            .run(at.toISOString()).changes;
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
