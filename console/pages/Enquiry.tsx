import { LIFECYCLE_API_ROUTES, type CallOutcome, type ContactChannel } from "../../domain/lifecycle";
import { StatusBadge } from "../components/StatusBadge";
import { NEXT_STEP_MAX_LENGTH } from "../../domain/team";
import { Mail, MessageCircle, RotateCw } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import {
  ADMIN_API_ROUTES,
  BUYER_ADDRESS_REFUSED,
  consoleMessages,
  type EnquiryDetail as BaseDetail,
  NOTE_MAX_LENGTH,
} from "../../domain/console";
import { ENQUIRY_STATUSES, isClosed, isDuplicate, isSpam, type EnquiryStatus } from "../../domain/status";
import {
  DUPLICATE_WINDOW_DAYS,
  duplicateCandidate,
  duplicateMessages,
  needsDuplicateOf,
} from "../../domain/duplicate";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import {
  callText,
  contactLinks,
  conversationText,
  deliveryLabels,
  buyerLabel,
  enquiryText,
  formatFullTime,
  languageLabels,
  notificationKindLabels,
  pageTitle,
  sentInLabel,
  spacedMobile,
  teamText,
} from "../content";
import { useFlash } from "../session";
import { EnquiryFields, HistoryList } from "../components/EnquiryParts";
import { SourceDetails, SpamReasons } from "../components/SpamAndSource";
import { ErrorNotice, Loading } from "../components/Notices";
import { TeamFlags, TeamPanel } from "../components/TeamPanel";
import { Conversation } from "../components/Conversation";
import { REPLY_TEXT_ID } from "../components/ReplyBox";
import { WhatsAppButton } from "../components/WhatsAppButton";
import { WHATSAPP_TEXT_ID, WHATSAPP_WINDOW_ID } from "../components/WhatsAppComposer";
import type { EnquiryWhatsApp } from "../../domain/whatsapp";
import { CallButton } from "../components/CallButton";
import { ShortcutsDialog, useShortcuts } from "../components/Shortcuts";
import { inboxReturnPath } from "../inbox-return";
import { appPaths } from "../paths";
import type { TeamItemFields } from "../../domain/team";
import { displayMobile, type EnquirySaleFields } from "../../domain/buyer";
import { dealMessages, isLost, isLostReason, type LostReason } from "../../domain/deal";
import { DealFigures, LostReasonField } from "../components/DealFigures";
import { BuyerHistory } from "../components/BuyerHistory";
import { DispatchSection } from "../components/DispatchSection";
import { isWhatsAppEnquiry } from "../../domain/enquiry";
import { Documents } from "../components/Documents";

/** The enquiry page's data: the detail, with its owner and next step (docs/decisions/022), and its sale. */
type EnquiryDetail = BaseDetail & { team: TeamItemFields } & EnquirySaleFields & {
    /** The enquiry this one repeats, when closed as its duplicate (domain/duplicate.ts). */
    duplicateOf?: { id: string; reference: string } | null;
    /** What may be sent on WhatsApp now, as the server decided it (docs/whatsapp.md). */
    whatsapp: EnquiryWhatsApp;
  };

function fetchDetail(id: string, signal?: AbortSignal): Promise<EnquiryDetail> {
  return callApi<EnquiryDetail>(apiPath(ADMIN_API_ROUTES.enquiry, { id }), { signal });
}

