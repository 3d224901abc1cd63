/**
 * The statements of a table whose row is typed once, by the function that makes a row from what
 * it stores (its keys are the columns): the columns a SELECT reads and the one upsert that writes
 * them, so that no column is listed a second time by hand.
 */

/** The columns of `row`, in its order. */
export function columnsOf<Row extends object>(row: Row): (keyof Row & string)[] {
  return Object.keys(row) as (keyof Row & string)[];
}

/** The columns to select from the table aliased `alias`, each under its own name. */
export function selectList(alias: string, columns: readonly string[]): string {
  return columns.map((column) => `${alias}.${column}`).join(", ");
}

/**
 * One INSERT of a row keyed by `key` that, when the key is held already, writes every column over
 * the row held; each column is bound by its own name (`@column`).
 */
export function upsertStatement(table: string, key: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${[key, ...columns].join(", ")})
    VALUES (${[key, ...columns].map((column) => `@${column}`).join(", ")})
    ON CONFLICT (${key}) DO UPDATE SET ${columns.map((column) => `${column} = excluded.${column}`).join(", ")}`;
}

/** One INSERT of a row into `table`, each column bound by its own name (`@column`). */
export function insertStatement(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((column) => `@${column}`).join(", ")})`;
}

/** One UPDATE of the row keyed by `key`, setting each other of `columns` by its own name (`@column`). */
export function updateStatement(table: string, key: string, columns: readonly string[]): string {
  const set = columns.filter((column) => column !== key);
  return `UPDATE ${table} SET ${set.map((column) => `${column} = @${column}`).join(", ")} WHERE ${key} = @${key}`;
}
