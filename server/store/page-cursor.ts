/**
 * A cursor names one item's place in a newest-first list by its time and id, so the next page
 * starts right after it (keyset paging: as fast on the thousandth page as on the first).
 */
export function encodePageCursor(at: string, id: string): string {
  return encodeListCursor({ by: "received", at, id });
}

/** Null for anything that is not a cursor this server made. */
export function decodePageCursor(cursor: string): { at: string; id: string } | null {
  const place = decodeListCursor(cursor);
  return place?.by === "received" ? { at: place.at, id: place.id } : null;
}

/**
 * One page of a newest-first list read one item beyond `limit`: its first `limit` items, and the
 * cursor after the last of them (by the time `at` gives) when the read found more.
 */
export function pageOf<T extends { id: string }>(
  read: readonly T[],
  limit: number,
  at: (item: T) => string,
): { items: T[]; nextCursor: string | null } {
  const items = read.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: read.length > limit && last ? encodePageCursor(at(last), last.id) : null };
}

/**
 * A place in one of the inbox's listings (server/lifecycle/inbox-listing.ts): by when it was
 * received (newest first), or by when it is due (soonest first). A listing sorted by due lists
 * those with nothing due after the rest, newest first: a cursor among them is by received.
 */
export interface ListCursor {
  by: "received" | "due";
  at: string;
  id: string;
}

export function encodeListCursor(cursor: ListCursor): string {
  // By received, the page cursor as it always was: cursors given out before still work.
  const text = cursor.by === "received" ? `${cursor.at}|${cursor.id}` : `${cursor.at}|${cursor.id}|due`;
  return Buffer.from(text, "utf8").toString("base64url");
}

/** Null for anything that is not a listing's cursor this server made. */
export function decodeListCursor(cursor: string): ListCursor | null {
  const [at, id, by, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!at || !id || extra !== undefined || Number.isNaN(Date.parse(at))) return null;
  if (by === undefined) return { by: "received", at, id };
  return by === "due" ? { by, at, id } : null;
}
