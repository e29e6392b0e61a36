import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

type Cdn = NonNullable<Config['TRUSTED_CDN']>;

/** Each CDN's visitor-location headers (city, country); only the configured CDN's are read. */
const LOCATION_HEADERS: Record<Cdn, { city: string; country: string }> = {
  cloudflare: { city: 'cf-ipcity', country: 'cf-ipcountry' },
  vercel: { city: 'x-vercel-ip-city', country: 'x-vercel-ip-country' },
  cloudfront: { city: 'cloudfront-viewer-city', country: 'cloudfront-viewer-country' },
};

/** A header value as text: percent-decoded when it is valid percent-encoding (Vercel encodes cities), else as sent. */
const header = (request: FastifyRequest, name: string): string => {
  const v = request.headers[name];
  if (typeof v !== 'string') return '';
  let text = v;
  try {
    text = decodeURIComponent(v);
  } catch {
    // Not valid percent-encoding: keep the raw value rather than fail the request.
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
};

/**
 * Where a login came from. The CDN in front (TRUSTED_CDN: Cloudflare, Vercel or CloudFront) names the city and
 * country in headers; without a configured CDN none are read, as any client could write them, and the address
 * itself is the place.
 */
export function placeOf(request: FastifyRequest, cdn: Config['TRUSTED_CDN']): string {
  if (cdn) {
    const names = LOCATION_HEADERS[cdn];
    const named = [header(request, names.city), header(request, names.country)].filter(Boolean).join(', ');
    if (named) return named.slice(0, 120);
  }
  return describeAddress(request.ip);
}

export function describeAddress(ip: string): string {
  if (!ip) return 'Unknown location';
  if (ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1') return `This computer (${ip})`;
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::ffff:(10|192\.168)\.|f[cd][0-9a-f]{2}:)/i.test(ip)) return `Local network (${ip})`;
  return `IP ${ip}`;
}
