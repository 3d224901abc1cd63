/**
 * Signed webhooks, one migration step of the SQLite store (docs/decisions/025): the endpoints, and
 * the outbox of their deliveries. A delivery of an enquiry's event goes with its enquiry when that
 * is erased (a person's request, retention); every delivery goes with its endpoint.
 * The claim reads the (status, due_at) index: a lease moves `due_at` to its end, and nothing
 * delivered or failed is pending, so nothing that cannot be claimed sits at its head.
 */
export function webhookSchema(enquiryTable: string, quote: (name: string) => string): string {
  return `
    CREATE TABLE webhook_endpoints (
      id TEXT PRIMARY KEY,
      url TEXT NOT NULL,
      events TEXT NOT NULL,
      secret TEXT NOT NULL,
      enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
      created_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      enquiry_id TEXT REFERENCES ${quote(enquiryTable)} (id) ON DELETE CASCADE,
      event_type TEXT NOT NULL,
      payload TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      due_at TEXT NOT NULL,
      next_attempt_at TEXT,
      claimed_by TEXT,
      claim_expires_at TEXT,
      created_at TEXT NOT NULL,
      attempt_log TEXT NOT NULL DEFAULT '[]'
    ) STRICT;
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, due_at);
    CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at);
    CREATE INDEX webhook_deliveries_enquiry ON webhook_deliveries (enquiry_id);
  `;
}
