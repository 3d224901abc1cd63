import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { EnquiryStatus } from "../../domain/status";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { firestoreSandbox } from "../../tests/support/store-sandboxes";
import { recordingLogStream } from "../../tests/support/recording-logger";
import { buildTestApp } from "../../tests/support/test-app";
import { waitingOnUs } from "../lifecycle/inbox-listing";
import type { DerivedFlagsPort } from "../store/derived-flags";
import { FirestoreConnection } from "../store/firestore/connection";
import { DERIVED_FLAGS_MARKER, FirestoreDerivedFlagsPort } from "../store/firestore/derived-flags";
import type { Store } from "../store/store";
import { fillDerivedFlags } from "./derived-flags";

/**
 * Work records on Firestore that a build from before 29 November 2026 wrote hold no `waitingOnUs`,
 * so the Waiting on us view's query and count passed them over. The backfill gives them the flag
 * the plans give their state, once per database, run by each instance at its start.
 */
const sandbox = firestoreSandbox("derived-flags");
beforeAll(() => sandbox.setUp());
afterAll(() => sandbox.tearDown());

const staffEmail = "meera@collarise.example";
const FINISHED = "the work records stored before them have their derived flags";

/** A project with a store and a second connection to it: the backfill's port, and raw documents. */
async function aDatabase() {
  const { store, projectId } = await sandbox.openStore();
  const connection = new FirestoreConnection({ projectId, enquiryCollection: ENQUIRY_COLLECTION });
  const work = connection.db.collection("enquiryWork");
  return {
    store,
    projectId,
    port: new FirestoreDerivedFlagsPort(connection),
    /** Another instance's port on the same database. */
    secondPort: () => {
      const other = new FirestoreConnection({ projectId, enquiryCollection: ENQUIRY_COLLECTION });
      opened.push(other);
      return new FirestoreDerivedFlagsPort(other);
    },
    /** Makes these records as a build from before the flags left them: without their fields. */
    async writtenByAnOlderBuild(ids: readonly string[]) {
      for (const doc of await connection.db.getAll(...ids.map((id) => work.doc(id)))) {
        const { waitingOnUs: _absent, teamWork: _absentToo, ...older } = doc.data() ?? {};
        // Written again whole: the emulator keeps a field that a set or a delete transform leaves out.
        await doc.ref.delete();
        await doc.ref.create(older);
      }
    },
    /** Sets these records' flag to waiting behind the store's back, whatever their state. */
    async flaggedAsWaiting(ids: readonly string[]) {
      await Promise.all(ids.map((id) => work.doc(id).update({ waitingOnUs: true })));
    },
    /** The stored flag of each record (undefined: the field is absent). */
    async storedFlags(ids: readonly string[]) {
      const docs = await connection.db.getAll(...ids.map((id) => work.doc(id)));
      return docs.map((doc) => doc.get("waitingOnUs") as boolean | undefined);
    },
    /** The stored team's work flag of each record (undefined: the field is absent). */
    async storedTeamWork(ids: readonly string[]) {
      const docs = await connection.db.getAll(...ids.map((id) => work.doc(id)));
      return docs.map((doc) => doc.get("teamWork") as boolean | undefined);
    },
    async storedRecords() {
      return (await work.get()).docs.map((doc) => ({
        status: doc.get("status") as EnquiryStatus,
        touched: typeof doc.get("touchedAt") === "string",
        answeredAt: (doc.get("answeredAt") as string | null | undefined) ?? null,
        waitingOnUs: doc.get("waitingOnUs") as boolean | undefined,
      }));
    },
    async marker() {
      return (
        await connection.db.collection(DERIVED_FLAGS_MARKER[0]).doc(DERIVED_FLAGS_MARKER[1]).get()
      ).data();
    },
    async close() {
      await store.close();
      await connection.close();
    },
  };
}
const opened: FirestoreConnection[] = [];
afterAll(() => Promise.all(opened.map((connection) => connection.close())));

/** Enquiries in each state a flag tells apart: never contacted, contacted, contacted then answered. */
async function enquiriesOfEachState(store: Store) {
  const at = new Date();
  const untouched = (await store.enquiries.add(anEnquiry())).id;
  const contacted = (await store.enquiries.add(anEnquiry())).id;
  const answered = (await store.enquiries.add(anEnquiry())).id;
  for (const id of [contacted, answered])
    await store.work.recordContact(id, { channel: "call", staffEmail, at });
  await store.work.addAnswers([
    {
      enquiryId: answered,
      messageId: `<answer-${answered}@mail.example>`,
      inReplyTo: null,
      references: [],
      from: "buyer@mail.example",
      subject: "Re: Your enquiry",
      text: "Yes please, send 30.",
      at,
      attachments: 0,
      truncated: false,
      quoteTrimmed: false,
      verified: true,
    },
  ]);
  return { untouched, contacted, answered, all: [untouched, contacted, answered] };
}

