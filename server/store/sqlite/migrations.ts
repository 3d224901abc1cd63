import { quoteIdentifier } from "./identifiers";
import { consoleSchema } from "./console-schema";
import { handedOnSchema } from "./handed-on-schema";
import { newsletterSchema } from "./newsletter-schema";
import { sharedWorkSchema } from "./shared-work-schema";
import { staffAccountsSchema } from "./staff-accounts-schema";
import { inboxContactSchema, inboxListingSchema, lifecycleSchema, teamSchema } from "./team-schema";
import { webhookSchema } from "./webhook-schema";
import { conversationSchema } from "./conversation-schema";
import { templatesAndPushSchema } from "./templates-and-push-schema";
import { saleSchema } from "./sale-schema";
import { answerCapSchema } from "./answer-cap-schema";
import { invitationSenderSchema } from "./invitation-sender-schema";
import { undeliverableSchema } from "./undeliverable-schema";
import { notificationKindSchema } from "./notification-kind-schema";
import { documentsSchema } from "./documents-schema";
import { whatsappEnquirySchema } from "./whatsapp-enquiry-schema";
import type Database from "better-sqlite3";

/** One step: SQL to run, or (where rows must be worked out in the server) a function of the connection. */
export type MigrationStep = string | ((db: Database.Database) => void);

/** Runs one step on `db`, in the caller's transaction. */
export function applyMigration(db: Database.Database, step: MigrationStep): void {
  if (typeof step === "string") db.exec(step);
  else step(db);
}

/**
 * Schema migrations, in order; `PRAGMA user_version` holds how many have run.
 * A later version appends a step here and never edits one that has shipped.
 */
