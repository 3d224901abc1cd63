import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { DOCUMENT_ONLY_HEADERS } from "../../server/security-headers";
import { buildSite } from "./support/build-site";

const RATE_LIMIT = 3;
const ONE_YEAR_S = 31_536_000;

const validEnquiry = {
  Name: "Meera Iyer",
  Email: "meera.iyer@example.in",
  Mobile: "9812345670",
  Quantity: 2,
  RetailerSelfUse: "Self Use",
};

let workDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let assetPath: string;
let siteDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "collarise-headers-"));
  siteDir = await buildSite(join(workDir, "build"));
  const script = (await readdir(join(siteDir, "assets"))).find((name) => name.endsWith(".js"));
  if (!script) throw new Error("The build has no script under /assets");
  assetPath = `/assets/${script}`;
  const config = loadConfig({
    SITE_DIR: siteDir,
    DATABASE_URL: `sqlite:${join(workDir, "site.db")}`,
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    LOG_LEVEL: "silent",
  });
  app = await buildApp({ config });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Each case comes from an address of its own, so that only the 429 case meets the rate limit. */
let nextAddress = 10;
const freshAddress = () => `198.51.100.${nextAddress++}`;

function postEnquiry(payload: string, contentType = "application/json", remoteAddress = freshAddress()) {
  return app.inject({
    method: "POST",
    url: "/api/enquiries",
    headers: { "content-type": contentType },
    payload,
    remoteAddress,
  });
}

