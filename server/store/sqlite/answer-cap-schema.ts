/**
 * The buyer's answers bounded and weighed, one migration step of the SQLite store:
 * - `enquiry_messages.verified`: whether an answer is known to come from the buyer. Answers stored
 *   before count as verified (1): they were matched under the earlier rule, by their thread or by
 *   the subject's reference from the enquiry's own address, and nothing else is known of them now;
 * - `enquiry_answer_days`: each enquiry's count of the answers stored on the last IST day one
 *   arrived, and whether its owner was told of those set aside beyond the day's cap
 *   (server/lifecycle/conversation.ts), erased with the enquiry.
 */
export function answerCapSchema(enquiryTable: string, quote: (name: string) => string): string {
  return `
    ALTER TABLE enquiry_messages ADD COLUMN verified INTEGER NOT NULL DEFAULT 1 CHECK (verified IN (0, 1));

    CREATE TABLE enquiry_answer_days (
      enquiry_id TEXT PRIMARY KEY REFERENCES ${quote(enquiryTable)} (id) ON DELETE CASCADE,
      day TEXT NOT NULL,
      stored INTEGER NOT NULL CHECK (stored >= 0),
      set_aside_told INTEGER NOT NULL CHECK (set_aside_told IN (0, 1))
    ) STRICT;
  `;
}
