import { MessageCircle, RotateCw, Send } from "lucide-react";
import { draftsOf } from "../drafts";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { Language } from "../../domain/contract";
import {
  CONVERSATION_API_ROUTES,
  type Conversation,
  type ConversationMessage,
} from "../../domain/conversation";
import { whatsappClickMessageId, type EnquiryWhatsApp } from "../../domain/whatsapp";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import { conversationText, whatsappComposerText as text } from "../content";
import { displayMobile } from "../../domain/buyer";
import { ErrorNotice } from "./Notices";
import { characterCount, composerState, holdsClick } from "./whatsapp-composer";

/** The composer's text box: the enquiry page's WhatsApp button moves the focus there. */
export const WHATSAPP_TEXT_ID = "whatsapp-text";
/** The window's state: where the focus goes when nothing can be written. */
export const WHATSAPP_WINDOW_ID = "whatsapp-window";

/** The message is kept in the tab while it is written: a reload or a failed send loses nothing. */
const drafts = draftsOf("whatsapp");

/** A message sent from this page that the conversation does not hold yet. */
interface Sending {
  /** The click's key: sent again unchanged on a retry, so the server queues it once. */
  clickKey: string;
  text: string;
  /** An approved template's id (its merged text is `text`); absent for free text. */
  templateId?: string;
  /** The request got no answer (offline, a server fault): it may be retried with the same key. */
  failed: boolean;
}

/**
 * Writes a WhatsApp message to the buyer's mobile while the 24-hour window is open (the server
 * says so: EnquiryWhatsApp), through the console's API and the outbox. Each click sends a new
 * click key; a retry of a click sends the same one, and a second tap while one is on its way is
 * not a second message. A message appears at once as "Sending…" and then stands as the
 * conversation's reading says (sent, delivered, read, failed). The approved templates the server
 * offers (inside or outside the window) are chosen from a list, their merged text shown before
 * sending. After the buyer's STOP or without their consent the composer says why and takes
 * nothing; after the window, only a template.
 */
