import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { brand } from "../../domain/brand";
import { brandHi } from "../../domain/brand.hi";
import {
  ANCHORS,
  API_PATHS,
  type Language,
  LANGUAGE_FIELD,
  languageOf,
  pagePath,
} from "../../domain/contract";
import { textMessages } from "../../domain/enquiry";
import { messageIn } from "../../domain/messages";
import { escapeHtml } from "../html";
import { RETRY_AFTER_UNAVAILABLE_S } from "./api-errors";

const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * Without JavaScript the order form and the newsletter box post as ordinary HTML forms.
 * Their fields arrive URL-encoded and the answer is a small page the browser can show,
 * saying what happened and leading back to where the visitor was. Installed once for the API:
 * it parses such bodies, and gives every route `reply.sendResult`, which answers a form post
 * with that page and any other request with JSON.
 */
export function acceptFormPosts(app: FastifyInstance) {
  app.addContentTypeParser(FORM_TYPE, { parseAs: "string" }, (_request, body, done) => {
    const fields: Record<string, string> = Object.create(null);
    for (const [key, value] of new URLSearchParams(body as string)) fields[key] = value;
    done(null, fields);
  });
  app.decorateReply("sendResult", function sendResult(this: FastifyReply, result: RouteResult) {
    if (result.status === 503) this.header("retry-after", String(RETRY_AFTER_UNAVAILABLE_S));
    if (isSiteFormPost(this.request)) {
      const language = formLanguage(this.request);
      return sendFormResult(this, {
        status: result.status,
        ok: result.status < 300,
        message: answerIn(language, result),
        ...(result.detail ? { detail: messageIn(language, result.detail) } : {}),
        backHref: backHrefFor(this.request, language),
        language,
      });
    }
    return this.code(result.status).send(result.json);
  });
}

/**
 * The refusals the API words itself (too large, too many, unavailable…) have no twin among the
 * rules' messages: a Hindi page shows these in their place, by the answer's status.
 */
export const hindiRefusals = {
  control: "कृपया अपने लिखे में से कंट्रोल अक्षर (जैसे NUL या टैब) हटाएँ।",
  413: "आपका भेजा फ़ॉर्म बहुत बड़ा है। कृपया इसे छोटा करके फिर भेजें।",
  429: "आपके इंटरनेट कनेक्शन से बहुत बार भेजा गया है। कृपया कुछ मिनट रुककर फिर कोशिश करें।",
  503: "अभी यह सेवा उपलब्ध नहीं है। कृपया थोड़ी देर में फिर कोशिश करें।",
  serverError: "हमारी ओर से कुछ गड़बड़ हो गई। कृपया थोड़ी देर में फिर कोशिश करें।",
  otherRefusal: "हम यह फ़ॉर्म समझ नहीं सके। कृपया पेज फिर से खोलकर दोबारा भेजें।",
} as const;

/** The message of a route's answer in the language of the page its form was posted from. */
export function answerIn(language: Language, result: Pick<RouteResult, "status" | "message">): string {
  const twin = messageIn(language, result.message);
  if (language === "en" || twin !== result.message) return twin;
  if (result.message === textMessages.control) return hindiRefusals.control;
  if (result.status === 413 || result.status === 429 || result.status === 503)
    return hindiRefusals[result.status];
  return result.status >= 500 ? hindiRefusals.serverError : hindiRefusals.otherRefusal;
}

/** What a route answers: a status, the message a person reads, and the JSON an API client reads. */
export interface RouteResult {
  status: number;
  message: string;
  /** What the page adds below a success's message; a general thanks unless set. */
  detail?: string;
  json: unknown;
}

declare module "fastify" {
  interface FastifyReply {
    /** A form posted without JavaScript gets a page saying `message`; any other request gets `json`. */
    sendResult(result: RouteResult): FastifyReply;
  }
}

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").toLowerCase().startsWith(FORM_TYPE);
}

/** Where each form's result page leads back to: the form's own part of the home page. */
const FORM_SECTIONS: Readonly<Record<string, string>> = {
  [API_PATHS.enquiries]: ANCHORS.buyNow,
  [API_PATHS.subscribers]: ANCHORS.contact,
};

/**
 * The language of the page a form was posted from (its `lang` field, or the link's `?lang=`):
 * the answer page is written in it. Anything but a known language reads as English here; the
 * routes that store the language refuse it.
 */
export function formLanguage(request: FastifyRequest): Language {
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const value =
    (body && typeof body === "object" ? body[LANGUAGE_FIELD] : undefined) ?? query?.[LANGUAGE_FIELD];
  return languageOf(value) ?? "en";
}

