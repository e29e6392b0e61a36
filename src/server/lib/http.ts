import type { FastifyRequest } from 'fastify';
import { localeFromCookie, negotiateLocale, type Locale } from '../../shared/i18n/locales';

/** The success envelope of DESIGN §3. */
export const ok = <T>(data: T, message?: string) => ({ success: true as const, data, ...(message ? { message } : {}) });

export const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/**
 * The language of the page a request came from, for a visitor without an account (a sign-up): the app sends its page's
 * language as `Accept-Language` (client/api/client.ts); else the remembered choice (`lang` cookie); null when neither
 * names one of ours.
 */
export const requestLocale = (request: FastifyRequest): Locale | null =>
  negotiateLocale(request.headers['accept-language']) ?? localeFromCookie(request.headers.cookie);
