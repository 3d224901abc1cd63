import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import {
  COMPANY_API_ROUTES,
  companyFactsMessages,
  type FactsInForce,
  type FactsVersionSummary,
} from "../../domain/company-facts-api";
import type { PublishedFacts } from "../company/facts-store";
import { companyFactsShape } from "../company/facts-schema";
import { publishFacts, restoreFacts, type PublicationOutcome } from "../company/publish-facts";
import { signedIn } from "./guard";

const baseVersion = z.number().int().min(1).nullable();
const publishBody = z.object({ baseVersion, facts: companyFactsShape });
const restoreBody = z.object({ baseVersion });
const versionParams = z.object({ version: z.coerce.number().int().min(1).max(1_000_000_000) });

const owner = { consoleAccess: "owner" as const };

function summaryOf(published: Omit<PublishedFacts, "facts">): FactsVersionSummary {
  return {
    version: published.version,
    publishedAt: published.publishedAt.toISOString(),
    publishedBy: published.publishedBy,
    restoredFrom: published.restoredFrom,
  };
}

function inForceOf(published: PublishedFacts | null): FactsInForce {
  if (!published)
    return {
      facts: PLACEHOLDER_FACTS,
      version: null,
      publishedAt: null,
      publishedBy: null,
      restoredFrom: null,
    };
  return { facts: published.facts, ...summaryOf(published) };
}

/** A publication's answer: 201 with the facts now in force, 400 with every problem, 409, or 404. */
function answer(reply: FastifyReply, result: PublicationOutcome) {
  switch (result.outcome) {
    case "published":
      return reply.code(201).send(inForceOf(result.published));
    case "refused":
      return reply.code(400).send({ error: companyFactsMessages.refused, problems: result.problems });
    case "conflict":
      return reply.code(409).send({
        error: companyFactsMessages.conflict,
        current: result.current && summaryOf(result.current),
      });
    case "not-found":
      return reply.code(404).send({ error: companyFactsMessages.notFound });
  }
}

/**
 * The company's facts (domain/company-facts.ts): any member reads the facts in force and every
 * published version; owners publish a new version or return to an earlier one, each checked and
 * recorded in the activity log by one sequence (server/company/publish-facts.ts). A publication
 * carries the version the owner saw: if another was published since, 409 and nothing changes.
 */
export async function companyRoutes(app: FastifyInstance) {
  const { store, companyFacts: cache } = app;
  const dependencies = { store, cache };

  app.get(COMPANY_API_ROUTES.company, async () => inForceOf(await store.companyFacts.current()));

  app.get(COMPANY_API_ROUTES.versions, async () => ({
    items: (await store.companyFacts.versions()).map(summaryOf),
  }));

  app.get(COMPANY_API_ROUTES.version, async (request, reply) => {
    const params = versionParams.safeParse(request.params);
    const published = params.success ? await store.companyFacts.version(params.data.version) : null;
    if (!published) return reply.code(404).send({ error: companyFactsMessages.notFound });
    return inForceOf(published);
  });

  app.post(COMPANY_API_ROUTES.company, { config: owner }, async (request, reply) => {
    const body = publishBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: companyFactsMessages.malformed, problems: [] });
    const result = await publishFacts(dependencies, {
      facts: body.data.facts,
      baseVersion: body.data.baseVersion,
      by: signedIn(request).email,
      now: app.clock(),
    });
    return answer(reply, result);
  });

  app.post(COMPANY_API_ROUTES.restore, { config: owner }, async (request, reply) => {
    const params = versionParams.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: companyFactsMessages.notFound });
    const body = restoreBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: companyFactsMessages.malformed, problems: [] });
    const result = await restoreFacts(dependencies, {
      version: params.data.version,
      baseVersion: body.data.baseVersion,
      by: signedIn(request).email,
      now: app.clock(),
    });
    return answer(reply, result);
  });
}