async function waitingView(store: Store) {
  const { items } = await store.enquiryWork.list({ waiting: true, limit: 50 });
  return {
    ids: items.map((item) => item.id).sort(),
    count: await store.enquiryWork.count({ waiting: true }),
  };
}

/** A port that calls `between` once its first page is read, before anything is written. */
function afterFirstPage(
  port: DerivedFlagsPort,
  between: () => Promise<void> | void,
): DerivedFlagsPort & { pagesAfter: (string | null)[] } {
  const pagesAfter: (string | null)[] = [];
  return {
    pagesAfter,
    run: (change) => port.run(change),
    async readPage(args) {
      const page = await port.readPage(args);
      pagesAfter.push(args.after);
      if (pagesAfter.length === 1) await between();
      return page;
    },
  };
}

describe("work records an older build wrote, on Firestore", () => {
  test("are in the Waiting on us view and its count once the backfill gave them their flags", async () => {
    const db = await aDatabase();
    try {
      const { untouched, contacted, answered, all } = await enquiriesOfEachState(db.store);
      await db.writtenByAnOlderBuild(all);
      // What the console showed: the count asks for the field, which they lack.
      expect((await waitingView(db.store)).count).toBe(0);

      const lines: { fields: Record<string, unknown>; message: string }[] = [];
      const outcome = await db.store.derivedFlags.fill({
        log: { info: (fields, message) => lines.push({ fields, message }) },
      });

      expect(outcome).toEqual({ ran: true, read: 3, written: 3, resumed: false, done: true });
      expect(await waitingView(db.store)).toEqual({ ids: [untouched, answered].sort(), count: 2 });
      expect(await db.storedFlags([untouched, contacted, answered])).toEqual([true, false, true]);
      expect(await db.storedTeamWork([untouched, contacted, answered])).toEqual([true, true, true]);
      expect(await db.marker()).toMatchObject({ flags: ["teamWork", "waitingOnUs"], done: true, written: 3 });
      // Counts only: nothing of an enquiry in the log.
      expect(lines.map((line) => line.fields)).toEqual([
        { flags: ["teamWork", "waitingOnUs"], resumed: false },
        { flags: ["teamWork", "waitingOnUs"], read: 3, written: 3, done: true },
      ]);
    } finally {
      await db.close();
    }
  });

  test("an older build's spam is given the team's work flag as off and stays out of the team's views", async () => {
    const db = await aDatabase();
    try {
      const work = (await db.store.enquiries.add(anEnquiry())).id;
      const spam = (await db.store.enquiries.add(anEnquiry())).id;
      await db.store.work.changeStatus(spam, { to: "Spam", expectedVersion: 0, staffEmail, at: new Date() });
      await db.writtenByAnOlderBuild([work, spam]);
      expect(await db.storedTeamWork([work, spam])).toEqual([undefined, undefined]);

      await db.store.derivedFlags.fill({ log: { info: () => {} } });

      expect(await db.storedTeamWork([work, spam])).toEqual([true, false]);
      const { items } = await db.store.enquiryWork.list({ limit: 50 });
      expect(items.map((item) => item.id)).toEqual([work]);
      expect((await db.store.enquiryWork.get(spam))?.status).toBe("Spam");
    } finally {
      await db.close();
    }
  });

  test("a server started on the database gives them their flags once it listens, and logs counts alone", async () => {
    const db = await aDatabase();
    const log = recordingLogStream();
    const server = await buildTestApp(
      { DATABASE_URL: `firestore://${db.projectId}` },
      { logger: { level: "info", stream: log.stream } },
    );
    try {
      const { untouched, answered, all } = await enquiriesOfEachState(db.store);
      await db.writtenByAnOlderBuild(all);
      const finished = () => log.lines().find((line) => line.msg === FINISHED);
      expect(finished()).toBeUndefined();

      await server.app.listen({ host: "127.0.0.1", port: 0 });
      await expect.poll(finished, { timeout: 10_000 }).toBeDefined();

      expect(finished()).toMatchObject({
        level: 30,
        flags: ["teamWork", "waitingOnUs"],
        read: 3,
        written: 3,
        done: true,
      });
      expect(await waitingView(db.store)).toEqual({ ids: [untouched, answered].sort(), count: 2 });
      const names = await Promise.all(
        all.map(async (id) => (await db.store.enquiryWork.get(id))?.enquiry.Name),
      );
      for (const name of names) expect(log.text()).not.toContain(String(name));
    } finally {
      await server.close();
      await db.close();
    }
  });

  test("a flag an older build left behind when it changed the record is put right", async () => {
    const db = await aDatabase();
    try {
      const contacted = (await db.store.enquiries.add(anEnquiry())).id;
      await db.store.work.recordContact(contacted, { channel: "call", staffEmail, at: new Date() });
      // Given the flag by a run, then contacted by an instance of the older build, which kept it.
      await db.flaggedAsWaiting([contacted]);
      expect((await waitingView(db.store)).count).toBe(1);

      expect(await db.store.derivedFlags.fill()).toMatchObject({ ran: true, written: 1, done: true });
      expect(await db.storedFlags([contacted])).toEqual([false]);
      expect(await waitingView(db.store)).toEqual({ ids: [], count: 0 });
    } finally {
      await db.close();
    }
  });

  test("a second run finds the marker and reads nothing", async () => {
    const db = await aDatabase();
    try {
      const { all } = await enquiriesOfEachState(db.store);
      await db.writtenByAnOlderBuild(all);
      await db.store.derivedFlags.fill();
      // Taken away again behind its back: a run that read the records would give it back.
      await db.writtenByAnOlderBuild(all.slice(0, 1));

      expect(await db.store.derivedFlags.fill()).toEqual({ ran: false });
      expect(await db.storedFlags(all.slice(0, 1))).toEqual([undefined]);
    } finally {
      await db.close();
    }
  });

  test("a record changed between the backfill's read and its write keeps the change, with the flag of its new state", async () => {
    const db = await aDatabase();
    try {
      const untouched = (await db.store.enquiries.add(anEnquiry())).id;
      await db.writtenByAnOlderBuild([untouched]);
      // Read as never contacted (waiting); a member calls the buyer before the flag is written.
      const port = afterFirstPage(db.port, async () => {
        await db.store.work.recordContact(untouched, { channel: "call", staffEmail, at: new Date() });
      });

      await fillDerivedFlags(port);

      const record = await db.store.enquiryWork.get(untouched);
      expect(record?.status).toBe("Contacted");
      expect(await db.storedFlags([untouched])).toEqual([false]);
      expect(await waitingView(db.store)).toEqual({ ids: [], count: 0 });
    } finally {
      await db.close();
    }
  });

  test("two instances running it at once leave every record with its flag and the end recorded", async () => {
    const db = await aDatabase();
    try {
      const states = await Promise.all([1, 2].map(() => enquiriesOfEachState(db.store)));
      const all = states.flatMap((state) => state.all);
      await db.writtenByAnOlderBuild(all);

      const outcomes = await Promise.all([
        fillDerivedFlags(db.port, { batch: 2 }),
        fillDerivedFlags(db.secondPort(), { batch: 2 }),
      ]);

      expect(outcomes.map((outcome) => outcome.ran && outcome.done)).toEqual([true, true]);
      const records = await db.storedRecords();
      expect(records).toHaveLength(6);
      // Each flag is the rule applied to the record as stored.
      for (const { waitingOnUs: stored, ...facts } of records) expect(stored).toBe(waitingOnUs(facts));
      expect((await waitingView(db.store)).count).toBe(4);
      expect(await db.marker()).toMatchObject({ flags: ["teamWork", "waitingOnUs"], done: true });
      expect(await db.store.derivedFlags.fill()).toEqual({ ran: false });
    } finally {
      await db.close();
    }
  });

  test("a run stopped half way goes on from its cursor at the next start", async () => {
    const db = await aDatabase();
    try {
      const { all } = await enquiriesOfEachState(db.store);
      await db.writtenByAnOlderBuild(all);
      const stop = new AbortController();

      const first = await fillDerivedFlags(
        afterFirstPage(db.port, () => stop.abort()),
        {
          batch: 2,
          signal: stop.signal,
        },
      );
      expect(first).toEqual({ ran: true, read: 2, written: 2, resumed: false, done: false });
      const stopped = await db.marker();
      expect(stopped).toMatchObject({ done: false, written: 2 });
      expect((await db.storedFlags(all)).filter((flag) => flag === undefined)).toHaveLength(1);

      const resumed = afterFirstPage(db.port, () => undefined);
      const second = await fillDerivedFlags(resumed, { batch: 2 });
      expect(second).toEqual({ ran: true, read: 1, written: 1, resumed: true, done: true });
      expect(resumed.pagesAfter).toEqual([stopped?.cursor]);
      expect(await db.marker()).toMatchObject({ done: true, written: 3 });
      expect((await waitingView(db.store)).count).toBe(2);
    } finally {
      await db.close();
    }
  });
});
