/**
 * Documents and payments (issue 42), one migration step of the SQLite store:
 * - `issued_documents`: each document as issued, an immutable snapshot (`document`, the
 *   IssuedDocument as JSON) with the columns it is found by: its enquiry, kind, financial year,
 *   place in its series (unique: no repeat), number, time of issue and total; a credit note's
 *   invoice; and a tax invoice's balance as the work layer last wrote it (null for the other kinds),
 *   which the receivables read by;
 * - `document_series`: the last number taken in each kind's series for a financial year, taken in
 *   the transaction that stores the document (no gap);
 * - `document_payments`: payments against a tax invoice;
 * - `document_clicks`: the click that issued, paid or sent, so the same click acts once.
 * None refers to its enquiry by a foreign key: a tax invoice and a credit note outlive an erased
 * enquiry for their statutory period (docs/retention.md).
 */
export const documentsSchema = `
CREATE TABLE issued_documents (
  id TEXT PRIMARY KEY,
  enquiry_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('quotation', 'proforma', 'tax-invoice', 'credit-note')),
  financial_year TEXT NOT NULL,
  sequence INTEGER NOT NULL CHECK (sequence >= 1),
  number TEXT NOT NULL CHECK (length(number) BETWEEN 1 AND 16),
  issued_at TEXT NOT NULL,
  total_paise INTEGER NOT NULL,
  against_id TEXT REFERENCES issued_documents (id),
  balance_paise INTEGER CHECK ((kind = 'tax-invoice') = (balance_paise IS NOT NULL)),
  document TEXT NOT NULL CHECK (json_valid(document)),
  UNIQUE (kind, financial_year, sequence)
) STRICT;
CREATE INDEX issued_documents_enquiry ON issued_documents (enquiry_id, issued_at);
CREATE INDEX issued_documents_issued_at ON issued_documents (issued_at);
CREATE INDEX issued_documents_against ON issued_documents (against_id) WHERE against_id IS NOT NULL;
CREATE INDEX issued_documents_owed ON issued_documents (issued_at) WHERE balance_paise > 0;

CREATE TABLE document_series (
  kind TEXT NOT NULL,
  financial_year TEXT NOT NULL,
  last_sequence INTEGER NOT NULL CHECK (last_sequence >= 1),
  PRIMARY KEY (kind, financial_year)
) STRICT;

CREATE TABLE document_payments (
  id TEXT PRIMARY KEY,
  document_id TEXT NOT NULL REFERENCES issued_documents (id),
  enquiry_id TEXT NOT NULL,
  amount_paise INTEGER NOT NULL CHECK (amount_paise >= 1),
  method TEXT NOT NULL CHECK (method IN ('upi', 'bank-transfer', 'cash-on-delivery')),
  reference TEXT,
  received_on TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  recorded_by TEXT NOT NULL
) STRICT;
CREATE INDEX document_payments_document ON document_payments (document_id, recorded_at);
CREATE INDEX document_payments_enquiry ON document_payments (enquiry_id);

CREATE TABLE document_clicks (
  action TEXT NOT NULL CHECK (action IN ('issue', 'payment', 'send')),
  click_key TEXT NOT NULL,
  result_id TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (action, click_key)
) STRICT;
`;
