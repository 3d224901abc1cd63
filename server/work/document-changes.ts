import { v7 as timeOrderedId } from "uuid";
import type { CompanyFacts } from "../../domain/company-facts";
import { documentNumber, draftDocument, financialYearOf, lastReturnCredit, numbered } from "../../domain/gst";
import type { RecordedPayment } from "../../domain/invoice";
import { balancePaise, daysOwed } from "../../domain/accounts";
import { paymentReminder, reminderLineText } from "../../domain/payment-reminder";
import {
  PaymentClickReusedError,
  type DocumentActor,
  type DocumentChanges,
  type DocumentDraftResult,
  type DocumentIssueResult,
  type DocumentRequest,
  type PaymentResult,
  type ReminderResult,
  type SendResult,
} from "../store/documents";
import { step, WriteConflictError, type Actor, type Change, type WorkPort } from "../store/work-port";
import {
  documentActivity,
  issuedLine,
  issueRefusal,
  planCreditNote,
  planPayment,
  sentLine,
} from "../lifecycle/documents";
import { rupees } from "../../domain/money";
import { documentTemplateMessage } from "../../domain/templates";
import type { WhatsAppPayload } from "../store/store";
import { actorOf } from "./enquiry-changes";
import { queueWhatsApp } from "./conversation-changes";
import type { WorkingHoursSource } from "./index";

/** The company's facts in force when a document is drafted: the published version, else the build's. */
export type CompanyFactsSource = () => Promise<CompanyFacts>;

/**
 * How often a change that lost its series' number (or its click) to another instance is run
 * again: each run reads the series afresh, so one more issue at once costs one more run at most.
 */
const CONFLICT_RUNS = 64;

/**
 * Documents and payments, written once (docs/decisions/029): read in one transaction, decided by
 * domain/gst.ts, domain/accounts.ts and server/lifecycle/documents.ts, written together. A
 * document's number is the next of its kind's series in the financial year of its issue, taken in
 * the transaction that stores it, so numbers have no gap and no repeat across instances.
 */
export class DocumentWork implements DocumentChanges {
  constructor(
    private readonly port: WorkPort,
    private readonly facts: CompanyFactsSource,
    private readonly hours: WorkingHoursSource,
  ) {}

  async draftDocument(
    enquiryId: string,
    request: DocumentRequest & DocumentActor,
  ): Promise<DocumentDraftResult> {
    const facts = await this.facts();
    const result = await this.port.run(() => documentChange(enquiryId, request, facts, null));
    return result.outcome === "issued" ? unreachable() : result;
  }

  async issueDocument(
    enquiryId: string,
    request: DocumentRequest & DocumentActor & { clickKey: string },
  ): Promise<DocumentIssueResult> {
    const facts = await this.facts();
    const actor = actorOf(request);
    const result = await this.again(() =>
      this.port.run(() => documentChange(enquiryId, request, facts, { clickKey: request.clickKey, actor })),
    );
    return result.outcome === "drafted" ? unreachable() : result;
  }

  async recordPayment(
    documentId: string,
    input: Parameters<DocumentChanges["recordPayment"]>[1],
  ): Promise<PaymentResult> {
    const actor = actorOf(input);
    return this.again(() =>
      this.port.run(function* (): Change<PaymentResult> {
        const account = yield* step("readDocument", { documentId });
        if (!account) return { outcome: "not-found" };
        const prior = yield* step("readClick", { action: "payment", clickKey: input.clickKey });
        if (prior) {
          // The click recorded its payment once: that payment, with what the invoice owes now
          // (less, or below zero, when a credit note came since). A click that paid another
          // document is refused: nothing is written.
          const earlier = account.payments.find((payment) => payment.id === prior);
          if (!earlier) throw new PaymentClickReusedError();
          const balance = balancePaise(account.document, account.payments, account.creditNotes);
          return { outcome: "recorded", payment: earlier, balancePaise: balance, repeated: true };
        }
        const read = yield* step("readWork", { enquiryId: account.document.enquiryId });
        const payment: RecordedPayment = {
          id: timeOrderedId(),
          documentId,
          amountPaise: input.amountPaise,
          method: input.method,
          reference: input.reference,
          receivedOn: input.receivedOn,
          recordedAt: actor.at,
          recordedBy: actor.staffEmail,
        };
        const plan = planPayment(account, payment);
        if (plan.outcome !== "recorded") return plan;
        yield* step("writePayment", {
          read,
          invoice: account.document,
          payment,
          balancePaise: plan.balancePaise,
          clickKey: input.clickKey,
          history: plan.history,
          actor,
          activity: documentActivity("payment-recorded", account.document),
        });
        return { outcome: "recorded", payment, balancePaise: plan.balancePaise, repeated: false };
      }),
    );
  }

