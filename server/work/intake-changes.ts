import { keptFields, type Enquiry } from "../../domain/enquiry";
import type { SpamScreening } from "../../domain/spam";
import type { WorkingHours } from "../../domain/working-hours";
import {
  acknowledgementQueued,
  countsMailboxCap,
  intakeTakesTurn,
  planIntake,
  untouchedWork,
} from "../lifecycle/plan";
import { enquiryMailsSuppressed } from "../spam/screening";
import { eventTime } from "../store/event-clock";
import { enquiryFingerprint, IdempotencyKeyReusedError } from "../store/idempotency";
import type {
  AddEnquiryOptions,
  CountedChecks,
  FiledEnquiry,
  IntakeChanges,
  StoredEnquiry,
} from "../store/store";
import {
  step,
  WriteConflictError,
  type Actor,
  type Change,
  type WorkPort,
  type WorkSteps,
} from "../store/work-port";
import type { WorkingHoursSource } from "./index";

/**
 * At most this many enquiries are written together (WorkPort.runEach): under a flood, the group
 * after a full one takes the rest, so one transaction (and the event loop it holds) stays short.
 */
export const GROUP_COMMIT_LIMIT = 64;

/** How often an intake is tried when another change took its turn, or its key, at the same moment. */
const INTAKE_ATTEMPTS = 25;

/** How long a use of an idempotency key is remembered for counting: a day, as long as a retry. */
const KEY_COUNTED_MS = 24 * 60 * 60_000;

/** One enquiry from the form as it arrived, with what its counted checks settled once counted. */
export interface Intake {
  enquiry: Enquiry;
  options: AddEnquiryOptions;
  /** When it arrived: its time received, and the counters' day. */
  received: Date;
  /** The company's working hours in force as it arrived: the first-contact target's. */
  hours: WorkingHours;
  /**
   * What its checks counted, kept from the first try when the store keeps it whatever becomes of
   * the try (`countsKept`): counters added outside the transaction (Firestore's) are counted once,
   * however often its write is tried. Counters in the transaction (SQLite's) go with a try undone,
   * so each try counts again.
   */
  counted?: { counts: number[] | null };
  /** The counted checks' outcome, kept across the tries of one intake with its counts. */
  settled?: { screening: SpamScreening | undefined; acknowledge: boolean };
}

/** The counters an intake's checks add, once per idempotency key: a repeat of the key counts nothing. */
function countedOnce(checks: CountedChecks, intake: Intake): WorkSteps["addCounters"]["args"] {
  const key = intake.options.idempotencyKey;
  return {
    counters: checks.counters,
    ...(key
      ? {
          onceFor: {
            name: `enquiry-key:${key}`,
            expiresAt: new Date(intake.received.getTime() + KEY_COUNTED_MS),
          },
        }
      : {}),
  };
}

/**
 * The counted checks scored (a repeat seen only by its key's counter, `counts` null, is scored on
 * nothing counted). The visitor's mailbox cap is counted only for an acknowledgement that would go,
 * and refuses it when the checks were not counted.
 */
function* settleChecks(
  checks: CountedChecks,
  counts: number[] | null,
  intake: Intake,
): Change<{ screening: SpamScreening; acknowledge: boolean }> {
  const screening = checks.score(counts ?? checks.counters.map(() => 0));
  const spam = enquiryMailsSuppressed(screening);
  const asked = intake.options.acknowledge ?? false;
  const cap = checks.acknowledgement;
  let capAllowed: boolean | undefined;
  if (cap && countsMailboxCap({ asked, spam })) {
    const capCounts = counts ? yield* step("addCounters", { counters: cap.counters }) : null;
    capAllowed = capCounts !== null && cap.allowed(capCounts);
  }
  return { screening, acknowledge: acknowledgementQueued({ asked, spam, capAllowed }) };
}

/**
 * One enquiry from the order form: its retry's key, the team and the rule's turn read in one
 * step, its checks counted beside them (once per idempotency key, and once however often its
 * write is tried); a repeat of the key answers the first one stored (or the key's refusal) and
 * counts nothing; else the checks are scored (the spam verdict taken here, once), planIntake
 * asked, and what it answers written: the enquiry with its screening, source and consent, its
 * work record, alerts, pushes and event, its mails, and its key.
 */
