import { type FormEvent, type KeyboardEvent, useState } from "react";
import { draftsOf } from "../drafts";
import {
  checkReply,
  CONVERSATION_API_ROUTES,
  conversationMessages,
  REPLY_MAX_LENGTH,
  REPLY_SUBJECT_MAX_LENGTH,
  type Conversation,
} from "../../domain/conversation";
import { apiPath, callApi, errorMessage } from "../api";
import { conversationText as text } from "../content";
import { useFlash } from "../session";
import { ErrorNotice } from "./Notices";
import { TemplatePicker, type MergedTemplate } from "./TemplatePicker";
import type { MergeEnquiry } from "../../domain/templates";

/** The reply's text is kept in the tab while it is written: a reload or a failed send loses nothing. */
const drafts = draftsOf("reply");

/** The id of the reply's text box: the enquiry page's Reply action moves the focus there. */
export const REPLY_TEXT_ID = "reply-text";

/**
 * Writes an e-mail reply to the buyer: from the company's address to the enquiry's own (neither
 * can be changed here), with a subject threaded under the earlier mails, in the buyer's language.
 * A failed send keeps what was typed; Ctrl+Enter (⌘+Enter) sends.
 */
export function ReplyBox({
  enquiryId,
  defaults,
  onSent,
  enquiry,
}: {
  enquiryId: string;
  /** What a reply is sent as; only an enquiry with an address has a reply box. */
  defaults: Conversation["reply"] & { to: string };
  onSent: (conversation: Conversation) => void;
  /** Offers the e-mail templates in the buyer's language, merged with this enquiry. */
  enquiry?: MergeEnquiry;
}) {
  const flash = useFlash();
  // The subject follows the thread (a new message changes what a reply answers) until the member edits it.
  const [editedSubject, setEditedSubject] = useState<string | null>(null);
  const subject = editedSubject ?? defaults.subject;
  const [body, setBody] = useState(() => drafts.read(enquiryId));
  const [error, setError] = useState<{ message: string; field?: "subject" | "text" }>({ message: "" });
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkReply({ subject, text: body });
    if (!checked.ok) {
      setError({ message: checked.error, field: checked.field });
      return;
    }
    setBusy(true);
    setError({ message: "" });
    try {
      const answer = await callApi<Conversation>(
        apiPath(CONVERSATION_API_ROUTES.replies, { id: enquiryId }),
        {
          method: "POST",
          body: { subject: checked.subject, text: checked.text },
        },
      );
      setBody("");
      drafts.keep(enquiryId, "");
      setEditedSubject(null);
      onSent(answer);
      flash(conversationMessages.replyQueued);
    } catch (caught) {
      setError({ message: errorMessage(caught) });
    } finally {
      setBusy(false);
    }
  };

  /**
   * A template's message goes where the member writes, after anything already typed (nothing is
   * lost); its subject is taken only where the reply starts the thread and the subject is untouched.
   */
  const startFromTemplate = (merged: MergedTemplate) => {
    const next = body.trim() ? `${body.trimEnd()}\n\n${merged.body}` : merged.body;
    setBody(next);
    drafts.keep(enquiryId, next);
    if (!defaults.threaded && editedSubject === null && merged.subject) setEditedSubject(merged.subject);
    document.getElementById(REPLY_TEXT_ID)?.focus();
  };

  const sendOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <form className="stack reply-box" onSubmit={send} noValidate aria-labelledby="reply-heading">
      <h3 id="reply-heading">{text.replyHeading}</h3>
      <p className="history-who">
        {text.replyRoute(defaults.from, defaults.to)} {text.languageHint[defaults.language]}
      </p>
      {enquiry && (
        <TemplatePicker
          channel="email"
          enquiry={{ ...enquiry, language: defaults.language }}
          onPick={startFromTemplate}
          disabled={busy}
        />
      )}
      <label className="field">
        <span>{text.subject}</span>
        <input
          type="text"
          name="subject"
          value={subject}
          maxLength={REPLY_SUBJECT_MAX_LENGTH}
          onChange={(event) => setEditedSubject(event.target.value)}
          aria-invalid={error.field === "subject" ? true : undefined}
          lang={defaults.language}
        />
      </label>
      <label className="field">
        <span>{text.message}</span>
        <textarea
          id={REPLY_TEXT_ID}
          name="text"
          rows={6}
          maxLength={REPLY_MAX_LENGTH}
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            drafts.keep(enquiryId, event.target.value);
          }}
          onKeyDown={sendOnCtrlEnter}
          aria-invalid={error.field === "text" ? true : undefined}
          aria-describedby="reply-keys"
          lang={defaults.language}
        />
        <small id="reply-keys">{text.keysHint}</small>
      </label>
      <ErrorNotice message={error.message} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? text.sending : text.send}
      </button>
    </form>
  );
}
