import { useCallback, useEffect, useRef, useState } from "react";
import { BUYER_ADDRESS_REFUSED, INBOX_POLL_MS } from "../../domain/console";
import {
  CONVERSATION_API_ROUTES,
  type Conversation as ConversationData,
  type ConversationMessage,
} from "../../domain/conversation";
import { apiPath, callApi, errorMessage } from "../api";
import { conversationText as text, formatFullTime } from "../content";
import { ErrorNotice, Loading } from "./Notices";
import { ReplyBox } from "./ReplyBox";
import type { MergeEnquiry } from "../../domain/templates";

/** One message of the conversation: who wrote, when, what, and how a reply's delivery stands. */
function MessageItem({ message, isNew }: { message: ConversationMessage; isNew: boolean }) {
  const out = message.direction === "out";
  return (
    <li className={`message ${out ? "message-out" : "message-in"}`}>
      <p className="message-head">
        <strong>{out ? text.youWrote(message.staffEmail) : text.buyerWrote(message.from)}</strong>{" "}
        <span className="history-who">
          <time dateTime={message.at}>{formatFullTime(message.at)}</time>
        </span>{" "}
        {out && (
          <span className={`delivery delivery-${message.delivery.state}`}>
            {text.delivery[message.delivery.state]}
          </span>
        )}
        {!out && isNew && <span className="delivery message-new">{text.newAnswer}</span>}
      </p>
      <p className="message-subject">{message.subject}</p>
      <p className="message-text">{message.text}</p>
      {out && message.delivery.state === "pending" && <p className="history-who">{text.waiting}</p>}
      {out && message.delivery.state === "undeliverable" && (
        <p className="history-who">{BUYER_ADDRESS_REFUSED}</p>
      )}
      {out && message.delivery.state === "failing" && (
        <>
          <p className="history-who">{text.failing(message.delivery.attempts)}</p>
          {message.delivery.lastError && (
            <p className="last-error">Last error: {message.delivery.lastError}</p>
          )}
        </>
      )}
      {!out && (message.quoteTrimmed || message.attachments > 0 || message.truncated) && (
        <p className="history-who">
          {[
            message.quoteTrimmed ? text.quoteTrimmed : "",
            message.attachments > 0 ? text.attachments(message.attachments) : "",
            message.truncated ? text.truncated : "",
          ]
            .filter(Boolean)
            .join(" ")}
        </p>
      )}
    </li>
  );
}

/** The messages of a conversation, oldest first, as a mail program lists a thread. */
export function MessageList({
  messages,
  empty,
  newIds = new Set(),
}: {
  messages: readonly ConversationMessage[];
  empty: string;
  /** Answers that were unread when the page first showed them. */
  newIds?: ReadonlySet<string>;
}) {
  if (messages.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ol className="messages">
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} isNew={newIds.has(message.id)} />
      ))}
    </ol>
  );
}

/**
 * The enquiry's e-mail conversation and its reply box. It reads the conversation every few
 * seconds, so a reply's delivery and a buyer's new answer show without a reload. Answers unread
 * when they appear are marked "New" on this page and read in the store (the server clears them
 * only for the enquiry's owner, or anyone while nobody owns it).
 */
export function Conversation({
  enquiryId,
  onReplied,
  enquiry,
}: {
  enquiryId: string;
  onReplied: () => void;
  /** What the reply box's templates are merged with (domain/templates.ts). */
  enquiry?: MergeEnquiry;
}) {
  const [conversation, setConversation] = useState<ConversationData | null>(null);
  const [error, setError] = useState("");
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const reading = useRef(false);

  const show = useCallback(
    (answer: ConversationData) => {
      setConversation(answer);
      setError("");
      const unread = answer.messages.filter((message) => message.direction === "in" && message.unread);
      if (unread.length === 0 || reading.current) return;
      setNewIds((current) => new Set([...current, ...unread.map((message) => message.id)]));
      reading.current = true;
      callApi<ConversationData>(apiPath(CONVERSATION_API_ROUTES.read, { id: enquiryId }), { method: "POST" })
        .then(setConversation, () => undefined)
        .finally(() => (reading.current = false));
    },
    [enquiryId],
  );

  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      callApi<ConversationData>(apiPath(CONVERSATION_API_ROUTES.conversation, { id: enquiryId }), {
        signal: controller.signal,
      }).then(show, (caught: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      });
    void load();
    const timer = window.setInterval(() => void load(), INBOX_POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [enquiryId, show]);

  return (
    <section className="card conversation" aria-labelledby="conversation-heading">
      <h2 id="conversation-heading">{text.heading}</h2>
      {!conversation && !error && <Loading />}
      <ErrorNotice message={error} />
      {conversation && (
        <>
          {!conversation.answersRead && <p className="history-who">{text.notRead}</p>}
          <div aria-live="polite">
            <MessageList messages={conversation.messages} empty={text.empty} newIds={newIds} />
          </div>
          <ReplyBox
            enquiryId={enquiryId}
            {...(enquiry ? { enquiry } : {})}
            defaults={conversation.reply}
            onSent={(answer) => {
              setConversation(answer);
              onReplied();
            }}
          />
        </>
      )}
    </section>
  );
}
