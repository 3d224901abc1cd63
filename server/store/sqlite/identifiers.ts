/** A table's name, quoted for SQL; refused unless it is a plain identifier (it comes from configuration). */
export function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a table name: ${name}`);
  return `"${name}"`;
}
