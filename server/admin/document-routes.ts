import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { consoleMessages } from "../../domain/console";
import {
  balancePaise,
  GSTR1_SECTIONS,
  gstr1Csv,
  receivablesOf,
  tallyXml,
  type Gstr1Section,
} from "../../domain/accounts";
import {
  ACCOUNTS_MONTH,
  DOCUMENT_API_ROUTES,
  DOCUMENT_KINDS,
  documentMessages,
  PAYMENT_METHODS,
  type EnquiryDocuments,
  type IssuedDocument,
  type RecordedPayment,
  type Receivables,
} from "../../domain/invoice";
import { documentPdfName, DocumentRenderError, renderDocumentPdf } from "../documents/render";
import { DOCUMENT_COPIES } from "../documents/labels";
import { accountantMonth } from "../documents/accountant-month";
import { documentWhatsAppText } from "../notify/document-mail";
import { rupees } from "../../domain/money";
import { hasPaymentPage } from "../../domain/payment-page";
import { documentTemplateFor, documentTemplateMessage, type ReplyTemplate } from "../../domain/templates";
import { documentWhatsAppForm } from "../lifecycle/whatsapp";
import type { WhatsAppPayload } from "../store/store";
import { apiMessages } from "../routes/api-errors";
import { WhatsAppSendError } from "../store/conversations";
import {
  PaymentClickReusedError,
  type DocumentNotMade,
  type DocumentRefusal,
  type DocumentRequest,
} from "../store/documents";
import { documentActivity, overCreditMessage } from "../lifecycle/documents";
import { eventTime } from "../store/event-clock";
import { signedIn } from "./guard";

const text = (max: number) => z.string().trim().max(max);
const address = z.object({
  lines: z.array(text(200)).max(4),
  city: text(100),
  stateCode: text(2),
  pin: text(6),
});
const buyer = z.object({
  name: text(200),
  address,
  shippingAddress: address.nullable().default(null),
  gstin: text(15)
    .transform((value) => value.toUpperCase())
    .nullable()
    .transform((value) => (value === "" ? null : value))
    .default(null),
  email: text(254).nullable().default(null),
  mobile: text(20).nullable().default(null),
});
const documentBody = z.object({
  kind: z.enum(DOCUMENT_KINDS as [string, ...string[]]).transform((kind) => kind as DocumentRequest["kind"]),
  language: z.enum(["en", "hi"]),
  buyer,
  lines: z
    .array(
      z.object({
        quantity: z.number().int().min(0).max(1_000_000),
        unitPricePaise: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
        discountPaise: z.number().int().min(0).max(1_000_000_000).default(0),
      }),
    )
    .min(1)
    .max(20),
  againstId: z.string().min(1).max(64).nullable().default(null),
  reason: text(300).nullable().default(null),
});
const clickKey = z.string().min(8).max(100);
const paymentBody = z.object({
  amountPaise: z.number().int().min(1).max(100_000_000_000),
  method: z
    .enum(PAYMENT_METHODS as [string, ...string[]])
    .transform((method) => method as RecordedPayment["method"]),
  reference: text(64)
    .nullable()
    .default(null)
    .transform((value) => (value === "" ? null : value)),
  receivedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  clickKey,
});
const sendBody = z.object({ channel: z.enum(["email", "whatsapp"]), clickKey });
const idParams = z.object({ id: z.string().min(1).max(64) });
const pdfQuery = z.object({
  language: z.enum(["en", "hi"]).optional(),
  copy: z.enum([...DOCUMENT_COPIES, "all"]).default("original"),
});
const monthParams = z.object({ month: z.string().regex(ACCOUNTS_MONTH) });
const sectionParams = monthParams.extend({
  section: z.enum(GSTR1_SECTIONS as [Gstr1Section, ...Gstr1Section[]]),
});

const owner = { consoleAccess: "owner" as const };

const badRequest = (reply: FastifyReply) => reply.code(400).send({ error: apiMessages.badRequest });
const notFound = (reply: FastifyReply) => reply.code(404).send({ error: consoleMessages.notFound });

