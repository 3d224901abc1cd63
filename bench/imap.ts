/**
 * Buyers' answers read from the company's mailbox (server/mail/mailbox-reader.ts): 1,000 answers
 * waiting in a real Dovecot among 250 unrelated mails, matched to their enquiries in a SQLite store
 * of 20,000 (900 by their thread, 100 by the reference in their subject), stored, their owners
 * alerted and each answer given the keyword, in one read; then the next read, with nothing new.
 *
 *   npm run bench:imap   (BENCH_QUICK=1: 200 answers among 2,000 enquiries)
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { ENQUIRY_COLLECTION } from "../domain/contract";
import { enquiryReference } from "../domain/console";
import { parseImapUrl, type ImapSettings } from "../server/mail/imap-settings";
import { readMailboxOnce } from "../server/mail/mailbox-reader";
import { SqliteStore } from "../server/store";
import { buyerMail, startDovecot } from "../tests/support/dovecot";
import { distinctEnquiries } from "./support/enquiries";
import { formatCount, formatMs, formatTable, isMain, quick, type Row } from "./support/report";

const STORED = quick ? 2_000 : 20_000;
const ANSWERS = quick ? 200 : 1_000;
const BY_REFERENCE = ANSWERS / 10;
const UNRELATED = ANSWERS / 4;
const MAIL_FROM = "sales@collarise.example";
const TARGET_MS = 5_000;

export async function runImapBenchmark(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), "bench-imap-"));
  const dovecot = await startDovecot();
  const path = join(dir, "site.db");
  try {
    await (await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION })).close();
    // The enquiries, each with its work row, the answered ones owned by one of five members.
    const db = new Database(path);
    const next = distinctEnquiries("Imap Buyer", 6_000_000_000);
    const enquiries: { id: string; email: string }[] = [];
    const members = Array.from({ length: 5 }, (_, n) => ({
      id: randomUUID(),
      email: `member${n}@collarise.example`,
    }));
    db.transaction(() => {
      for (const member of members) {
        db.prepare(
          `INSERT INTO staff (id, email, role, password_hash, created_at) VALUES (?, ?, 'member', 'x', ?)`,
        ).run(member.id, member.email, new Date().toISOString());
      }
      const insert = db.prepare(
        `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      const work = db.prepare(
        `INSERT INTO enquiry_work (enquiry_id, status, version, received_at, owner_id) VALUES (?, 'Contacted', 1, ?, ?)`,
      );
      const start = Date.UTC(2026, 0, 1);
      for (let n = 0; n < STORED; n++) {
        const id = randomUUID();
        const enquiry = next();
        const at = new Date(start + n * 60_000).toISOString();
        insert.run(
          id,
          enquiry.Name,
          enquiry.Email,
          enquiry.Mobile,
          enquiry.Quantity,
          enquiry.RetailerSelfUse,
          at,
        );
        work.run(id, at, members[n % members.length]!.id);
        enquiries.push({ id, email: enquiry.Email });
      }
    })();
    db.close();

    // A reply from the console to each buyer who will answer.
    const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
    const answered = enquiries.filter((_, n) => n % Math.floor(STORED / ANSWERS) === 0).slice(0, ANSWERS);
    const mails: string[] = [];
    for (const [n, enquiry] of answered.entries()) {
      const queued = await store.work.reply(enquiry.id, {
        subject: `Re: Your enquiry ${enquiryReference(enquiry.id)} for Collarise`,
        text: "The price for your quantity is below.",
        staffEmail: members[0]!.email,
        at: new Date(),
        messageIdDomain: "collarise.example",
      });
      const byThread = n >= BY_REFERENCE;
      mails.push(
        buyerMail(
          {
            From: enquiry.email,
            To: MAIL_FROM,
            Subject: `Re: Your enquiry ${enquiryReference(enquiry.id)} for Collarise`,
            "Message-ID": `<answer-${n}@bench.example>`,
            ...(byThread
              ? { "In-Reply-To": queued!.message.messageId, References: queued!.message.messageId }
              : {}),
          },
          `Yes, please send them.\n\nOn Mon, someone wrote:\n> The price for your quantity is below.`,
        ),
      );
      if (n % 4 === 0) {
        mails.push(
          buyerMail(
            {
              From: `news${n}@supplier.example`,
              To: MAIL_FROM,
              Subject: "Our catalogue",
              "Message-ID": `<n${n}@supplier.example>`,
            },
            "New packaging.",
          ),
        );
      }
    }
    await dovecot.deliverMany(mails);

    const settings = parseImapUrl(dovecot.imapUrl) as ImapSettings;
    const started = performance.now();
    const report = await readMailboxOnce({ settings, store, companyAddress: MAIL_FROM });
    const elapsed = performance.now() - started;
    const idleStarted = performance.now();
    const idle = await readMailboxOnce({ settings, store, companyAddress: MAIL_FROM });
    const idleElapsed = performance.now() - idleStarted;
    await store.close();

    const group = `SQLite, ${formatCount(STORED)} enquiries`;
    return [
      {
        group,
        measure: `one read: ${formatCount(report.looked)} mails, ${formatCount(report.stored)} answers stored (${formatCount(BY_REFERENCE)} by reference), ${formatCount(report.left)} left alone`,
        value: formatMs(elapsed),
        target: `≤ ${formatMs(TARGET_MS)}`,
        pass: elapsed <= TARGET_MS && report.stored === ANSWERS && report.left === UNRELATED,
      },
      { group, measure: "per mail", value: `${(elapsed / report.looked).toFixed(2)} ms`, target: "" },
      {
        group,
        measure: `the next read, nothing new (${formatCount(idle.looked)} mails looked at)`,
        value: formatMs(idleElapsed),
        target: "",
      },
    ];
  } finally {
    await dovecot.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  console.log(formatTable(await runImapBenchmark()));
}
