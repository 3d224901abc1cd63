import { useCallback, useEffect, useRef, useState } from "react";
import { BUYER_ADDRESS_REFUSED, INBOX_POLL_MS } from "../../domain/console";
import {
  CONVERSATION_API_ROUTES,
  type Conversation as ConversationData,
  conversationMessages,
  type ConversationMessage,
} from "../../domain/conversation";
import { apiPath, callApi, errorMessage } from "../api";
import { conversationText as text, formatFullTime } from "../content";
import { ErrorNotice, Loading } from "./Notices";
import { ReplyBox } from "./ReplyBox";
import type { MergeEnquiry } from "../../domain/templates";
import type { Language } from "../../domain/contract";
import type { EnquiryWhatsApp } from "../../domain/whatsapp";
import { WhatsAppComposer } from "./WhatsAppComposer";
import { whatsappOutState } from "./whatsapp-composer";
import { neutralise } from "../../domain/unreadable";

/** How much of a long answer on the screen counts as seen: its head and first lines. */
const SEEN_HEIGHT_PX = 120;

/** One message of the conversation: who wrote, when, what, and how a reply's delivery stands. */
function MessageItem({ message, isNew }: { message: ConversationMessage; isNew: boolean }) {
  const out = message.direction === "out";
  // An answer not known to be the buyer's is never shown as their words.
  const unverified = !out && !message.verified;
  const who = out
    ? text.youWrote(message.staffEmail)
    : unverified
      ? text.unverifiedWrote(message.from)
      : message.channel === "whatsapp"
        ? text.buyerWroteOnWhatsApp(message.from)
        : text.buyerWrote(message.from);
  const channel = text.channel[message.channel];
  return (
    <li
      className={`message ${out ? "message-out" : "message-in"} message-${message.channel}${unverified ? " message-unverified" : ""}`}
      tabIndex={-1}
      {...(!out && message.unread ? { "data-unread-answer": message.id } : {})}
    >
      {unverified && <p className="unverified-note">{text.unverified}</p>}
      <p className="message-head">
        <span className={`channel channel-${message.channel}`}>
          <span className="visually-hidden">{text.channelBy} </span>
          {channel}
        </span>{" "}
        <strong>{who}</strong>{" "}
        <span className="history-who">
          <time dateTime={message.at}>{formatFullTime(message.at)}</time>
        </span>{" "}
        {out && message.channel === "whatsapp" ? (
          <span className={`delivery delivery-${whatsappOutState(message).tone}`}>
            {whatsappOutState(message).words}
          </span>
        ) : (
          out && (
            <span className={`delivery delivery-${message.delivery.state}`}>
              {text.delivery[message.delivery.state]}
            </span>
          )
        )}
        {!out && isNew && <span className="delivery message-new">{text.newAnswer}</span>}
      </p>
      {/* A buyer's answer is a stranger's text: shown without direction or invisible characters. */}
      {message.subject && <p className="message-subject">{neutralise(message.subject)}</p>}
      <p className="message-text">{neutralise(message.text, { lines: true })}</p>
      {out && message.delivery.state === "pending" && (
        <p className="history-who">{message.channel === "whatsapp" ? text.whatsappWaiting : text.waiting}</p>
      )}
      {out && message.delivery.state === "undeliverable" && (
        // A WhatsApp message Meta refused says why (server/whatsapp/graph-client.ts).
        <p className="history-who">
          {message.channel === "whatsapp" && message.delivery.lastError
            ? message.delivery.lastError
            : BUYER_ADDRESS_REFUSED}
        </p>
      )}
      {out && message.whatsapp?.error && (
        <p className="last-error">
          {text.whatsappFailed(message.whatsapp.error.code, message.whatsapp.error.title)}
        </p>
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

/** What the page holds beyond the newest page: older messages, and where the ones before them start. */
interface Earlier {
  messages: ConversationMessage[];
  /** The cursor of the messages before `messages` (or before the newest page); null when none are left. */
  cursor: string | null;
}

/**
 * The earlier messages after a new read of the newest page: those that left it (pushed out by
 * newer ones) join the earlier ones. A page with nothing in common with the one before means more
 * arrived than a page holds: the page's own cursor then leads to everything before it.
 */
function earlierAfter(earlier: Earlier, before: ConversationData | null, page: ConversationData): Earlier {
  if (!before) return { messages: [], cursor: page.older };
  const shown = new Set(page.messages.map((message) => message.id));
  const kept = before.messages.filter((message) => shown.has(message.id));
  if (kept.length === 0 && before.messages.length > 0 && page.older !== null)
    return { messages: [], cursor: page.older };
  const left = before.messages.filter((message) => !shown.has(message.id));
  return left.length === 0 ? earlier : { ...earlier, messages: [...earlier.messages, ...left] };
}

/**
 * The enquiry's e-mail conversation and its reply box. It reads the newest page of the
 * conversation every few seconds, so a reply's delivery and a buyer's new answer show without a
 * reload; "Show older messages" reads the page before, once, on asking. Answers unread when they
 * appear are marked "New" on this page, and read in the store once one of them has been on the
 * screen in a tab in front (the server clears them only for the
 * enquiry's owner, or anyone while nobody owns it).
 */
export function Conversation({
  enquiryId,
  onReplied,
  enquiry,
  whatsapp,
}: {
  enquiryId: string;
  /** A reply was queued, or the buyer's WhatsApp message arrived: the enquiry is read again. */
  onReplied: () => void;
  /** What the reply box's templates are merged with (domain/templates.ts). */
  enquiry?: MergeEnquiry;
  /** WhatsApp on this enquiry, as the server decided it: the composer shows when it is set up. */
  /** `language`: the page the enquiry was sent from; null for one started on WhatsApp. */
  whatsapp?: { state: EnquiryWhatsApp; mobile: string; language: Language | null };
}) {
  const [conversation, setConversation] = useState<ConversationData | null>(null);
  const [earlier, setEarlier] = useState<Earlier>({ messages: [], cursor: null });
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** How many times older messages were shown: each moves the focus to the first of them. */
  const [olderShown, setOlderShown] = useState(0);
  const [error, setError] = useState("");
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const reading = useRef(false);
  const latest = useRef<ConversationData | null>(null);
  const earlierList = useRef<HTMLOListElement>(null);

  /**
   * The buyer's newest WhatsApp message on the page: when another arrives, the enquiry is read
   * again, since it opens the window (its state is the server's to say).
   */
  const newestWhatsApp = useRef<string | null | undefined>(undefined);
  const onRepliedRef = useRef(onReplied);
  useEffect(() => {
    onRepliedRef.current = onReplied;
  }, [onReplied]);

  /** The newest page read again: what left it joins the earlier messages. */
  const showPage = useCallback((page: ConversationData) => {
    const before = latest.current;
    latest.current = page;
    setEarlier((current) => earlierAfter(current, before, page));
    setConversation(page);
    const newest =
      page.messages.findLast((message) => message.direction === "in" && message.channel === "whatsapp")?.id ??
      null;
    if (newestWhatsApp.current !== undefined && newest !== null && newest !== newestWhatsApp.current)
      onRepliedRef.current();
    if (newest !== null || newestWhatsApp.current === undefined) newestWhatsApp.current = newest;
  }, []);

  const show = useCallback(
    (answer: ConversationData) => {
      showPage(answer);
      setError("");
      const unread = answer.messages.filter((message) => message.direction === "in" && message.unread);
      if (unread.length === 0) return;
      setNewIds((current) => new Set([...current, ...unread.map((message) => message.id)]));
    },
    [showPage],
  );

  /** Reads the answers in the store (for their owner: the server decides), once at a time. */
  const markRead = useCallback(() => {
    if (reading.current) return;
    reading.current = true;
    callApi<ConversationData>(apiPath(CONVERSATION_API_ROUTES.read, { id: enquiryId }), { method: "POST" })
      .then(showPage, () => undefined)
      .finally(() => (reading.current = false));
  }, [enquiryId, showPage]);

  // An answer is read when it has been seen: on the screen, in a tab in front, not when it arrives
  // while the page is open somewhere below the fold or behind another tab.
  const section = useRef<HTMLElement>(null);
  const unreadKey = (conversation?.messages ?? [])
    .filter((message) => message.direction === "in" && message.unread)
    .map((message) => message.id)
    .join(" ");
  useEffect(() => {
    const root = section.current;
    if (!unreadKey || !root || typeof IntersectionObserver === "undefined") return;
    const onScreen = new Set<Element>();
    const readIfSeen = () => {
      if (onScreen.size > 0 && document.visibilityState === "visible") markRead();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // Half of the answer in sight, or a long one's first lines.
          const seen = entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= SEEN_HEIGHT_PX;
          if (seen) onScreen.add(entry.target);
          else onScreen.delete(entry.target);
        }
        readIfSeen();
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const item of root.querySelectorAll("[data-unread-answer]")) observer.observe(item);
    document.addEventListener("visibilitychange", readIfSeen);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", readIfSeen);
    };
  }, [unreadKey, markRead]);

  useEffect(() => {
    const controller = new AbortController();
    // The first read of another enquiry starts its earlier messages afresh (earlierAfter).
    latest.current = null;
    newestWhatsApp.current = undefined;
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

  // Focus goes to the first of the messages just shown, once they are on the page, so reading
  // (and the keyboard) goes on from there.
  useEffect(() => {
    if (olderShown > 0) earlierList.current?.querySelector<HTMLElement>("li")?.focus();
  }, [olderShown]);

  async function showOlder() {
    const cursor = earlier.cursor;
    if (!cursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const path = `${apiPath(CONVERSATION_API_ROUTES.conversation, { id: enquiryId })}?before=${encodeURIComponent(cursor)}`;
      const page = await callApi<ConversationData>(path);
      setEarlier((current) =>
        current.cursor === cursor
          ? { messages: [...page.messages, ...current.messages], cursor: page.older }
          : current,
      );
      setError("");
      setOlderShown((count) => count + 1);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setLoadingOlder(false);
    }
  }

  const replyTo = conversation?.reply.to ?? null;
  return (
    <section className="card conversation" aria-labelledby="conversation-heading" ref={section}>
      <h2 id="conversation-heading">{text.heading}</h2>
      {!conversation && !error && <Loading />}
      <ErrorNotice message={error} />
      {conversation && (
        <>
          {!conversation.answersRead && <p className="history-who">{text.notRead}</p>}
          {earlier.cursor !== null && (
            <button
              type="button"
              className="button quiet show-older"
              onClick={() => void showOlder()}
              disabled={loadingOlder}
            >
              {loadingOlder ? text.loadingOlder : text.showOlder}
            </button>
          )}
          {earlier.messages.length > 0 && (
            <ol className="messages" ref={earlierList} aria-label={text.olderMessages}>
              {earlier.messages.map((message) => (
                <MessageItem key={message.id} message={message} isNew={newIds.has(message.id)} />
              ))}
            </ol>
          )}
          {/* Only the newest page is live: older messages shown on asking are not read out. */}
          <div aria-live="polite">
            <MessageList messages={conversation.messages} empty={text.empty} newIds={newIds} />
          </div>
          {whatsapp?.state.configured && (
            <WhatsAppComposer
              enquiryId={enquiryId}
              state={whatsapp.state}
              mobile={whatsapp.mobile}
              language={whatsapp.language}
              messages={conversation.messages}
              onSent={(answer) => {
                showPage(answer);
                onReplied();
              }}
              onStale={onReplied}
            />
          )}
          {replyTo === null ? (
            // An enquiry started on WhatsApp has no address: said plainly where the reply box would be.
            <p className="notice no-address">{conversationMessages.noAddress}</p>
          ) : (
            <ReplyBox
              enquiryId={enquiryId}
              {...(enquiry ? { enquiry } : {})}
              defaults={{ ...conversation.reply, to: replyTo }}
              onSent={(answer) => {
                showPage(answer);
                onReplied();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