/** The directives of a Content-Security-Policy header, each with its list of sources. */
function directivesOf(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const header = (response: LightMyRequestResponse, name: string) => {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(", ") : value === undefined ? undefined : String(value);
};

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const policy = header(response, "content-security-policy");
  expect(policy, "Content-Security-Policy").toBeDefined();
  const directives = directivesOf(policy ?? "");
  const scriptSources = directives.get("script-src") ?? [];
  expect(scriptSources, "script-src allows our own files").toContain("'self'");
  expect(scriptSources, "script-src has no 'unsafe-inline'").not.toContain("'unsafe-inline'");
  for (const source of scriptSources) {
    expect(source, "script-src holds only 'self' and sha256 hashes").toMatch(
      /^(?:'self'|'sha256-[A-Za-z0-9+/]{43}=')$/,
    );
  }
  const styleElementSources = directives.get("style-src-elem") ?? [];
  expect(styleElementSources, "style-src-elem allows our own files").toContain("'self'");
  for (const source of styleElementSources) {
    expect(source, "style-src-elem holds only 'self' and sha256 hashes").toMatch(
      /^(?:'self'|'sha256-[A-Za-z0-9+/]{43}=')$/,
    );
  }
  expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  expect(directives.get("object-src")).toEqual(["'none'"]);
  expect(directives.get("worker-src"), "workers only from our own files, none from blob: or data:").toEqual([
    "'self'",
  ]);

  expect(header(response, "x-content-type-options")).toBe("nosniff");
  expect(header(response, "referrer-policy")).toMatch(
    /^(?:no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  const permissions = header(response, "permissions-policy") ?? "";
  for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) {
    expect(permissions, `Permissions-Policy turns off ${feature}`).toContain(feature);
  }
  const hsts = header(response, "strict-transport-security") ?? "";
  const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
  expect(maxAge, "Strict-Transport-Security lasts a year or more").toBeGreaterThanOrEqual(ONE_YEAR_S);
  expect(hsts).toMatch(/includeSubDomains/i);
}

const EXECUTABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/** The text of every inline script the browser would run (JSON data blocks are not run). */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

/** Each of `texts` (the page has at least one) is allowed by its SHA-256 hash in `directive`. */
function expectAllowedByHash(
  response: LightMyRequestResponse,
  directive: "script-src" | "style-src-elem",
  texts: readonly string[],
) {
  const allowed = directivesOf(header(response, "content-security-policy") ?? "").get(directive) ?? [];
  expect(texts.length, `the page has inline elements that ${directive} must allow`).toBeGreaterThan(0);
  for (const text of texts) {
    const hash = `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    expect(allowed, `"${text.slice(0, 60)}…" is allowed by its hash in ${directive}`).toContain(hash);
  }
}

function expectEveryInlineScriptAllowed(response: LightMyRequestResponse) {
  expectAllowedByHash(response, "script-src", inlineScripts(response.body));
  expect(response.body, "no inline event handler attributes").not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
}

/** The text of every inline style element of the page. */
function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map((match) => match[1] ?? "");
}

function expectEveryInlineStyleAllowed(response: LightMyRequestResponse) {
  expectAllowedByHash(response, "style-src-elem", inlineStyles(response.body));
}

describe("security headers on every page", () => {
  it.each([
    ["the home page", "/", 200],
    ["the privacy policy", "/privacy-policy", 200],
    ["an unknown page", "/no-such-page", 404],
  ])(
    "%s (%s) answers %i with them, and allows each of its inline scripts and styles",
    async (_name, url, status) => {
      const response = await app.inject({ method: "GET", url, remoteAddress: freshAddress() });
      expect(response.statusCode).toBe(status);
      expect(header(response, "content-type")).toMatch(/^text\/html/);
      expectSecurityHeaders(response);
      expectEveryInlineScriptAllowed(response);
      expectEveryInlineStyleAllowed(response);
    },
  );

  it("the policy names only the inline scripts a page runs, not its JSON data blocks", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/privacy-policy",
      remoteAddress: freshAddress(),
    });
    const allowed = directivesOf(header(response, "content-security-policy") ?? "").get("script-src") ?? [];
    const dataBlocks = [
      ...response.body.matchAll(
        /<script\b[^>]*\btype="application\/(?:ld\+)?json"[^>]*>([\s\S]*?)<\/script>/gi,
      ),
    ].map((match) => match[1] ?? "");
    expect(dataBlocks.length, "the page carries the company's facts and its structured data").toBe(2);
    for (const text of dataBlocks) {
      const hash = `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
      expect(allowed, `"${text.slice(0, 40)}…" is not named in script-src`).not.toContain(hash);
    }
  });

  it.each(["/", "/privacy-policy", "/hi/privacy-policy"])(
    "the policy of %s names its own inline stylesheets and no other page's",
    async (url) => {
      const response = await app.inject({ method: "GET", url, remoteAddress: freshAddress() });
      const allowed = directivesOf(header(response, "content-security-policy") ?? "").get("style-src-elem");
      const own = inlineStyles(response.body).map(
        (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`,
      );
      expect(new Set(allowed)).toEqual(new Set(["'self'", ...own]));
      // Every other directive is the server's, as on any other answer.
      const other = await app.inject({ method: "GET", url: "/livez", remoteAddress: freshAddress() });
      const rest = (answer: LightMyRequestResponse) => {
        const directives = directivesOf(header(answer, "content-security-policy") ?? "");
        directives.delete("style-src-elem");
        return directives;
      };
      expect(rest(response)).toEqual(rest(other));
    },
  );

  it("a precompressed page keeps them", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "br" },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(header(response, "content-encoding")).toBe("br");
    expectSecurityHeaders(response);
  });

  it("a script asset keeps the headers that apply to it, and drops the ones only a document uses", async () => {
    const response = await app.inject({ method: "GET", url: assetPath, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(200);
    expect(header(response, "content-type")).toMatch(/javascript/);
    expect(header(response, "x-content-type-options")).toBe("nosniff");
    expect(header(response, "cross-origin-resource-policy")).toBe("same-origin");
    expect(header(response, "strict-transport-security")).toMatch(/max-age=\d+; includeSubDomains/);
    expect(header(response, "referrer-policy")).toBe("strict-origin-when-cross-origin");
    for (const name of DOCUMENT_ONLY_HEADERS) expect(header(response, name), name).toBeUndefined();
  });

  it("the order form's proof-of-work worker keeps the page's policy, which governs what the worker may load", async () => {
    const worker = (await readdir(join(siteDir, "assets", "islands"))).find((name) =>
      /^proof-of-work\.worker-[\w-]+\.js$/.test(name),
    );
    if (!worker) throw new Error("The build has no proof-of-work worker under /assets/islands");
    const response = await app.inject({
      method: "GET",
      url: `/assets/islands/${worker}`,
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(header(response, "content-type")).toMatch(/javascript/);
    expectSecurityHeaders(response);
  });

  it.each([
    ["a stylesheet", ".css", /^text\/css/],
    ["the heading font", ".woff2", /^font\/woff2/],
  ])("%s is sent like a script", async (_name, extension, type) => {
    const file = (await readdir(join(siteDir, "assets"))).find((name) => name.endsWith(extension));
    if (!file) throw new Error(`The build has no ${extension} file under /assets`);
    const response = await app.inject({
      method: "GET",
      url: `/assets/${file}`,
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(header(response, "content-type")).toMatch(type);
    expect(header(response, "x-content-type-options")).toBe("nosniff");
    expect(header(response, "content-security-policy")).toBeUndefined();
  });

  it("the page answering a form posted without JavaScript allows its inline style", async () => {
    const response = await postEnquiry(
      new URLSearchParams({ ...validEnquiry, Quantity: String(validEnquiry.Quantity) }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(header(response, "content-type")).toMatch(/^text\/html/);
    expectSecurityHeaders(response);
    expectEveryInlineStyleAllowed(response);
  });

  it("an image keeps every header, as an SVG opened on its own is a document", async () => {
    const response = await app.inject({ method: "GET", url: "/icon.svg", remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(200);
    expect(header(response, "content-type")).toMatch(/^image\/svg\+xml/);
    expectSecurityHeaders(response);
  });
});

describe("security headers on every API answer", () => {
  it("the health check (200)", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health", remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it("a stored enquiry (201)", async () => {
    const response = await postEnquiry(JSON.stringify(validEnquiry));
    expect(response.statusCode).toBe(201);
    expectSecurityHeaders(response);
  });

  it("a refused enquiry (400)", async () => {
    const response = await postEnquiry(JSON.stringify({ ...validEnquiry, Mobile: "12345" }));
    expect(response.statusCode).toBe(400);
    expectSecurityHeaders(response);
  });

  it("an unknown API address (404)", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/no-such-thing",
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response);
  });

  it("a body over the limit (413)", async () => {
    const response = await postEnquiry(JSON.stringify({ ...validEnquiry, Name: "x".repeat(64 * 1024) }));
    expect(response.statusCode).toBe(413);
    expectSecurityHeaders(response);
  });

  it("a body that is not JSON (415)", async () => {
    const response = await postEnquiry("<enquiry/>", "application/xml");
    expect(response.statusCode).toBe(415);
    expectSecurityHeaders(response);
  });

  it("one request too many from one address (429)", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i += 1) {
      statuses.push(
        (await postEnquiry(JSON.stringify(validEnquiry), "application/json", address)).statusCode,
      );
    }
    const refused = await postEnquiry(JSON.stringify(validEnquiry), "application/json", address);
    // The limit's last allowed request is answered, and the very next one is refused.
    expect(statuses).toEqual(Array(RATE_LIMIT).fill(201));
    expect(refused.statusCode).toBe(429);
    expect(header(refused, "retry-after")).toMatch(/^\d+$/);
    expectSecurityHeaders(refused);
  });
});
