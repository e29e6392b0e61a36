import type { FastifyRequest } from 'fastify';

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === 'string' ? decodeURIComponent(v).trim() : '';
};

/**
 * Where a login came from. A CDN in front (Cloudflare, Vercel, CloudFront) names the city and country in
 * headers, which are trusted only when TRUST_PROXY is on; without one the address itself is the place.
 */
export function placeOf(request: FastifyRequest, trustProxy: boolean): string {
  if (trustProxy) {
    const city = header(request, 'cf-ipcity') || header(request, 'x-vercel-ip-city') || header(request, 'cloudfront-viewer-city');
    const country = header(request, 'cf-ipcountry') || header(request, 'x-vercel-ip-country') || header(request, 'cloudfront-viewer-country');
    const named = [city, country].filter(Boolean).join(', ');
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
