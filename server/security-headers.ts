import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { CONSOLE_APP } from "../domain/console-app";
import { executableInlineScripts } from "./site/page-steps";

const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/** The CSP source that allows an inline script or style with exactly this text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** SHA-256 CSP sources of each text `inlineTexts` finds in each built HTML file under `dir`, by its path there. */
async function inlineHashesByFile(
  dir: string,
  inlineTexts: (html: string) => string[],
): Promise<Map<string, string[]>> {
  const byFile = new Map<string, string[]>();
  for (const file of await readdir(dir, { recursive: true })) {
    if (!file.endsWith(".html")) continue;
    const html = await readFile(join(dir, file), "utf8");
    const hashes = new Set(inlineTexts(html).flatMap((body) => (body.length === 0 ? [] : [cspHash(body)])));
    byFile.set(file, [...hashes].sort());
  }
  return byFile;
}

/** Every CSP source of a map of each file's own (inlineStyleHashesByFile), once each, sorted. */
export function everyHash(byFile: ReadonlyMap<string, readonly string[]>): string[] {
  return [...new Set([...byFile.values()].flat())].sort();
}

/** SHA-256 CSP sources of each text `inlineTexts` finds in the built HTML files under `dir`. */
async function inlineHashes(dir: string, inlineTexts: (html: string) => string[]): Promise<string[]> {
  return everyHash(await inlineHashesByFile(dir, inlineTexts));
}

/**
 * SHA-256 CSP sources of every inline script the built HTML files under `dir` run. The JSON data
 * blocks (the company's facts, the structured data) are never run, so the policy names none of
 * them: each hash is about 55 bytes in the headers of every page.
 */
export function inlineScriptHashes(dir: string): Promise<string[]> {
  return inlineHashes(dir, executableInlineScripts);
}

const inlineStyles = (html: string) => [...html.matchAll(INLINE_STYLE)].map((match) => match[1] ?? "");

/**
 * SHA-256 CSP sources of each built HTML file's own inline stylesheets (scripts/inline-styles.ts),
 * by its path under `dir`: a page's policy names only its own (about 55 bytes a hash in the
 * headers of every page), and the server's other answers name them all (everyHash).
 */
export function inlineStyleHashesByFile(dir: string): Promise<Map<string, string[]>> {
  return inlineHashesByFile(dir, inlineStyles);
}

export const permissionsPolicy = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

export function contentSecurityPolicyDirectives(
  scriptHashes: readonly string[],
  styleHashes: readonly string[],
) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    // Style elements: the site's stylesheets and the copies the build inlined into its pages.
    styleSrcElem: ["'self'", ...styleHashes],
    // Style attributes: React and the toast library set them; styles cannot run code.
    styleSrcAttr: ["'unsafe-inline'"],
    // For browsers that know neither of the two above.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    // Workers: the order form's proof-of-work solver (a module script among the islands') and the
    // console's service worker, both from this origin; no blob: or data: workers.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // No script-src-attr: event handler attributes fall back to script-src, which allows none of
    // them (no 'unsafe-inline', no 'unsafe-hashes'), in browsers that know the directive and in
    // those that do not.
    upgradeInsecureRequests: null,
  };
}

export type PolicyDirectives = ReturnType<typeof contentSecurityPolicyDirectives>;

/**
 * The Content-Security-Policy header of these directives, written as helmet writes it: each
 * directive's name and sources, ";" between them, a directive set to null left out.
 */
export function policyHeaderOf(directives: PolicyDirectives): string {
  return Object.entries(directives)
    .flatMap(([name, sources]) =>
      sources === null ? [] : [[name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...sources].join(" ")],
    )
    .join(";");
}

/**
 * Headers that govern a document and do nothing on a script, a stylesheet or a font: the
 * browser applies a CSP, a framing and permissions policy, an origin-agent cluster and an
 * opener policy only to the page that loads these files. A worker's script is the exception: its
 * own CSP governs the worker, so the console's service worker keeps it (isWorkerScript). Scripts, stylesheets and fonts are sent without them,
 * about 1.2 kB less on every one; they keep `nosniff`, CORP, HSTS and the referrer policy
 * (a stylesheet's own requests follow it). Images keep every header: an SVG opened on its own
 * is a document.
 */
export const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
  "permissions-policy",
] as const;

const SUBRESOURCE_TYPE = /^(?:text\/css|(?:application|text)\/javascript|font\/)/i;

/** The scripts that run as workers: each keeps the document headers, its CSP above all. */
const WORKER_SCRIPTS: ReadonlySet<string> = new Set([CONSOLE_APP.serviceWorker]);
/** The order form's proof-of-work solver, as the islands' build names it (vite.islands.config.ts). */
const PROOF_OF_WORK_WORKER = /^\/assets\/islands\/proof-of-work\.worker-[\w-]+\.js$/;

/** Whether the request is for a worker's script (its path, without a query). */
export function isWorkerScript(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return WORKER_SCRIPTS.has(path) || PROOF_OF_WORK_WORKER.test(path);
}

/** Whether a response of this content type is a script, a stylesheet or a font. */
export function isSubresource(contentType: unknown): boolean {
  return typeof contentType === "string" && SUBRESOURCE_TYPE.test(contentType);
}