  async mailDocument(documentId: string, send: { clickKey: string } & DocumentActor): Promise<SendResult> {
    const actor = actorOf(send);
    return this.again(() =>
      this.port.run(function* (): Change<SendResult> {
        const account = yield* step("readDocument", { documentId });
        if (!account) return { outcome: "not-found" };
        if (yield* step("readClick", { action: "send", clickKey: send.clickKey })) {
          return { outcome: "queued", repeated: true };
        }
        const { document } = account;
        const read = yield* step("readWork", { enquiryId: document.enquiryId });
        if (!read) return { outcome: "not-found" };
        const to = document.buyer.email ?? read.stored.enquiry.Email;
        if (!to) return { outcome: "no-recipient" };
        yield* step("queueDocumentMail", {
          read,
          document,
          mail: { to, document },
          clickKey: send.clickKey,
          history: [sentLine(document)],
          actor,
          activity: documentActivity("document-sent", document),
        });
        return { outcome: "queued", repeated: false };
      }),
    );
  }

  async remindPayment(
    documentId: string,
    remind: Parameters<DocumentChanges["remindPayment"]>[1],
  ): Promise<ReminderResult> {
    const actor = actorOf(remind);
    const hours = await this.hours();
    // An e-mail reminder's click is kept beside the sends' (docs/invoices.md, "Payment reminders").
    const clickKey = reminderClickKey(remind.clickKey);
    return this.again(() =>
      this.port.run(
        function* (): Change<ReminderResult> {
          const account = yield* step("readDocument", { documentId });
          if (!account) return { outcome: "not-found" };
          if (remind.channel === "email" && (yield* step("readClick", { action: "send", clickKey }))) {
            return { outcome: "queued", repeated: true };
          }
          const { document } = account;
          if (document.kind !== "tax-invoice") return { outcome: "not-owed" };
          const balance = balancePaise(document, account.payments, account.creditNotes);
          if (balance <= 0) return { outcome: "not-owed" };
          const read = yield* step("readWork", { enquiryId: document.enquiryId });
          if (!read) return { outcome: "not-found" };
          const reminder = paymentReminder({
            invoice: document,
            balancePaise: balance,
            daysOwed: daysOwed(document, remind.at),
            channel: remind.channel,
            payPageUrl: remind.payPageUrl ?? null,
          });
          const history = [
            { kind: "deal" as const, text: reminderLineText(document, balance, remind.channel) },
          ];
          if (remind.channel === "whatsapp") {
            // Free text under the conversation's rules, or outside the 24-hour window the approved
            // template it was given, merged with the balance decided here.
            const merged = remind.whatsappTemplate
              ? documentTemplateMessage(remind.whatsappTemplate, {
                  buyerName: document.buyer.name,
                  documentNumber: document.number,
                  amount: rupees(balance / 100),
                  paymentLink: remind.payPageUrl ?? "",
                })
              : null;
            const payload: WhatsAppPayload = merged
              ? {
                  type: "template",
                  template: {
                    name: merged.name,
                    language: merged.language,
                    bodyParameters: merged.parameters,
                  },
                }
              : { type: "text", text: reminder.text };
            const text = merged ? merged.text : reminder.text;
            yield* queueWhatsApp(read, { payload, clickKey: remind.clickKey }, text, actor, hours, history);
            return { outcome: "queued", repeated: false };
          }
          const to = document.buyer.email ?? read.stored.enquiry.Email;
          if (!to) return { outcome: "no-recipient" };
          yield* step("queueDocumentMail", {
            read,
            document,
            mail: { to, document, reminder },
            clickKey,
            history,
            actor,
            activity: documentActivity("payment-reminder-sent", document),
          });
          return { outcome: "queued", repeated: false };
        },
        { events: ["enquiry.status_changed"] },
      ),
    );
  }