function* fileEnquiry(intake: Intake): Change<FiledEnquiry | IdempotencyKeyReusedError> {
  const { enquiry, options } = intake;
  const key = options.idempotencyKey;
  const fingerprint = key ? enquiryFingerprint(enquiry) : "";
  const language = options.language ?? "en";
  // Counted on the first try only: a try again after a conflict keeps what the first counted.
  const checks = intake.counted ? undefined : options.checks;
  const read = yield* step("readIntake", {
    ...(key ? { key } : {}),
    ...(checks ? { count: countedOnce(checks, intake) } : {}),
  });
  const counted = checks ? { counts: read.counts } : intake.counted;
  if (checks && read.countsKept) intake.counted = counted;
  const first = read.keyHolder;
  if (first && first.fingerprint !== fingerprint) return new IdempotencyKeyReusedError();
  // The same fingerprint: the same five fields as checked.
  if (first) {
    const stored = { id: first.enquiryId, receivedAt: first.receivedAt, language, enquiry };
    return { stored, filed: "repeat" };
  }
  // Settled again with each try that counted again: its mailbox cap is counted with it.
  const settled =
    intake.settled ??
    (options.checks
      ? yield* settleChecks(options.checks, counted?.counts ?? null, intake)
      : { screening: options.screening, acknowledge: options.acknowledge ?? false });
  if (read.countsKept) intake.settled = settled;
  const { team } = read;
  const { screening, acknowledge } = settled;
  // Suspected spam: no owner, no alert, no webhook; Not spam files it as New and does all three.
  const spam = enquiryMailsSuppressed(screening);
  const receivedAt = intake.received.toISOString();
  const id = yield* step("newEnquiryId", {});
  const takesTurn = intakeTakesTurn(team.rule, spam);
  const plan = planIntake({
    receivedAt,
    buyer: enquiry.RetailerSelfUse,
    spam,
    rule: team.rule,
    turn: takesTurn ? team.turn : 0,
    members: team.members,
    hours: intake.hours,
    acknowledge,
    whatsappConsent: { asked: options.whatsappConsent ?? false, language },
  });
  const stored: StoredEnquiry = {
    id,
    receivedAt,
    language,
    enquiry: keptFields(enquiry),
    ...(options.source ? { source: options.source } : {}),
    ...(screening ? { screening } : {}),
    ...(plan.whatsappConsent ? { whatsappConsent: plan.whatsappConsent } : {}),
  };
  const actor: Actor = {
    staffEmail: "",
    at: receivedAt,
    ...(options.requestId ? { requestId: options.requestId } : {}),
  };
  if (takesTurn) yield* step("takeTurn", { enquiryId: id, turn: team.turn });
  // Before the plan's work record, which copies the source's label from what is kept beside it.
  yield* step("writeNewEnquiry", { stored });
  if (plan.companyMail) yield* step("queueEnquiryMail", { stored, kind: "company", actor });
  if (plan.acknowledgement) yield* step("queueEnquiryMail", { stored, kind: "acknowledgement", actor });
  yield* step("writePlan", { read: { stored, work: untouchedWork(), recorded: false }, plan, actor });
  if (key) yield* step("writeIdempotencyKey", { key, holder: { enquiryId: id, fingerprint, receivedAt } });
  return { stored, filed: spam ? "spam" : "inbox" };
}

/** What an intake's write answers: the enquiry filed, or the refusal of a key reused for another. */
export type IntakeOutcome = PromiseSettledResult<FiledEnquiry | IdempotencyKeyReusedError>;

/**
 * Writes a group of intakes, answering each one's outcome in their order; rejects as a whole when
 * the transaction itself failed (the disk full, the file unusable) and nothing was written.
 */
export type IntakeWriter = (group: readonly Intake[]) => Promise<IntakeOutcome[]>;

