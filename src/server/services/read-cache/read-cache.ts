import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { createCache } from '../../lib/cache';
import type { SessionLookup } from '../auth/sessions';
import { isUserReadKey, USER_READS, READ_CACHE_CHANNEL, type UserReadKey } from './registry';

/**
 * How long a read is kept: the bound on how long a session ended on another instance may still be accepted here
 * when its notification is lost while the listening connection looks alive. Told in time, an instance forgets what
 * it keeps as soon as PostgreSQL delivers the notification, milliseconds after the commit.
 */
export const READ_CACHE_TTL_MS = 1000;

/** Most entries kept per instance, of the session checks and of the users' reads each (least recently used out first). */
const READ_CACHE_MAX = 10_000;

/** The payload of settle()'s markers, which change nothing kept. */
const SETTLE_PREFIX = 'settle:';

export type SessionCheckRow = Awaited<ReturnType<SessionLookup['execute']>>[number];

/**
 * The one read cache of the server (decisions 091 and 165): reads of the database kept briefly in this instance's
 * memory and forgotten when the database announces a write to a table they read. What it may keep, and which tables
 * invalidate it, is its registry (registry.ts). The session check of signed-in requests is one such read: what it
 * keeps is the row the check reads (the session, its user, the role); the checks themselves (the user of the token,
 * its token version, revoked, expired) are made on every request against it.
 */
export type ReadCache = {
  /** The session check (registry `session`): the session, its user and role, from memory or read (one prepared read); undefined when there is no such session. */
  session: (sid: string) => Promise<SessionCheckRow | undefined>;
  /**
   * A read of a signed-in user's own data (a registry read keyed by user id), under the same bound. key is
   * `<read>:<user id>` (`userReadKey`); a notification whose payload is that key forgets it alone.
   */
  keep: <T extends NonNullable<unknown>>(key: UserReadKey, read: () => Promise<T>) => Promise<T>;
  /** Everything kept goes now (a write answered by this instance, a notification, a lost listener). */
  forget: () => void;
  /** What is kept of one user goes now: their sessions' checks and their reads (a write of their own answered here). */
  forgetUser: (userId: string) => void;
  /** Whether checks are kept now: false while the listening connection is lost (nothing could tell of a change). */
  trusted: () => boolean;
  /**
   * Resolves once this instance has heard every change committed before the call (it announces a marker of its own
   * and waits for it: PostgreSQL delivers notifications in commit order). Tests call it before each request, so a
   * change a test writes straight into the database is seen as the instance will see it, once told, without a race.
   */
  settle: () => Promise<void>;
  /** How many checks are kept (tests). */
  readonly size: number;
  close: () => Promise<void>;
};

/** Listens for the writes the registry names and keeps its reads; made once by composition.ts. */
export async function createReadCache(
  database: Pick<Database, 'listen'>,
  db: Pick<Db, 'execute'>,
  lookup: Pick<SessionLookup, 'execute'>,
  options: { ttlMs?: number; now?: () => number } = {},
): Promise<ReadCache> {
  const cache = createCache<{ row: SessionCheckRow | undefined }>({ maxEntries: READ_CACHE_MAX, ttlMs: options.ttlMs ?? READ_CACHE_TTL_MS, now: options.now });
  const reads = createCache<NonNullable<unknown>>({ maxEntries: READ_CACHE_MAX, ttlMs: options.ttlMs ?? READ_CACHE_TTL_MS, now: options.now });
  let listening = true;
  // The session checks kept of each user, so that forgetting one user's (after each of their writes) touches theirs
  // alone instead of looking through everything kept. It may still name checks the cache has let go (their sessions
  // do not come back); it is emptied with everything, and before it names more users than the cache may hold.
  const sessionsOf = new Map<string, Set<string>>();
  // A notification, a lost or restored connection: everything kept goes, and a read under way is answered but not
  // kept (the cache drops computations of record on clear), so a check read before a change is never stored after it.
  const forget = () => {
    cache.clear();
    reads.clear();
    sessionsOf.clear();
  };
  const indexed = (sid: string, row: SessionCheckRow | undefined) => {
    if (!row) return;
    if (!sessionsOf.has(row.user.id) && sessionsOf.size >= READ_CACHE_MAX) forget();
    const sids = sessionsOf.get(row.user.id) ?? new Set<string>();
    sessionsOf.set(row.user.id, sids.add(sid));
  };
  // Markers of settle(), by number: heard, they resolve their waiter and change nothing.
  const markers = new Map<string, () => void>();
  let marked = 0;
  const stop = await database.listen(
    READ_CACHE_CHANNEL,
    (payload) => {
      const marker = payload === null ? undefined : markers.get(payload);
      if (marker) return marker();
      // Another instance's marker changes nothing.
      if (payload?.startsWith(SETTLE_PREFIX)) return;
      // A payload that names a user's read forgets it alone (migration 0152: 'recent-usage:<user id>'); any other (an
      // empty one, a lost connection) means anything may have changed.
      if (payload && isUserReadKey(payload)) return reads.delete(payload);
      forget();
    },
    (now) => {
      listening = now;
      forget();
    },
  );
  const settle = async () => {
    if (!listening) return;
    const payload = `${SETTLE_PREFIX}${process.pid}:${++marked}`;
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        // Not heard in time: what is kept is not trusted either.
        forget();
        done();
      }, 5000);
      const done = () => {
        clearTimeout(timer);
        markers.delete(payload);
        resolve();
      };
      markers.set(payload, done);
    });
    try {
      await db.execute(sql`select pg_notify(${READ_CACHE_CHANNEL}, ${payload})`);
    } catch {
      // The database cannot be reached: nothing kept is trusted, and the request answers as the database does.
      forget();
      markers.get(payload)?.();
    }
    await heard;
  };
  return {
    session: async (sid) => {
      if (!listening) return (await lookup.execute({ sid }))[0];
      return (
        await cache.remember(sid, async () => {
          const row = (await lookup.execute({ sid }))[0];
          indexed(sid, row);
          return { row };
        })
      ).row;
    },
    keep: async <T extends NonNullable<unknown>>(key: UserReadKey, read: () => Promise<T>) => (listening ? ((await reads.remember(key, read)) as T) : read()),
    forget,
    forgetUser: (userId) => {
      // A computation under way (no value yet) may be of this user's session: it is answered but not kept.
      cache.dropPending();
      for (const sid of sessionsOf.get(userId) ?? []) cache.delete(sid);
      sessionsOf.delete(userId);
      for (const read of USER_READS) reads.delete(`${read}:${userId}`);
    },
    trusted: () => listening,
    settle,
    get size() {
      return cache.size;
    },
    close: stop,
  };
}