const REFUSALS: Record<DocumentRefusal, string> = {
  "not-confirmed": documentMessages.notConfirmed,
  "against-not-found": documentMessages.againstNotFound,
};

/** The answer to a document neither drafted nor issued: the same for a draft and an issue. */
function notMade(reply: FastifyReply, result: DocumentNotMade) {
  switch (result.outcome) {
    case "not-found":
      return notFound(reply);
    case "missing":
      return reply.code(422).send({ error: documentMessages.missing, missing: result.missing });
    case "refused":
      return reply.code(422).send({ error: REFUSALS[result.reason] });
    case "over-credit":
      return reply.code(422).send({
        error: overCreditMessage(result.invoiceNumber, result.creditablePaise),
        creditablePaise: result.creditablePaise,
      });
  }
}

/** Each tax invoice's balance, from the enquiry's documents and payments (domain/accounts.ts). */
export function balancesOf(documents: IssuedDocument[], payments: RecordedPayment[]): Record<string, number> {
  const balances: Record<string, number> = {};
  for (const invoice of documents.filter((document) => document.kind === "tax-invoice")) {
    const creditNotes = documents.filter(
      (document) =>
        document.kind === "credit-note" &&
        document.against?.number === invoice.number &&
        document.against.issuedAt === invoice.issuedAt,
    );
    balances[invoice.id] = balancePaise(
      invoice,
      payments.filter((payment) => payment.documentId === invoice.id),
      creditNotes,
    );
  }
  return balances;
}

/**
 * Documents, payments and the accountant's files (domain/invoice.ts: DOCUMENT_API_ROUTES): any
 * member drafts, issues, sends and records payments on an enquiry as on its other work; the
 * month's GSTR-1 and Tally files are the owners', as the other exports of the business are.
 */
