import { Timestamp, type Transaction } from "firebase-admin/firestore";
import {
  parseAssignmentRule,
  alertChoiceOf,
  type AlertChoice,
  type AssignmentRule,
} from "../../../domain/team";
import { countViews, digestNotificationId, digestOwners, digestRowsOf, type ViewCounts } from "../team";
import type { StoredTeamFields } from "../enquiry-work";
import { chunks, collectionsOf, IN_QUERY_LIMIT, isoOf, type FirestoreContext } from "./connection";
import type { AnswersOf, ChangeOf } from "../step-port";
import type { TeamAdapter, TeamSteps } from "../team-port";
import { runStepsInTransaction, type HoldWrite } from "./step-transaction";
import { FirestoreInboxListing, teamFieldsOf } from "./inbox-listing";
import { queueNotification, storedEnquiryOf } from "./documents";
import { updateAccount } from "./staff";
import { ASSIGNMENT_DOC, UNASSIGNED, workStateOf } from "./work-record";
import type { ArrivalRow, DigestParts, DigestReads, DigestRow } from "../../lifecycle/digest";
import { INITIAL_STATUS, type EnquiryStatus } from "../../../domain/status";

/**
 * The team's work on Firestore: owner, follow-up, next step, touched and due times live in each
 * enquiry's `enquiryWork/{id}` document beside its status; the rule in `settings/assignment`;
 * each member's alert choice in their staff document; digests in the outbox (`notifications`).
 */
