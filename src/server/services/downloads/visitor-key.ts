import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import { sharedSecret } from '../../lib/secrets';

/**
 * Who downloaded in an hour, without keeping who (decision 105): an HMAC-SHA-256 of the hour and the address (as the
 * rate limits count it: an IPv4 address, an IPv6 /64) with a server secret generated once and kept in the database,
 * cut to 128 bits. The hour is part of the hash, so one address's rows of two hours cannot be linked, and without the
 * secret a hash cannot be checked against a list of addresses.
 */
export type DownloadVisitorKey = (address: string, hourStart: Date) => string;

/** Made once at start by the composition root (ctx.downloadVisitor), so that no request creates the secret. */
export async function createDownloadVisitorKey(db: Db): Promise<DownloadVisitorKey> {
  const secret = await sharedSecret(db, 'download_visitor_secret');
  return (address, hourStart) => createHmac('sha256', secret).update(`${hourStart.toISOString()}|${address}`).digest('hex').slice(0, 32);
}
