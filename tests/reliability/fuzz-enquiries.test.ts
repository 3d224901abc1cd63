import fc from "fast-check";
import { API_PATHS } from "../../domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER_TYPES, checkEnquiry, ENQUIRY_FIELDS, type Enquiry } from "../../domain/enquiry";
import { SOURCE_PARTS } from "../../domain/enquiry-source";
import { checkSource } from "../../domain/enquiry-source-check";
import { SPAM_REASONS } from "../../domain/spam";
import { honeypotFilled } from "../../server/routes/api-shared";
import { buildTestApp, type TestApp } from "../support/test-app";
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

const RUNS = 6_000;
const BODY_LIMIT = 16 * 1024;
const ALLOWED = [201, 400, 413, 415];

const validName = fc.oneof(
  fc.constantFrom("Asha Verma", "Ravi Kumar", "सीमा शर्मा", "Zoë O'Neil", "  Padded Name  ", "李小龙"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
);
// Each "valid" kind is mostly valid, with the near misses a person or a robot types.
const validEmail = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom("asha@example.in", "RAVI.K@Example.COM", " padded@example.org ", "a+b@x.co"),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
);
const validMobile = fc.oneof(
  { weight: 8, arbitrary: fc.stringMatching(/^[0-9]{10}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{9}$|^[0-9]{11}$/) },
  { weight: 1, arbitrary: fc.constantFrom("98765 43210", "+919876543210", "９８７６５４３２１０") },
);
const validQuantity = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 100_000 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 100_001, 1e21, Number.MAX_SAFE_INTEGER + 2) },
);
const validBuyer = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...BUYER_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom("retailer/self use", "retailer", "SELF USE", " Retailer ") },
);

/** Where the visit came from: absent most often, else what a page sends, or what an attacker does. */
const sourcePart = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom("instagram", "google", "diwali-2026", "www.google.com", "/", "/hi"),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 300 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("a\u0000b", "line\nbreak", "x".repeat(254), "http://evil.example/"),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
);
const sourceEntry: fc.Arbitrary<[string, unknown][]> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<[string, unknown][]>([]) },
  {
    weight: 3,
    arbitrary: fc
      .dictionary(fc.oneof(fc.constantFrom(...SOURCE_PARTS), fc.string({ maxLength: 8 })), sourcePart, {
        maxKeys: 6,
      })
      .map<[string, unknown][]>((source) => [["source", source]]),
  },
  {
    weight: 1,
    arbitrary: fc.jsonValue({ maxDepth: 2 }).map<[string, unknown][]>((value) => [["source", value]]),
  },
);
/** The proof of work: absent, or what a robot makes up (the real one is tested in server/routes). */
const proofEntry: fc.Arbitrary<[string, unknown][]> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<[string, unknown][]>([]) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.string({ maxLength: 3000 }),
        fc
          .jsonValue({ maxDepth: 2 })
          .map((value) => Buffer.from(JSON.stringify(value) ?? "").toString("base64")),
        fc.jsonValue({ maxDepth: 1 }),
      )
      .map<[string, unknown][]>((value) => [["altcha", value]]),
  },
);

const enquiryBody: fc.Arbitrary<FuzzBody> = bodyOf(
  membersOf(
    [
      ["Name", fieldValue(validName)],
      ["Email", fieldValue(validEmail)],
      ["Mobile", fieldValue(validMobile)],
      ["Quantity", fieldValue(validQuantity)],
      ["RetailerSelfUse", fieldValue(validBuyer)],
    ],
    [honeypotEntry, sourceEntry, proofEntry, extraEntries],
  ),
);

let t: TestApp;
const answers = newAnswers();
const tally = { created: 0, honeypot: 0 };
/** What each answered id must hold, for the bodies whose answer the rules predict. */
const expectedById = new Map<string, Enquiry>();
const answeredIds = new Set<string>();

beforeAll(async () => {
  announceSeed("fuzz-enquiries");
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" });
});
afterAll(async () => {
  await t?.close();
});

/**
 * A filled honeypot on a body the rules refuse: answered as stored, and dropped. (The body as the
 * route reads it, or failing that as plain JSON.) A filled honeypot on a valid enquiry is one signal
 * of its spam score: it is stored.
 */