export function Component() {
  const { id = "" } = useParams();
  const flash = useFlash();
  const [detail, setDetail] = useState<EnquiryDetail | null>(null);
  const [loadError, setLoadError] = useState("");
  const [statusError, setStatusError] = useState("");
  const [noteError, setNoteError] = useState("");
  const [busy, setBusy] = useState(false);
  /** The status chosen in the form for the version shown (Declined asks why), and the reason chosen, kept through a conflict. */
  const [chosenStatus, setChosenStatus] = useState<{ version: number; status: EnquiryStatus } | null>(null);
  const [lostReason, setLostReason] = useState<LostReason | "">("");
  const [keysOpen, setKeysOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  // Back to the inbox as the person left it: its filters, search and order.
  const backPath = inboxReturnPath(location.state);

  useShortcuts({
    Escape: () => navigate(backPath),
    "?": (event) => {
      event.preventDefault();
      setKeysOpen(true);
    },
  });

  const loadFailed = useCallback((caught: unknown) => {
    setLoadError(
      caught instanceof ApiError && caught.status === 404 ? consoleMessages.notFound : errorMessage(caught),
    );
  }, []);
  const load = useCallback(() => fetchDetail(id).then(setDetail, loadFailed), [id, loadFailed]);

  useEffect(() => {
    const controller = new AbortController();
    fetchDetail(id, controller.signal).then(setDetail, (caught: unknown) => {
      if (!controller.signal.aborted) loadFailed(caught);
    });
    return () => controller.abort();
  }, [id, loadFailed]);

  useEffect(() => {
    document.title = pageTitle(detail ? `${buyerLabel(detail.enquiry)} (${detail.reference})` : "Enquiry");
  }, [detail]);

  if (loadError) {
    return (
      <>
        <p className="back">
          <Link to={backPath}>← Inbox</Link>
        </p>
        <h1>Enquiry</h1>
        <ErrorNotice message={loadError} />
      </>
    );
  }
  if (!detail) return <Loading />;

  const links = contactLinks(detail.enquiry, detail.reference);

  const changeStatus = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const status = String(form.get("status")) as EnquiryStatus;
    const note = String(form.get("note") ?? "").trim();
    const nextStep = form.get("nextStep");
    const lostReason = form.get("lostReason");
    if (isLost(status) && !isLostReason(lostReason)) {
      setStatusError(dealMessages.lostReasonRequired);
      return;
    }
    const duplicateOf = String(form.get("duplicateOf") ?? "");
    if (needsDuplicateOf(status) && !duplicateOf) {
      setStatusError(duplicateMessages.required);
      return;
    }
    setBusy(true);
    setStatusError("");
    try {
      const answer = await callApi<EnquiryDetail>(apiPath(ADMIN_API_ROUTES.enquiryStatus, { id }), {
        method: "POST",
        body: {
          status,
          version: detail.version,
          ...(note ? { note } : {}),
          // Closing clears the next step on the server; otherwise what is typed replaces it.
          ...(typeof nextStep === "string" && nextStep.trim() ? { nextStep: nextStep.trim() } : {}),
          ...(isLost(status) ? { lostReason } : {}),
          ...(needsDuplicateOf(status) ? { duplicateOf } : {}),
        },
      });
      setDetail(answer);
      setChosenStatus(null);
      setLostReason("");
      formElement.reset();
      flash(consoleMessages.statusChanged);
    } catch (caught) {
      setStatusError(errorMessage(caught));
      if (caught instanceof ApiError && caught.status === 409) await load();
    } finally {
      setBusy(false);
    }
  };

  const markNotSpam = async () => {
    setBusy(true);
    setStatusError("");
    try {
      const answer = await callApi<EnquiryDetail>(apiPath(ADMIN_API_ROUTES.enquiryNotSpam, { id }), {
        method: "POST",
        body: { version: detail.version },
      });
      setDetail(answer);
      flash(consoleMessages.notSpam);
    } catch (caught) {
      setStatusError(errorMessage(caught));
      if (caught instanceof ApiError && caught.status === 409) await load();
    } finally {
      setBusy(false);
    }
  };

  const addNote = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const text = String(new FormData(formElement).get("text") ?? "").trim();
    if (!text) {
      setNoteError(consoleMessages.noteEmpty);
      return;
    }
    setBusy(true);
    setNoteError("");
    try {
      setDetail(
        await callApi<EnquiryDetail>(apiPath(ADMIN_API_ROUTES.enquiryNotes, { id }), {
          method: "POST",
          body: { text },
        }),
      );
      formElement.reset();
      flash(consoleMessages.noteAdded);
    } catch (caught) {
      setNoteError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const resend = async (notificationId: string) => {
    try {
      setDetail(
        await callApi<EnquiryDetail>(apiPath(ADMIN_API_ROUTES.notificationResend, { id, notificationId }), {
          method: "POST",
        }),
      );
      flash(consoleMessages.resendQueued);
    } catch (caught) {
      flash(errorMessage(caught));
    }
  };

  /**
   * The console opened a chat, or a call went as the member says: history says how, and the page
   * shows the status and due time that follow (the first contact moves New to Contacted).
   */
  const recordContact = async (channel: ContactChannel, outcome?: CallOutcome) => {
    try {
      const answer = await callApi<Pick<EnquiryDetail, "status" | "version" | "team" | "history">>(
        apiPath(LIFECYCLE_API_ROUTES.contact, { id }),
        {
          method: "POST",
          body: { channel, ...(outcome ? { outcome } : {}) },
        },
      );
      setDetail((current) =>
        current
          ? {
              ...current,
              status: answer.status,
              version: answer.version,
              team: answer.team,
              history: answer.history,
            }
          : current,
      );
      if (outcome) {
        flash(callText.recorded(answer.status, answer.team.dueAt ? formatFullTime(answer.team.dueAt) : null));
      }
    } catch (caught) {
      flash(errorMessage(caught));
    }
  };

  const { enquiry } = detail;
  const filedAsSpam = isSpam(detail.status);
  return (
    <div className="enquiry-page">
      <p className="back">
        <Link to={backPath}>← Inbox</Link>
      </p>
      <section className="enquiry-summary" aria-labelledby="enquiry-name">
        <div className="page-head">
          <h1 id="enquiry-name">{buyerLabel(enquiry)}</h1>
          <StatusBadge status={detail.status} />
        </div>
        <p className="meta">
          Reference <strong className="reference">{detail.reference}</strong> · received{" "}
          <time dateTime={detail.receivedAt}>{formatFullTime(detail.receivedAt)}</time> ·{" "}
          {isWhatsAppEnquiry(enquiry) ? (
            enquiryText.fromWhatsApp
          ) : (
            <>
              {sentInLabel} <strong className="language">{languageLabels[detail.language]}</strong>
            </>
          )}
        </p>
        {isWhatsAppEnquiry(enquiry) && <p className="meta">{enquiryText.startedOnWhatsApp}</p>}
        <div className="summary-contact">
          <p className="summary-mobile">
            <span className="summary-label">{enquiryText.mobile}</span>{" "}
            <strong>
              {isWhatsAppEnquiry(enquiry) ? displayMobile(enquiry.Mobile) : spacedMobile(enquiry.Mobile)}
            </strong>
          </p>
          <div className="contact-actions">
            <CallButton href={links.call} onOutcome={(outcome) => void recordContact("call", outcome)} />
            {detail.whatsapp.configured ? (
              <a
                className="button contact"
                href={`#${WHATSAPP_TEXT_ID}`}
                onClick={(event) => {
                  // Set up, WhatsApp is answered on this page: the composer, or why it is closed.
                  event.preventDefault();
                  const box = document.getElementById(WHATSAPP_TEXT_ID) as HTMLTextAreaElement | null;
                  if (box && !box.disabled) box.focus();
                  else document.getElementById(WHATSAPP_WINDOW_ID)?.focus();
                }}
              >
                <MessageCircle aria-hidden="true" size={20} />
                WhatsApp
              </a>
            ) : (
              <WhatsAppButton
                enquiry={{ id: detail.id, language: detail.language, ...enquiry }}
                onContact={() => void recordContact("whatsapp")}
              />
            )}
            {/* No address (an enquiry started on WhatsApp): nothing to reply to by e-mail. */}
            {enquiry.Email !== null && (
              <a
                className="button contact"
                href={`#${REPLY_TEXT_ID}`}
                onClick={(event) => {
                  // The reply is written on this page, recorded and threaded: not in a mail program.
                  event.preventDefault();
                  document.getElementById(REPLY_TEXT_ID)?.focus();
                }}
              >
                <Mail aria-hidden="true" size={20} />
                {conversationText.replyAction}
              </a>
            )}
          </div>
          {detail.whatsappConsent && (
            <p className="whatsapp-consent">
              {enquiryText.whatsappConsent(detail.whatsappConsent.at)}{" "}
              <span className="whatsapp-consent-wording">
                {enquiryText.whatsappConsentWording}{" "}
                <q lang={detail.whatsappConsent.language}>{detail.whatsappConsent.wording}</q>
              </span>
            </p>
          )}
        </div>
        <dl className="summary-facts">
          <div>
            <dt>{enquiryText.quantity}</dt>
            <dd>
              {enquiry.Quantity === null ? enquiryText.notGiven : enquiryText.sachets(enquiry.Quantity)}
            </dd>
          </div>
          <div>
            <dt>{enquiryText.buyer}</dt>
            <dd>{enquiry.RetailerSelfUse ?? enquiryText.notGiven}</dd>
          </div>
          <div>
            <dt>{enquiryText.status}</dt>
            <dd>
              {detail.status}
              {detail.duplicateOf && (
                <>
                  {" "}
                  {duplicateMessages.label}{" "}
                  <Link to={appPaths.enquiry(detail.duplicateOf.id)} className="reference-link">
                    {detail.duplicateOf.reference}
                  </Link>
                </>
              )}
            </dd>
          </div>
          <div className="summary-next">
            <dt>{enquiryText.nextStep}</dt>
            <dd>
              {detail.team.nextStep ? (
                <span className="next-step">{detail.team.nextStep}</span>
              ) : (
                <span className="muted">{enquiryText.noNextStep}</span>
              )}{" "}
              <span className="team-line">
                <TeamFlags team={detail.team} />
              </span>
            </dd>
          </div>
        </dl>
      </section>

      <div className="enquiry-layout">
        <div className="enquiry-main">
          {filedAsSpam && <SpamReasons detail={detail} busy={busy} onNotSpam={() => void markNotSpam()} />}
          <TeamPanel
            enquiryId={detail.id}
            team={detail.team}
            closed={isClosed(detail.status)}
            onChanged={(answer) =>
              setDetail((current) =>
                current ? { ...current, team: answer.team, history: answer.history } : current,
              )
            }
            onStale={() => void load()}
          />

          <Conversation
            enquiryId={detail.id}
            enquiry={{ id: detail.id, ...enquiry }}
            onReplied={() => void load()}
            whatsapp={{
              state: detail.whatsapp,
              mobile: enquiry.Mobile,
              language: isWhatsAppEnquiry(enquiry) ? null : detail.language,
            }}
          />

          <section className="card" aria-labelledby="status-heading">
            <h2 id="status-heading">Status</h2>
            <form onSubmit={changeStatus} className="stack">
              <label className="field">
                <span>New status</span>
                <select
                  name="status"
                  defaultValue={detail.status}
                  key={detail.version}
                  onChange={(event) =>
                    setChosenStatus({ version: detail.version, status: event.target.value as EnquiryStatus })
                  }
                >
                  {ENQUIRY_STATUSES.map((each) => (
                    <option key={each} value={each}>
                      {each}
                    </option>
                  ))}
                </select>
              </label>
              {isLost(chosenStatus?.version === detail.version ? chosenStatus.status : detail.status) && (
                <LostReasonField value={lostReason || detail.lostReason || ""} onChange={setLostReason} />
              )}
              {needsDuplicateOf(
                chosenStatus?.version === detail.version ? chosenStatus.status : detail.status,
              ) && <DuplicateOfField detail={detail} />}
              <label className="field">
                <span>Note with the change (optional)</span>
                <textarea name="note" rows={2} maxLength={NOTE_MAX_LENGTH} />
              </label>
              <label className="field">
                <span>Next step (optional)</span>
                <input
                  type="text"
                  name="nextStep"
                  maxLength={NEXT_STEP_MAX_LENGTH}
                  aria-describedby="status-next-step-hint"
                />
                <small id="status-next-step-hint">{teamText.statusNextStepHint}</small>
              </label>
              <ErrorNotice message={statusError} />
              <button type="submit" className="button primary" disabled={busy}>
                Change status
              </button>
            </form>
            <form onSubmit={addNote} className="stack note-form">
              <label className="field">
                <span>Note</span>
                <textarea
                  name="text"
                  rows={3}
                  maxLength={NOTE_MAX_LENGTH}
                  aria-invalid={noteError ? true : undefined}
                />
              </label>
              <ErrorNotice message={noteError} />
              <button type="submit" className="button quiet" disabled={busy}>
                Add note
              </button>
            </form>
          </section>

          <DealFigures
            enquiryId={detail.id}
            deal={detail.deal}
            buyerType={enquiry.RetailerSelfUse}
            lostReason={detail.lostReason}
            onSaved={(answer) =>
              setDetail((current) =>
                current ? { ...current, deal: answer.deal, history: answer.history } : current,
              )
            }
          />
          <Documents
            enquiry={{
              id: detail.id,
              status: detail.status,
              language: detail.language,
              name: enquiry.Name,
              email: enquiry.Email,
              mobile: enquiry.Mobile,
              quantity: enquiry.Quantity,
              deal: detail.deal,
              whatsappConfigured: detail.whatsapp.configured,
            }}
            onChanged={() => void load()}
          />
          <DispatchSection
            enquiryId={detail.id}
            status={detail.status}
            dispatch={detail.dispatch}
            valueRupees={detail.deal.valueRupees}
            onChanged={() => void load()}
          />
        </div>

        <div className="enquiry-side">
          <section className="card" aria-labelledby="history-heading">
            <h2 id="history-heading">History</h2>
            <p className="hint">{enquiryText.historyOrder}</p>
            <HistoryList history={[...detail.history].reverse()} empty="No changes or notes yet." />
          </section>
          {!filedAsSpam && <SpamReasons detail={detail} busy={busy} onNotSpam={() => void markNotSpam()} />}
          <section className="card" aria-labelledby="fields-heading">
            <h2 id="fields-heading">Enquiry</h2>
            <EnquiryFields enquiry={enquiry} />
          </section>
          <BuyerHistory buyer={detail.buyer} receivedAt={detail.receivedAt} />
          <SourceDetails source={detail.source} />

          <section className="card" aria-labelledby="notifications-heading">
            <h2 id="notifications-heading">E-mails</h2>
            {detail.notifications.length === 0 && (
              <p className="empty">No e-mail was queued for this enquiry.</p>
            )}
            <ul className="notifications">
              {detail.notifications.map((notification) => (
                <li key={notification.id}>
                  <p>
                    <strong>{notificationKindLabels[notification.kind]}</strong>{" "}
                    <span className={`delivery delivery-${notification.state}`}>
                      {deliveryLabels[notification.state]}
                    </span>
                  </p>
                  <p className="history-who">
                    {notification.attempts} {notification.attempts === 1 ? "attempt" : "attempts"}
                    {notification.lastAttemptAt && <>, last {formatFullTime(notification.lastAttemptAt)}</>}
                    {notification.sentAt && <>; sent {formatFullTime(notification.sentAt)}</>}
                  </p>
                  {notification.state === "undeliverable" && notification.kind === "acknowledgement" && (
                    <p className="history-who">{BUYER_ADDRESS_REFUSED}</p>
                  )}
                  {notification.lastError && (
                    <p className="last-error">Last error: {notification.lastError}</p>
                  )}
                  <button type="button" className="button quiet" onClick={() => resend(notification.id)}>
                    <RotateCw aria-hidden="true" size={16} />
                    Send again
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      <ShortcutsDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
    </div>
  );
}

/**
 * The enquiry a duplicate repeats, chosen among the buyer's other enquiries (the same mobile or
 * mailbox), the latest of the last DUPLICATE_WINDOW_DAYS days before this one suggested.
 */
function DuplicateOfField({ detail }: { detail: EnquiryDetail }) {
  const others = detail.buyer.enquiries.filter(
    (other) => !isDuplicate(other.status) && !isSpam(other.status),
  );
  const suggested = duplicateCandidate(others, detail.receivedAt);
  if (others.length === 0) return <p className="field-hint">{duplicateMessages.noneOfTheBuyer}</p>;
  return (
    <label className="field">
      <span>{duplicateMessages.label}</span>
      <select
        name="duplicateOf"
        defaultValue={detail.duplicateOf?.id ?? suggested ?? ""}
        aria-describedby={suggested ? "duplicate-of-hint" : undefined}
      >
        <option value="">{duplicateMessages.choose}</option>
        {others.map((other) => (
          <option key={other.id} value={other.id}>
            {`${other.reference} · ${formatFullTime(other.receivedAt)} · ${other.status}`}
          </option>
        ))}
      </select>
      {suggested && (
        <small id="duplicate-of-hint">{duplicateMessages.suggested(DUPLICATE_WINDOW_DAYS)}</small>
      )}
    </label>
  );
}
