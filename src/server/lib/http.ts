import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { localeFromCookie, negotiateLocale, type Locale } from '../../shared/i18n/locales';

/** The success envelope of R-D3.1. */
export const ok = <T>(data: T, message?: string) => ({ success: true as const, data, ...(message ? { message } : {}) });

export const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/**
 * What a per-address rate limit counts (decision 010): an IPv4 address as it is, an IPv6 address by its /64 network.
 * A customer's IPv6 line is given at least a /64, so counted per address one attacker would have 2^64 fresh budgets.
 * An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, a dual-stack socket) counts as the IPv4 address.
 */
export function limitedAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`);
  return `${network.toString()}/64`;
}

/** The per-address rate limits' subject of a request (its address as TRUST_PROXY reads it). */
export const requestAddress = (request: FastifyRequest) => limitedAddress(request.ip);

/**
 * The language of the page a request came from, for a visitor without an account (a sign-up): the app sends its page's
 * language as `Accept-Language` (client/api/client.ts); else the remembered choice (`lang` cookie); null when neither
 * names one of ours.
 */
export const requestLocale = (request: FastifyRequest): Locale | null => negotiateLocale(request.headers['accept-language']) ?? localeFromCookie(request.headers.cookie);

/**
 * Resolves once the answer of this reply has been sent, or its connection has closed first: work only some requests
 * cause (mail for an existing account, decision 101) starts after it, so the time to answer cannot tell them apart.
 * It resolves on the next turn of the event loop, not within the 'finish' event, so that what is queued with the
 * answer (its delivery to an in-process caller, the next request's reading) goes first: PGlite's queries run on this
 * thread.
 */
export function answered(reply: FastifyReply): Promise<void> {
  const res = reply.raw;
  return new Promise((resolve) => {
    const next = () => setImmediate(resolve);
    if (res.writableFinished || res.destroyed) return next();
    res.once('finish', next);
    res.once('close', next);
  });
}
