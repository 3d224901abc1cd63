import type { FastifyInstance } from "fastify";
import fc from "fast-check";
import { expect } from "vitest";

/** One seed for every fuzzing run, printed so that a failure can be replayed (FUZZ_SEED=…). */
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? 20_241_101);

export function announceSeed(file: string) {
  console.log(`${file}: fast-check seed ${fuzzSeed} (set FUZZ_SEED to replay another)`);
}

/** A request body as sent: its text and the Content-Type header it carries (none when undefined). */
export interface FuzzBody {
  text: string;
  contentType: string | undefined;
}

/** Object entries, written as JSON text by hand so that keys like `__proto__` stay keys. */
export type Entries = [string, unknown][];

export function objectText(entries: Entries): string {
  const members = entries
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  return `{${members.join(",")}}`;
}

const controlCharacters = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 6,
});
/**
 * Text with one character inside that no text may hold (C0, DEL, C1) or that changes how a name
 * reads without being seen (direction overrides and isolates, zero-width characters).
 */
export const textWithUnseenCharacters = fc
  .tuple(
    fc.string({ maxLength: 10 }),
    fc.constantFrom(
      "\u0000",
      "\u0007",
      "\u001b",
      "\u007f",
      "\u0085",
      "\u009f",
      "\u202e",
      "\u202d",
      "\u2066",
      "\u2069",
      "\u200b",
      "\u200c",
      "\u200d",
      "\u200f",
      "\u061c",
      "\u2060",
      "\ufeff",
    ),
    fc.string({ maxLength: 10 }),
  )
  .map(([before, character, after]) => `${before}${character}${after}`);
/** Longer than any field may be, yet inside the body limit. */
const longString = fc.integer({ min: 101, max: 3_000 }).map((length) => "ä".repeat(length));
/** Bigger than any body limit of the API: answered 413. */
export const hugeString = fc.integer({ min: 17_000, max: 40_000 }).map((length) => "x".repeat(length));

/**
 * Text of every kind: empty, blank, ASCII, any Unicode, control characters, direction and
 * zero-width characters, and lone surrogates (text that is not well-formed Unicode, which the
 * rules refuse).
 */
export const anyText = fc.oneof(
  fc.constant(""),
  fc.constant("   "),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  controlCharacters,
  textWithUnseenCharacters,
  fc.constantFrom("\ud800", "Asha \udc00", "\udbff\ud800", "ok\ud83d"),
  longString,
);

/** Numbers written as text, well and badly. */
export const numberText = fc.oneof(
  fc.integer({ min: -10, max: 200_000 }).map(String),
  fc.constantFrom("1e3", " 12 ", "0x10", "1.5", "-0", "NaN", "Infinity", "9007199254740993", "٣", "1_000"),
);

/** Values of the wrong type for a text field. */
export const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** A value for a field: the valid kind most of the time, anything else otherwise. */
export function fieldValue<T>(valid: fc.Arbitrary<T>, weight = 12): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight, arbitrary: valid },
    { weight: 1, arbitrary: anyText },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: numberText },
  );
}

/** Keys that a parser or a careless merge may treat as more than data. */
const trickyKey = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "productName",
  "id",
  "receivedAt",
);

/** A few extra members: unknown keys, dangerous keys, nested objects. */
export const extraEntries: fc.Arbitrary<Entries> = fc.array(
  fc.oneof(
    fc.tuple(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 })),
    fc.tuple(trickyKey, fc.jsonValue({ maxDepth: 2 })),
    fc.constant<[string, unknown]>(["__proto__", { isAdmin: true, Quantity: 5 }]),
    fc.constant<[string, unknown]>(["constructor", { prototype: { polluted: "yes" } }]),
  ),
  { maxLength: 3 },
);

/** The hidden honeypot field: absent most often, sometimes empty, sometimes filled by a robot. */
export const honeypotEntry: fc.Arbitrary<Entries> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Entries>([]) },
  { weight: 2, arbitrary: fc.constant<Entries>([["website", ""]]) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.constantFrom("http://spam.example", "x", " "), wrongType)
      .map<Entries>((value) => [["website", value]]),
  },
);

/** Invalid JSON text, and JSON that is not an object. */
export const notAnObjectText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("{", '{"Name":', "{'Name':'x'}", "[1,2", "null", "true", "0", '""', "{}}", "\u0000", "{,}"),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? "null"),
);

/** Content types: JSON mostly, and every other kind a client or a robot may send. */
export const contentType = fc.oneof(
  { weight: 20, arbitrary: fc.constant<string | undefined>("application/json") },
  {
    weight: 4,
    arbitrary: fc.constantFrom<string | undefined>(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=fuzz",
      "application/xml",
      "application/json; charset=utf-16",
      "application/vnd.api+json",
      "",
      undefined,
    ),
  },
);

export const FORM_TYPE = "application/x-www-form-urlencoded";

