import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { type CompanyFacts, factsProblems } from "../../domain/company-facts";
import { COMPANY_PREVIEW_ROUTE, PREVIEW_PAGES, type PreviewPage } from "../../domain/company-facts-api";
import { HINDI_PAGE_PATHS, PAGE_PATHS } from "../../domain/contract";
import { apiMessages } from "../routes/api-errors";

/** The pages a preview may show, by the name the console gives them. */
const PREVIEW_PATHS = {
  home: PAGE_PATHS.home,
  "home-hi": HINDI_PAGE_PATHS.home,
  privacy: PAGE_PATHS.privacyPolicy,
  "privacy-hi": HINDI_PAGE_PATHS.privacyPolicy,
} as const satisfies Record<PreviewPage, string>;

const previewBody = z.object({
  page: z.enum(PREVIEW_PAGES),
  facts: z.record(z.string(), z.unknown()),
});

const badRequest = (reply: FastifyReply, problems?: unknown) =>
  reply.code(400).send({ error: apiMessages.badRequest, ...(problems ? { problems } : {}) });

/** The problems of a record as sent, or null when it is not even shaped as one (a field missing). */
function problemsOf(facts: unknown): ReturnType<typeof factsProblems> | null {
  try {
    return factsProblems(facts as CompanyFacts);
  } catch {
    return null;
  }
}

/**
 * A page as it would read with facts not yet published: rendered by the same renderer as the
 * published pages, written nowhere. Any signed-in member may look (the guard of the console's API);
 * facts that could not be published are refused with 400 and their problems.
 */
export async function companyPreviewRoutes(app: FastifyInstance) {
  app.post(COMPANY_PREVIEW_ROUTE, async (request, reply) => {
    const body = previewBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    const problems = problemsOf(body.data.facts);
    if (problems === null) return badRequest(reply);
    if (problems.length > 0) return badRequest(reply, problems);
    if (!app.publishedPages) {
      return reply.code(503).send({ error: "This build cannot render the pages: it has no page renderer." });
    }
    const html = await app.publishedPages.preview(
      body.data.facts as unknown as CompanyFacts,
      PREVIEW_PATHS[body.data.page],
    );
    return reply.type("text/html; charset=utf-8").send(html);
  });
}
