import type { DbOrTx } from '../../db/client';
import { downloads } from '../../db/schema';

export type Platform = 'windows';

/** Counts one installer download (platform and browser, nothing that identifies the visitor). */
export async function recordDownload(db: DbOrTx, platform: Platform, userAgent: string): Promise<void> {
  await db.insert(downloads).values({ platform, userAgent: userAgent.slice(0, 500) });
}
