/** A table's name, quoted for SQL; refused unless it is a plain identifier (it comes from configuration). */
export function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a table name: ${name}`);
  return `"${name}"`;
}

/** The quoted name of something named after a quoted table: `"x_Form"` and `contact` give `"x_Form_contact"`. */
export function namedAfter(quotedTable: string, suffix: string): string {
  return `${quotedTable.slice(0, -1)}_${suffix}"`;
}
