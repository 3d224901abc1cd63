/**
 * How Hindi copy is set on a narrow screen: a compound joined by a hyphen («सोया-फ़्री»,
 * «चलना-फिरना») stays on one line, as a reader expects, instead of breaking at its hyphen and
 * leaving half a word at a line's end. The hyphen between two Devanagari letters becomes the
 * non-breaking hyphen (U+2011); the text reads and is read aloud the same.
 */
const HYPHEN_IN_A_HINDI_COMPOUND = /(?<=[\u0900-\u097F])-(?=[\u0900-\u097F])/g;

export const NON_BREAKING_HYPHEN = "\u2011";

/** `value` with every hyphen inside a Hindi compound made non-breaking, however deep its strings sit. */
export function keepCompoundsWhole<T>(value: T): T {
  if (typeof value === "string") return value.replace(HYPHEN_IN_A_HINDI_COMPOUND, NON_BREAKING_HYPHEN) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => keepCompoundsWhole(item)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, keepCompoundsWhole(inner)]),
    ) as T;
  }
  return value;
}
