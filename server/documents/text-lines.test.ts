import { describe, expect, it } from "vitest";
import { breakLines, textWidth } from "./text-lines";

describe("breaking a text into lines that fit", () => {
  it("breaks Devanagari between words, every line within the width, no word lost", () => {
    const text = "हम घोषणा करते हैं कि इस दस्तावेज़ में वर्णित माल का वास्तविक मूल्य दिखाया गया है और सभी विवरण सही हैं।";
    const lines = breakLines(text, 120, 9);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidth(line, 9)).toBeLessThanOrEqual(120);
    expect(lines.join(" ")).toBe(text);
  });

  it("breaks a word wider than the line between clusters, never inside one", () => {
    const word = "क्षत्रश्रकिर्मक्षत्रश्रकिर्मक्षत्रश्रकिर्म";
    const lines = breakLines(word, 40, 9, "bold");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toBe(word);
    for (const line of lines) expect(line).not.toMatch(/^[\u093E-\u094D]/);
  });
});
