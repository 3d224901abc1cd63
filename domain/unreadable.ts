/**
 * The one rule for characters no reader can see, or that change how the text around them reads:
 * what a Name, a deal's city, an enquiry's source, a reply's subject and a template may not hold,
 * and how stored text from strangers (buyers' answers, older names) is made safe to show. No I/O:
 * the browser form, the console and the server all import it. Control characters (C0, C1, DEL)
 * are not this rule's: hasControlCharacters (domain/enquiry.ts) owns them, since some texts have lines.
 */

/**
 * Every white space but the ordinary space and the controls (Unicode's White_Space, which changes
 * rarely; a test holds it to the property). Written out, since the browser form runs this rule too
 * and a set difference needs RegExp's `v` flag, which older phones cannot parse.
 */
const SPACES = "\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";
/**
 * Unicode's format characters (Cf: the direction controls U+200E/F, U+202A–E, U+2066–9 and U+061C,
 * zero-width characters, the soft hyphen, U+180E, tag characters, the musical beams U+1D173–1D17A)
 * and default-ignorable code points (the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which
 * draw as blanks yet count as letters, the combining grapheme joiner U+034F, the Khmer inherent
 * vowels U+17B4/5, variation selectors); private-use characters (Co: a box, or whatever one font
 * chose), unassigned code points and noncharacters (Cn) and halves of UTF-16 pairs (Cs); every
 * white space but the ordinary space (no-break, en to hair, ideographic, the line and paragraph
 * separators: in a name they pass for a space, or end the line); and symbols and marks drawn as
 * nothing or as an empty box: the braille blank U+2800, the Tifinagh consonant joiner U+2D7F, the
 * Khitan filler U+16FE4, the musical null notehead U+1D159 and the object replacement U+FFFC.
 * U+FFFD is left out: it is drawn (a diamond holding "?") and says honestly that text was lost.
 */
const UNREADABLE = new RegExp(
  // The two marks stand apart from the class, where a lint would read them as combined with a neighbour.
  `[\\p{Cf}\\p{Default_Ignorable_Code_Point}\\p{Co}\\p{Cn}\\p{Cs}${SPACES}\\u2800\\u{1D159}\\uFFFC]|\\u2D7F|\\u{16FE4}`,
  "u",
);
/** Of those, the ones drawn as a blank: removed, they would join the words on either side. */
const BLANK = new RegExp(`[${SPACES}\\u2800\\u115F\\u1160\\u3164\\uFFA0]`, "u");
/** Of those, the ones drawn as a box or as something no font agrees on. */
const BOX = /[\p{Co}\p{Cn}\p{Cs}\uFFFC]/u;
/** The mark a neutralised text shows where a box was: visible, and itself allowed by the rule. */
const REPLACEMENT = "\uFFFD";
/**
 * The zero-width joiner and non-joiner shape Indic conjuncts (in Devanagari, क् ZWJ ष keeps the
 * half form; कि ZWNJ रण keeps the letters apart), Persian words and emoji sequences: taken between
 * two characters that are drawn and are neither ASCII nor a space (an emoji's variation selector
 * may come before one), and nowhere else.
 */
const JOINERS = /^[\u200C\u200D]$/u;
/**
 * Variation selectors choose how the character before them is drawn (U+FE0F draws ❤ as an emoji):
 * taken right after a character that is drawn, and nowhere else (alone, or stacked on another).
 */
const SELECTORS = /^[\uFE00-\uFE0F\u180B-\u180D\u180F\u{E0100}-\u{E01EF}]$/u;
/** A combining mark: drawn on the character before it, so it needs one that is drawn. */
const MARK = /^\p{M}$/u;
const CONTROL = /^\p{Cc}$/u;
const ASCII = /^\p{ASCII}$/u;

/**
 * How each character of a text reads: drawn ("seen"), an ordinary space, a control (another rule's),
 * or unreadable where it stands. Joiners and selectors are judged by what they stand between; a
 * combining mark by whether a drawn character comes before it and its fellow marks. One pass and
 * one look at each neighbour, so the work is linear in the text however it is made.
 */
type Reading = "seen" | "space" | "control" | "unreadable";

function readings(chars: readonly string[]): Reading[] {
  const read: Reading[] = [];
  // Whether the last character that is not a mark, a joiner or a selector is drawn: a mark's base.
  let based = false;
  for (const char of chars) {
    if (char === " ") {
      read.push("space");
      based = false;
    } else if (CONTROL.test(char)) {
      read.push("control");
      based = false;
    } else if (JOINERS.test(char) || SELECTORS.test(char)) {
      // Judged below, once the character after it is read.
      read.push("unreadable");
    } else if (UNREADABLE.test(char)) {
      read.push("unreadable");
      based = false;
    } else if (MARK.test(char)) {
      read.push(based ? "seen" : "unreadable");
    } else {
      read.push("seen");
      based = true;
    }
  }
  chars.forEach((char, i) => {
    const before = chars[i - 1] ?? "";
    if (SELECTORS.test(char) && read[i - 1] === "seen" && !SELECTORS.test(before)) read[i] = "seen";
  });
  chars.forEach((char, i) => {
    if (!JOINERS.test(char)) return;
    const drawnLetter = (j: number) => read[j] === "seen" && !ASCII.test(chars[j] ?? "");
    const before =
      drawnLetter(i - 1) ||
      (SELECTORS.test(chars[i - 1] ?? "") && read[i - 1] === "seen" && read[i - 2] === "seen");
    if (before && drawnLetter(i + 1)) read[i] = "seen";
  });
  return read;
}

/**
 * True when `value` holds a character no reader can see or that changes how the text reads
 * (UNREADABLE, or a combining mark with nothing drawn before it), other than a joiner inside a
 * word of a script such as Devanagari or an emoji, or a variation selector after what it styles.
 * Control characters are left to hasControlCharacters.
 */
export function hasUnreadableCharacters(value: string): boolean {
  return readings(Array.from(value)).includes("unreadable");
}

/**
 * Stored text from a stranger made safe to show, when it must be shown rather than refused (a
 * buyer's answer, an older enquiry's name): direction controls and invisible characters removed,
 * a blank that would join two words once removed shown as a space, and a character drawn as a box
 * shown as U+FFFD. Joiners inside words and selectors after what they style stay. With `lines`,
 * newlines (and tabs) stay, a CR LF becoming one newline; without, a line break or a tab is a
 * space. Other controls go. What it answers passes hasUnreadableCharacters, and text that passes
 * is answered unchanged.
 */
export function neutralise(value: string, options: { lines?: boolean } = {}): string {
  const text = options.lines ? value.replace(/\r\n?/g, "\n") : value;
  const chars = Array.from(text);
  const read = readings(chars);
  return chars
    .map((char, i) => {
      switch (read[i]) {
        case "seen":
        case "space":
          return char;
        case "control":
          if (options.lines && (char === "\n" || char === "\t")) return char;
          return /^\s$/u.test(char) ? " " : "";
        default:
          if (options.lines && (char === "\u2028" || char === "\u2029")) return "\n";
          if (BLANK.test(char)) return " ";
          return BOX.test(char) ? REPLACEMENT : "";
      }
    })
    .join("");
}
