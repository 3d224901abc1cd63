import fc from "fast-check";
import { API_PATHS } from "../../domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES, VITALS_MAX_METRICS } from "../../domain/contract";
import { VITALS_BODY_LIMIT, vitalUpperBounds } from "../../server/routes/vitals";
import { buildTestApp, type TestApp } from "../support/test-app";
import {
  announceSeed,
  type Entries,
  extraEntries,
  fieldValue,
  type FuzzBody,
  fuzzSeed,
  hasConstructorKey,
  hasProtoKey,
  hugeString,
  isJsonContentType,
  membersOf,
  notAnObjectText,
  objectText,
  parseJson,
  expectEveryAnswer,
  newAnswers,
  sendBody,
} from "./support/fuzz";

const RUNS = 2_500;
const ALLOWED = [204, 400, 413, 415];
const METRIC_NAMES = ["CLS", "INP", "FCP", "LCP", "TTFB"] as const;
type MetricName = (typeof METRIC_NAMES)[number];

const page = fieldValue(
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...PUBLIC_PAGES) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("/privacy-policy/", "/#about", "http://127.0.0.1/", "/no-such-page"),
    },
  ),
);
const metricName = fieldValue(
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...METRIC_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom("FID", "cls", "INP ", "lcp", "") },
  ),
  40,
);
const metricValue = fieldValue(
  fc.oneof(
    { weight: 4, arbitrary: fc.double({ min: 0, max: 10_000, noNaN: true }) },
    { weight: 2, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 60_000 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(-1, -0.001, 1e9, 600_000, 600_001, 100.5, Number.MAX_VALUE, 5e-324),
    },
  ),
);
const metric = membersOf(
  [
    ["name", metricName],
    ["value", metricValue],
  ],
  [fc.oneof({ weight: 6, arbitrary: fc.constant<Entries>([]) }, { weight: 1, arbitrary: extraEntries })],
).map((entries) => JSON.parse(objectText(entries)) as unknown);
const metrics = fc.oneof(
  { weight: 12, arbitrary: fc.array(metric, { minLength: 1, maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(metric, { minLength: 0, maxLength: 14 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant<string | undefined>("text/plain;charset=UTF-8") },
  { weight: 10, arbitrary: fc.constant<string | undefined>("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | undefined>(
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=fuzz",
      "application/xml",
      "application/csp-report",
      "",
      undefined,
    ),
  },
);

const vitalsBody: fc.Arbitrary<FuzzBody> = fc.record({
  text: fc.oneof(
    {
      weight: 16,
      arbitrary: membersOf(
        [
          ["page", page],
          ["metrics", metrics],
        ],
        [
          fc.oneof(
            { weight: 6, arbitrary: fc.constant<Entries>([]) },
            { weight: 1, arbitrary: extraEntries },
          ),
        ],
      ).map(objectText),
    },
    { weight: 2, arbitrary: notAnObjectText },
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: hugeString.map((huge) => objectText([["page", huge]])) },
  ),
  contentType,
});

let t: TestApp;
const answers = newAnswers();
/** Samples accepted, by "page metric". */
const accepted = new Map<string, number>();

beforeAll(async () => {
  announceSeed("fuzz-vitals");
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" });
});
afterAll(async () => {
  await t?.close();
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** 204, 400, or undefined where the contract leaves the answer open (values beyond the bounds). */
function contractAnswer(value: unknown): 204 | 400 | undefined {
  if (!isRecord(value)) return 400;
  if (!(PUBLIC_PAGES as readonly unknown[]).includes(value.page)) return 400;
  const list = value.metrics;
  if (!Array.isArray(list) || list.length < 1 || list.length > VITALS_MAX_METRICS) return 400;
  let open = false;
  for (const item of list) {
    if (!isRecord(item) || !(METRIC_NAMES as readonly unknown[]).includes(item.name)) return 400;
    if (typeof item.value !== "number" || !Number.isFinite(item.value) || item.value < 0) return 400;
    if (item.value > vitalUpperBounds[item.name as MetricName]) open = true;
  }
  return open ? undefined : 204;
}

function predicted(body: FuzzBody): number | undefined {
  const readable =
    isJsonContentType(body.contentType) ||
    (body.contentType !== undefined && /^text\/plain\s*(?:;\s*charset=utf-8\s*)?$/i.test(body.contentType));
  if (!readable) return undefined;
  if (Buffer.byteLength(body.text) > VITALS_BODY_LIMIT) return 413;
  if (body.text === "" || hasProtoKey(body.text)) return 400;
  if (hasConstructorKey(body.text)) return undefined;
  const parsed = parseJson(body.text);
  return parsed.ok ? contractAnswer(parsed.value) : 400;
}

describe(`POST /api/vitals with ${RUNS} generated beacons`, () => {
  it("never fails on the server's side, and stores exactly the well-formed measurements under their page and metric", async () => {
    await fc.assert(
      fc.asyncProperty(vitalsBody, async (body) => {
        const response = await sendBody(t.app, API_PATHS.vitals, body, answers, ALLOWED);
        if (response.statusCode >= 400)
          expect(typeof response.json<{ error?: string }>().error).toBe("string");
        else expect(response.body).toBe("");

        const expected = predicted(body);
        if (expected !== undefined) expect(response.statusCode, body.text.slice(0, 200)).toBe(expected);

        if (response.statusCode === 204) {
          const report = JSON.parse(body.text) as { page: string; metrics: { name: string }[] };
          for (const sample of report.metrics) {
            const key = `${report.page} ${sample.name}`;
            accepted.set(key, (accepted.get(key) ?? 0) + 1);
          }
        }
      }),
      { seed: fuzzSeed, numRuns: RUNS, endOnFailure: true },
    );
    expectEveryAnswer(
      "fuzz-vitals",
      answers,
      ALLOWED,
      `; ${[...accepted.values()].reduce((a, b) => a + b, 0)} samples stored`,
    );

    // The store holds exactly what was answered as accepted.
    const summary = await t.app.store.vitals.summarize();
    const stored = new Map(summary.map((row) => [`${row.page} ${row.metric}`, row.count]));
    expect(stored).toEqual(accepted);
    for (const row of summary) {
      expect(PUBLIC_PAGES).toContain(row.page);
      expect(METRIC_NAMES).toContain(row.metric);
      expect(Number.isFinite(row.p75) && row.p75 >= 0, `${row.page} ${row.metric} p75 ${row.p75}`).toBe(true);
    }

    // And the server is still healthy afterwards.
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
  }, 120_000);
});