export class FirestoreTeamStore implements TeamAdapter {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return collectionsOf(this.context);
  }
  private get staff() {
    return this.context.db.collection("staff");
  }
  private get assignmentRef() {
    return this.context.db.collection(ASSIGNMENT_DOC[0]).doc(ASSIGNMENT_DOC[1]);
  }

  async assignmentRule(): Promise<AssignmentRule> {
    return this.context.run(async () => parseAssignmentRule((await this.assignmentRef.get()).get("rule")));
  }

  async alertChoices(): Promise<Map<string, AlertChoice>> {
    return this.context.run(async () => {
      const snapshot = await this.staff.get();
      return new Map(snapshot.docs.map((doc) => [String(doc.get("id")), alertChoiceOf(doc.get("alerts"))]));
    });
  }

  async setAlertChoice(staffId: string, choice: AlertChoice): Promise<boolean> {
    return updateAccount(this.context, staffId, { alerts: choice });
  }

  async fieldsOf(enquiryIds: readonly string[]): Promise<Map<string, StoredTeamFields>> {
    if (enquiryIds.length === 0) return new Map();
    return this.context.run(async () => {
      const docs = await this.context.db.getAll(...enquiryIds.map((id) => this.collections.work.doc(id)));
      const works = docs.filter((doc) => doc.exists).map((doc) => [doc.id, workStateOf(doc.data())] as const);
      return new Map(works.map(([id, work]) => [id, teamFieldsOf(work)]));
    });
  }

  async viewCounts(options: { staffId: string; now: Date; dayEnd: Date }): Promise<ViewCounts> {
    const listing = new FirestoreInboxListing(this.context);
    const counts = countViews(options, (counted) => listing.count(counted));
    return Object.fromEntries(
      await Promise.all(Object.entries(counts).map(async ([name, count]) => [name, await count])),
    ) as ViewCounts;
  }

  async digestParts(options: DigestReads): Promise<DigestParts> {
    const dayEnd = options.dayEnd.toISOString();
    const work = this.collections.work;
    return this.context.run(async () => {
      const rows = async (ownerId: string | null): Promise<DigestRow[]> => {
        const owned = work.where("ownerId", "==", ownerId ?? UNASSIGNED);
        const docs = (await owned.where("dueAt", "<", dayEnd).get()).docs;
        if (docs.length === 0) return [];
        const enquiries = await this.context.db.getAll(
          ...docs.map((doc) => this.collections.enquiries.doc(doc.id)),
        );
        return enquiries.flatMap((doc, index) =>
          doc.exists ? digestRowsOf(storedEnquiryOf(doc), workStateOf(docs[index]?.data())) : [],
        );
      };
      /** The enquiries received since the spam line's window began, with their status and screening. */
      const arrivals = async (): Promise<ArrivalRow[]> => {
        const since = options.arrivalsSince;
        const [works, enquiries] = await Promise.all([
          work.where("receivedAt", ">=", since.toISOString()).select("status").get(),
          this.collections.enquiries
            .where("receivedAt", ">=", Timestamp.fromDate(since))
            .select("receivedAt", "screening.spam")
            .get(),
        ]);
        const statuses = new Map(
          works.docs.map((doc) => [doc.id, doc.get("status") as EnquiryStatus | undefined]),
        );
        return enquiries.docs.map((doc) => ({
          receivedAt: isoOf(doc.get("receivedAt")),
          status: statuses.get(doc.id) ?? INITIAL_STATUS,
          filedOnArrival: doc.get("screening.spam") === true,
        }));
      };
      /** The mails refused for good since the last digest, with their kinds and owners. */
      const refused = async (): Promise<DigestParts["refused"]> => {
        const since = Timestamp.fromDate(options.refusedSince);
        // The (status, dueAt) index: an undeliverable notification's dueAt is when it was refused.
        const docs = (
          await this.collections.notifications
            .where("status", "==", "undeliverable")
            .where("dueAt", ">=", since)
            .get()
        ).docs.filter((doc) => typeof doc.get("enquiryId") === "string");
        if (docs.length === 0) return [];
        const ids = docs.map((doc) => String(doc.get("enquiryId")));
        const [enquiries, works] = await Promise.all([
          this.context.db.getAll(...ids.map((id) => this.collections.enquiries.doc(id))),
          this.context.db.getAll(...ids.map((id) => work.doc(id))),
        ]);
        return docs.flatMap((doc, index) => {
          const enquiry = enquiries[index];
          if (!enquiry?.exists) return [];
          return [
            {
              id: enquiry.id,
              Name: storedEnquiryOf(enquiry).enquiry.Name,
              refusedAt: (doc.get("dueAt") as Timestamp).toDate().toISOString(),
              kind: String(doc.get("kind")),
              ownerId: workStateOf(works[index]?.data()).ownerId,
            },
          ];
        });
      };
      const [due, counts, arrived, refusedMails] = await Promise.all([
        Promise.all(digestOwners(options).map(rows)),
        this.viewCounts(options),
        arrivals(),
        refused(),
      ]);
      return {
        due: due.flat(),
        team: { overdue: counts.overdue, dueToday: counts.dueToday },
        arrivals: arrived,
        refused: refusedMails,
      };
    });
  }

  async run<R>(change: () => ChangeOf<TeamSteps, R>): Promise<R> {
    return runStepsInTransaction(this.context, change, (transaction, hold) =>
      this.answers(transaction, hold),
    );
  }

  private answers(transaction: Transaction, hold: HoldWrite): AnswersOf<TeamSteps, true> {
    return {
      readStaffIds: async ({ ids }) => {
        const found: string[] = [];
        for (const part of chunks(ids, IN_QUERY_LIMIT)) {
          const snapshot = await transaction.get(this.staff.where("id", "in", part));
          found.push(...snapshot.docs.map((doc) => String(doc.get("id"))));
        }
        return found;
      },
      writeAssignmentRule: async ({ rule, turn }) => {
        // A new generation of turn markers with the turns counted again: old markers never collide.
        const current = await transaction.get(this.assignmentRef);
        const generation = Number(current.get("generation") ?? 0) + 1;
        hold(() => transaction.set(this.assignmentRef, { rule, generation, turn }));
      },
      writeDigest: async ({ day, digest, at }) => {
        const ref = this.collections.notifications.doc(digestNotificationId(digest.staffId, day));
        if ((await transaction.get(ref)).exists) return false;
        hold(() =>
          queueNotification(this.context, transaction, {
            id: ref.id,
            kind: "digest",
            at: new Date(at),
            staffId: digest.staffId,
            payload: JSON.stringify(digest.content),
            // Which enquiries it names (by first name): erasing one erases the digest too.
            enquiryIds: digest.enquiryIds,
          }),
        );
        return true;
      },
    };
  }
}
