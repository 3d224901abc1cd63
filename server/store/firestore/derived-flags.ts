import type { DocumentSnapshot } from "firebase-admin/firestore";
import type { DerivedFlag } from "../../lifecycle/plan";
import type {
  DerivedFlagsMarker,
  DerivedFlagsPort,
  DerivedFlagsRecord,
  DerivedFlagsSteps,
} from "../derived-flags";
import type { ChangeOf } from "../step-port";
import { collectionsOf, type FirestoreContext } from "./connection";
import { runStepsInTransaction } from "./step-transaction";
import { workFields, workStateOf } from "./work-record";

/** Where the backfill of the derived flags stands: `settings/derivedFlags`. */
export const DERIVED_FLAGS_MARKER = ["settings", "derivedFlags"] as const;

/**
 * The backfill's steps on Firestore (server/work/derived-flags.ts decides). The work records are
 * `enquiryWork/{id}`, whose codec (work-record.ts) keeps each derived flag under the work state's
 * own name: a document written by a build from before a flag has no such field.
 */
export class FirestoreDerivedFlagsPort implements DerivedFlagsPort {
  constructor(private readonly context: FirestoreContext) {}

  private get marker() {
    return this.context.db.collection(DERIVED_FLAGS_MARKER[0]).doc(DERIVED_FLAGS_MARKER[1]);
  }

  async readPage({
    after,
    limit,
    flags,
  }: {
    after: string | null;
    limit: number;
    flags: readonly DerivedFlag[];
  }): Promise<{ records: DerivedFlagsRecord[]; last: string | null }> {
    // In the order of `sortKey` (received time, then id), which every work record holds and the
    // inbox orders by; a page goes on after a value, not a snapshot, so any instance can resume it.
    let query = collectionsOf(this.context).work.orderBy("sortKey").limit(limit);
    if (after !== null) query = query.where("sortKey", ">", after);
    const page = await this.context.run(() => query.get());
    const last = page.docs.at(-1)?.get("sortKey") as unknown;
    return {
      records: page.docs.map((doc) => recordOf(doc, flags)),
      last: typeof last === "string" ? last : null,
    };
  }

  run<R>(change: () => ChangeOf<DerivedFlagsSteps, R>): Promise<R> {
    const { work } = collectionsOf(this.context);
    return runStepsInTransaction(this.context, change, (transaction, hold) => ({
      readMarker: async () => {
        const snapshot = await transaction.get(this.marker);
        return snapshot.exists ? markerOf(snapshot) : null;
      },
      writeMarker: ({ marker }) => hold(() => transaction.set(this.marker, marker)),
      readRecords: async ({ ids, flags }) =>
        (await transaction.getAll(...ids.map((id) => work.doc(id))))
          .filter((doc) => doc.exists)
          .map((doc) => recordOf(doc, flags)),
      writeFlags: ({ records, flags }) =>
        hold(() => {
          for (const { id, work: state } of records) {
            const fields = workFields(state);
            transaction.update(work.doc(id), Object.fromEntries(flags.map((flag) => [flag, fields[flag]])));
          }
        }),
    }));
  }
}

function recordOf(doc: DocumentSnapshot, flags: readonly DerivedFlag[]): DerivedFlagsRecord {
  return {
    id: doc.id,
    work: workStateOf(doc.data()),
    lacking: flags.filter((flag) => doc.get(flag) === undefined),
  };
}

function markerOf(doc: DocumentSnapshot): DerivedFlagsMarker {
  const flags: unknown = doc.get("flags");
  const cursor: unknown = doc.get("cursor");
  const finishedAt: unknown = doc.get("finishedAt");
  return {
    flags: Array.isArray(flags) ? flags.map(String) : [],
    cursor: typeof cursor === "string" ? cursor : null,
    done: doc.get("done") === true,
    written: Number(doc.get("written") ?? 0),
    finishedAt: typeof finishedAt === "string" ? finishedAt : null,
  };
}
