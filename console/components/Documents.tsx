import { BellRing, FileText, Mail, MessageCircle, ReceiptIndianRupee, Undo2 } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { EnquiryDeal } from "../../domain/deal";
import type { Language } from "../../domain/contract";
import type { DocumentKind, DocumentLanguage, IssuedDocument, RecordedPayment } from "../../domain/invoice";
import { isWon } from "../../domain/deal";
import { isDuplicate, isSpam, STATUS, type EnquiryStatus } from "../../domain/status";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import {
  documentDate,
  EMPTY_ADDRESS,
  moneyState,
  newClickKey,
  paise,
  type TypedDocument,
} from "../documents";
import { DOCUMENT_API_ROUTES, type EnquiryDocuments } from "../../domain/invoice";
import { documentKindLabels, documentsText, paymentText } from "../documents-content";
import { useFlash } from "../session";
import { CreditNoteForm } from "./CreditNoteForm";
import { DocumentForm } from "./DocumentForm";
import { ErrorNotice, LoadState } from "./Notices";
import { PaymentForm } from "./PaymentForm";

const text = documentsText;

/** The documents offered before a sale is won, and the one that waits for it. */
const BEFORE_SALE: readonly DocumentKind[] = ["quotation", "proforma"];
const ISSUED_FROM_FORM: readonly DocumentKind[] = [...BEFORE_SALE, "tax-invoice"];

/** What the section needs from the enquiry to fill the form in. */
export interface DocumentsEnquiry {
  id: string;
  status: EnquiryStatus;
  language: Language;
  /** Null for an enquiry started on WhatsApp without a name, address or quantity (decision 042). */
  name: string | null;
  email: string | null;
  mobile: string;
  quantity: number | null;
  deal: EnquiryDeal;
  /** WhatsApp is set up: a document may be sent there too. */
  whatsappConfigured: boolean;
}

/** The form's first values: the buyer's name, the deal's quantity, city, PIN and GSTIN, the enquiry's language. */
export function typedFrom(enquiry: DocumentsEnquiry, kind: DocumentKind): TypedDocument {
  const gstin = enquiry.deal.gstin ?? "";
  const stateCode = gstin.slice(0, 2);
  return {
    kind,
    language: enquiry.language,
    name: enquiry.name ?? "",
    billing: {
      ...EMPTY_ADDRESS,
      city: enquiry.deal.city ?? "",
      pin: enquiry.deal.pinCode ?? "",
      // A registered buyer's state is the GSTIN's; otherwise the member chooses it.
      stateCode: /^\d\d$/.test(stateCode) ? stateCode : "",
    },
    shipElsewhere: false,
    shipping: EMPTY_ADDRESS,
    gstin,
    quantity: String(enquiry.deal.quantity ?? enquiry.quantity ?? ""),
  };
}

function pdfPath(
  document: IssuedDocument,
  language: DocumentLanguage,
  copy: "original" | "all" = "original",
): string {
  return apiPath(DOCUMENT_API_ROUTES.pdf, { id: document.id }, new URLSearchParams({ language, copy }));
}

type Open =
  | { form: "issue"; kind: DocumentKind }
  | { form: "payment"; documentId: string }
  | { form: "credit-note"; documentId: string }
  | null;

/**
 * The enquiry's documents: a quotation or pro-forma at any time, a tax invoice once the sale is
 * won; each issued one with its number, date, total, what is still owed and how long, its PDF in
 * the buyer's language and in English, and a way to send it. A tax invoice takes its payments and
 * a credit note for a return from its own row.
 */
