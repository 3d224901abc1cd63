import { describe, expect, test } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("a CSV cell", () => {
  test("is written as it is when it holds nothing special", () => {
    expect(csvCell("Asha Retail")).toBe("Asha Retail");
    expect(csvCell(24)).toBe("24");
    expect(csvCell(null)).toBe("");
  });

  test("is quoted, with its quotes doubled, when it holds a comma, a quote or a line break", () => {
    expect(csvCell("Retail, Wholesale")).toBe('"Retail, Wholesale"');
    expect(csvCell('The "Best" Store')).toBe('"The ""Best"" Store"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  test.each(["=1+1", "+91 98765", "-2+3", "@SUM(A1)", "\tTAB", "\rCR"])(
    "beginning like a formula (%j) is prefixed with a single quote",
    (value) => {
      expect(csvCell(value).replace(/^"/, "").startsWith(`'${value[0]}`)).toBe(true);
    },
  );

  test("a formula with a comma is both defused and quoted", () => {
    expect(csvCell('=HYPERLINK("http://x.example","click")')).toBe(
      `"'=HYPERLINK(""http://x.example"",""click"")"`,
    );
  });
});

test("a CSV table has a header row and CRLF line ends", () => {
  const csv = toCsv<{ a: string; b: number }>(
    [
      { header: "A", value: (row) => row.a },
      { header: "B", value: (row) => row.b },
    ],
    [
      { a: "x", b: 1 },
      { a: "y,z", b: 2 },
    ],
  );
  expect(csv).toBe('A,B\r\nx,1\r\n"y,z",2\r\n');
});
