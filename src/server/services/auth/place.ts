import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { clientMeta } from '../../lib/http';

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
 * Where a login came from: the city and country the CDN in front names in its headers (TRUSTED_CDN: Cloudflare,
 * Vercel or CloudFront), or '' (shown as 'Unknown location'). Without a configured CDN none are read, as any client
 * could write them; an address is not a place, and 'This computer (127.0.0.1)' told a user nothing they could use.
 */
export function placeOf(request: FastifyRequest, cdn: Config['TRUSTED_CDN']): string {
  if (!cdn) return '';
  const names = LOCATION_HEADERS[cdn];
  return [header(request, names.city), header(request, names.country)].filter(Boolean).join(', ').slice(0, 120);
}

/** What the security log and the sessions keep of a request: its browser or program, its address, its place. */
export function requestMeta(request: FastifyRequest, cdn: Config['TRUSTED_CDN']): { userAgent: string; ip: string; place: string } {
  return { ...clientMeta(request), place: placeOf(request, cdn) };
}
