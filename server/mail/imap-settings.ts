/**
 * IMAP_URL, read once: which mailbox the buyers' answers arrive in, and how to reach it
 * (docs/configuration.md). `imaps://user:pass@host:993/INBOX` speaks TLS from the first byte;
 * `imap://…:143/INBOX` must upgrade with STARTTLS; `imap://…?tls=none` stays in plain text, and
 * is taken only for a server on this machine (a test's, or a local relay's).
 */
export interface ImapSettings {
  host: string;
  port: number;
  /** TLS from the first byte (imaps://). */
  secure: boolean;
  /** For imap://: STARTTLS is required (true), or the connection stays in plain text (false). */
  startTls: boolean;
  user: string;
  pass: string;
  /** The folder read: the path of the URL, INBOX unless given. */
  mailbox: string;
  /** Names the mailbox in the store (where its reading stopped): user, host, port and folder, no password. */
  key: string;
}

export const IMAP_URL_HELP =
  "must be imaps://user:pass@host:993/INBOX (TLS), imap://user:pass@host:143/INBOX (STARTTLS required), " +
  "or imap://…?tls=none for a server on this machine";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])$/i;

/** The settings an IMAP_URL gives, or what is wrong with it. */
export function parseImapUrl(raw: string): ImapSettings | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: IMAP_URL_HELP };
  }
  const secure = url.protocol === "imaps:";
  if (!secure && url.protocol !== "imap:") return { problem: IMAP_URL_HELP };
  if (!url.hostname || !url.username || !url.password) {
    return { problem: `needs the host, user and password: ${IMAP_URL_HELP}` };
  }
  const tls = url.searchParams.get("tls");
  if (tls !== null && !(tls === "none" || tls === "starttls")) {
    return { problem: `has tls=${tls}: use tls=starttls (the default for imap://) or tls=none` };
  }
  if (secure && tls === "none") return { problem: "imaps:// is TLS from the first byte: drop tls=none" };
  if (tls === "none" && !LOOPBACK.test(url.hostname)) {
    return {
      problem:
        "has tls=none for a server on another machine: the mailbox's password would cross the network in plain text; use imaps:// or STARTTLS",
    };
  }
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  let user: string;
  let pass: string;
  let mailbox: string;
  try {
    user = decodeURIComponent(url.username);
    pass = decodeURIComponent(url.password);
    mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, "")) || "INBOX";
  } catch {
    return {
      problem: "holds a %-escape that is not valid: encode @ as %40 and : as %3A in the user and password",
    };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return {
    host,
    port,
    secure,
    startTls: !secure && tls !== "none",
    user,
    pass,
    mailbox,
    key: `${user}@${host}:${port}/${mailbox}`,
  };
}
