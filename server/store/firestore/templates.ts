import { randomUUID } from "node:crypto";
import type { DocumentData, DocumentSnapshot } from "firebase-admin/firestore";
import type { Language } from "../../../domain/contract";
import {
  purposeOf,
  type ReplyTemplate,
  type TemplateChannel,
  type TemplateField,
  type TemplateInput,
  type TemplatePurpose,
  type WhatsAppApproval,
  type WhatsAppTemplateLanguage,
} from "../../../domain/templates";
import type { TemplateChangeResult, TemplateRemoveResult, TemplateStore } from "../templates";
import { ALREADY_EXISTS, grpcCode, type FirestoreContext } from "./connection";

/** Where the console's first templates were marked as added, once. */
const SEEDED_DOC = ["settings", "replyTemplates"] as const;

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
    // Absent (every template before purposes) or "reply": a reply.
    ...(typeof data.purpose === "string" && data.purpose !== "reply"
      ? { purpose: data.purpose as TemplatePurpose }
      : {}),
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

function fields(template: TemplateInput): DocumentData {
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
  };
}

/**
 * Reply and WhatsApp templates in `replyTemplates/{id}` on Firestore. A change is a transaction
 * that reads the template, checks its version, and creates `versions/{next}` beside it: the
 * transaction alone is enough on Firestore, and the marker also makes the second of two changes
 * based on one version fail where transactions are not isolated (the local emulator).
 */
export class FirestoreTemplateStore implements TemplateStore {
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

  async add(
    template: TemplateInput,
    change: { by: string; at: Date; max: number },
  ): Promise<ReplyTemplate | null> {
    const ref = this.collection.doc(randomUUID());
    const at = change.at.toISOString();
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const kept = await transaction.get(this.collection);
        if (kept.size >= change.max) return null;
        const data = {
          ...fields(template),
          purpose: purposeOf(template),
          version: 1,
          updatedAt: at,
          updatedBy: change.by,
          createdAt: at,
        };
        transaction.create(ref, data);
        return {
          id: ref.id,
          ...template,
          whatsappTemplate: template.whatsappTemplate ?? null,
          version: 1,
          updatedAt: at,
          updatedBy: change.by,
        };
      }),
    );
  }

  async update(
    id: string,
    template: TemplateInput,
    change: { expectedVersion: number; by: string; at: Date },
  ): Promise<TemplateChangeResult> {
    const ref = this.collection.doc(id);
    const at = change.at.toISOString();
    try {
      return await this.context.run(() =>
        this.context.db.runTransaction(async (transaction): Promise<TemplateChangeResult> => {
          const snapshot = await transaction.get(ref);
          if (!snapshot.exists) return { outcome: "not-found" };
          const current = templateOf(snapshot);
          if (current.version !== change.expectedVersion) return { outcome: "conflict", current };
          const version = current.version + 1;
          transaction.create(ref.collection("versions").doc(String(version)), { at });
          // A template's purpose is kept as it was added.
          transaction.update(ref, { ...fields(template), version, updatedAt: at, updatedBy: change.by });
          const { purpose: _purpose, ...input } = template;
          return {
            outcome: "changed",
            template: {
              id,
              ...input,
              ...(current.purpose ? { purpose: current.purpose } : {}),
              whatsappTemplate: template.whatsappTemplate ?? null,
              version,
              updatedAt: at,
              updatedBy: change.by,
            },
          };
        }),
      );
    } catch (error) {
      if (grpcCode(error) !== ALREADY_EXISTS) throw error;
      // Another change took that version first.
      const snapshot = await this.context.run(() => ref.get());
      return snapshot.exists
        ? { outcome: "conflict", current: templateOf(snapshot) }
        : { outcome: "not-found" };
    }
  }

  async remove(id: string, expectedVersion: number): Promise<TemplateRemoveResult> {
    const ref = this.collection.doc(id);
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction): Promise<TemplateRemoveResult> => {
        const [snapshot, versions] = await Promise.all([
          transaction.get(ref),
          transaction.get(ref.collection("versions")),
        ]);
        if (!snapshot.exists) return "not-found";
        if (Number(snapshot.get("version")) !== expectedVersion) return "conflict";
        for (const version of versions.docs) transaction.delete(version.ref);
        transaction.delete(ref);
        return "removed";
      }),
    );
  }

  async seed(templates: readonly TemplateInput[], at: Date): Promise<boolean> {
    const when = at.toISOString();
    const batch = this.context.db.batch();
    // Created, never overwritten: of two instances seeding at once, one batch commits.
    batch.create(this.context.db.collection(SEEDED_DOC[0]).doc(SEEDED_DOC[1]), { seededAt: when });
    templates.forEach((template, index) => {
      // One millisecond apart, so that they list in the order given.
      const createdAt = new Date(at.getTime() + index).toISOString();
      batch.create(this.collection.doc(randomUUID()), {
        ...fields(template),
        purpose: purposeOf(template),
        version: 1,
        updatedAt: when,
        updatedBy: null,
        createdAt,
      });
    });
    try {
      await this.context.run(() => batch.commit());
      return true;
    } catch (error) {
      if (grpcCode(error) === ALREADY_EXISTS) return false;
      throw error;
    }
  }
}
