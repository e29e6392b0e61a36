/**
 * The registry of the read cache (decision 165): every read it may keep, the key it is kept by, and the tables whose
 * writes must be announced on READ_CACHE_CHANNEL for it to be forgotten. A read may be kept only when every table it
 * reads is here with every write that can change its answer; `registry.api.test.ts` reads the database's triggers
 * and each read's own SQL, and fails when a table is read and not listed, or listed and not announced.
 */

/** The channel on which PostgreSQL (and PGlite) announce a write that may change a kept read (migrations 0150–0152). */
export const READ_CACHE_CHANNEL = 'auth_sessions';

/** The writes of a table that must be announced: each statement kind, and for UPDATE the columns (true: any). */
export type AnnouncedWrites = { insert?: true; update?: true | readonly string[]; delete?: true; truncate?: true };

const EVERY_WRITE = { insert: true, update: true, delete: true, truncate: true } as const satisfies AnnouncedWrites;

export type CachedReadSpec = {
  /** What is kept. */
  what: string;
  /** What a kept entry is found by: a session id (the check), or `<read>:<user id>` (a user's own data). */
  keyedBy: 'session id' | 'user id';
  /** The tables read, each with the writes that must announce themselves (migration named). */
  tables: Record<string, AnnouncedWrites>;
};

export const CACHED_READS = {
  /**
   * The session check of every signed-in request (decision 091): the session, its user, the role. A new session is
   * not announced (its id is new: nothing was kept under it), nor the last-seen time (not part of the check).
   * Migration 0150.
   */
  session: {
    what: 'the session check: the session, its user and role',
    keyedBy: 'session id',
    tables: {
      sessions: { update: ['expires_at', 'revoked_at', 'revoked_reason', 'user_id'], delete: true, truncate: true },
      users: { update: true, delete: true, truncate: true },
      profiles: EVERY_WRITE,
    },
  },
  /** The user's subscriptions, of which /entitlement is computed on each request. Migration 0151. */
  subscriptions: { what: "a user's subscriptions", keyedBy: 'user id', tables: { subscriptions: EVERY_WRITE } },
  /**
   * The dashboard's recent usage. A usage report (an insert, which comes often) announces this key alone (payload
   * `recent-usage:<user id>`); any other write, everything. Migration 0152.
   */
  'recent-usage': { what: "a user's latest usage reports", keyedBy: 'user id', tables: { usage_events: EVERY_WRITE } },
} as const satisfies Record<string, CachedReadSpec>;

export type CachedRead = keyof typeof CACHED_READS;
/** The reads kept per user, by `<read>:<user id>`. */
export type UserRead = { [R in CachedRead]: (typeof CACHED_READS)[R]['keyedBy'] extends 'user id' ? R : never }[CachedRead];
export type UserReadKey = `${UserRead}:${string}`;

/** The key a user's read is kept under, which its table's trigger may name as a notification's payload. */
export const userReadKey = <R extends UserRead>(read: R, userId: string): `${R}:${string}` => `${read}:${userId}`;

/** The names of the reads kept per user (`<read>:<user id>`). */
export const USER_READS: ReadonlySet<string> = new Set<string>(Object.entries(CACHED_READS).flatMap(([name, spec]) => (spec.keyedBy === 'user id' ? [name] : [])));

/** Whether `key` names a registered read of a user (a notification's payload that forgets that entry alone). */
export const isUserReadKey = (key: string): key is UserReadKey => {
  const mark = key.indexOf(':');
  return mark > 0 && mark < key.length - 1 && USER_READS.has(key.slice(0, mark));
};
