import fc from "fast-check";
import { API_PATHS } from "../../domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER_TYPES, checkEnquiry, ENQUIRY_FIELDS, type Enquiry } from "../../domain/enquiry";
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

const enquiryBody: fc.Arbitrary<FuzzBody> = bodyOf(
  membersOf(
    [
      ["Name", fieldValue(validName)],
      ["Email", fieldValue(validEmail)],
      ["Mobile", fieldValue(validMobile)],
      ["Quantity", fieldValue(validQuantity)],
      ["RetailerSelfUse", fieldValue(validBuyer)],
    ],
    [honeypotEntry, extraEntries],
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

/** The body as the route reads it, or failing that as plain JSON (to tell a honeypot post). */
function honeypotIn(body: FuzzBody): boolean {
  const read = readBody(body) ?? parseJson(body.text);
  return read.ok && honeypotFilled(read.value);
}

/** The answer the enquiry rules predict, when this body reaches them; else undefined. */
function predicted(body: FuzzBody): { status: number; enquiry?: Enquiry } | undefined {
  if (!isJsonContentType(body.contentType) && !isFormContentType(body.contentType)) return undefined;
  if (Buffer.byteLength(body.text) > BODY_LIMIT) return { status: 413 };
  const read = readBody(body);
  if (read === undefined) return undefined;
  if (!read.ok) return { status: 400 };
  if (honeypotFilled(read.value)) return { status: 201 };
  const check = checkEnquiry(read.value);
  return check.ok ? { status: 201, enquiry: check.enquiry } : { status: 400 };
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
          if (answer.field !== undefined) expect(ENQUIRY_FIELDS).toContain(answer.field);
        }

        const expected = predicted(body);
        if (expected) expect(response.statusCode, body.text.slice(0, 200)).toBe(expected.status);

        if (response.statusCode === 201) {
          if (!html) expect(typeof answer.id).toBe("string");
          if (honeypotIn(body)) tally.honeypot += 1;
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
    // Pollution through `__proto__` or `constructor` would show on every object.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();

    // And the server is still healthy afterwards.
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
  }, 120_000);
});