/** Members as an HTML form posts them without JavaScript: URL-encoded text. */
export function formText(entries: Entries): string {
  const form = new URLSearchParams();
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    form.append(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return form.toString();
}

/**
 * A body from its object members as JSON, or as a form post, or, now and then, something that
 * is not an object at all, under every kind of content type.
 */
export function bodyOf(members: fc.Arbitrary<Entries>): fc.Arbitrary<FuzzBody> {
  const text = fc.oneof(
    { weight: 16, arbitrary: members.map(objectText) },
    { weight: 2, arbitrary: notAnObjectText },
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: hugeString.map((huge) => objectText([["Name", huge]])) },
  );
  const formPost = fc.oneof(
    { weight: 8, arbitrary: members.map(formText) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: hugeString.map((huge) => formText([["Name", huge]])) },
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ text, contentType }) },
    {
      weight: 1,
      arbitrary: fc.record({ text: formPost, contentType: fc.constant<string | undefined>(FORM_TYPE) }),
    },
  );
}

/** True for a body sent as an HTML form posts it. */
export function isFormContentType(value: string | undefined): boolean {
  return value !== undefined && value.toLowerCase().startsWith(FORM_TYPE);
}

/** The fields of a form post, as the server reads them (the last of a repeated name wins). */
export function formFields(text: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  return fields;
}

/**
 * The body as the server's parsers read it, for the content types the enquiry and newsletter
 * routes take: JSON (undefined for a `constructor` key, which the parser refuses only
 * sometimes) or form fields.
 */
export function readBody(body: FuzzBody): { ok: true; value: unknown } | { ok: false } | undefined {
  if (isFormContentType(body.contentType)) return { ok: true, value: formFields(body.text) };
  if (!isJsonContentType(body.contentType)) return undefined;
  if (body.text === "" || hasProtoKey(body.text)) return { ok: false };
  if (hasConstructorKey(body.text)) return undefined;
  return parseJson(body.text);
}

/** Members in a random order, each possibly left out. */
export function membersOf(fields: [string, fc.Arbitrary<unknown>][], extras: fc.Arbitrary<Entries>[]) {
  const present = fields.map(([key, value]) =>
    fc.oneof(
      { weight: 30, arbitrary: value.map<Entries>((v) => [[key, v]]) },
      { weight: 1, arbitrary: fc.constant<Entries>([]) },
    ),
  );
  return fc
    .tuple(...present, ...extras)
    .chain((groups) => fc.shuffledSubarray(groups.flat(), { minLength: groups.flat().length }));
}

/** True when Fastify's own JSON parser refuses the body (400) for a `__proto__` key, whatever the rest. */
export function hasProtoKey(text: string): boolean {
  return text.includes('"__proto__"');
}

/** A `constructor` key is refused only when it holds a `prototype`: no prediction is made for it. */
export function hasConstructorKey(text: string): boolean {
  return text.includes('"constructor"');
}

/** The content types the API reads as JSON. */
export function isJsonContentType(value: string | undefined): boolean {
  return value !== undefined && /^application\/json\s*(?:;\s*charset=utf-8\s*)?$/i.test(value);
}

/** JSON.parse without throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** How many bodies were sent and how each was answered. */
export interface Answers {
  requests: number;
  byStatus: Map<number, number>;
}

export function newAnswers(): Answers {
  return { requests: 0, byStatus: new Map() };
}

/**
 * Sends one generated body to `url`, counts its answer, and checks what holds for every answer
 * of the API: never a failure on the server's side, and only a status in `allowed`.
 */
export async function sendBody(
  app: Pick<FastifyInstance, "inject">,
  url: string,
  body: FuzzBody,
  answers: Answers,
  allowed: readonly number[],
) {
  const response = await app.inject({
    method: "POST",
    url,
    headers: body.contentType === undefined ? {} : { "content-type": body.contentType },
    payload: body.text,
  });
  answers.requests += 1;
  answers.byStatus.set(response.statusCode, (answers.byStatus.get(response.statusCode) ?? 0) + 1);
  expect(response.statusCode, body.text.slice(0, 200)).toBeLessThan(500);
  expect(allowed).toContain(response.statusCode);
  return response;
}

/**
 * For a route a site form posts to: a form post is answered with a page, whatever the answer (a
 * refusal before the route included), and everything else with JSON. Returns whether it was a page.
 */
export function expectPageExactlyForFormPosts(
  response: { headers: Record<string, unknown> },
  body: FuzzBody,
): boolean {
  const html = /^text\/html/.test(String(response.headers["content-type"]));
  expect(html, "answered with a page exactly for a form post").toBe(isFormContentType(body.contentType));
  return html;
}

/** After the run: a line of figures, and every kind of answer was reached by the generators. */
export function expectEveryAnswer(name: string, answers: Answers, allowed: readonly number[], extra = "") {
  console.log(
    `${name}: ${answers.requests} requests; answers ${JSON.stringify(Object.fromEntries(answers.byStatus))}${extra}`,
  );
  for (const status of allowed)
    expect(answers.byStatus.get(status) ?? 0, `answers ${status}`).toBeGreaterThan(0);
}