export function Documents({ enquiry, onChanged }: { enquiry: DocumentsEnquiry; onChanged: () => void }) {
  const id = useId();
  const flash = useFlash();
  const [data, setData] = useState<EnquiryDocuments | null>(null);
  const [loadError, setLoadError] = useState("");
  const [open, setOpen] = useState<Open>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [sendError, setSendError] = useState<{ documentId: string; message: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      callApi<EnquiryDocuments>(apiPath(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }), {
        signal,
      }).then(
        (answer) => {
          setLoadError("");
          setData(answer);
        },
        (caught: unknown) => {
          if (!signal?.aborted) setLoadError(errorMessage(caught));
        },
      ),
    [enquiry.id],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const won = isWon(enquiry.status);
  const invoiced = data?.documents.some((document) => document.kind === "tax-invoice") ?? false;
  const offered = !isSpam(enquiry.status) && !isDuplicate(enquiry.status) && !STATUS[enquiry.status].lost;
  const kinds = ISSUED_FROM_FORM.filter((kind) => BEFORE_SALE.includes(kind) || won);
  if (!offered && data && data.documents.length === 0) return null;

  /** After an issue, a payment or a credit note: the list and the enquiry's history read again. */
  const changed = async (message: string) => {
    setOpen(null);
    flash(message);
    await load();
    onChanged();
    heading.current?.focus();
  };

  /** Sends the document, or (`remind`) a payment reminder for what its invoice still asks for. */
  const send = async (
    document: IssuedDocument,
    channel: "email" | "whatsapp",
    action: "send" | "remind" = "send",
  ) => {
    if (sending) return;
    setSending(document.id);
    setSendError(null);
    try {
      await callApi(apiPath(DOCUMENT_API_ROUTES[action], { id: document.id }), {
        method: "POST",
        body: { channel, clickKey: newClickKey() },
      }).catch((caught: unknown) => {
        // 202 Accepted may come without a body: queued all the same.
        if (!(caught instanceof ApiError && caught.status >= 200 && caught.status < 300)) throw caught;
      });
      flash(
        action === "remind"
          ? text.list.reminderQueued(document.number, channel)
          : text.list.queued(document.number, channel),
      );
      onChanged();
    } catch (caught) {
      setSendError({ documentId: document.id, message: errorMessage(caught) });
    } finally {
      setSending(null);
    }
  };

  const paymentsOf = (documentId: string): RecordedPayment[] =>
    data?.payments.filter((payment) => payment.documentId === documentId) ?? [];
  const now = new Date();

  return (
    <section className="card documents" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {text.heading}
      </h2>
      <LoadState error={loadError} loaded={data !== null} />
      {data && data.documents.length === 0 && <p className="empty">{text.none}</p>}
      {data && data.documents.length > 0 && (
        <ul className="document-list" aria-label={text.list.caption}>
          {[...data.documents].reverse().map((document) => {
            const balance = data.balances[document.id];
            const payments = paymentsOf(document.id);
            const invoice = document.kind === "tax-invoice";
            const state =
              invoice && balance !== undefined ? moneyState(document, balance, payments, now) : null;
            const languages: DocumentLanguage[] =
              document.language === "en" ? ["en"] : [document.language, "en"];
            return (
              <li key={document.id} className="document-item">
                <p className="document-title">
                  <FileText aria-hidden="true" size={18} />
                  <span>{documentKindLabels[document.kind]}</span>{" "}
                  <strong className="document-number">{document.number}</strong>
                  {state && (
                    <span
                      className={`money-state money-${state.state}${state.state === "owed" && state.late ? " money-late" : ""}`}
                    >
                      {state.words}
                    </span>
                  )}
                </p>
                <dl className="document-figures">
                  <div>
                    <dt>{text.list.date}</dt>
                    <dd>
                      <time dateTime={document.issuedAt}>{documentDate(document.issuedAt)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{text.list.total}</dt>
                    <dd>{paise(document.totals.totalPaise)}</dd>
                  </div>
                  {invoice && balance !== undefined && (
                    <div>
                      <dt>{text.list.balance}</dt>
                      <dd className="document-balance">{paise(balance)}</dd>
                    </div>
                  )}
                  {document.against && (
                    <div>
                      <dt>{documentKindLabels["tax-invoice"]}</dt>
                      <dd>{text.list.against(document.against.number)}</dd>
                    </div>
                  )}
                </dl>
                {payments.length > 0 && (
                  <ul className="payments" aria-label={`${text.list.payments}, ${document.number}`}>
                    {payments.map((payment) => (
                      <li key={payment.id}>
                        {paymentText.line(
                          paise(payment.amountPaise),
                          payment.method,
                          documentDate(payment.receivedOn),
                          payment.reference,
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                <p className="document-links">
                  {languages.map((language) => (
                    <a
                      key={language}
                      className="button quiet"
                      href={pdfPath(document, language)}
                      target="_blank"
                      rel="noopener"
                      aria-label={text.list.of(text.list.pdf(language), document.number)}
                    >
                      {text.list.pdf(language)}
                    </a>
                  ))}
                  {invoice && (
                    // Rule 46's three copies (for the recipient, the transporter, the supplier), to print at dispatch.
                    <a
                      className="button quiet"
                      href={pdfPath(document, "en", "all")}
                      target="_blank"
                      rel="noopener"
                      aria-label={text.list.of(text.list.allCopies, document.number)}
                    >
                      {text.list.allCopies}
                    </a>
                  )}
                </p>
                <p className="document-actions">
                  <button
                    type="button"
                    className="button quiet"
                    disabled={sending !== null}
                    onClick={() => void send(document, "email")}
                    aria-label={text.list.of(text.list.sendEmail, document.number)}
                  >
                    <Mail aria-hidden="true" size={16} />
                    {text.list.sendEmail}
                  </button>
                  {enquiry.whatsappConfigured && (
                    <button
                      type="button"
                      className="button quiet"
                      disabled={sending !== null}
                      onClick={() => void send(document, "whatsapp")}
                      aria-label={text.list.of(text.list.sendWhatsApp, document.number)}
                    >
                      <MessageCircle aria-hidden="true" size={16} />
                      {text.list.sendWhatsApp}
                    </button>
                  )}
                  {invoice && balance !== undefined && balance > 0 && (
                    <button
                      type="button"
                      className="button quiet"
                      disabled={sending !== null}
                      onClick={() => void send(document, "email", "remind")}
                      aria-label={text.list.of(text.list.remindEmail, document.number)}
                    >
                      <BellRing aria-hidden="true" size={16} />
                      {text.list.remindEmail}
                    </button>
                  )}
                  {invoice && balance !== undefined && balance > 0 && enquiry.whatsappConfigured && (
                    <button
                      type="button"
                      className="button quiet"
                      disabled={sending !== null}
                      onClick={() => void send(document, "whatsapp", "remind")}
                      aria-label={text.list.of(text.list.remindWhatsApp, document.number)}
                    >
                      <BellRing aria-hidden="true" size={16} />
                      {text.list.remindWhatsApp}
                    </button>
                  )}
                  {invoice && balance !== undefined && balance > 0 && (
                    <button
                      type="button"
                      className="button quiet"
                      aria-expanded={open?.form === "payment" && open.documentId === document.id}
                      onClick={() => setOpen({ form: "payment", documentId: document.id })}
                      aria-label={text.list.of(text.list.recordPayment, document.number)}
                    >
                      <ReceiptIndianRupee aria-hidden="true" size={16} />
                      {text.list.recordPayment}
                    </button>
                  )}
                  {invoice && (
                    <button
                      type="button"
                      className="button quiet"
                      aria-expanded={open?.form === "credit-note" && open.documentId === document.id}
                      onClick={() => setOpen({ form: "credit-note", documentId: document.id })}
                      aria-label={text.list.of(text.list.creditNote, document.number)}
                    >
                      <Undo2 aria-hidden="true" size={16} />
                      {text.list.creditNote}
                    </button>
                  )}
                </p>
                {sendError?.documentId === document.id && <ErrorNotice message={sendError.message} />}
                {open?.form === "payment" && open.documentId === document.id && (
                  <PaymentForm
                    invoice={document}
                    balancePaise={balance ?? 0}
                    onCancel={() => setOpen(null)}
                    onRecorded={(answer) =>
                      void changed(
                        answer.balancePaise > 0
                          ? paymentText.recorded(
                              paise(answer.payment.amountPaise),
                              paise(answer.balancePaise),
                            )
                          : paymentText.recordedPaid(paise(answer.payment.amountPaise)),
                      )
                    }
                  />
                )}
                {open?.form === "credit-note" && open.documentId === document.id && (
                  <CreditNoteForm
                    enquiryId={enquiry.id}
                    invoice={document}
                    onCancel={() => setOpen(null)}
                    onIssued={(note) => void changed(text.issued(note.kind, note.number))}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {offered && (
        <>
          {open?.form === "issue" ? (
            <DocumentForm
              key={open.kind}
              enquiryId={enquiry.id}
              initial={typedFrom(enquiry, open.kind)}
              contact={{ email: enquiry.email, mobile: enquiry.mobile }}
              onCancel={() => setOpen(null)}
              onIssued={(document) => void changed(text.issued(document.kind, document.number))}
            />
          ) : (
            <div className="document-issue" role="group" aria-label={text.issueHeading}>
              {kinds.map((kind) => (
                <button
                  key={kind}
                  type="button"
                  // The one action to take: a tax invoice, until one is issued.
                  className={kind === "tax-invoice" && !invoiced ? "button primary" : "button quiet"}
                  onClick={() => setOpen({ form: "issue", kind })}
                >
                  {text.issue(kind)}
                </button>
              ))}
              {!won && <p className="hint">{text.taxInvoiceAfterConfirmed}</p>}
            </div>
          )}
        </>
      )}
    </section>
  );
}
