/**
 * Whether the company's own receiving server vouched for a mail's From domain (RFC 8601's
 * Authentication-Results): DMARC passed for it, or SPF and DKIM both passed for domains aligned
 * with it. Only the results of the servers named in IMAP_AUTHSERV_ID count: anyone can write an
 * Authentication-Results header into the mail they send, and only the receiving server's own is
 * evidence. No I/O, and linear in the headers' length (each is a stranger's text, cut first).
 */
/** The most of the Authentication-Results headers looked at: the receiving server's come first. */
export const AUTHENTICATION_HEADERS_READ = 20;
const HEADER_MAX_LENGTH = 8 * 1024;

/** One method's result in a header: `dmarc=pass header.from=example.com` → method, result, properties. */
interface MethodResult {
  method: string;
  result: string;
  properties: Map<string, string>;
}

/** The header without its comments (in parentheses, which may nest): one pass, quoted strings kept. */
function withoutComments(value: string): string {
  let out = "";
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index] as string;
    if (quoted) {
      if (depth === 0) out += char;
      if (char === "\\") {
        if (depth === 0) out += value[index + 1] ?? "";
        index += 1;
      } else if (char === '"') quoted = false;
    } else if (char === "(") depth += 1;
    else if (char === ")" && depth > 0) depth -= 1;
    else if (depth === 0) {
      if (char === '"') quoted = true;
      out += char;
    }
  }
  return out;
}

const unquote = (value: string) => value.replace(/^"(.*)"$/, "$1").trim();

/** A header's authserv-id and its methods' results, or null when it is not one. */
export function parseAuthenticationResults(
  header: string,
): { authservId: string; results: MethodResult[] } | null {
  const parts = withoutComments(header.slice(0, HEADER_MAX_LENGTH)).split(";");
  const authservId = (parts[0] ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  if (!authservId) return null;
  const results: MethodResult[] = [];
  for (const part of parts.slice(1)) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    const [first, ...rest] = tokens;
    const match = /^([a-z0-9_-]+)(?:\/[0-9]+)?=([a-z]+)$/i.exec(first ?? "");
    if (!match) continue;
    const properties = new Map<string, string>();
    for (const token of rest) {
      const equals = token.indexOf("=");
      if (equals <= 0) continue;
      properties.set(token.slice(0, equals).toLowerCase(), unquote(token.slice(equals + 1)).toLowerCase());
    }
    results.push({
      method: (match[1] as string).toLowerCase(),
      result: (match[2] as string).toLowerCase(),
      properties,
    });
  }
  return { authservId, results };
}

/** A domain as compared: lower case, without a trailing dot. */
const domainOf = (value: string | undefined) =>
  (value ?? "").toLowerCase().replace(/\.$/, "").split("@").at(-1) ?? "";

/**
 * DMARC's relaxed alignment, without the public suffix list: the same domain, or one a subdomain
 * of the other (a signature of example.com for mail.example.com). Neither may be a bare suffix.
 */
function aligned(domain: string, fromDomain: string): boolean {
  if (!domain || !fromDomain || !domain.includes(".") || !fromDomain.includes(".")) return false;
  return domain === fromDomain || fromDomain.endsWith(`.${domain}`) || domain.endsWith(`.${fromDomain}`);
}

/**
 * True when an Authentication-Results header of one of `authservIds` (the company's receiving
 * servers, IMAP_AUTHSERV_ID) says DMARC passed for the From address's domain, or that SPF passed
 * for an aligned envelope sender and DKIM for an aligned signing domain. With no authserv-id
 * configured, nothing is vouched for.
 */
export function senderAuthenticated(input: {
  headers: readonly string[];
  from: string;
  authservIds: readonly string[];
}): boolean {
  const trusted = new Set(input.authservIds.map((id) => id.toLowerCase()));
  if (trusted.size === 0) return false;
  if (!input.from.includes("@")) return false;
  const fromDomain = domainOf(input.from.trim());
  if (!fromDomain) return false;
  let spf = false;
  let dkim = false;
  for (const header of input.headers.slice(0, AUTHENTICATION_HEADERS_READ)) {
    const parsed = parseAuthenticationResults(header);
    if (!parsed || !trusted.has(parsed.authservId)) continue;
    for (const { method, result, properties } of parsed.results) {
      if (result !== "pass") continue;
      if (method === "dmarc" && domainOf(properties.get("header.from")) === fromDomain) return true;
      if (method === "spf" && aligned(domainOf(properties.get("smtp.mailfrom")), fromDomain)) spf = true;
      if (
        method === "dkim" &&
        aligned(domainOf(properties.get("header.d") ?? properties.get("header.i")), fromDomain)
      )
        dkim = true;
    }
  }
  return spf && dkim;
}
