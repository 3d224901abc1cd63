import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ANCHORS, API_ROUTES, type Language, pagePath } from "../../domain/contract";
import { newsletterLinkLabels, newsletterLinkPages } from "../../domain/subscriber";
import { newsletterLinkLabelsHi, newsletterLinkPagesHi } from "../../domain/subscriber.hi";
import type { LinkPurpose } from "../newsletter/link-tokens";
import { logStoreFailure, RETRY_AFTER_UNAVAILABLE_S } from "./api-errors";
import { formLanguage, sendMessagePage } from "./form-posts";

type PageKey = keyof typeof newsletterLinkPages;

/** The pages' words in each language: a link mailed in Hindi carries `?lang=hi` (server/newsletter/links.ts). */
const wordsIn = {
  en: { pages: newsletterLinkPages, labels: newsletterLinkLabels },
  hi: { pages: newsletterLinkPagesHi, labels: newsletterLinkLabelsHi },
} as const satisfies Record<Language, unknown>;

/** Where a page leads on: the home page, or its newsletter box to subscribe again. */
type LinkTarget = "home" | "subscribeAgain";

function tokenOf(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.token;
}

/**
 * The newsletter's signed links. Opening a confirmation link confirms the address; opening an
 * unsubscribe link (GET) or a mail program's one-click unsubscribe (POST, RFC 8058) removes it at
 * once. Each answers with a page that says what happened; a forged, altered, run-out or used link
 * changes nothing and says so. The token stays out of the Referer of anything the page leads to.
 */
export async function newsletterLinkRoutes(app: FastifyInstance) {
  // RFC 8058 allows the one-click POST as multipart/form-data; its body says nothing the link does not.
  app.addContentTypeParser("multipart/form-data", { parseAs: "string" }, (_request, _body, done) =>
    done(null, {}),
  );

  const page = (reply: FastifyReply, status: number, key: PageKey, target: LinkTarget = "home") => {
    const language = formLanguage(reply.request);
    const { pages, labels } = wordsIn[language];
    const home = pagePath("home", language);
    return sendMessagePage(reply.header("referrer-policy", "no-referrer"), {
      status,
      title: pages[key].title,
      text: pages[key].text,
      link: {
        href: target === "home" ? home : `${home}#${ANCHORS.contact}`,
        text: labels[target],
      },
      language,
    });
  };

  const unavailable = (reply: FastifyReply) =>
    page(reply.header("retry-after", String(RETRY_AFTER_UNAVAILABLE_S)), 503, "unavailable");
  /** Checks a token; the key itself comes from the store, which may not answer. */
  const verify = async (request: FastifyRequest, purpose: LinkPurpose) => {
    try {
      return await app.newsletterLinks.verify(tokenOf(request), purpose);
    } catch (error) {
      logStoreFailure(request, error, "link not checked");
      return undefined;
    }
  };

  app.get(API_ROUTES.newsletterConfirm, async (request, reply) => {
    const check = await verify(request, "confirm");
    if (!check) return unavailable(reply);
    if (!check.ok) {
      return check.reason === "expired"
        ? page(reply, 410, "expired", "subscribeAgain")
        : page(reply, 400, "invalid");
    }
    let outcome;
    try {
      outcome = await app.store.subscribers.confirm(
        check.claims.subscriberId,
        check.claims.nonce,
        new Date(),
      );
    } catch (error) {
      logStoreFailure(request, error, "subscription not confirmed");
      return unavailable(reply);
    }
    if (outcome === "confirmed") {
      app.outbox.wake();
      return page(reply, 200, "confirmed");
    }
    return outcome === "already-confirmed"
      ? page(reply, 409, "alreadyConfirmed")
      : page(reply, 404, "notOnList", "subscribeAgain");
  });

  const unsubscribe = async (request: FastifyRequest, reply: FastifyReply) => {
    const check = await verify(request, "unsubscribe");
    if (!check) return unavailable(reply);
    if (!check.ok) return page(reply, 400, "invalid");
    let removed;
    try {
      removed = await app.store.subscribers.unsubscribe(check.claims.subscriberId, check.claims.nonce);
    } catch (error) {
      logStoreFailure(request, error, "address not unsubscribed");
      return unavailable(reply);
    }
    return removed ? page(reply, 200, "unsubscribed") : page(reply, 404, "notOnList");
  };
  app.get(API_ROUTES.newsletterUnsubscribe, unsubscribe);
  app.post(API_ROUTES.newsletterUnsubscribe, unsubscribe);
}
