import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { WEBHOOK_URL_MAX_LENGTH, webhookMessages } from "../../domain/webhooks";

/** Resolves a host name to its addresses (the system's resolver unless a test gives another). */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Whether a webhook may be sent to `address`: only ordinary public unicast. Private, loopback,
 * link-local (cloud metadata), CGNAT, multicast, unspecified, reserved and documentation ranges,
 * IPv6 unique-local and link-local, and IPv6 forms that embed an IPv4 address (mapped, NAT64,
 * 6to4, Teredo, and the deprecated IPv4-compatible `::/96`) are all refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  // ipaddr.js calls `::a.b.c.d` (RFC 4291's IPv4-compatible form) plain unicast, yet many
  // stacks still route it to the IPv4 address it holds: `[::127.0.0.1]` would reach loopback.
  if (parsed.kind() === "ipv6" && parsed.match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === "unicast";
}

/** `::/96`: the first 96 bits zero, the IPv4 address in the last 32 (`::` and `::1` included). */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

export type UrlCheck = { ok: true; url: URL } | { ok: false; error: string };

/** The URL's form: https (http only where private addresses are allowed, for tests), no credentials. */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): UrlCheck {
  if (raw.length > WEBHOOK_URL_MAX_LENGTH || !URL.canParse(raw))
    return { ok: false, error: webhookMessages.badUrl };
  const url = new URL(raw);
  const schemeAllowed = url.protocol === "https:" || (allowPrivate && url.protocol === "http:");
  if (!schemeAllowed || !url.hostname || url.username || url.password) {
    return { ok: false, error: webhookMessages.badUrl };
  }
  return { ok: true, url };
}

export type AddressCheck = { ok: true; address: string; family: 4 | 6 } | { ok: false; error: string };

/**
 * Resolves the URL's host and checks every address it has: one private address among public ones
 * refuses the host. The caller connects to the address answered, never resolving again, so a DNS
 * answer that changes between check and connection (rebinding) cannot send it elsewhere.
 */
export async function resolveWebhookHost(
  url: URL,
  allowPrivate: boolean,
  resolve: HostResolver = systemResolver,
): Promise<AddressCheck> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, error: webhookMessages.unresolved };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, error: webhookMessages.unresolved };
  if (!allowPrivate && !addresses.every(({ address }) => isPublicAddress(address))) {
    return { ok: false, error: webhookMessages.privateAddress };
  }
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** An endpoint's URL checked as it is added: its form, then every address its host resolves to. */
export async function checkWebhookUrl(
  raw: string,
  allowPrivate: boolean,
  resolve: HostResolver = systemResolver,
): Promise<{ ok: true; url: string } | { ok: false; error: string }> {
  const parsed = parseWebhookUrl(raw.trim(), allowPrivate);
  if (!parsed.ok) return parsed;
  const resolved = await resolveWebhookHost(parsed.url, allowPrivate, resolve);
  return resolved.ok ? { ok: true, url: parsed.url.href } : resolved;
}