  /** Runs a change again while another instance wrote the same number or click first. */
  private async again<R>(run: () => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof WriteConflictError) || attempt >= CONFLICT_RUNS) throw error;
      }
    }
  }
}

/** An e-mail reminder's click, in the sends' clicks: apart from a send's with the same key. */
function reminderClickKey(clickKey: string): string {
  return `reminder:${clickKey}`;
}

function unreachable(): never {
  throw new Error("A document change answered what it was not asked for");
}

/**
 * Drafts a document from the enquiry as read (`issue` null: nothing is written), or issues it:
 * the click not yet issued, numbered next in its series, stored with its history line.
 */
function* documentChange(
  enquiryId: string,
  request: DocumentRequest & DocumentActor,
  facts: CompanyFacts,
  issue: { clickKey: string; actor: Actor } | null,
): Change<DocumentDraftResult | DocumentIssueResult> {
  const read = yield* step("readWork", { enquiryId });
  if (!read) return { outcome: "not-found" };
  const financialYear = financialYearOf(request.at);
  // The series before the click: a number found taken is found with its click (issued-documents.ts).
  const last = issue ? yield* step("readSeries", { kind: request.kind, financialYear }) : 0;
  if (issue) {
    const prior = yield* step("readClick", { action: "issue", clickKey: issue.clickKey });
    const done = prior ? yield* step("readDocument", { documentId: prior }) : null;
    if (done) return { outcome: "issued", document: done.document, repeated: true };
  }
  const against = request.againstId ? yield* step("readDocument", { documentId: request.againstId }) : null;
  const refusal = issueRefusal(request.kind, { id: enquiryId, status: read.work.status }, against);
  if (refusal) return { outcome: "refused", reason: refusal };
  const drafted = draftDocument({
    kind: request.kind,
    at: request.at,
    language: request.language,
    facts,
    buyer: request.buyer,
    buyerType: read.stored.enquiry.RetailerSelfUse,
    lines: request.lines,
    against: against?.document ?? null,
    reason: request.reason,
    issuedBy: request.staffEmail,
  });
  if (!drafted.ok) return { outcome: "missing", missing: drafted.missing };
  // The last sachets returned take exactly what the invoice still holds (domain/gst.ts).
  const draft =
    against && request.kind === "credit-note"
      ? lastReturnCredit(drafted.draft, against.document, against.creditNotes)
      : drafted.draft;
  if (against && request.kind === "credit-note") {
    // Read in this transaction with the series, in the draft as in the issue: a note issued
    // meanwhile by another instance took this number, so the issue runs again and counts it
    // (again(), CONFLICT_RUNS).
    const plan = planCreditNote(against, draft);
    if (!plan.ok)
      return {
        outcome: "over-credit",
        invoiceNumber: against.document.number,
        creditablePaise: plan.creditablePaise,
      };
  }
  if (!issue) return { outcome: "drafted", draft };
  const sequence = last + 1;
  const document = numbered(draft, {
    id: timeOrderedId(),
    enquiryId,
    number: documentNumber(facts, request.kind, financialYear, sequence),
    sequence,
    financialYear,
  });
  // A credit note's invoice owes less (below zero: a refund is due, planCreditNote).
  const invoiceBalance =
    against && request.kind === "credit-note"
      ? {
          documentId: against.document.id,
          balancePaise: balancePaise(against.document, against.payments, [...against.creditNotes, document]),
        }
      : null;
  yield* step("writeDocument", {
    read,
    document,
    balancePaise: request.kind === "tax-invoice" ? document.totals.totalPaise : null,
    invoiceBalance,
    clickKey: issue.clickKey,
    history: [issuedLine(document)],
    actor: issue.actor,
    activity: documentActivity("document-issued", document),
  });
  return { outcome: "issued", document, repeated: false };
}
