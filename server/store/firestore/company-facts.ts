import type { DocumentSnapshot } from "firebase-admin/firestore";
import { factsFromStored, type CompanyFacts } from "../../../domain/company-facts";
import type { CompanyFactsStore, PublishedFacts } from "../../company/facts-store";
import { ALREADY_EXISTS, grpcCode, type FirestoreContext } from "./connection";

const SUMMARY_FIELDS = ["version", "publishedAt", "publishedBy", "restoredFrom"] as const;

function summaryOf(doc: DocumentSnapshot): Omit<PublishedFacts, "facts"> {
  const data = doc.data() ?? {};
  return {
    version: Number(data.version),
    publishedAt: new Date(String(data.publishedAt)),
    publishedBy: String(data.publishedBy),
    restoredFrom: typeof data.restoredFrom === "number" ? data.restoredFrom : null,
  };
}

function publishedOf(doc: DocumentSnapshot): PublishedFacts {
  return { ...summaryOf(doc), facts: factsFromStored(JSON.parse(String(doc.get("facts")))) };
}

/**
 * The company's published facts on Firestore: `companyFacts/{version}`, the facts as JSON. A
 * publication is a transaction that reads the latest version and creates the next one's document:
 * the transaction alone is enough on Firestore, and the document's id (its version) makes the
 * second of two publications on one base fail where transactions are not isolated (the emulator).
 */
export class FirestoreCompanyFactsStore implements CompanyFactsStore {
  constructor(private readonly context: FirestoreContext) {}

  private get collection() {
    return this.context.db.collection("companyFacts");
  }

  private get latest() {
    return this.collection.orderBy("version", "desc").limit(1);
  }

  async current(): Promise<PublishedFacts | null> {
    return this.context.run(async () => {
      const snapshot = await this.latest.get();
      const doc = snapshot.docs[0];
      return doc ? publishedOf(doc) : null;
    });
  }

  async version(version: number): Promise<PublishedFacts | null> {
    if (!Number.isInteger(version) || version < 1) return null;
    return this.context.run(async () => {
      const doc = await this.collection.doc(String(version)).get();
      return doc.exists ? publishedOf(doc) : null;
    });
  }

  async versions(): Promise<Omit<PublishedFacts, "facts">[]> {
    return this.context.run(async () => {
      const snapshot = await this.collection
        .orderBy("version", "desc")
        .select(...SUMMARY_FIELDS)
        .get();
      return snapshot.docs.map(summaryOf);
    });
  }

  async publish(input: {
    facts: CompanyFacts;
    baseVersion: number | null;
    by: string;
    now: Date;
    restoredFrom?: number;
  }): Promise<PublishedFacts | "conflict"> {
    try {
      return await this.context.run(() =>
        this.context.db.runTransaction(async (transaction): Promise<PublishedFacts | "conflict"> => {
          const latest = await transaction.get(this.latest);
          const current = latest.docs[0] ? Number(latest.docs[0].get("version")) : null;
          if (current !== input.baseVersion) return "conflict";
          const published: PublishedFacts = {
            version: (current ?? 0) + 1,
            facts: input.facts,
            publishedAt: input.now,
            publishedBy: input.by,
            restoredFrom: input.restoredFrom ?? null,
          };
          transaction.create(this.collection.doc(String(published.version)), {
            version: published.version,
            facts: JSON.stringify(input.facts),
            publishedAt: input.now.toISOString(),
            publishedBy: input.by,
            restoredFrom: published.restoredFrom,
          });
          return published;
        }),
      );
    } catch (error) {
      // Another publication took that version first.
      if (grpcCode(error) === ALREADY_EXISTS) return "conflict";
      throw error;
    }
  }
}
