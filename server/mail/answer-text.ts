/**
 * A buyer's answer as it is kept: its own words, cut to what is stored. No I/O, and linear in the
 * text's length throughout, since the text is a stranger's: the mail parser's worker
 * (parse-worker.ts) runs it under a time limit, and nothing here may need that limit.
 */
import { ANSWER_TEXT_MAX_LENGTH } from "../../domain/conversation";

/** Lines that open the earlier mail an answer quotes, as common mail programs write them. */
const QUOTE_OPENERS = [
  /^On .{1,300}wrote:\s*$/, // Gmail, Apple Mail, Thunderbird (English)
  /^.{1,300}ने लिखा:\s*$/, // Gmail in Hindi
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i, // Outlook
  /^_{10,}\s*$/, // Outlook on the web's rule before "From:"
  /^From:\s.+$/, // Outlook's header block
];

function isOpener(line: string): boolean {
  const trimmed = line.trim();
  return QUOTE_OPENERS.some((opener) => opener.test(trimmed)) || /^On\s.*wrote:\s*$/.test(trimmed);
}

const quoted = (line: string) => line.startsWith(">");

/**
 * An answer's own words: the text before the earlier mail it quotes, where that is plain (a line
 * such as "On … wrote:", an Outlook header block, or a closing run of "> " lines with nothing
 * quoted above it). Anything less plain is kept whole: the member reads it as it came. One pass
 * over the lines finds each kind of cut.
 */
export function trimQuoted(text: string): { text: string; trimmed: boolean } {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  // A closing run of quoted lines can start only at the first quoted line (nothing above it may
  // be quoted: an answer written between quoted lines needs them to be read), and only when no
  // line after it is the answer's own words.
  const firstQuoted = lines.findIndex(quoted);
  let lastOwnWords = -1;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] as string;
    if (line.trim() !== "" && !quoted(line)) {
      lastOwnWords = index;
      break;
    }
  }
  const closingRun = firstQuoted > 0 && firstQuoted > lastOwnWords ? firstQuoted : -1;
  const cut = lines.findIndex((line, index) => {
    if (index === 0) return false;
    if (index === closingRun) return true;
    const trimmed = line.trim();
    return (
      QUOTE_OPENERS.some((opener) => opener.test(trimmed)) ||
      // "On … wrote:" may be wrapped over two lines by the sender's program.
      (/^On\s/.test(trimmed) && /wrote:\s*$/.test(lines[index + 1]?.trim() ?? ""))
    );
  });
  if (cut < 0) return { text: text.trim(), trimmed: false };
  // The quoted run's own opener ("On … wrote:" just above it) goes with it.
  let end = cut;
  while (end > 0 && ((lines[end - 1] as string).trim() === "" || isOpener(lines[end - 1] as string)))
    end -= 1;
  const kept = lines.slice(0, end).join("\n").trim();
  if (!kept) return { text: text.trim(), trimmed: false };
  return { text: kept, trimmed: true };
}

/** Cuts a text to `max` characters without splitting a UTF-16 pair. */
export function capText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true };
}

/**
 * What is stored of an answer's text: cut to ANSWER_TEXT_MAX_LENGTH first (nothing beyond what is
 * kept is ever worked on), then its quoted part trimmed. Truncated when the cut took words of the
 * buyer's own: a cut that fell inside the quote trimmed away took none.
 */
export function answerText(text: string): { text: string; truncated: boolean; quoteTrimmed: boolean } {
  const capped = capText(text, ANSWER_TEXT_MAX_LENGTH);
  const trimmed = trimQuoted(capped.text);
  return {
    text: trimmed.text,
    truncated: capped.truncated && !trimmed.trimmed,
    quoteTrimmed: trimmed.trimmed,
  };
}
