import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

export const streamTimeout = 5_000;

/**
 * React Router's server entry (web streams), with one change: no Suspense boundary is
 * outlined. The landing page keeps its sections' script out of the first load by hydrating
 * them from a chunk of their own (app/pages/landing-page.tsx); their HTML must still sit
 * in place in the prerendered file, not be moved there later by an inline script.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: AbortSignal.timeout(streamTimeout + 1000),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors while rendering the shell reject and are logged by React Router itself.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;

  // Bots and SPA-mode renders wait for all content before responding.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
