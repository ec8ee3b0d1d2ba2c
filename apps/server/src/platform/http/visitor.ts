import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.ts';

export interface Visitor {
  /** Client IP, IPv4-mapped IPv6 shown as IPv4. */
  ip: string;
  /** ISO country from the trusted proxy's header, or null. */
  countryCode: string | null;
}

/** IPv4-mapped IPv6 (::ffff:1.2.3.4, as dual-stack sockets report) becomes plain IPv4. */
export function normaliseIp(ip: string): string {
  try {
    return ipaddr.process(ip).toString();
  } catch {
    return ip;
  }
}

const inAny = (ip: string, ranges: string[]): boolean => {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return false;
  }
  return ranges.some((range) => {
    try {
      const [net, bits] = range.includes('/')
        ? ipaddr.parseCIDR(range)
        : ([ipaddr.process(range), addr.kind() === 'ipv4' ? 32 : 128] as const);
      return net.kind() === addr.kind() && addr.match([net, bits] as [typeof addr, number]);
    } catch {
      return false;
    }
  });
};

export const ipInRanges = inAny;

export const isValidCidr = (range: string): boolean => {
  try {
    ipaddr.parseCIDR(range);
    return true;
  } catch {
    return false;
  }
};

/**
 * Reads who the visitor is. The client IP comes from Fastify's trustProxy handling (X-Forwarded-For
 * only from trusted hops). The country header is believed only behind a trusted proxy, and with a
 * list of proxy addresses only when the direct peer is one of them: otherwise any visitor could
 * claim a country by sending the header themselves.
 */
export function createVisitorReader(
  config: Pick<Config, 'trustProxy' | 'countryHeader'>,
): (request: FastifyRequest) => Visitor {
  const { trustProxy, countryHeader } = config;
  const peerTrusted = (request: FastifyRequest): boolean => {
    if (trustProxy === false || trustProxy === 0) return false;
    if (Array.isArray(trustProxy)) return inAny(request.socket.remoteAddress ?? '', trustProxy);
    return true;
  };
  return (request) => {
    let countryCode: string | null = null;
    if (countryHeader && peerTrusted(request)) {
      const raw = request.headers[countryHeader];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase() ?? '';
      // XX and T1 are Cloudflare's "unknown" and "Tor": no country.
      if (/^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') countryCode = value;
    }
    return { ip: normaliseIp(request.ip), countryCode };
  };
}
