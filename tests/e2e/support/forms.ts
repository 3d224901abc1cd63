import type { Page, Request } from "@playwright/test";

/** Counts the POST requests the page sends to `path`. */
export function countPosts(page: Page, path: string) {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) requests.push(request);
  });
  return {
    get count() {
      return requests.length;
    },
  };
}

/**
 * Chromium logs a failed or refused request as a console error. A test that causes one on
 * purpose forgives exactly that message; any other error still fails the test.
 */
export function forgiveFailedRequests(pageErrors: string[], pattern: RegExp) {
  const kept = pageErrors.filter(
    (error) => !(error.startsWith("console.error: Failed to load resource") && pattern.test(error)),
  );
  pageErrors.splice(0, pageErrors.length, ...kept);
}

/** A string unique to one test run, for addresses and names that a test looks up again. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
