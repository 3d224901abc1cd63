import type { RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { renderToStaticMarkup } from "react-dom/server";
import { encode } from "uqr";
import { type Language, languageOf, LANGUAGE_FIELD, pagePath } from "../../domain/contract";
import type { DocumentLanguage } from "../../domain/invoice";
import { rupees } from "../../domain/money";
import {
  PAYMENT_PAGE_PATH,
  paymentPageOf,
  paymentPageWords,
  type PaymentPageView,
} from "../../domain/payment-page";
import { invoiceDate } from "../../domain/payment-reminder";
import { DOCUMENT_LABELS } from "../documents/labels";
import { documentPdfName, DocumentRenderError, renderDocumentPdf } from "../documents/render";
import { logStoreFailure, RETRY_AFTER_UNAVAILABLE_S } from "./api-errors";
import { sendMessagePage } from "./form-posts";

/** The payment page's stylesheet, inline; the CSP allows it by its hash (server/app.ts). */
export const PAYMENT_PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#fbf6ef;color:#2b2019;font:1.0625rem/1.55 system-ui,sans-serif}
.page{max-width:40rem;margin:0 auto;padding:1rem}
header{padding:.5rem 0 1rem;border-bottom:1px solid #e6d6c3}
.company{margin:0;font:600 1.15rem/1.3 Georgia,serif;color:#3b2416}
:lang(hi) .company,:lang(hi) h1,:lang(hi) h2{font-family:system-ui,sans-serif}
.facts{margin:.25rem 0 0;font-size:.9rem;color:#5b4636}
main{margin-top:1rem}
.card{margin:0 0 1rem;padding:1.25rem;border-radius:1rem;background:#fff;box-shadow:0 8px 24px rgb(59 36 22/.08)}
h1{margin:0 0 .25rem;font:600 1.5rem/1.25 Georgia,serif;color:#3b2416;overflow-wrap:anywhere}
h2{margin:0 0 .75rem;font:600 1.2rem/1.3 Georgia,serif;color:#3b2416}
.for{margin:0 0 1rem;color:#5b4636}
dl{display:grid;grid-template-columns:1fr auto;gap:.35rem 1rem;margin:0}
dt{color:#5b4636}
dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.due{margin-top:.5rem;padding-top:.5rem;border-top:1px solid #e6d6c3}
.due dt,.due dd{font-weight:700;color:#2b2019;font-size:1.2rem}
.paid{margin:1rem 0 0;padding:.75rem 1rem;border-radius:.75rem;background:#e7f3e8;color:#1f4d2a;font-weight:700}
.note{margin:1rem 0 0;color:#5b4636;font-size:.95rem}
.qr{margin:0 auto 1rem;max-width:16rem;text-align:center}
.qr svg{display:block;width:100%;height:auto;border-radius:.5rem}
.qr figcaption{margin-top:.5rem;font-size:.95rem;color:#5b4636}
.pay{display:flex;align-items:center;justify-content:center;min-height:3rem;padding:.7rem 1.4rem;border-radius:999px;background:#f28c28;color:#2b2019;font-weight:700;text-decoration:none;text-align:center}
.hint{margin:.4rem 0 1rem;font-size:.9rem;color:#5b4636;text-align:center}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #8a7260;border-radius:.5rem;font:inherit;color:#2b2019;background:#fffdf9;user-select:all}
.links{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:center;margin:0 0 1rem}
.links a{color:#7a3b0c;font-weight:600;min-height:2.75rem;display:inline-flex;align-items:center}
footer{font-size:.9rem;color:#5b4636;padding-bottom:2rem}
a:focus-visible,input:focus-visible{outline:3px solid #1d4ed8;outline-offset:3px}
@media (min-width:48rem){.page{padding:2rem}.upi{display:grid;grid-template-columns:14rem 1fr;gap:1.5rem;align-items:start}.qr{margin:0}}
`;

/** The QR code of a URI as SVG squares, drawn on the server: nothing on the page needs a script. */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const qr = encode(uri, { ecc: "M", border: 4 });
  let path = "";
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x},${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}

const money = (paise: number) => rupees(paise / 100);

function PaymentPage({
  view,
  language,
  token,
}: {
  view: PaymentPageView;
  language: Language;
  token: string;
}) {
  const { document } = view;
  const say = paymentPageWords[language];
  const labels = DOCUMENT_LABELS[language];
  const { supplier } = document;
  const company = supplier.legalName[language] || supplier.legalName.en;
  const address = [
    ...supplier.address.lines.map((line) => line[language] || line.en),
    `${supplier.address.city[language] || supplier.address.city.en} ${supplier.address.pin}`,
    supplier.address.state[language] || supplier.address.state.en,
  ].join(", ");
  const heading = `${labels.title[document.kind]} ${document.number}`;
  const other: Language = language === "en" ? "hi" : "en";
  const here = `${PAYMENT_PAGE_PATH}/${token}`;
  const bank = supplier.bankAccount;
  const owed = view.balancePaise > 0;
  return (
    <html lang={language === "hi" ? "hi-IN" : "en-IN"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${say.title}: ${heading} | ${company}`}</title>
        <style dangerouslySetInnerHTML={{ __html: PAYMENT_PAGE_STYLE }} />
      </head>
      <body>
        <div className="page">
          <header>
            <p className="company">{company}</p>
            <p className="facts">
              {address}
              <br />
              {say.gstin} {supplier.gstin}
            </p>
          </header>
          <main>
            <section className="card" aria-labelledby="document">
              <h1 id="document">{heading}</h1>
              <p className="for">
                {say.billedTo}: {document.buyer.name}
              </p>
              <dl>
                <dt>{say.date}</dt>
                <dd>{invoiceDate(document, language)}</dd>
                <dt>{say.invoiceTotal}</dt>
                <dd>{money(document.totals.totalPaise)}</dd>
                {view.creditedPaise > 0 && (
                  <>
                    <dt>{say.credited}</dt>
                    <dd>−{money(view.creditedPaise)}</dd>
                  </>
                )}
                {document.kind === "tax-invoice" && (
                  <>
                    <dt>{say.received}</dt>
                    <dd>{money(view.receivedPaise)}</dd>
                  </>
                )}
              </dl>
              <dl className="due">
                <dt>{say.balance}</dt>
                <dd>{money(view.balancePaise)}</dd>
              </dl>
              {!owed && (
                <p className="paid" role="status">
                  {say.paidInFull}
                </p>
              )}
              {document.kind === "proforma" && <p className="note">{say.notTaxInvoice}</p>}
            </section>
            {owed && view.upiUri && supplier.merchantUpiId && (
              <section className="card" aria-labelledby="upi">
                <h2 id="upi">{say.payByUpi}</h2>
                <div className="upi">
                  <figure className="qr">
                    <QrCode uri={view.upiUri} label={say.qrAlternative(money(view.balancePaise), company)} />
                    <figcaption>{say.scanWithAnyApp}</figcaption>
                  </figure>
                  <div>
                    <a className="pay" href={view.upiUri}>
                      {say.payWithApp}
                    </a>
                    <p className="hint">{say.payWithAppHint}</p>
                    <label htmlFor="upi-id">{say.upiId}</label>
                    <input
                      id="upi-id"
                      type="text"
                      readOnly
                      value={supplier.merchantUpiId}
                      aria-describedby="upi-id-hint"
                    />
                    <p className="hint" id="upi-id-hint">
                      {say.upiIdHint}
                    </p>
                  </div>
                </div>
              </section>
            )}
            {owed && bank && (
              <section className="card" aria-labelledby="bank">
                <h2 id="bank">{say.bankTransfer}</h2>
                <dl>
                  <dt>{say.accountName}</dt>
                  <dd>{bank.name}</dd>
                  <dt>{say.accountNumber}</dt>
                  <dd>{bank.number}</dd>
                  <dt>{say.ifsc}</dt>
                  <dd>{bank.ifsc}</dd>
                </dl>
                <p className="note">{say.bankRemarks(document.number)}</p>
              </section>
            )}
            <p className="links">
              <a href={`${here}/pdf`}>{say.download}</a>
              <a href={`${here}?${LANGUAGE_FIELD}=${other}`} lang={other === "hi" ? "hi-IN" : "en-IN"}>
                {say.otherLanguage}
              </a>
            </p>
          </main>
          <footer>
            <p>{say.questions(supplier.phone, supplier.email)}</p>
          </footer>
        </div>
      </body>
    </html>
  );
}

/** The page's HTML: React rendered on the server, no script. */
export function paymentPageHtml(view: PaymentPageView, language: Language, token: string): string {
  return `<!doctype html>\n${renderToStaticMarkup(<PaymentPage view={view} language={language} token={token} />)}`;
}

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/** The language asked for (`?lang=`), else the document's. */
function pageLanguage(request: FastifyRequest, fallback: DocumentLanguage): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_FIELD];
  return asked === undefined ? fallback : (languageOf(asked) ?? fallback);
}

/** The headers every answer of these routes carries: the token stays out of any Referer and any cache. */
function privately(reply: FastifyReply): FastifyReply {
  return reply
    .header("referrer-policy", "no-referrer")
    .header("x-robots-tag", "noindex, nofollow")
    .header("cache-control", "no-store");
}

/**
 * The buyer's payment page and its PDF (docs/invoices.md, "The payment page"): public, reached by
 * the signed link the invoice's mail and WhatsApp message carry, rate-limited as the site's other
 * public routes. A wrong, altered, revoked or erased link answers the same 404 page.
 */
export async function paymentPageRoutes(app: FastifyInstance, options: { rateLimit: RateLimitOptions }) {
  const config = { rateLimit: options.rateLimit };

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const language = pageLanguage(request, "en");
    const say = paymentPageWords[language];
    return sendMessagePage(privately(reply), {
      status: 404,
      title: say.notFoundTitle,
      text: say.notFoundText,
      link: { href: pagePath("home", language), text: say.notFoundLink },
      language,
    });
  };

  /** The document behind a token, as the store reads it now; null for a link with no page. */
  const viewOf = async (token: string) => {
    const documentId = await app.paymentLinks.documentIdOf(token);
    if (!documentId) return null;
    const account = await app.store.documents.get(documentId);
    return account ? paymentPageOf(account) : null;
  };

  const unavailable = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    logStoreFailure(request, error, "payment page not read");
    return reply.code(503).header("retry-after", String(RETRY_AFTER_UNAVAILABLE_S)).send();
  };

  /**
   * A route over the document behind its token: a store that did not answer is a 503 and a link
   * with no page the 404 page; else `answer` says it in the language asked for, else the document's.
   */
  const overView =
    (
      answer: (
        view: PaymentPageView,
        language: Language,
        request: TokenRequest,
        reply: FastifyReply,
      ) => unknown,
    ) =>
    async (request: TokenRequest, reply: FastifyReply) => {
      let view;
      try {
        view = await viewOf(request.params.token);
      } catch (error) {
        return unavailable(request, reply, error);
      }
      if (!view) return notFound(request, reply);
      return answer(view, pageLanguage(request, view.document.language), request, reply);
    };

  app.get(
    `${PAYMENT_PAGE_PATH}/:token`,
    { config },
    overView((view, language, request, reply) =>
      privately(reply)
        .type("text/html; charset=utf-8")
        .send(paymentPageHtml(view, language, request.params.token)),
    ),
  );

  app.get(
    `${PAYMENT_PAGE_PATH}/:token/pdf`,
    { config },
    overView(async ({ document }, language, request, reply) => {
      let pdf: Uint8Array;
      try {
        pdf = await renderDocumentPdf(document, { language, copies: ["original"] });
      } catch (error) {
        if (!(error instanceof DocumentRenderError) || error.reason === "failed") throw error;
        const say = paymentPageWords[language];
        return sendMessagePage(privately(reply).header("retry-after", "10"), {
          status: 503,
          title: say.busyTitle,
          text: say.busyText,
          link: { href: `${PAYMENT_PAGE_PATH}/${request.params.token}`, text: say.title },
          language,
        });
      }
      const fileName = documentPdfName(document, language);
      return privately(reply)
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(Buffer.from(pdf));
    }),
  );
}