/** The home page's part, in the page's language, that holds the form this request was posted from. */
export function backHrefFor(request: FastifyRequest, language: Language = "en"): string {
  const home = pagePath("home", language);
  const section = FORM_SECTIONS[request.url.split("?")[0] ?? ""];
  return section ? `${home}#${section}` : home;
}

/** Whether this request is one of the site's forms posted without JavaScript. */
export function isSiteFormPost(request: FastifyRequest): boolean {
  return isFormPost(request) && (request.url.split("?")[0] ?? "") in FORM_SECTIONS;
}

interface FormResult {
  status: number;
  ok: boolean;
  message: string;
  detail?: string;
  /** Where the visitor continues: the form's section on the home page. */
  backHref: string;
  language: Language;
}

/** What the answer pages say around a form's result, in each language of the pages. */
export const resultWords = {
  en: {
    thanks: `Thank you. ${brand.companyShortName} will be in touch soon.`,
    nothingSaved:
      "Nothing was saved. Your browser's Back button returns you to the form with what you typed.",
    back: "Back to the site",
    tryAgain: "Go back and try again",
  },
  hi: {
    thanks: `धन्यवाद। ${brandHi.companyShortName} जल्द ही आपसे संपर्क करेगी।`,
    nothingSaved: "कुछ भी सेव नहीं हुआ। ब्राउज़र में पीछे जाने पर आप अपनी लिखी जानकारी के साथ फ़ॉर्म पर लौट आएँगे।",
    back: "साइट पर वापस जाएँ",
    tryAgain: "वापस जाकर फिर कोशिश करें",
  },
} as const satisfies Record<Language, Record<string, string>>;

/**
 * A message's first sentence, the page's heading, and the sentences after it, its first paragraph:
 * a message of three sentences set whole as a heading ran to seven lines on a phone.
 */
export function splitHeadline(message: string): { headline: string; rest: string } {
  const end = /[.!?।](?=\s)/.exec(message);
  if (!end) return { headline: message, rest: "" };
  return {
    headline: message.slice(0, end.index + 1).trim(),
    rest: message.slice(end.index + 1).trim(),
  };
}

/** Answers a form post with a page that states the result, in the language of the page it came from. */
export function sendFormResult(reply: FastifyReply, result: FormResult) {
  const words = resultWords[result.language];
  const { headline, rest } = splitHeadline(result.message);
  return sendMessagePage(reply, {
    status: result.status,
    title: headline,
    ...(rest ? { lead: rest } : {}),
    text: result.ok ? (result.detail ?? words.thanks) : words.nothingSaved,
    link: { href: result.backHref, text: result.ok ? words.back : words.tryAgain },
    language: result.language,
  });
}

/** The message page's stylesheet, inline; the CSP allows it by its hash (server/app.ts). */
export const MESSAGE_PAGE_STYLE = `
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fbf6ef;color:#2b2019;font:1.0625rem/1.6 system-ui,sans-serif}
main{max-width:34rem;margin:1.5rem;padding:2rem;border-radius:1rem;background:#fff;box-shadow:0 8px 24px rgb(59 36 22/.08)}
h1{margin:0 0 .75rem;font:600 1.6rem/1.2 Georgia,serif;color:#3b2416}
:lang(hi) h1{font-family:system-ui,sans-serif;line-height:1.4}
p{text-wrap:pretty}
a{display:inline-flex;align-items:center;min-height:2.75rem;padding:.6rem 1.4rem;border-radius:999px;background:#f28c28;color:#3b2416;font-weight:700;text-decoration:none}
a:focus-visible{outline:3px solid #1d4ed8;outline-offset:3px}
`;

export interface MessagePage {
  status: number;
  /** The page's heading and title: one short sentence. */
  title: string;
  /** What the heading goes on to say, when the message has more than one sentence. */
  lead?: string;
  text: string;
  link: { href: string; text: string };
  /** The page's language; English unless given. */
  language?: Language;
}

/** A small page of the site's own look that says one thing: a form's result, or what a mailed link did. */
export function sendMessagePage(reply: FastifyReply, page: MessagePage) {
  const title = escapeHtml(page.title);
  const html = `<!doctype html>
<html lang="${page.language === "hi" ? "hi-IN" : "en-IN"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${escapeHtml(page.language === "hi" ? brandHi.productFullName : brand.productFullName)}</title>
<style>${MESSAGE_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${page.lead ? `<p>${escapeHtml(page.lead)}</p>\n` : ""}<p>${escapeHtml(page.text)}</p>
<a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a>
</main>
</body>
</html>`;
  return reply
    .code(page.status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(html);
}
