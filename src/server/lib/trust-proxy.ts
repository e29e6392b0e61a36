import { isIP } from 'node:net';
import { z } from 'zod';

/** Names Fastify's proxy-addr knows for whole ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const validEntry = (entry: string): boolean => {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (isIP(prefix) === 4 && family === 4) return true; // netmask form, 10.0.0.0/255.0.0.0
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

const HOW = 'write the load balancer\'s addresses or CIDRs, comma separated (e.g. 10.0.0.0/8 or 127.0.0.1,::1; the names loopback, linklocal and uniquelocal also work), or false when no proxy is in front';

/**
 * TRUST_PROXY: which peers may tell the client's address and scheme in X-Forwarded-For / -Proto. Only the
 * proxies' own addresses are accepted: `true` believed any client's left-most X-Forwarded-For, and a hop count
 * cannot check that the peer is the proxy at all (Fastify disabled hop counts for that reason). Parsed into what
 * Fastify's `trustProxy` takes: false, or the list of addresses and CIDRs.
 */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): false | string[] => {
    const value = (raw ?? 'false').trim();
    if (value === 'false') return false;
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: `true would believe the X-Forwarded-For any client writes; ${HOW}` });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: `a hop count cannot check that the request came through the proxy; ${HOW}` });
      return z.NEVER;
    }
    const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
    const wrong = entries.filter((e) => !validEntry(e));
    if (!entries.length || wrong.length) {
      ctx.addIssue({ code: 'custom', message: `${wrong.length ? `not an address or CIDR: ${wrong.join(', ')}; ` : ''}${HOW}` });
      return z.NEVER;
    }
    return entries;
  });
