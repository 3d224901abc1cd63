import { Timestamp, type DocumentSnapshot } from "firebase-admin/firestore";
import type { VitalSample, VitalSummary, VitalsStore } from "../store";
import { summarizeSamples } from "../vitals-summary";
import { chunks, type FirestoreConnection } from "./connection";

/** A measurement as its document in `vitals` holds it (beside when it was received). */
export function vitalOf(doc: DocumentSnapshot): VitalSample {
  return {
    page: String(doc.get("page")) as VitalSample["page"],
    metric: doc.get("metric") as VitalSample["metric"],
    value: Number(doc.get("value")),
  };
}

/** Page-speed measurements in `vitals` on Firestore; percentiles computed here, as Firestore has none. */
export class FirestoreVitalsStore implements VitalsStore {
  constructor(private readonly connection: FirestoreConnection) {}

  private collection() {
    return this.connection.db.collection("vitals");
  }

  async add(samples: readonly VitalSample[], received = new Date()): Promise<void> {
    if (samples.length === 0) return;
    const receivedAt = Timestamp.fromDate(received);
    await this.connection.run(async () => {
      // A batch holds at most 500 writes.
      for (const part of chunks(samples, 500)) {
        const batch = this.connection.db.batch();
        for (const { page, metric, value } of part) {
          batch.create(this.collection().doc(), { page, metric, value, receivedAt });
        }
        await batch.commit();
      }
    });
  }

  async summarize(): Promise<VitalSummary[]> {
    // Firestore has no percentile aggregation: the samples are read and ranked here.
    return this.connection.run(async () => {
      const snapshot = await this.collection().select("page", "metric", "value").get();
      return summarizeSamples(snapshot.docs.map(vitalOf));
    });
  }
}
