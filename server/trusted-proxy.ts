import { compile } from "@fastify/proxy-addr";
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

/**
 * Whether the socket's peer is a proxy TRUST_PROXY names: the judgement Fastify makes of the
 * nearest hop (hop 0) before it believes any X-Forwarded-* header, by the same library
 * (@fastify/proxy-addr), made here for headers Fastify does not read itself (X-Request-Id). False
 * for every peer when no proxy is set.
 */
export function isTrustedPeer(setting: Config["TRUST_PROXY"]): (address: string | undefined) => boolean {
  const option = trustProxyOption(setting);
  if (option === false) return () => false;
  const trusts = typeof option === "function" ? option : compile(option);
  return (address) => address !== undefined && trusts(address, 0);
}