export function migrations(enquiryTable: string): MigrationStep[] {
  const table = quoteIdentifier(enquiryTable);
  return [
    `
    CREATE TABLE ${table} (
      id TEXT PRIMARY KEY,
      Name TEXT NOT NULL,
      Email TEXT NOT NULL,
      Mobile TEXT NOT NULL,
      Quantity INTEGER NOT NULL CHECK (Quantity >= 1),
      RetailerSelfUse TEXT NOT NULL CHECK (RetailerSelfUse IN ('Retailer', 'Self Use')),
      received_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX ${quoteIdentifier(`${enquiryTable}_received_at`)} ON ${table} (received_at);

    CREATE TABLE subscribers (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
      subscribed_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE notifications (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT NOT NULL REFERENCES ${table} (id),
      status TEXT NOT NULL CHECK (status IN ('pending', 'sent')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      claimed_by TEXT,
      claim_expires_at TEXT,
      last_error TEXT,
      sent_at TEXT
    ) STRICT;
    CREATE INDEX notifications_due ON notifications (status, next_attempt_at);

    CREATE TABLE vitals (
      id INTEGER PRIMARY KEY,
      page TEXT NOT NULL,
      metric TEXT NOT NULL,
      value REAL NOT NULL,
      received_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX vitals_page_metric ON vitals (page, metric, value);
    `,
    consoleSchema(enquiryTable, quoteIdentifier),
    newsletterSchema(enquiryTable, quoteIdentifier),
    sharedWorkSchema(enquiryTable, quoteIdentifier),
    // Attempts counted before they are checked (sign-ins, mails to one mailbox), replacing the
    // sign-in throttle that was read, then written after the check.
    `
    CREATE TABLE attempt_counters (
      name_hash TEXT PRIMARY KEY,
      count INTEGER NOT NULL,
      expires_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX attempt_counters_expires ON attempt_counters (expires_at);
    DROP TABLE sign_in_throttle;
    `,
    // Idempotency keys beside the enquiries (the five fields stay as they are), erased with them.
    `
    CREATE TABLE enquiry_idempotency_keys (
      key TEXT PRIMARY KEY,
      enquiry_id TEXT NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
      fingerprint TEXT NOT NULL,
      received_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX enquiry_idempotency_keys_received_at ON enquiry_idempotency_keys (received_at);
    CREATE INDEX enquiry_idempotency_keys_enquiry ON enquiry_idempotency_keys (enquiry_id);
    `,
    // The language of the page an enquiry or a newsletter address came from (docs/decisions/021).
    `
    ALTER TABLE ${table} ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));
    ALTER TABLE subscribers ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));
    `,
    // Owners, follow-ups, alert choices and the members' mails (docs/decisions/022).
    teamSchema(enquiryTable, quoteIdentifier),
    // The dashboard (docs/decisions/023): enquiries per IST day and buyer type, and each enquiry's
    // first touch, kept by triggers in the transaction that stores, works on or erases an enquiry;
    // who worked on what, and page speed, by time.
    `
    CREATE TABLE enquiry_days (
      day TEXT NOT NULL,
      buyer TEXT NOT NULL,
      enquiries INTEGER NOT NULL,
      quantity INTEGER NOT NULL,
      PRIMARY KEY (day, buyer)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO enquiry_days (day, buyer, enquiries, quantity)
      SELECT date(received_at, '+330 minutes'), RetailerSelfUse, count(*), sum(Quantity) FROM ${table} GROUP BY 1, 2;
    CREATE TRIGGER ${quoteIdentifier(`${enquiryTable}_days_insert`)} AFTER INSERT ON ${table} BEGIN
      INSERT INTO enquiry_days (day, buyer, enquiries, quantity)
        VALUES (date(new.received_at, '+330 minutes'), new.RetailerSelfUse, 1, new.Quantity)
        ON CONFLICT (day, buyer) DO UPDATE SET enquiries = enquiries + 1, quantity = quantity + excluded.quantity;
    END;
    CREATE TRIGGER ${quoteIdentifier(`${enquiryTable}_days_delete`)} AFTER DELETE ON ${table} BEGIN
      UPDATE enquiry_days SET enquiries = enquiries - 1, quantity = quantity - old.Quantity
        WHERE day = date(old.received_at, '+330 minutes') AND buyer = old.RetailerSelfUse;
    END;
    CREATE TABLE enquiry_first_touch (
      enquiry_id TEXT PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE,
      received_at TEXT NOT NULL,
      first_at TEXT NOT NULL
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX enquiry_first_touch_received ON enquiry_first_touch (received_at, first_at);
    INSERT INTO enquiry_first_touch (enquiry_id, received_at, first_at)
      SELECT h.enquiry_id, e.received_at, min(h.at) FROM enquiry_history h JOIN ${table} e ON e.id = h.enquiry_id
      GROUP BY h.enquiry_id;
    CREATE TRIGGER enquiry_history_first_touch AFTER INSERT ON enquiry_history BEGIN
      INSERT INTO enquiry_first_touch (enquiry_id, received_at, first_at)
        SELECT new.enquiry_id, received_at, new.at FROM ${table} WHERE id = new.enquiry_id
        ON CONFLICT (enquiry_id) DO UPDATE SET first_at = min(first_at, excluded.first_at);
    END;
    CREATE INDEX enquiry_history_at ON enquiry_history (at, staff_email, enquiry_id);
    CREATE INDEX vitals_received_at ON vitals (received_at, page, metric, value);
    `,
    // Signed webhooks: endpoints and the outbox of their deliveries (docs/decisions/025).
    webhookSchema(enquiryTable, quoteIdentifier),
    // Beside each enquiry: its spam score with the reasons, and where it came from (decision 024).
    // A row only for an enquiry with a reason or a source; erased with the enquiry.
    `
    CREATE TABLE enquiry_meta (
      enquiry_id TEXT PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE,
      spam_score INTEGER NOT NULL DEFAULT 0,
      spam_reasons TEXT NOT NULL DEFAULT '[]',
      filed_as_spam INTEGER NOT NULL DEFAULT 0 CHECK (filed_as_spam IN (0, 1)),
      utm_source TEXT,
      utm_medium TEXT,
      utm_campaign TEXT,
      referrer_host TEXT,
      landing_path TEXT,
      source_label TEXT
    ) STRICT;
    CREATE INDEX enquiry_meta_source ON enquiry_meta (source_label);
    `,
    // The search index is brought up to date when it is searched, in one batch (search-index.ts):
    // an enquiry's write only notes it as waiting. Everything stored so far is already indexed.
    `
    CREATE TABLE enquiry_search_pending (enquiry_id TEXT NOT NULL) STRICT;
    DROP TRIGGER ${quoteIdentifier(`${enquiryTable}_search_insert`)};
    CREATE TRIGGER ${quoteIdentifier(`${enquiryTable}_search_insert`)} AFTER INSERT ON ${table} BEGIN
      INSERT INTO enquiry_search_pending (enquiry_id) VALUES (new.id);
    END;
    DROP TRIGGER ${quoteIdentifier(`${enquiryTable}_search_delete`)};
    CREATE TRIGGER ${quoteIdentifier(`${enquiryTable}_search_delete`)} AFTER DELETE ON ${table} BEGIN
      DELETE FROM enquiry_search WHERE enquiry_id = old.id;
      DELETE FROM enquiry_search_pending WHERE enquiry_id = old.id;
    END;
    `,
    // The enquiry's life decided once (decision 029): the first-contact target is kept apart from
    // the due time, so handing an enquiry on cannot lose it; history records contact with the
    // buyer (a call, a WhatsApp chat, a reply) and who an enquiry was handed on from. Only contact,
    // notes and status changes are a first touch: handing on and planning a follow-up are not.
    lifecycleSchema(enquiryTable, quoteIdentifier),
    // Owners and members, invitations and reset links from the console (staff-accounts-schema.ts).
    staffAccountsSchema(enquiryTable, quoteIdentifier),
    // One mail to a member for the enquiries handed to them in one bulk action (handed-on-schema.ts).
    handedOnSchema(enquiryTable, quoteIdentifier),
    // Each enquiry's e-mail conversation: replies through the outbox, answers from the mailbox.
    conversationSchema(enquiryTable, quoteIdentifier),
    // Reply templates, push subscriptions and follow-up reminders (templates-and-push-schema.ts).
    templatesAndPushSchema(enquiryTable, quoteIdentifier),
    // The deal's figures, why a sale was lost, and each enquiry's buyer keys (sale-schema.ts).
    saleSchema(enquiryTable, quoteIdentifier),
    // The inbox's filters combined in one listing (inbox-listing.ts).
    inboxListingSchema(enquiryTable, quoteIdentifier),
    // A short search's comparisons read from an index of the enquiries' contact columns (team-schema.ts).
    inboxContactSchema(enquiryTable, quoteIdentifier),
    // Whether an answer is verified, and each enquiry's answers counted per day (answer-cap-schema.ts).
    answerCapSchema(enquiryTable, quoteIdentifier),
    // Who sent each invitation or reset link, and the invitations withdrawn with their sender
    // (invitation-sender-schema.ts says why links sent before stand for no pending invitee).
    invitationSenderSchema,
    // A notification refused for good by the recipient's mail server ends undeliverable (undeliverable-schema.ts).
    undeliverableSchema(enquiryTable, quoteIdentifier),
    // The request that queued a notification or a webhook delivery (its X-Request-Id), for the
    // outbox's log lines; older rows have none.
    `
    ALTER TABLE notifications ADD COLUMN request_id TEXT;
    ALTER TABLE webhook_deliveries ADD COLUMN request_id TEXT;
    `,
    // What contact with the buyer is, decided once (server/lifecycle/plan.ts: LineTouch): the
    // first touch is written with the history line (work-record.ts) instead of by a trigger that
    // kept its own list of kinds, and the members' figure reads the kind from the index on `at`.
    `
    DROP TRIGGER enquiry_history_first_touch;
    DROP INDEX enquiry_history_at;
    CREATE INDEX enquiry_history_at ON enquiry_history (at, kind, staff_email, enquiry_id);
    `,
    // The enquiry's write path (docs/benchmarks.md, "The enquiry write path"): an enquiry's buyer
    // keys are given at the first read after it (buyers.ts: catchUpBuyerKeys), its write only
    // notes it as waiting; every enquiry stored so far has its keys. The index on the time an
    // enquiry was received alone goes: the inbox's (received_at, id) serves every query it served.
    `
    CREATE TABLE enquiry_buyers_pending (enquiry_id TEXT NOT NULL) STRICT;
    CREATE TRIGGER ${quoteIdentifier(`${enquiryTable}_buyers_insert`)} AFTER INSERT ON ${table} BEGIN
      INSERT INTO enquiry_buyers_pending (enquiry_id) VALUES (new.id);
    END;
    DROP INDEX ${quoteIdentifier(`${enquiryTable}_received_at`)};
    `,
    // A notification's kind is plain text, checked where one is made (notification-kind-schema.ts).
    notificationKindSchema(enquiryTable, quoteIdentifier),
    // The company's own facts as the owners publish them from the console (company-facts.ts):
    // every version kept, the facts as JSON.
    `
    CREATE TABLE company_facts (
      version INTEGER PRIMARY KEY,
      facts TEXT NOT NULL,
      published_at TEXT NOT NULL,
      published_by TEXT NOT NULL,
      restored_from INTEGER
    ) STRICT;
    `,
    // Waiting on us (server/lifecycle/inbox-listing.ts: waitingOnUs): when the buyer answered with
    // nobody contacting them since, from the first answer of an open enquiry after its last contact.
    `
    ALTER TABLE enquiry_work ADD COLUMN answered_at TEXT;
    UPDATE enquiry_work SET answered_at = (
      SELECT min(a.at) FROM enquiry_messages a
      WHERE a.enquiry_id = enquiry_work.enquiry_id AND a.direction = 'in'
        AND a.at > coalesce((SELECT max(h.at) FROM enquiry_history h
          WHERE h.enquiry_id = enquiry_work.enquiry_id AND h.kind IN ('status', 'note', 'contact')), ''))
    WHERE closed_at IS NULL;
    `,
    // How colleagues see a member (domain/staff.ts: memberName); null shows their address.
    `ALTER TABLE staff ADD COLUMN display_name TEXT;`,
    // A duplicate is a close of its own (domain/status.ts), linked to the enquiry it repeats.
    `ALTER TABLE enquiry_work ADD COLUMN duplicate_of TEXT;`,
    // WhatsApp in the conversation (docs/whatsapp.md): the channel each message travelled by, and a
    // WhatsApp message's id (its wamid) held once in the whole store, whichever enquiry holds it.
    `
    ALTER TABLE enquiry_messages ADD COLUMN channel TEXT NOT NULL DEFAULT 'email'
      CHECK (channel IN ('email', 'whatsapp'));
    CREATE UNIQUE INDEX enquiry_messages_whatsapp_id ON enquiry_messages (message_id) WHERE channel = 'whatsapp';
    `,
    // WhatsApp messages sent from the console (docs/whatsapp.md): the last status Meta reported on
    // each (sent, delivered, read, failed), when, and Meta's error (code and title) when it failed.
    `
    ALTER TABLE enquiry_messages ADD COLUMN whatsapp_status TEXT
      CHECK (whatsapp_status IN ('sent', 'delivered', 'read', 'failed'));
    ALTER TABLE enquiry_messages ADD COLUMN whatsapp_status_at TEXT;
    ALTER TABLE enquiry_messages ADD COLUMN whatsapp_error TEXT;
    `,
    // The IST day a member is away until (domain/staff.ts: isAway); null: not away.
    `ALTER TABLE staff ADD COLUMN away_until TEXT;`,
    // A WhatsApp template's approval in WhatsApp Manager (domain/templates.ts: WhatsAppApproval):
    // Meta's name, language code and body parameters, as JSON; null: none (an e-mail's always).
    `
    ALTER TABLE reply_templates ADD COLUMN whatsapp_template TEXT
      CHECK (whatsapp_template IS NULL OR (channel = 'whatsapp' AND json_valid(whatsapp_template)));
    `,
    // The buyer's consent to WhatsApp given on the form (docs/decisions/042), beside the enquiry:
    // when, the exact words the box showed, and their language; null: the box was left unticked.
    `
    ALTER TABLE enquiry_meta ADD COLUMN whatsapp_consent_at TEXT;
    ALTER TABLE enquiry_meta ADD COLUMN whatsapp_consent_wording TEXT;
    ALTER TABLE enquiry_meta ADD COLUMN whatsapp_consent_language TEXT
      CHECK (whatsapp_consent_language IN ('en', 'hi'));
    `,
    // The order's dispatch after Confirmed (docs/decisions/047-dispatch.md): its last step, the
    // batches and best-before packed (a recall asks who received a batch), the courier, tracking
    // and e-way bill, a cash on delivery's confirmation, and why it came back; gone with its enquiry.
    `
    CREATE TABLE enquiry_dispatch (
      enquiry_id TEXT PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE,
      version INTEGER NOT NULL CHECK (version >= 1),
      step TEXT NOT NULL CHECK (step IN ('packed', 'dispatched', 'delivered', 'returned')),
      batches TEXT NOT NULL CHECK (json_valid(batches) AND json_type(batches) = 'array'),
      best_before TEXT,
      packed_at TEXT,
      courier TEXT,
      tracking TEXT,
      eway_bill TEXT CHECK (eway_bill IS NULL OR (length(eway_bill) = 12 AND eway_bill NOT GLOB '*[^0-9]*')),
      payment TEXT CHECK (payment IN ('prepaid', 'cod')),
      cod_confirmed_by TEXT,
      cod_confirmed_on TEXT,
      cod_channel TEXT CHECK (cod_channel IN ('call', 'whatsapp', 'email')),
      dispatched_at TEXT,
      delivered_at TEXT,
      returned_at TEXT,
      return_reason TEXT,
      updated_at TEXT NOT NULL
    ) STRICT;
    `,
    // Documents issued from an enquiry and payments against its tax invoices (documents-schema.ts).
    documentsSchema,
    // Enquiries started on WhatsApp: no address, quantity or buyer type, perhaps no name
    // (whatsapp-enquiry-schema.ts); the form's enquiries keep all five.
    whatsappEnquirySchema(enquiryTable, quoteIdentifier),
    // What a template is for (domain/templates.ts: TemplatePurpose): a reply, or the WhatsApp
    // message that carries an invoice or a payment reminder outside the 24-hour window; every
    // template before it is a reply. A document's template is a WhatsApp one.
    `
    ALTER TABLE reply_templates ADD COLUMN purpose TEXT NOT NULL DEFAULT 'reply'
      CHECK (purpose IN ('reply', 'invoice', 'payment-reminder') AND (purpose = 'reply' OR channel = 'whatsapp'));
    `,
    // Whether a history line is work of its author, as the plan that wrote it says
    // (server/lifecycle/plan.ts: LineTouch), stored with the line: the members' figure reads it
    // from a partial index on `at` instead of naming the kinds. Lines written before were work of
    // their author when they were a status change, a note or a contact.
    `
    ALTER TABLE enquiry_history ADD COLUMN worked INTEGER NOT NULL DEFAULT 0 CHECK (worked IN (0, 1));
    UPDATE enquiry_history SET worked = 1 WHERE kind IN ('status', 'note', 'contact');
    DROP INDEX enquiry_history_at;
    CREATE INDEX enquiry_history_worked ON enquiry_history (at, staff_email, enquiry_id) WHERE worked = 1;
    `,
    // The console's first templates come in sets, each added once (server/work/template-changes.ts:
    // seedStarters): the replies, as before, then the documents'. A store seeded before has its
    // replies' marker, and gets the documents' templates at its next listing.
    `
    CREATE TABLE template_seeds (
      name TEXT PRIMARY KEY CHECK (name IN ('replies', 'documents')),
      seeded_at TEXT NOT NULL
    ) STRICT;
    INSERT INTO template_seeds (name, seeded_at) SELECT 'replies', seeded_at FROM reply_templates_seeded;
    DROP TABLE reply_templates_seeded;
    `,
    // Waiting on us as the plans write it with the work record (WorkState.waitingOnUs), read by the
    // Waiting on us view and count from a partial index in its order (soonest due first) instead of
    // naming the statuses and the contact columns. Records written before get what the listing's
    // rule gave them (server/lifecycle/inbox-listing.ts: waitingOnUs, as of this version): open with
    // no sale won (New, Contacted), and nobody contacted the buyer or the buyer answered since.
    `
    ALTER TABLE enquiry_work ADD COLUMN waiting_on_us INTEGER NOT NULL DEFAULT 0 CHECK (waiting_on_us IN (0, 1));
    UPDATE enquiry_work SET waiting_on_us = 1
      WHERE status IN ('New', 'Contacted') AND (touched_at IS NULL OR answered_at IS NOT NULL);
    CREATE INDEX enquiry_work_waiting ON enquiry_work
      (due_at, enquiry_id, status, owner_id, buyer, source_label, received_at) WHERE waiting_on_us = 1;
    `,
    // Whether an enquiry is the team's work as the plans write it with the work record
    // (WorkState.teamWork), kept so that the record reads back as given. Records written before get
    // what the plans give their status (domain/status.ts, as of this version: spam and a duplicate
    // are not work). The inbox's conditions stay on `status`, which every index of the listing
    // carries (status-sql.ts: workStatusWhere; decision 029).
    `
    ALTER TABLE enquiry_work ADD COLUMN team_work INTEGER NOT NULL DEFAULT 1 CHECK (team_work IN (0, 1));
    UPDATE enquiry_work SET team_work = 0 WHERE status IN ('Duplicate', 'Spam');
    `,
    // The attempt counters in one B-tree, keyed by the first 16 bytes of their name's SHA-256
    // (sqlite/attempt-counters.ts: counterKey), where the key's 64 hex characters had a unique index
    // of their own beside the rowid table and the expiry index: each new counter, three per
    // enquiry, changed a random page of that index besides the others. The daily sweep reads the
    // whole table for what has expired, a day's counters. The key's column takes any type, so an
    // instance of the release before, still running, counts on under its text keys until it stops.
    `
    CREATE TABLE attempt_counters_next (
      name_hash ANY PRIMARY KEY,
      count INTEGER NOT NULL,
      expires_at TEXT NOT NULL
    ) STRICT, WITHOUT ROWID;
    INSERT INTO attempt_counters_next (name_hash, count, expires_at)
      SELECT unhex(substr(name_hash, 1, 32)), count, expires_at FROM attempt_counters WHERE true
      ON CONFLICT (name_hash) DO UPDATE SET count = max(count, excluded.count);
    DROP TABLE attempt_counters;
    ALTER TABLE attempt_counters_next RENAME TO attempt_counters;
    `,
    // An enquiry's reference (domain/console.ts: enquiryReference), which a buyer's mail quotes, in
    // a table of its own, given at the first look-up after the enquiry (references.ts:
    // catchUpReferences): the enquiry's own write only notes it as waiting in a queue of its own
    // (an append, by a trigger). An index on each end of the id did so in the enquiry's own write,
    // and a UUID v7's reference is its random end: that index changed a page of its own for each
    // enquiry, a tenth of the write path's pages. An instance of the release before, still
    // running, finds a reference by reading the table through, and its enquiries wait in the queue.
    `
    CREATE TABLE enquiry_references (
      reference TEXT NOT NULL,
      enquiry_id TEXT NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
      PRIMARY KEY (reference, enquiry_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX enquiry_references_enquiry ON enquiry_references (enquiry_id);
    CREATE TABLE enquiry_references_pending (enquiry_id TEXT NOT NULL) STRICT;
    CREATE TRIGGER ${quoteIdentifier(`${enquiryTable}_references_insert`)} AFTER INSERT ON ${table} BEGIN
      INSERT INTO enquiry_references_pending (enquiry_id) VALUES (new.id);
    END;
    INSERT INTO enquiry_references (reference, enquiry_id)
      SELECT upper(CASE substr(id, 15, 1) WHEN '7' THEN substr(id, -8) ELSE substr(id, 1, 8) END), id
      FROM ${table};
    DROP INDEX ${quoteIdentifier(`${enquiryTable}_reference_v7`)};
    DROP INDEX ${quoteIdentifier(`${enquiryTable}_reference_v4`)};
    `,
    // Fewer B-trees in an enquiry's write. A notification of an enquiry (the company's mail, the
    // acknowledgement) is no subscriber's and no member's: their indexes, which serve only the
    // foreign keys' deletes by subscriber and by member, keep the rows that have one. The row
    // beside an enquiry (enquiry-meta.ts) is read only by its enquiry's id: it is kept in one
    // B-tree keyed by it, without a rowid beside the key's index, and without the index by source
    // label, which nothing reads any longer (the work record carries the label: enquiry_work_source).
    `
    DROP INDEX notifications_subscriber;
    CREATE INDEX notifications_subscriber ON notifications (subscriber_id) WHERE subscriber_id IS NOT NULL;
    DROP INDEX notifications_staff;
    CREATE INDEX notifications_staff ON notifications (staff_id) WHERE staff_id IS NOT NULL;
    CREATE TABLE enquiry_meta_next (
      enquiry_id TEXT PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE,
      spam_score INTEGER NOT NULL DEFAULT 0,
      spam_reasons TEXT NOT NULL DEFAULT '[]',
      filed_as_spam INTEGER NOT NULL DEFAULT 0 CHECK (filed_as_spam IN (0, 1)),
      utm_source TEXT,
      utm_medium TEXT,
      utm_campaign TEXT,
      referrer_host TEXT,
      landing_path TEXT,
      source_label TEXT,
      whatsapp_consent_at TEXT,
      whatsapp_consent_wording TEXT,
      whatsapp_consent_language TEXT CHECK (whatsapp_consent_language IN ('en', 'hi'))
    ) STRICT, WITHOUT ROWID;
    INSERT INTO enquiry_meta_next (enquiry_id, spam_score, spam_reasons, filed_as_spam, utm_source,
        utm_medium, utm_campaign, referrer_host, landing_path, source_label, whatsapp_consent_at,
        whatsapp_consent_wording, whatsapp_consent_language)
      SELECT enquiry_id, spam_score, spam_reasons, filed_as_spam, utm_source, utm_medium,
        utm_campaign, referrer_host, landing_path, source_label, whatsapp_consent_at,
        whatsapp_consent_wording, whatsapp_consent_language
      FROM enquiry_meta;
    DROP TABLE enquiry_meta;
    ALTER TABLE enquiry_meta_next RENAME TO enquiry_meta;
    `,
    // The key of a counter's first add's nested counter (CounterToAdd.nested; sqlite/attempt-
    // counters.ts: addCountersIn): the mobile's counter keeps its first enquiry's five fields, whose
    // counter is written only from the mobile's second enquiry of the day. Counters of before
    // have none: their nested counters were written each time, and are counted on.
    `
    ALTER TABLE attempt_counters ADD COLUMN first_key BLOB;
    `,
  ];
}

export const SQLITE_SCHEMA_VERSION = migrations("x_Form").length;
