import { describe, expect, test } from "vitest";
import { BASELESS_MARKS, UNREADABLE_CHARACTERS } from "../tests/support/unreadable-characters";
import { hasUnreadableCharacters, neutralise } from "./unreadable";

const what = (char: string) => `U+${char.codePointAt(0)?.toString(16).toUpperCase()}`;

/** Names people really have, in the scripts and with the emoji the site's buyers write. */
const REAL_NAMES = [
  "Kiran Deshpande",
  "आशा वर्मा",
  // A nukta (ज़, फ़) and a virama (क्ष): marks on the letter before them.
  "ज़ैनब फ़ारूक़ी",
  "मीनाक्षी",
  // ZWJ keeps the half form of क; ZWNJ keeps कि and रण apart; the Marathi eyelash ra.
  "क्\u200Dषमा",
  "कि\u200Cरण देशपांडे",
  "श्\u200Dरीमती क्\u200Cष",
  "क\u093C",
  "र\u200D्य",
  // Bengali ra with ya-phala, written with a ZWJ before the virama.
  "র\u200D্যাব",
  "முருகன் சுப்பிரமணியம்",
  "زهرا\u200Cی",
  "محمد علي",
  "Zoë O'Brien-Ôrjan",
  // A decomposed accent: e and U+0301.
  "Rene\u0301e",
  "김민준",
  "Asha ❤\uFE0F",
  "Asha 👩\u200D💻",
  "Asha 🏳\uFE0F\u200D🌈",
  "Asha 👩🏽\u200D🤝\u200D👨🏻",
  "#\uFE0F\u20E3 Asha",
  // U+FFFD is drawn, and says text was lost: not hidden.
  "Ki\uFFFDran",
] as const;

describe("the unreadable-character rule", () => {
  test("refuses each invisible, blank, boxed or direction-changing character, inside a word, around it, or alone", () => {
    for (const [char, name] of UNREADABLE_CHARACTERS) {
      for (const value of [
        `Ki${char}ran`,
        `${char}Kiran`,
        `Kiran${char}`,
        `आशा${char}वर्मा`,
        char.repeat(3),
      ]) {
        expect(hasUnreadableCharacters(value), `${name} in ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  test("refuses a name or a word made only of combining marks, which have no letter to sit on", () => {
    for (const [mark, name] of BASELESS_MARKS) {
      for (const value of [mark, mark.repeat(3), `Kiran ${mark}${mark}`, `${mark}Kiran`, `Kiran\n${mark}`]) {
        expect(hasUnreadableCharacters(value), `${name} in ${JSON.stringify(value)}`).toBe(true);
      }
      // On a letter, it is what it is for.
      expect(hasUnreadableCharacters(`Ki${mark}ran`), name).toBe(false);
    }
    // A mark after an invisible character has nothing drawn to sit on either.
    expect(hasUnreadableCharacters("\u3164\u0301")).toBe(true);
    expect(hasUnreadableCharacters("\u200B\u094D")).toBe(true);
  });

  test("refuses every white space but the ordinary one, as Unicode's White_Space lists them", () => {
    const spaces: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (/\p{White_Space}/u.test(char) && !/\p{Cc}/u.test(char) && char !== " ") spaces.push(char);
    }
    expect(spaces.length).toBeGreaterThan(10);
    for (const space of spaces) expect(hasUnreadableCharacters(`Kiran${space}Rao`), what(space)).toBe(true);
    expect(hasUnreadableCharacters("Kiran Rao")).toBe(false);
  });

  test("refuses every direction control, and leaves control characters to their own rule", () => {
    const direction = ["\u200E", "\u200F", "\u202A", "\u202B", "\u202C", "\u202D", "\u202E"];
    direction.push("\u2066", "\u2067", "\u2068", "\u2069", "\u061C");
    for (const char of direction) expect(hasUnreadableCharacters(`4321${char} 0987`), what(char)).toBe(true);
    expect(hasUnreadableCharacters("one\ntwo\tthree")).toBe(false);
  });

  test("takes joiners inside words of Indic scripts and emoji, and variation selectors after what they style, nowhere else", () => {
    for (const value of REAL_NAMES) expect(hasUnreadableCharacters(value), value).toBe(false);
    for (const value of [
      "Asha\u200DVerma",
      "Asha \u200C",
      "\u200Dक्ष",
      "क\u200C\u200Dष",
      "\u3164\u200D\u3164",
      "\uFE0F\uFE0F\uFE0F",
      "Asha \uFE0F",
      "❤\uFE0F\uFE0F",
    ]) {
      expect(hasUnreadableCharacters(value), JSON.stringify(value)).toBe(true);
    }
  });
});

describe("neutralising a stranger's stored text", () => {
  test("shows a buyer's numbers in the order they were written", () => {
    expect(neutralise("Account 4321 \u202E0987\u202C please")).toBe("Account 4321 0987 please");
    expect(neutralise("\u2067Refund pending\u2069")).toBe("Refund pending");
  });

  test("takes out what cannot be seen, keeps words apart where a blank stood, and shows a box as one", () => {
    expect(neutralise("Kiran\u200B\u2060\u00AD")).toBe("Kiran");
    expect(neutralise("Kiran\u3000Rao\u2800Pune\u3164")).toBe("Kiran Rao Pune ");
    expect(neutralise("Ki\uE000ran \u{1D159}\u2D7F\u{16FE4}")).toBe("Ki\uFFFDran ");
    expect(neutralise("\u0301\u0301 Kiran \u094D")).toBe(" Kiran ");
    expect(neutralise("half \uD800 pair")).toBe("half \uFFFD pair");
  });

  test("keeps the lines of an answer, and makes a subject one line", () => {
    expect(neutralise("Hello,\r\n\tsix packs\u2028please", { lines: true })).toBe(
      "Hello,\n\tsix packs\nplease",
    );
    expect(neutralise("Hello\r\nthere\u0000")).toBe("Hello  there");
  });

  test("answers text that passes the rule with nothing changed, and every text with one that passes", () => {
    for (const value of REAL_NAMES) expect(neutralise(value)).toBe(value);
    const hostile = [...UNREADABLE_CHARACTERS, ...BASELESS_MARKS].map(([char]) => char);
    // Every character next to every other, and each around the joiners and selectors the rule
    // allows in words: whatever is left standing must pass.
    for (const a of hostile) {
      for (const b of [...hostile, "\u200D", "\u200C", "\uFE0F", "क", "a", " "]) {
        for (const value of [
          `${a}${b}`,
          `क${a}\u200D${b}`,
          `\u200D${a}क${b}\u200C`,
          `❤\uFE0F${a}\u200D${b}क`,
        ]) {
          const shown = neutralise(value);
          expect(hasUnreadableCharacters(shown), JSON.stringify([value, shown])).toBe(false);
          expect(neutralise(shown)).toBe(shown);
        }
      }
    }
  });
});
