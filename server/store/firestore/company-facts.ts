import type { DocumentSnapshot } from "firebase-admin/firestore";
import { factsFromStored } from "../../../domain/company-facts";
import type { CompanyFactsAdapter, CompanyFactsSteps, PublishedFacts } from "../../company/facts-store";
import type { ChangeOf } from "../step-port";
import type { FirestoreContext } from "./connection";
import { runStepsInTransaction } from "./step-transaction";

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
 * publication's steps (server/work/company-facts-changes.ts) are answered in one transaction that
 * reads the latest version and creates the next one's document: the transaction alone is enough on
 * Firestore, and the document's id (its version) makes the second of two publications on one base
 * fail where transactions are not isolated (the emulator), as WriteConflictError.
 */
export class FirestoreCompanyFactsStore implements CompanyFactsAdapter {
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

  run<R>(change: () => ChangeOf<CompanyFactsSteps, R>): Promise<R> {
    return runStepsInTransaction(this.context, change, (transaction, hold) => ({
      readLatestVersion: async () => {
        const latest = (await transaction.get(this.latest)).docs[0];
        return latest ? Number(latest.get("version")) : null;
      },
      createVersion: ({ published }) => {
        const { version, facts, publishedAt, publishedBy, restoredFrom } = published;
        hold(() =>
          transaction.create(this.collection.doc(String(version)), {
            version,
            facts: JSON.stringify(facts),
            publishedAt: publishedAt.toISOString(),
            publishedBy,
            restoredFrom,
          }),
        );
      },
    }));
  }
}
