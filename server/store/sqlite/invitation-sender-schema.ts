/**
 * Who sent each invitation or reset link, one migration step of the SQLite store
 * (domain/staff.ts): a link that would let a pending invitee in stands only while its sender may
 * still invite them, and removing or demoting an owner withdraws (`revoked_at`) the pending
 * invitations they sent, in the same transaction.
 *
 * `sent_by` is a staff id with no foreign key: a removed sender's id stays on their links, which
 * then name nobody on the staff (so they stand for nothing), rather than turning NULL.
 *
 * Links made before this step have no sender (NULL), and nobody can tell now which owner typed
 * the address. Such a link still works for an account that already has a password (a reset mailed
 * to its holder's own address lets nobody new in), but no longer lets a pending invitee in: the
 * invitation may have come from an owner since removed, which is the very hole this closes. The
 * cost is small and visible: links run out after STAFF_LINK_HOURS anyway, the invitee is told to
 * ask an owner for a new one, and the Staff page's "Send reset link" sends one that records its
 * sender.
 */
export const invitationSenderSchema = `
  ALTER TABLE staff_links ADD COLUMN sent_by TEXT;
  ALTER TABLE staff_links ADD COLUMN revoked_at TEXT;
  CREATE INDEX staff_links_sent_by ON staff_links (sent_by);
`;
