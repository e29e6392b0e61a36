import { compareVersions } from '#shared/licence/app-version';
import { inRollout } from '#shared/licence/rollout';
import { dump } from 'js-yaml';
import { and, eq, inArray } from 'drizzle-orm';
import semver from 'semver';
import type { ReleaseChannel } from '#shared/schemas/releases';
import type { AppContext } from '#server/context';
import { releases, type ReleaseRow } from '#server/db/schema';
import { createCache, type Cache } from '#server/lib/cache';
import { keptUnderBlogVersion } from '../blog/public-cache';
import { installerUrl } from './releases';

/** A published release as the feeds and the changelog read it: its row, and its notes as HTML (notes.ts). */
export type PublishedRelease = ReleaseRow & { notesHtml: string };

/** The app's cache of published releases: one list per channel, by public version (made once by composition.ts). */
export const createReleasesCache = (): Cache<PublishedRelease[]> => createCache<PublishedRelease[]>({ maxEntries: 4 });

/** When a release came out, as the changelog and the feeds say: its publication, else the date it was given. */
export const releaseDate = (row: Pick<ReleaseRow, 'publishedAt' | 'releasedAt'>): Date => row.publishedAt ?? row.releasedAt;

export type FeedContext = Pick<AppContext, 'db' | 'blogVersion' | 'caches'>;

/** The channels a feed reads: stable reads stable releases; beta reads both, the newest winning (electron-builder's rule). */
const channelsOf = (channel: ReleaseChannel): ReleaseChannel[] => (channel === 'beta' ? ['stable', 'beta'] : ['stable']);

/**
 * The published releases a feed may offer, newest version first. Kept in memory under the public version, which every
 * change of releases bumps (migration 0230): a feed, the download, the footer and the lease read nothing from the
 * database until a release changes, and a change shows at once (as the blog's public reads, decision 077).
 */
export async function publishedReleases(ctx: FeedContext, channel: ReleaseChannel): Promise<PublishedRelease[]> {
  return keptUnderBlogVersion(ctx, ctx.caches.releases, `published:${channel}`, async () => {
    const rows = await ctx.db
      .select()
      .from(releases)
      .where(and(eq(releases.status, 'published'), inArray(releases.channel, channelsOf(channel))));
    const { releaseNotesHtml } = await import('./notes');
    return rows.sort((a, b) => semver.rcompare(a.version, b.version)).map((r) => ({ ...r, notesHtml: releaseNotesHtml(r.notes) }));
  });
}

/**
 * What a feed offers (decision 190). The newest published release; while it is rolled out to fewer than 100 %, a
 * device named by the feed's `device` parameter is offered it when its bucket is in, else the newest release before
 * it that is fully rolled out (never nothing while one exists); without a device, the newest with its
 * `stagingPercentage`, for electron-updater to decide by its own id. Null when nothing is published.
 */
export function offer(published: PublishedRelease[], deviceId?: string): { release: PublishedRelease; stagingPercentage?: number } | null {
  const [newest] = published;
  if (!newest) return null;
  if (newest.rolloutPercent >= 100) return { release: newest };
  if (!deviceId) return { release: newest, stagingPercentage: newest.rolloutPercent };
  if (inRollout(deviceId, newest.rolloutPercent)) return { release: newest };
  const previous = published.slice(1).find((r) => r.rolloutPercent >= 100) ?? published[1];
  return { release: previous ?? newest, ...(previous ? {} : { stagingPercentage: newest.rolloutPercent }) };
}

/**
 * The release the site's download button gives (GET /downloads/windows): the newest published stable release that
 * is fully rolled out, else the newest; null when none is published.
 */
export async function downloadRelease(ctx: FeedContext): Promise<PublishedRelease | null> {
  const published = await publishedReleases(ctx, 'stable');
  return published.find((r) => r.rolloutPercent >= 100) ?? published[0] ?? null;
}

/**
 * The oldest version a program may run (the lease's min_app_version, decision 184): MIN_APP_VERSION, raised to the
 * newest published stable release an admin marked required, once it is out to every device (a required release still
 * rolling out would refuse the devices outside it, which the feeds offer the release before it).
 */
export async function minimumAppVersion(ctx: FeedContext & Pick<AppContext, 'config'>): Promise<string> {
  const floor = ctx.config.MIN_APP_VERSION;
  const required = (await publishedReleases(ctx, 'stable')).find((r) => r.required && r.rolloutPercent >= 100);
  return required && compareVersions(required.version, floor) > 0 ? required.version : floor;
}

/** What Tauri v2's updater reads from a dynamic endpoint (its `RemoteRelease`): pub_date in RFC 3339, notes as written (Markdown), which the program shows as text. */
export type TauriRelease = { version: string; url: string; signature: string; notes: string; pub_date: string };

/**
 * Tauri v2's dynamic update endpoint (decision 190): the release offered to this device when it is newer than the
 * program's version and signed, else nothing (the route answers 204, which Tauri reads as "no update"). Our
 * installers are for Windows: another target is offered nothing.
 */
export function tauriOffer(
  published: PublishedRelease[],
  deviceId: string | undefined,
  target: string,
  currentVersion: string,
  publicUrl: string,
  query: string,
): TauriRelease | null {
  const offered = offer(published, deviceId);
  if (!offered || target !== 'windows') return null;
  // Tauri's updater has no staging of its own: a program that names no device gets the newest release out to everyone.
  const r = offered.stagingPercentage === undefined ? offered.release : published.find((x) => x.rolloutPercent >= 100);
  if (!r) return null;
  const current = semver.valid(currentVersion.replace(/^v/, ''));
  if (!r.signature || (current && !semver.gt(r.version, current))) return null;
  return { version: r.version, url: installerUrl(r, publicUrl, query), signature: r.signature, notes: r.notes, pub_date: releaseDate(r).toISOString() };
}

/**
 * electron-updater's generic provider feed (`latest.yml`, `beta.yml`), as electron-builder writes it: `version`,
 * `files` (url, sha512, size), `path` and `sha512` for the clients before files[], `releaseDate`, `releaseNotes`, and
 * `stagingPercentage` and `minimumSystemVersion` when they apply. Every string is quoted, so that YAML never reads a
 * date or a number where electron-updater expects text.
 */
export function electronFeed(offered: { release: PublishedRelease; stagingPercentage?: number }, publicUrl: string, query: string): string {
  const { release: r, stagingPercentage } = offered;
  const url = installerUrl(r, publicUrl, query);
  const feed: Record<string, unknown> = {
    version: r.version,
    files: [{ url, sha512: r.sha512, size: r.fileSize }],
    path: url,
    sha512: r.sha512,
    releaseDate: releaseDate(r).toISOString(),
  };
  if (r.notesHtml) feed.releaseNotes = r.notesHtml;
  if (stagingPercentage !== undefined) feed.stagingPercentage = stagingPercentage;
  if (r.minOsVersion) feed.minimumSystemVersion = r.minOsVersion;
  return dump(feed, { lineWidth: -1, forceQuotes: true, quotingType: "'", noRefs: true });
}