export function WhatsAppComposer({
  enquiryId,
  state,
  mobile,
  language,
  messages,
  onSent,
  onStale,
}: {
  enquiryId: string;
  state: EnquiryWhatsApp;
  mobile: string;
  /** The page the enquiry was sent from; null for one started on WhatsApp, which came from no page. */
  language: Language | null;
  /** The conversation's newest page: a message sent from here leaves "Sending…" once it is there. */
  messages: readonly ConversationMessage[];
  onSent: (conversation: Conversation) => void;
  /** The window's state is out of date (its end passed): read the enquiry again. */
  onStale: () => void;
}) {
  const [body, setBody] = useState(() => drafts.read(enquiryId));
  const [sending, setSending] = useState<Sending[]>([]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  /** A request on its way: a second tap meanwhile sends nothing. */
  const inFlight = useRef(false);
  const staleRef = useRef(onStale);
  useEffect(() => {
    staleRef.current = onStale;
  }, [onStale]);
  const { words, open } = composerState(state);
  const count = characterCount(body);

  // The window closes at its time: the server is asked again then, not the clock here.
  useEffect(() => {
    if (!state.windowOpen || !state.windowOpenUntil) return;
    const wait = Date.parse(state.windowOpenUntil) - Date.now() + 1_000;
    const timer = window.setTimeout(() => staleRef.current(), Math.max(wait, 1_000));
    return () => window.clearTimeout(timer);
  }, [state.windowOpen, state.windowOpenUntil]);

  const deliver = async (message: Sending) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError("");
    setSending((current) =>
      current.map((each) => (each.clickKey === message.clickKey ? { ...each, failed: false } : each)),
    );
    try {
      const answer = await callApi<Conversation>(
        apiPath(CONVERSATION_API_ROUTES.whatsapp, { id: enquiryId }),
        {
          method: "POST",
          body: message.templateId
            ? { clickKey: message.clickKey, templateId: message.templateId }
            : { clickKey: message.clickKey, text: message.text },
        },
      );
      onSent(answer);
      setSending((current) => current.filter((each) => each.clickKey !== message.clickKey));
    } catch (caught) {
      const refused = caught instanceof ApiError && caught.status >= 400 && caught.status < 500;
      if (refused) {
        // Refused (STOP, the window closed meanwhile): nothing was queued; typed text goes back.
        setSending((current) => current.filter((each) => each.clickKey !== message.clickKey));
        if (!message.templateId)
          setBody((current) => {
            const next = current.trim() ? current : message.text;
            drafts.keep(enquiryId, next);
            return next;
          });
        setError(errorMessage(caught));
        onStale();
      } else {
        setSending((current) =>
          current.map((each) => (each.clickKey === message.clickKey ? { ...each, failed: true } : each)),
        );
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || !open) return;
    const value = body.trim();
    if (!value) {
      setError(text.empty);
      return;
    }
    if (count?.over) {
      setError(count.words);
      return;
    }
    const message: Sending = { clickKey: crypto.randomUUID(), text: value, failed: false };
    setSending((current) => [...current, message]);
    setBody("");
    drafts.keep(enquiryId, "");
    void deliver(message);
  };

  /** The approved template chosen, by id; its merged text is what the buyer receives. */
  const [templateId, setTemplateId] = useState("");
  const chosen = state.templates.find((template) => template.id === templateId);
  const sendTemplate = () => {
    if (inFlight.current || !state.mayMessage) return;
    if (!chosen) {
      setError(text.chooseTemplateFirst);
      return;
    }
    const message: Sending = {
      clickKey: crypto.randomUUID(),
      text: chosen.preview,
      templateId: chosen.id,
      failed: false,
    };
    setSending((current) => [...current, message]);
    setTemplateId("");
    void deliver(message);
  };

  const sendOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter alone is a new line, as on the phone's keyboard.
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  const shown = sending.filter((each) => !holdsClick(messages, whatsappClickMessageId(each.clickKey)));
  const describedBy = [WHATSAPP_WINDOW_ID, open ? "whatsapp-keys" : "", count ? "whatsapp-count" : ""]
    .filter(Boolean)
    .join(" ");

  /** Outside the window the templates are all that can be sent: they come before the closed box. */
  const templatesPicker = state.mayMessage && state.templates.length > 0 && (
    <div className="whatsapp-templates" role="group" aria-labelledby="whatsapp-templates-heading">
      <h4 id="whatsapp-templates-heading">{text.templatesHeading}</h4>
      <select
        value={templateId}
        onChange={(event) => {
          setTemplateId(event.target.value);
          if (error) setError("");
        }}
        aria-label={text.template}
        aria-describedby={chosen ? "whatsapp-template-preview" : undefined}
      >
        <option value="">{text.chooseTemplate}</option>
        {state.templates.map((template) => (
          <option key={template.id} value={template.id}>
            {text.templateOption(template.title, template.language)}
          </option>
        ))}
      </select>
      {chosen && (
        <div className="whatsapp-template-preview">
          <p className="history-who">{text.templatePreview}</p>
          <p id="whatsapp-template-preview" className="message-text" lang={chosen.language}>
            {chosen.preview}
          </p>
        </div>
      )}
      <button type="button" className="button" onClick={sendTemplate}>
        <Send aria-hidden="true" size={18} />
        {text.sendTemplate}
      </button>
    </div>
  );

  return (
    <>
      {/* Messages on their way from this page: read out as they appear and as they fail. */}
      <div aria-live="polite">
        {shown.length > 0 && (
          <ol className="messages messages-sending" aria-label={text.youAreSending}>
            {shown.map((message) => (
              <li key={message.clickKey} className="message message-out message-whatsapp">
                <p className="message-head">
                  <span className="channel channel-whatsapp">
                    <span className="visually-hidden">{conversationText.channelBy} </span>
                    {conversationText.channel.whatsapp}
                  </span>{" "}
                  <strong>{text.youAreSending}</strong>{" "}
                  <span className={`delivery delivery-${message.failed ? "failing" : "sending"}`}>
                    {message.failed ? conversationText.delivery.failing : text.sending}
                  </span>
                </p>
                <p className="message-text" lang={language ?? undefined}>
                  {message.text}
                </p>
                {message.failed && (
                  <>
                    <p className="last-error">{text.notSent}</p>
                    <button
                      type="button"
                      className="button quiet"
                      onClick={() => void deliver(message)}
                      disabled={busy}
                    >
                      <RotateCw aria-hidden="true" size={16} />
                      {text.tryAgain}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <form className="stack whatsapp-composer" onSubmit={send} noValidate aria-labelledby="whatsapp-heading">
        <h3 id="whatsapp-heading">
          <MessageCircle aria-hidden="true" size={18} />
          {text.heading}
        </h3>
        <p className="history-who">
          {text.route(displayMobile(mobile))}
          {language && ` ${text.languageHint[language]}`}
        </p>
        <p
          id={WHATSAPP_WINDOW_ID}
          className={`whatsapp-window ${open ? "whatsapp-window-open" : "whatsapp-window-closed"}`}
          role="status"
          tabIndex={-1}
        >
          {words}
        </p>
        {!open && templatesPicker}
        <label className="field">
          <span>{text.message}</span>
          <textarea
            id={WHATSAPP_TEXT_ID}
            name="whatsapp"
            rows={open ? 4 : 2}
            value={body}
            disabled={!open}
            onChange={(event) => {
              setBody(event.target.value);
              drafts.keep(enquiryId, event.target.value);
              if (error) setError("");
            }}
            onKeyDown={sendOnCtrlEnter}
            aria-invalid={count?.over || error === text.empty ? true : undefined}
            aria-describedby={describedBy}
            lang={language ?? undefined}
            enterKeyHint="enter"
          />
        </label>
        <p className="composer-foot">
          {open && (
            <small id="whatsapp-keys" className="keys-hint">
              {text.keysHint}
            </small>
          )}
          {count && (
            <small id="whatsapp-count" className={count.over ? "composer-count over" : "composer-count"}>
              {count.words}
            </small>
          )}
        </p>
        <ErrorNotice message={error} />
        <button type="submit" className="button whatsapp-send" disabled={!open}>
          <Send aria-hidden="true" size={18} />
          {busy ? text.sending : text.send}
        </button>
        {open && templatesPicker}
      </form>
    </>
  );
}
