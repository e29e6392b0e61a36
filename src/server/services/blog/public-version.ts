import type { Database } from '../../db/client';
import type { Job } from '../../lib/jobs';
import type { BlogQueries } from './page-query';

/** The channel on which PostgreSQL (and PGlite) announce each new version of blog_posts (migration 0100). */
export const BLOG_VERSION_CHANNEL = 'blog_posts_version';

/**
 * How often each instance reads the version even though it is told of every change: the bound on how long an edit
 * made on another instance may go unseen when its notification is lost (the listening connection dropped and not yet
 * back, or a connection that looks alive but is not). Told in time, an instance sees an edit as soon as PostgreSQL delivers the notification, milliseconds after
 * the commit; the instance that made the edit reads the version before it answers (save-post, delete-post).
 */
export const BLOG_VERSION_POLL_MS = 1000;

/**
 * The version of blog_posts as this instance knows it (decision 077): public blog answers and rendered pages are
 * kept with the version they were made at and served while it is still the current one, without reading anything.
 */
export type BlogVersion = {
  /**
   * The latest version this instance heard of (a notification or a read); null until the first read, and again from
   * the moment the version cannot be confirmed (a failed read, a lost listening connection) until a read succeeds.
   */
  current: () => number | null;
  /** Reads the version now and returns the latest known. */
  refresh: () => Promise<number>;
  /** Resolves once this instance knows of version v or a later one (tests: another instance's edit arrived). */
  reached: (v: number) => Promise<void>;
  /** The read every BLOG_VERSION_POLL_MS, the bound when a notification is lost. */
  job: Job;
  close: () => Promise<void>;
};

/** Listens for the versions of blog_posts and reads the current one; made once by composition.ts. */
export async function createBlogVersion(database: Pick<Database, 'listen'>, queries: Pick<BlogQueries, 'version'>, options: { listen?: boolean } = {}): Promise<BlogVersion> {
  let known: number | null = null;
  let waiting: { v: number; resolve: () => void }[] = [];
  // Versions only grow: a read that started before an edit and ends after its notification does not go back.
  const learn = (v: number) => {
    if (!Number.isFinite(v) || (known !== null && v <= known)) return;
    known = v;
    const due = waiting.filter((w) => w.v <= v);
    waiting = waiting.filter((w) => w.v > v);
    for (const w of due) w.resolve();
  };
  // What cannot be confirmed is forgotten: while the version cannot be read, or notifications may be missed, nothing is
  // answered from memory (an edit made meanwhile through another instance would go unseen past the bound); every
  // public read goes to the database, and answers as the database does.
  const forget = () => {
    known = null;
  };
  const refresh = async () => {
    let row: { v: number | string } | undefined;
    try {
      [row] = await queries.version.execute();
    } catch (err) {
      forget();
      throw err;
    }
    learn(Number(row?.v ?? 0));
    return known ?? 0;
  };
  // A lost or restored connection (payload null) may have lost notifications: forgotten, then read again at once.
  const stop =
    options.listen === false
      ? async () => {}
      : await database.listen(BLOG_VERSION_CHANNEL, (payload) => {
          if (payload !== null) return learn(Number(payload));
          forget();
          void refresh().catch(() => {});
        });
  await refresh();
  return {
    current: () => known,
    refresh,
    reached: (v) => (known !== null && known >= v ? Promise.resolve() : new Promise((resolve) => waiting.push({ v, resolve }))),
    job: {
      name: 'blog version',
      everyMs: BLOG_VERSION_POLL_MS,
      firstAfterMs: BLOG_VERSION_POLL_MS,
      run: async () => {
        await refresh();
        return null;
      },
    },
    close: stop,
  };
}
