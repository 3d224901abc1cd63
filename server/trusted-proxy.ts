import { BlockList, isIP } from "node:net";
import type { Config } from "./config";

/** An address of this machine, as the socket reports it (IPv4, IPv6, IPv4 mapped into IPv6). */
export function isLoopback(address: string): boolean {
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify refuses a bare hop count (a client reaching the
 * server directly could write the hops itself), so a count N means: N proxies, the nearest of
 * them on this machine. A peer that is not loopback is never trusted, wherever the server listens;
 * proxies on other machines are named by their addresses instead.
 */
export function trustProxyOption(
  setting: Config["TRUST_PROXY"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (address, hop) => hop < setting && (hop > 0 || isLoopback(address));
}

/** proxy-addr's named ranges (which Fastify's `trustProxy` takes), as address blocks. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** An IPv4 address mapped into IPv6 (`::ffff:10.0.0.5`) as the IPv4 address it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * Whether the socket's peer is a proxy TRUST_PROXY names: the same judgement Fastify makes of
 * the nearest hop (hop 0) before it believes any X-Forwarded-* header, made here for headers
 * Fastify does not read itself (X-Request-Id). False for every peer when no proxy is set.
 */
export function isTrustedPeer(setting: Config["TRUST_PROXY"]): (address: string | undefined) => boolean {
  const option = trustProxyOption(setting);
  if (option === false) return () => false;
  if (typeof option === "function") return (address) => address !== undefined && option(address, 0);
  const blocks = new BlockList();
  for (const entry of option.flatMap((name) => NAMED_RANGES[name] ?? [name])) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) blocks.addAddress(address, family);
    else blocks.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (address === undefined) return false;
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && blocks.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
}