export async function documentRoutes(app: FastifyInstance) {
  const { store } = app;

  app.get(DOCUMENT_API_ROUTES.enquiryDocuments, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    if (!params.success) return badRequest(reply);
    if (!(await store.enquiryWork.get(params.data.id))) return notFound(reply);
    const { documents, payments } = await store.documents.ofEnquiry(params.data.id);
    const answer: EnquiryDocuments = { documents, payments, balances: balancesOf(documents, payments) };
    return answer;
  });

  app.post(DOCUMENT_API_ROUTES.draft, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = documentBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const account = signedIn(request);
    const result = await store.work.draftDocument(params.data.id, {
      ...body.data,
      staffEmail: account.email,
      at: eventTime(),
    });
    if (result.outcome === "drafted") return { draft: result.draft };
    return notMade(reply, result);
  });

  app.post(DOCUMENT_API_ROUTES.enquiryDocuments, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = documentBody.extend({ clickKey }).safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const account = signedIn(request);
    const result = await store.work.issueDocument(params.data.id, {
      ...body.data,
      staffEmail: account.email,
      at: eventTime(),
      requestId: request.id,
    });
    if (result.outcome === "issued") return reply.code(201).send({ document: result.document });
    return notMade(reply, result);
  });

  app.get(DOCUMENT_API_ROUTES.pdf, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const query = pdfQuery.safeParse(request.query);
    if (!params.success || !query.success) return badRequest(reply);
    const found = await store.documents.get(params.data.id);
    if (!found) return reply.code(404).send({ error: documentMessages.notFound });
    const { document } = found;
    const language = query.data.language ?? document.language;
    const copies = query.data.copy === "all" ? DOCUMENT_COPIES : [query.data.copy];
    let pdf: Uint8Array;
    try {
      pdf = await renderDocumentPdf(document, { language, copies });
    } catch (error) {
      // The documents' thread is full, slow or restarting: the document is kept, only its PDF waits.
      if (!(error instanceof DocumentRenderError) || error.reason === "failed") throw error;
      return reply.code(503).header("retry-after", "10").send({ error: documentMessages.renderBusy });
    }
    const fileName = documentPdfName(document, language);
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${fileName}"`)
      .send(Buffer.from(pdf));
  });

  app.post(DOCUMENT_API_ROUTES.payments, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = paymentBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const account = signedIn(request);
    let result;
    try {
      result = await store.work.recordPayment(params.data.id, {
        ...body.data,
        staffEmail: account.email,
        at: eventTime(),
        requestId: request.id,
      });
    } catch (error) {
      if (!(error instanceof PaymentClickReusedError)) throw error;
      return reply.code(409).send({ error: documentMessages.clickReused });
    }
    switch (result.outcome) {
      case "not-found":
        return reply.code(404).send({ error: documentMessages.notFound });
      case "not-an-invoice":
        return reply.code(422).send({ error: documentMessages.notAnInvoice });
      case "over-balance":
        return reply
          .code(422)
          .send({ error: documentMessages.overBalance, balancePaise: result.balancePaise });
      case "recorded":
        return reply.code(201).send({ payment: result.payment, balancePaise: result.balancePaise });
    }
  });

  app.post(DOCUMENT_API_ROUTES.send, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = sendBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const account = signedIn(request);
    const actor = { staffEmail: account.email, at: eventTime(), requestId: request.id };
    if (body.data.channel === "email") {
      const result = await store.work.mailDocument(params.data.id, {
        ...actor,
        clickKey: body.data.clickKey,
      });
      if (result.outcome === "not-found") return reply.code(404).send({ error: documentMessages.notFound });
      if (result.outcome === "no-recipient")
        return reply.code(422).send({ error: documentMessages.noRecipient });
      if (!result.repeated) app.outbox.wake();
      return reply.code(202).send({ queued: true });
    }
    // On WhatsApp, the amount and the UPI link go as a message of the enquiry's conversation, under
    // its rules (the buyer's consent, their STOP, the 24-hour window for free text).
    if (!app.whatsapp) return reply.code(409).send({ error: documentMessages.whatsappOff });
    const found = await store.documents.get(params.data.id);
    if (!found) return reply.code(404).send({ error: documentMessages.notFound });
    const { document } = found;
    const payPageUrl = hasPaymentPage(document) ? await app.paymentLinks.url(document.id) : null;
    let text = documentWhatsAppText(document, await app.companyFacts.facts(), payPageUrl);
    let payload: WhatsAppPayload = { type: "text", text };
    // Outside the 24-hour window, a document with a payment page goes by the approved "invoice"
    // template in the buyer's language; without one, the member is told what is missing.
    const facts = payPageUrl ? await store.work.whatsappFacts(document.enquiryId) : null;
    if (payPageUrl && facts && documentWhatsAppForm(facts, actor.at) === "template") {
      const choice = documentTemplateFor(await store.templates.list(), "invoice", document.language);
      if (!choice.ok) return reply.code(409).send({ error: choice.error });
      const merged = documentTemplateMessage(choice.template, {
        buyerName: document.buyer.name,
        documentNumber: document.number,
        amount: rupees(document.totals.totalPaise / 100),
        paymentLink: payPageUrl,
      });
      if (merged) {
        text = merged.text;
        payload = {
          type: "template",
          template: { name: merged.name, language: merged.language, bodyParameters: merged.parameters },
        };
      }
    }
    try {
      const queued = await store.work.reply(document.enquiryId, {
        subject: "",
        text,
        ...actor,
        messageIdDomain: app.conversation.messageIdDomain,
        whatsapp: { payload, clickKey: body.data.clickKey },
      });
      if (!queued) return reply.code(404).send({ error: documentMessages.notFound });
    } catch (error) {
      if (!(error instanceof WhatsAppSendError)) throw error;
      if (error.reason === "refused") return reply.code(409).send({ error: error.message });
      // The same click again: queued once already.
      return reply.code(202).send({ queued: true });
    }
    app.outbox.wake();
    await store.activity.record({ actor: account.email, ...documentActivity("document-sent", document) });
    return reply.code(202).send({ queued: true });
  });

  app.post(DOCUMENT_API_ROUTES.remind, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = sendBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const account = signedIn(request);
    const { channel } = body.data;
    // On WhatsApp, the reminder goes as a message of the enquiry's conversation, under its rules.
    if (channel === "whatsapp" && !app.whatsapp)
      return reply.code(409).send({ error: documentMessages.whatsappOff });
    // Outside the 24-hour window, a reminder of something owed goes by the approved "payment
    // reminder" template in the buyer's language; without one, the member is told what is missing.
    let whatsappTemplate: ReplyTemplate | undefined;
    const owed = channel === "whatsapp" ? await store.documents.get(params.data.id) : null;
    if (
      owed &&
      owed.document.kind === "tax-invoice" &&
      balancePaise(owed.document, owed.payments, owed.creditNotes) > 0
    ) {
      const facts = await store.work.whatsappFacts(owed.document.enquiryId);
      if (facts && documentWhatsAppForm(facts, eventTime()) === "template") {
        const choice = documentTemplateFor(
          await store.templates.list(),
          "payment-reminder",
          owed.document.language,
        );
        if (!choice.ok) return reply.code(409).send({ error: choice.error });
        whatsappTemplate = choice.template;
      }
    }
    let result;
    try {
      result = await store.work.remindPayment(params.data.id, {
        channel,
        // The invoice's payment page; the change itself refuses a document that is not owed.
        payPageUrl: await app.paymentLinks.url(params.data.id).catch(() => null),
        ...(whatsappTemplate ? { whatsappTemplate } : {}),
        clickKey: body.data.clickKey,
        staffEmail: account.email,
        at: eventTime(),
        requestId: request.id,
      });
    } catch (error) {
      if (!(error instanceof WhatsAppSendError)) throw error;
      if (error.reason === "refused") return reply.code(409).send({ error: error.message });
      // The same click again: queued once already.
      return reply.code(202).send({ queued: true });
    }
    switch (result.outcome) {
      case "not-found":
        return reply.code(404).send({ error: documentMessages.notFound });
      case "not-owed":
        return reply.code(422).send({ error: documentMessages.notOwed });
      case "no-recipient":
        return reply.code(422).send({ error: documentMessages.noRecipient });
      case "queued": {
        if (!result.repeated) app.outbox.wake();
        // An e-mail reminder's entry is written with it; a WhatsApp one's as the send's is.
        const sent =
          channel === "whatsapp" && !result.repeated ? await store.documents.get(params.data.id) : null;
        if (sent) {
          await store.activity.record({
            actor: account.email,
            ...documentActivity("payment-reminder-sent", sent.document),
          });
        }
        return reply.code(202).send({ queued: true });
      }
    }
  });

  app.get(DOCUMENT_API_ROUTES.receivables, async (): Promise<Receivables> =>
    receivablesOf(await store.documents.unpaidInvoices(), eventTime()),
  );

  app.get(DOCUMENT_API_ROUTES.gstr1, { config: owner }, async (request, reply) => {
    const params = sectionParams.safeParse(request.params);
    if (!params.success) return badRequest(reply);
    const { month, section } = params.data;
    const documents = await accountantMonth(store, month);
    await store.activity.record({
      actor: signedIn(request).email,
      action: "export",
      target: `GSTR-1 ${section} ${month}: ${documents.length} documents`,
    });
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="gstr1-${section}-${month}.csv"`)
      .send(gstr1Csv(documents, month, section));
  });

  app.get(DOCUMENT_API_ROUTES.tally, { config: owner }, async (request, reply) => {
    const params = monthParams.safeParse(request.params);
    if (!params.success) return badRequest(reply);
    const { month } = params.data;
    const documents = await accountantMonth(store, month);
    await store.activity.record({
      actor: signedIn(request).email,
      action: "export",
      target: `Tally ${month}: ${documents.length} documents`,
    });
    return reply
      .type("application/xml; charset=utf-8")
      .header("content-disposition", `attachment; filename="tally-${month}.xml"`)
      .send(tallyXml(documents, month));
  });
}
