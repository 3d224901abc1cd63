/**
 * Characters an attacker hides in a Name or a source: each draws as nothing (or as a blank), or
 * turns the text around it. Each with a few words saying what it is, for the tests' messages.
 */
export const UNREADABLE_CHARACTERS: readonly (readonly [string, string])[] = [
  ["\u3164", "Hangul filler U+3164"],
  ["\u115F", "Hangul choseong filler U+115F"],
  ["\u1160", "Hangul jungseong filler U+1160"],
  ["\uFFA0", "halfwidth Hangul filler U+FFA0"],
  ["\u00AD", "soft hyphen U+00AD"],
  ["\u034F", "combining grapheme joiner U+034F"],
  ["\u180E", "Mongolian vowel separator U+180E"],
  ["\u2800", "braille blank U+2800"],
  ["\u{E0041}", "tag letter A U+E0041"],
  ["\u{E0001}", "language tag U+E0001"],
  ["\u202E", "right-to-left override U+202E"],
  ["\u202D", "left-to-right override U+202D"],
  ["\u2067", "right-to-left isolate U+2067"],
  ["\u200F", "right-to-left mark U+200F"],
  ["\u061C", "Arabic letter mark U+061C"],
  ["\u200B", "zero-width space U+200B"],
  ["\u2060", "word joiner U+2060"],
  ["\u2062", "invisible times U+2062"],
  ["\uFEFF", "zero-width no-break space U+FEFF"],
  ["\u206A", "inhibit symmetric swapping U+206A"],
  ["\u{1D173}", "musical symbol begin beam U+1D173"],
  ["\u{1BCA0}", "shorthand format letter overlap U+1BCA0"],
  ["\u17B4", "Khmer inherent vowel U+17B4"],
  ["\u2028", "line separator U+2028"],
];
