import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';
import { randomToken } from './crypto';

/**
 * A secret from the environment, or else one generated once and kept in the database,
 * so that every instance on one database signs with the same key.
 */
export async function sharedSecret(db: Db, key: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSettings)
    .values({ key, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}
