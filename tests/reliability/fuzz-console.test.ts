import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENQUIRY_STATUSES } from "../../domain/console";
import { hasControlCharacters, textMessages } from "../../domain/enquiry";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../support/console-app";
import { buildTestApp, type TestApp } from "../support/test-app";
import {
  announceSeed,
  anyText,
  bodyOf,
  extraEntries,
  fieldValue,
  type FuzzBody,
  fuzzSeed,
  membersOf,
  textWithUnseenCharacters,
  wrongType,
} from "./support/fuzz";

const RUNS = 400;

let t: TestApp;
let cookie: string;
let enquiryId: string;

beforeAll(async () => {
  announceSeed("fuzz-console");
  t = await buildTestApp({ LOG_LEVEL: "silent", TRUST_PROXY: "1" });
  await addStaff(t.app, "owner@example.com", "owner");
  cookie = await signIn(t.app, "owner@example.com");
  ({ id: enquiryId } = await t.app.store.enquiries.add({
    Name: "Asha Verma",
    Email: "asha@example.com",
    Mobile: "9876543210",
    Quantity: 3,
    RetailerSelfUse: "Retailer",
  }));
});
afterAll(async () => {
  await t?.close();
});

function expectJsonAnswer(
  response: Awaited<ReturnType<TestApp["app"]["inject"]>>,
  allowed: number[],
  input: string,
) {
  expect(response.statusCode, input.slice(0, 200)).toBeLessThan(500);
  expect(allowed, `${response.statusCode} for ${input.slice(0, 200)}`).toContain(response.statusCode);
  if (response.statusCode >= 400) expect(typeof response.json<{ error?: unknown }>().error).toBe("string");
}

const post = (url: string, body: FuzzBody, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    headers: {
      host: TEST_HOST,
      origin: TEST_ORIGIN,
      ...headers,
      ...(body.contentType === undefined ? {} : { "content-type": body.contentType }),
    },
    payload: body.text,
  });

describe(`the console's inputs, ${RUNS} generated requests each`, () => {
  it("sign-in never fails on the server's side and never signs anyone in with a made-up password", async () => {
    const signInBody = bodyOf(
      membersOf(
        [
          [
            "email",
            fieldValue(fc.constantFrom("owner@example.com", "OWNER@example.com", "nobody@example.com"), 6),
          ],
          ["password", fieldValue(fc.string({ maxLength: 40 }), 6)],
          ["code", fc.oneof(fc.constant(undefined), anyText, wrongType)],
        ],
        [extraEntries],
      ),
    );
    await fc.assert(
      fc.asyncProperty(signInBody, fc.ipV4(), async (body, address) => {
        const response = await post("/api/admin/session", body, { "x-forwarded-for": address });
        expectJsonAnswer(response, [400, 401, 413, 415, 429], body.text);
        expect(response.headers["set-cookie"]).toBeUndefined();
      }),
      { seed: fuzzSeed, numRuns: RUNS, endOnFailure: true },
    );
  }, 180_000);

  it("the inbox's filters answer a page or a clear refusal", async () => {
    const value = fc.oneof(
      anyText,
      fc.constantFrom(
        ...ENQUIRY_STATUSES,
        "Retailer",
        "Self Use",
        "50",
        "0",
        "-1",
        "101",
        "1e3",
        "instagram",
        "www.google.com",
        "x".repeat(254),
      ),
    );
    const query = fc.dictionary(
      fc.constantFrom("status", "buyer", "q", "source", "cursor", "limit", "since", "email", "mobile", "x"),
      value,
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        query,
        fc.constantFrom(
          "/enquiries",
          "/enquiries/updates",
          "/enquiries.csv",
          "/subscribers",
          "/activity",
          "/personal-data",
        ),
        async (parameters, path) => {
          const search = new URLSearchParams(parameters as Record<string, string>).toString();
          const response = await consoleRequest(t.app, cookie, "GET", `${path}?${search}`);
          expect(response.statusCode, `${path}?${search}`).toBeLessThan(500);
          expect([200, 400], `${path}?${search}`).toContain(response.statusCode);
          // A control character anywhere (a NUL in a search was once a 500) is refused, and says so.
          if (Object.values(parameters).some((value) => hasControlCharacters(value))) {
            expect(response.json(), `${path}?${search}`).toEqual({ error: textMessages.control });
          }
        },
      ),
      { seed: fuzzSeed, numRuns: RUNS, endOnFailure: true },
    );
  }, 180_000);

  it("status changes and notes are made or refused, never half-made", async () => {
    const statusBody = bodyOf(
      membersOf(
        [
          ["status", fieldValue(fc.constantFrom(...ENQUIRY_STATUSES), 8)],
          ["version", fieldValue(fc.integer({ min: 0, max: 3 }), 8)],
          ["note", fc.oneof(fc.constant(undefined), anyText, textWithUnseenCharacters)],
          [
            "text",
            fc.oneof(fc.constant(undefined), anyText, textWithUnseenCharacters, fc.string({ maxLength: 50 })),
          ],
        ],
        [extraEntries],
      ),
    );
    const id = fc.oneof(
      { weight: 6, arbitrary: fc.constant<string | null>(null) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 80 }) },
    );
    await fc.assert(
      fc.asyncProperty(
        statusBody,
        fc.constantFrom("status", "notes", "not-spam"),
        id,
        async (body, action, otherId) => {
          const target = otherId === null ? enquiryId : encodeURIComponent(otherId);
          const response = await post(`/api/admin/enquiries/${target}/${action}`, body, { cookie });
          expectJsonAnswer(response, [200, 400, 404, 409, 413, 415], body.text);
          // A note keeps its lines, but never a control character.
          if (response.statusCode === 200) {
            for (const entry of response.json<{ history: { text?: string }[] }>().history) {
              expect(hasControlCharacters(entry.text ?? "", { lines: true })).toBe(false);
            }
          }
        },
      ),
      { seed: fuzzSeed, numRuns: RUNS, endOnFailure: true },
    );
    const detail = await t.app.store.enquiryWork.get(enquiryId);
    expect(detail?.history.filter((entry) => entry.kind === "status")).toHaveLength(detail?.version ?? -1);
    expect((await consoleRequest(t.app, cookie, "GET", "/me")).statusCode).toBe(200);
  }, 180_000);
});