function droppedHoneypot(body: FuzzBody): boolean {
  const read = readBody(body) ?? parseJson(body.text);
  return read.ok && honeypotFilled(read.value) && !checkEnquiry(read.value).ok;
}

/** The answer the enquiry rules predict, when this body reaches them; else undefined. */
function predicted(body: FuzzBody): { status: number; enquiry?: Enquiry } | undefined {
  if (!isJsonContentType(body.contentType) && !isFormContentType(body.contentType)) return undefined;
  if (Buffer.byteLength(body.text) > BODY_LIMIT) return { status: 413 };
  const read = readBody(body);
  if (read === undefined) return undefined;
  if (!read.ok) return { status: 400 };
  const check = checkEnquiry(read.value);
  if (!check.ok) return { status: honeypotFilled(read.value) ? 201 : 400 };
  // A form posted without JavaScript carries no source; JSON's is checked after the rules.
  const source = (read.value as Record<string, unknown>).source;
  if (!isFormContentType(body.contentType) && !checkSource(source).ok) return { status: 400 };
  return { status: 201, enquiry: check.enquiry };
}

describe(`POST /api/enquiries with ${RUNS} generated bodies`, () => {
  it("never fails on the server's side, answers as the enquiry rules say, and stores exactly the enquiries it accepted", async () => {
    await fc.assert(
      fc.asyncProperty(enquiryBody, async (body) => {
        const response = await sendBody(t.app, API_PATHS.enquiries, body, answers, ALLOWED);
        const html = expectPageExactlyForFormPosts(response, body);
        const answer = html ? {} : response.json<{ id?: string; error?: string; field?: string }>();
        if (!html && response.statusCode >= 400) {
          expect(typeof answer.error).toBe("string");
          if (answer.field !== undefined) expect([...ENQUIRY_FIELDS, "source"]).toContain(answer.field);
        }

        const expected = predicted(body);
        if (expected) expect(response.statusCode, body.text.slice(0, 200)).toBe(expected.status);

        if (response.statusCode === 201) {
          if (!html) expect(typeof answer.id).toBe("string");
          if (droppedHoneypot(body)) tally.honeypot += 1;
          else {
            tally.created += 1;
            if (answer.id) {
              answeredIds.add(answer.id);
              if (expected?.enquiry) expectedById.set(answer.id, expected.enquiry);
            }
          }
        }
      }),
      { seed: fuzzSeed, numRuns: RUNS, endOnFailure: true },
    );
    expectEveryAnswer(
      "fuzz-enquiries",
      answers,
      ALLOWED,
      `; ${tally.created} stored, ${tally.honeypot} honeypot`,
    );
    expect(answers.requests).toBeGreaterThanOrEqual(RUNS);

    // The store holds exactly what was answered as accepted.
    const stored = await t.app.store.enquiries.list();
    expect(stored).toHaveLength(tally.created);
    const storedIds = new Set(stored.map((enquiry) => enquiry.id));
    for (const id of answeredIds) expect(storedIds.has(id), `answered ${id} is stored`).toBe(true);
    for (const { id, enquiry } of stored) {
      expect(Object.keys(enquiry).sort()).toEqual([...ENQUIRY_FIELDS].sort());
      const check = checkEnquiry(enquiry);
      expect(check.ok, JSON.stringify(enquiry)).toBe(true);
      if (check.ok) expect(check.enquiry).toStrictEqual(enquiry);
      const expected = expectedById.get(id);
      if (expected) expect(enquiry).toStrictEqual(expected);
    }
    // What is kept beside each enquiry passed the same checks, and its status agrees with its score.
    // All is the team's work; what was filed as spam is listed under its own status.
    const rows = [
      ...(await t.app.store.enquiryWork.list({ limit: RUNS + 1 })).items,
      ...(await t.app.store.enquiryWork.list({ status: "Spam", limit: RUNS + 1 })).items,
    ];
    expect(rows).toHaveLength(stored.length);
    for (const row of rows) {
      expect(checkSource(row.source ?? null), JSON.stringify(row.source)).toMatchObject({ ok: true });
      for (const reason of row.screening?.reasons ?? []) expect(SPAM_REASONS).toContain(reason);
      expect(row.status === "Spam").toBe(row.screening?.spam === true);
    }

    // Pollution through `__proto__` or `constructor` would show on every object.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();

    // And the server is still healthy afterwards.
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
  }, 120_000);
});
