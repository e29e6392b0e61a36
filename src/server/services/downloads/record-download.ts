import type { AppContext } from '../../context';
import { downloads } from '../../db/schema';
import { describeUserAgent } from '../auth/user-agent';

export type Platform = 'windows';

const HOUR_MS = 3_600_000;

/** The longest user agent read for its family: the family's words sit in the first few hundred characters. */
const USER_AGENT_READ = 512;

/**
 * Counts an installer download once per address, platform and hour (decision 105): the first download of the hour
 * adds a row, the others find it and add nothing, so a loop from one address adds one row an hour. Kept: the
 * platform, the browser family ("Chrome on Windows") and a keyed hash of the address and the hour, never the address.
 * Returns whether this download was counted.
 */
export async function recordDownload(ctx: Pick<AppContext, 'db' | 'downloadVisitor'>, platform: Platform, address: string, userAgent: string, now = new Date()): Promise<boolean> {
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const { browser, os } = describeUserAgent(userAgent.slice(0, USER_AGENT_READ));
  const rows = await ctx.db
    .insert(downloads)
    .values({ platform, userAgent: `${browser} on ${os}`, visitor: ctx.downloadVisitor(address, hour), countedHour: hour, createdAt: now })
    .onConflictDoNothing({ target: [downloads.platform, downloads.visitor, downloads.countedHour] })
    .returning({ id: downloads.id });
  return rows.length > 0;
}
