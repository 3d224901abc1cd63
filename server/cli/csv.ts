/**
 * CSV as RFC 4180 writes it (CRLF line ends, fields quoted when they hold a comma, quote or line
 * break), made safe to open in a spreadsheet: a cell that begins with = + - @, a tab or a carriage
 * return would run as a formula, so it is prefixed with a single quote (OWASP's advice).
 */
/** Byte order mark: Excel on Windows reads a file as UTF-8 only with it (names in Devanagari). */
export const UTF8_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<Row>(
  columns: readonly { header: string; value: (row: Row) => string | number | null | undefined }[],
  rows: readonly Row[],
): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
