import type { DocumentData, DocumentSnapshot, Transaction } from "firebase-admin/firestore";
import type { Language } from "../../../domain/contract";
import {
  purposeOf,
  type ReplyTemplate,
  type TemplateChannel,
  type TemplateField,
  type TemplateInput,
  storedPurpose,
  type WhatsAppApproval,
  type WhatsAppTemplateLanguage,
} from "../../../domain/templates";
import type { AnswersOf, ChangeOf } from "../step-port";
import { runStepsInTransaction, type HoldWrite } from "./step-transaction";
import type { TemplateAdapter, TemplateSteps } from "../template-port";
import type { TemplateSeedSet } from "../templates";
import type { FirestoreContext } from "./connection";

/** Where the console's first templates were marked as added, once: each set's marker: `settings/replyTemplates` (the replies', from before there were sets), `settings/documentTemplates`. */
const SEEDED_DOC: Record<TemplateSeedSet, readonly [string, string]> = {
  replies: ["settings", "replyTemplates"],
  documents: ["settings", "documentTemplates"],
};

function templateOf(doc: DocumentSnapshot): ReplyTemplate {
  const data = doc.data() ?? {};
  return {
    id: doc.id,
    channel: data.channel as TemplateChannel,
    language: data.language as Language,
    name: String(data.name),
    subject: typeof data.subject === "string" ? data.subject : null,
    body: String(data.body),
    version: Number(data.version),
    updatedAt: String(data.updatedAt),
    updatedBy: typeof data.updatedBy === "string" ? data.updatedBy : null,
    whatsappTemplate: approvalOf(data.whatsappTemplate),
    ...storedPurpose(data.purpose),
  };
}

/** A template's approval in WhatsApp Manager as the document keeps it (a map); absent or null: none. */
function approvalOf(value: unknown): WhatsAppApproval | null {
  if (!value || typeof value !== "object") return null;
  const map = value as { name?: unknown; language?: unknown; parameters?: unknown };
  return {
    name: String(map.name),
    language: String(map.language) as WhatsAppTemplateLanguage,
    parameters: Array.isArray(map.parameters) ? (map.parameters.map(String) as TemplateField[]) : [],
  };
}

/**
 * A template's document, but for when it was added (`createdAt`, which orders the list): the one
 * place its fields are written, for its creation and each change.
 */
function toDocument(template: TemplateInput & Omit<ReplyTemplate, "whatsappTemplate">): DocumentData {
  const { updatedAt, updatedBy, version } = template;
  return {
    channel: template.channel,
    language: template.language,
    name: template.name,
    subject: template.subject,
    body: template.body,
    // Written as null when there is none, so that a change that removes it removes it.
    whatsappTemplate: template.whatsappTemplate
      ? {
          name: template.whatsappTemplate.name,
          language: template.whatsappTemplate.language,
          parameters: [...template.whatsappTemplate.parameters],
        }
      : null,
    purpose: purposeOf(template),
    version,
    updatedAt,
    updatedBy,
  };
}

/**
 * Reply and WhatsApp templates in `replyTemplates/{id}` on Firestore; the steps of their changes
 * (server/work/template-changes.ts) answered in one transaction, writes held back until the change
 * has returned. A new version creates `versions/{version}` beside the template: the transaction
 * alone is enough on Firestore, and the marker also makes the second of two changes based on one
 * version fail where transactions are not isolated (the local emulator), as WriteConflictError.
 */
export class FirestoreTemplateStore implements TemplateAdapter {
  constructor(private readonly context: FirestoreContext) {}

  private get collection() {
    return this.context.db.collection("replyTemplates");
  }

  async list(): Promise<ReplyTemplate[]> {
    return this.context.run(async () => {
      const snapshot = await this.collection.orderBy("createdAt").get();
      return snapshot.docs.map(templateOf);
    });
  }

  async run<R>(change: () => ChangeOf<TemplateSteps, R>): Promise<R> {
    return runStepsInTransaction(this.context, change, (transaction, hold) =>
      this.answers(transaction, hold),
    );
  }

  private answers(transaction: Transaction, hold: HoldWrite): AnswersOf<TemplateSteps, true> {
    return {
      countTemplates: async () => (await transaction.get(this.collection)).size,
      readTemplate: async ({ id }) => {
        const snapshot = await transaction.get(this.collection.doc(id));
        return snapshot.exists ? templateOf(snapshot) : null;
      },
      createTemplate: ({ template, addedAt }) => {
        const created = { ...toDocument(template), createdAt: addedAt ?? template.updatedAt };
        hold(() => transaction.create(this.collection.doc(template.id), created));
      },
      writeTemplate: ({ template }) => {
        const ref = this.collection.doc(template.id);
        // A template's purpose is not changed here: it is kept as it was added.
        const { purpose: _purpose, ...changed } = toDocument(template);
        hold(() => {
          transaction.create(ref.collection("versions").doc(String(template.version)), {
            at: template.updatedAt,
          });
          transaction.update(ref, changed);
        });
      },
      deleteTemplate: async ({ id }) => {
        const ref = this.collection.doc(id);
        const versions = await transaction.get(ref.collection("versions"));
        hold(() => {
          for (const version of versions.docs) transaction.delete(version.ref);
          transaction.delete(ref);
        });
      },
      markSeeded: async ({ set, at }) => {
        // Created, never overwritten: of two instances seeding at once, one transaction commits.
        const marker = this.context.db.collection(SEEDED_DOC[set][0]).doc(SEEDED_DOC[set][1]);
        if ((await transaction.get(marker)).exists) return false;
        hold(() => transaction.create(marker, { seededAt: at }));
        return true;
      },
    };
  }
}