/** The group written through the store's port, as `runEach` writes it (one transaction on SQLite). */
export function writeIntakes(port: WorkPort): IntakeWriter {
  return (group) =>
    port.runEach(
      group.map((intake) => () => fileEnquiry(intake)),
      { events: ["enquiry.received"] },
    );
}

/** An intake waiting for its group, with its caller. */
interface Waiting extends Intake {
  resolve: (filed: FiledEnquiry) => void;
  reject: (error: unknown) => void;
}

/**
 * Enquiries that arrive in the same turn of the event loop (up to GROUP_COMMIT_LIMIT) are handed
 * to the store together (WorkPort.runEach), which may write them in one transaction and so one
 * flush to disk (SQLite's group commit); each caller hears back only once its enquiry is on disk.
 * A lone enquiry waits for no one: its group is handed on at the end of the turn it arrived in.
 * One whose turn or key another change took first is tried again alone, read afresh.
 */
class IntakeGroups {
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly port: WorkPort,
    private readonly write: IntakeWriter,
  ) {}

  add(intake: Waiting): void {
    this.waiting.push(intake);
    if (this.waiting.length === 1) setImmediate(() => void this.handOn());
  }

  private async handOn(): Promise<void> {
    const group = this.waiting.splice(0, GROUP_COMMIT_LIMIT);
    if (this.waiting.length > 0) setImmediate(() => void this.handOn());
    let outcomes: IntakeOutcome[];
    try {
      // The same objects: what a try keeps for the next (`counted`, `settled`) stays with the intake.
      outcomes = await this.write(group);
    } catch (error) {
      // The transaction itself failed (the disk full, the file unusable): nothing of the group
      // was written, and every caller hears so.
      for (const intake of group) intake.reject(error);
      return;
    }
    await Promise.all(
      group.map(async (intake, i) => {
        const outcome = outcomes[i];
        if (!outcome) intake.reject(new Error("No outcome for an enquiry handed on"));
        else if (outcome.status === "rejected" && outcome.reason instanceof WriteConflictError) {
          await this.tryAgain(intake);
        } else if (outcome.status === "rejected") intake.reject(outcome.reason);
        else settle(intake, outcome.value);
      }),
    );
  }

  /**
   * An intake another change's turn or key refused, tried again alone until it is written. Each try
   * waits a random while that grows with the tries, as the Firestore SDK's own retries do, so that
   * many intakes refused together (a burst on two instances takes one turn at a time) do not all
   * come back in the same instant and refuse each other again.
   */
  private async tryAgain(intake: Waiting): Promise<void> {
    for (let attempt = 2; ; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * retryWaitCapMs(attempt)));
      try {
        settle(intake, await this.port.run(() => fileEnquiry(intake), { events: ["enquiry.received"] }));
        return;
      } catch (error) {
        if (!(error instanceof WriteConflictError) || attempt >= INTAKE_ATTEMPTS) {
          intake.reject(error);
          return;
        }
      }
    }
  }
}

/** The longest wait before a try: 4 ms before the second, doubling to at most 250 ms. */
function retryWaitCapMs(attempt: number): number {
  return Math.min(250, 2 ** attempt);
}

function settle(intake: Waiting, outcome: FiledEnquiry | IdempotencyKeyReusedError): void {
  if (outcome instanceof IdempotencyKeyReusedError) intake.reject(outcome);
  else intake.resolve(outcome);
}

/** The form's intake, one change above the stores (docs/decisions/029). */
export class IntakeWork implements IntakeChanges {
  private readonly groups: IntakeGroups;

  /** `write` writes each group (writeIntakes over `port` unless another is given: a thread of its own). */
  constructor(
    port: WorkPort,
    private readonly hours: WorkingHoursSource,
    write: IntakeWriter = writeIntakes(port),
  ) {
    this.groups = new IntakeGroups(port, write);
  }

  async fileEnquiry(enquiry: Enquiry, options: AddEnquiryOptions = {}): Promise<FiledEnquiry> {
    // Read before the enquiry takes its time, so enquiries are queued in the order of their times.
    const hours = await this.hours();
    const received = eventTime();
    return new Promise((resolve, reject) => {
      this.groups.add({ enquiry, options, received, hours, resolve, reject });
    });
  }
}
