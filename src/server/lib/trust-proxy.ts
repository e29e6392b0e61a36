import { isIP } from 'node:net';
import { z } from 'zod';

/** Names Fastify's proxy-addr knows for whole ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** What a CIDR's prefix or netmask leaves of the address: its length in bits, or null when it is not one. */
const prefixLength = (prefix: string, family: number): number | null => {
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128) ? Number(prefix) : null;
  if (family !== 4 || isIP(prefix) !== 4) return null;
  // Netmask form, 10.0.0.0/255.0.0.0: ones then zeros, as proxy-addr reads it.
  const bits = prefix
    .split('.')
    .map((octet) => Number(octet).toString(2).padStart(8, '0'))
    .join('');
  if (!/^1*0*$/.test(bits)) return null;
  return bits.replace(/0+$/, '').length;
};

/** How an entry is read: a range name, an address or a range of some addresses, every address, or nothing valid. */
const kindOf = (entry: string): 'valid' | 'everyone' | 'invalid' => {
  if (NAMED_RANGES.has(entry)) return 'valid';
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return 'invalid';
  if (prefix === undefined) return 'valid';
  const length = prefixLength(prefix, family);
  return length === null ? 'invalid' : length === 0 ? 'everyone' : 'valid';
};

const HOW =
  "write the load balancer's addresses or CIDRs, comma separated (e.g. 10.0.0.0/8 or 127.0.0.1,::1; the names loopback, linklocal and uniquelocal also work), or false when no proxy is in front";

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
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    // A range of every address (0.0.0.0/0, ::/0) believes every client, as true would; Fastify refuses it with a bare
    // TypeError at start, so it is named here like any other wrong value.
    const everyone = entries.filter((e) => kindOf(e) === 'everyone');
    if (everyone.length) {
      ctx.addIssue({ code: 'custom', message: `${everyone.join(', ')} would believe the X-Forwarded-For of every client, as true would; ${HOW}` });
      return z.NEVER;
    }
    const wrong = entries.filter((e) => kindOf(e) === 'invalid');
    if (!entries.length || wrong.length) {
      ctx.addIssue({ code: 'custom', message: `${wrong.length ? `not an address or CIDR: ${wrong.join(', ')}; ` : ''}${HOW}` });
      return z.NEVER;
    }
    return entries;
  });
