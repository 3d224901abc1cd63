/**
 * A cursor names one item's place in a newest-first list by its time and id, so the next page
 * starts right after it (keyset paging: as fast on the thousandth page as on the first).
 */
export function encodePageCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`, "utf8").toString("base64url");
}

/** Null for anything that is not a cursor this server made. */
export function decodePageCursor(cursor: string): { at: string; id: string } | null {
  const [at, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!at || !id || extra !== undefined || Number.isNaN(Date.parse(at))) return null;
  return { at, id };
}
