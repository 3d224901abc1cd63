import fc from "fast-check";
import { API_PATHS } from "../../domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSubscriberEmail } from "../../domain/subscriber";
import { holdsControlCharacters } from "../../server/routes/clean-text";
import { honeypotFilled } from "../../server/routes/api-shared";
import { buildTestApp, type TestApp } from "../support/test-app";
import { storedAddresses } from "../support/store-probe";
import {
  announceSeed,
  bodyOf,
  extraEntries,
  fieldValue,
  type FuzzBody,
  fuzzSeed,
  honeypotEntry,
  isFormContentType,
  isJsonContentType,
  membersOf,
  parseJson,
  readBody,
  expectEveryAnswer,
  expectPageExactlyForFormPosts,
  newAnswers,
  sendBody,
} from "./support/fuzz";

const RUNS = 2_500;
const BODY_LIMIT = 16 * 1024;
const ALLOWED = [202, 400, 413, 415];

// A small pool in several spellings, so that repeated addresses come up often.
const knownAddresses = ["asha@example.in", "ravi.k@example.com", "news@collarise.example", "a+b@x.co"];
const validEmail = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...knownAddresses) },
  { weight: 2, arbitrary: fc.constantFrom(...knownAddresses).map((a) => ` ${a.toUpperCase()} `) },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9._%+-]{1,12}@[A-Za-z0-9-]{1,8}\.[A-Za-z]{2,4}$/) },
  { weight: 1, arbitrary: fc.emailAddress() },
);

const subscriberBody: fc.Arbitrary<FuzzBody> = bodyOf(
  membersOf([["email", fieldValue(validEmail, 8)]], [honeypotEntry, extraEntries]),
);

let t: TestApp;
const answers = newAnswers();
/** Accepted bodies whose address this test could not read itself. */
const tally = { unread: 0 };
const known = new Set<string>();

beforeAll(async () => {
  announceSeed("fuzz-subscribers");
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" });
});
afterAll(async () => {
  await t?.close();
});

/** The newsletter rule applied to a parsed body's `email`. */
function emailIn(value: unknown) {
  return checkSubscriberEmail(
    typeof value === "object" && value !== null && Object.hasOwn(value, "email")
      ? (value as { email: unknown }).email
      : undefined,
  );
}

/** The answer the newsletter rule predicts, when this body reaches it; else undefined. */
function predicted(body: FuzzBody): { status: number; email?: string } | undefined {
  if (!isJsonContentType(body.contentType) && !isFormContentType(body.contentType)) return undefined;
  if (Buffer.byteLength(body.text) > BODY_LIMIT) return { status: 413 };
  const read = readBody(body);
  if (read === undefined) return undefined;
  if (!read.ok) return { status: 400 };
  // The text rule comes first: a control character in any field, known or not, is refused.
  if (holdsControlCharacters(read.value)) return { status: 400 };
  if (honeypotFilled(read.value)) return { status: 202 };
  const check = emailIn(read.value);
  if (!check.ok) return { status: 400 };
  // The same answer for a new address and a known one.
  return { status: 202, email: check.email };
}

describe(`POST /api/subscribers with ${RUNS} generated bodies`, () => {
  it("never fails on the server's side, answers as the newsletter rule says, and stores each accepted address once", async () => {
    await fc.assert(
      fc.asyncProperty(subscriberBody, async (body) => {
        const expected = predicted(body);
        const response = await sendBody(t.app, API_PATHS.subscribers, body, answers, ALLOWED);
        const html = expectPageExactlyForFormPosts(response, body);
        if (!html) {
          const answer = response.json<{ message?: string; error?: string }>();
          if (response.statusCode >= 400) expect(typeof answer.error).toBe("string");
          else expect(typeof answer.message).toBe("string");
        }

        if (expected) expect(response.statusCode, body.text.slice(0, 200)).toBe(expected.status);
        if (response.statusCode === 202) {
          const read = readBody(body) ?? parseJson(body.text);
          if (!(read.ok && honeypotFilled(read.value))) {
            const address = read.ok ? emailIn(read.value) : { ok: false as const };
            if (address.ok) known.add(address.email);
            else tally.unread += 1;
          }
        }
      }),
      { seed: fuzzSeed, numRuns: RUNS, endOnFailure: true },
    );
    expectEveryAnswer("fuzz-subscribers", answers, ALLOWED, `; ${known.size} addresses stored`);

    // The store holds exactly what was answered as accepted.
    // Each accepted address once, unconfirmed, with its one confirmation mail waiting.
    const stored = storedAddresses(t.databaseUrl);
    expect(stored.length).toBeGreaterThanOrEqual(known.size);
    expect(stored.length).toBeLessThanOrEqual(known.size + tally.unread);
    for (const subscriber of stored) {
      expect(subscriber).toMatchObject({ status: "pending", pendingMails: ["newsletter-confirmation"] });
    }
    const emails = stored.map((subscriber) => subscriber.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) {
      expect(checkSubscriberEmail(email)).toEqual({ ok: true, email });
    }
    for (const address of known) expect(emails).toContain(address);

    // And the server is still healthy afterwards.
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
  }, 120_000);
});
