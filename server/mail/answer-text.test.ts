import { describe, expect, it } from "vitest";
import { ANSWER_TEXT_MAX_LENGTH } from "../../domain/conversation";
import { answerText, capText, trimQuoted } from "./answer-text";

describe("an answer's own words", () => {
  it("leaves out the earlier mail quoted below a plain opener", () => {
    expect(
      trimQuoted(
        "Yes, 60 sachets please.\n\nOn Fri, 20 Nov 2026 at 10:00, Sales <s@x.example> wrote:\n> Hello",
      ),
    ).toEqual({ text: "Yes, 60 sachets please.", trimmed: true });
    expect(
      trimQuoted(
        "हाँ, 60 सैशे भेज दीजिए।\n\nशुक्र, 20 नव॰ 2026 को 10:00 am बजे Sales <s@x.example> ने लिखा:\n> नमस्ते",
      ),
    ).toEqual({ text: "हाँ, 60 सैशे भेज दीजिए।", trimmed: true });
    expect(trimQuoted("Fine.\n-----Original Message-----\nFrom: x")).toEqual({
      text: "Fine.",
      trimmed: true,
    });
    expect(trimQuoted("Agreed.\n\n> earlier\n> lines\n")).toEqual({ text: "Agreed.", trimmed: true });
  });

  it("keeps a text whose quoting is not plain, and a text that is all quote", () => {
    expect(trimQuoted("> you said\nI disagree\n> and this")).toEqual({
      text: "> you said\nI disagree\n> and this",
      trimmed: false,
    });
    expect(trimQuoted("On Fri someone wrote:\n> all quote")).toEqual({
      text: "On Fri someone wrote:\n> all quote",
      trimmed: false,
    });
  });

  it("is cut at its limit without splitting a character", () => {
    expect(capText("ab😀", 3)).toEqual({ text: "ab", truncated: true });
    expect(capText("abc", 3)).toEqual({ text: "abc", truncated: false });
  });
});

describe("a stranger's text, worked on in one pass", () => {
  // The attack: an answer of "hi" and 20,000 quoted lines with a plain line at the end took the
  // trimming 33 s (every quoted line checked every line after it).
  const hostile = `hi\n${">\n".repeat(20_000)}one plain line`;

  it("keeps an answer whose quoted run does not close it, whatever its length", () => {
    expect(trimQuoted(hostile)).toEqual({ text: hostile, trimmed: false });
  });

  it("trims a long closing run of quoted lines", () => {
    expect(trimQuoted(`Yes please.\n\n${"> earlier\n".repeat(50_000)}`)).toEqual({
      text: "Yes please.",
      trimmed: true,
    });
  });

  it("cuts the text to what is stored before trimming it, and says it was cut only when the buyer's words were", () => {
    const long = `${"Sixty sachets, please. ".repeat(2_000)}`;
    const cut = answerText(long);
    expect(cut.text.length).toBeLessThanOrEqual(ANSWER_TEXT_MAX_LENGTH);
    expect(cut).toMatchObject({ truncated: true, quoteTrimmed: false });

    const quoted = answerText(`Sixty, please.\n\nOn Fri, Sales wrote:\n${"> earlier\n".repeat(100_000)}`);
    expect(quoted).toEqual({ text: "Sixty, please.", truncated: false, quoteTrimmed: true });
  });
});
