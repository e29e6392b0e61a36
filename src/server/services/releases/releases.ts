import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ExternalReleaseBody, ReleaseDto, ReleaseFields, ReleaseStatus } from '#shared/schemas/releases';
import type { AppContext } from '#server/context';
import { isUniqueViolation } from '#server/db/errors';
import { releaseDownloads, releases, type ReleaseRow } from '#server/db/schema';
import { ObjectTooLargeError, RELEASES_BUCKET } from '#server/adapters/storage';
import { AppError, conflict, notFound } from '#server/lib/errors';
import { safeFileName } from '#server/lib/file-names';
import { recordAdminAction, type AuditActor } from '../admin/audit';

type Ctx = Pick<AppContext, 'db' | 'storage' | 'config'>;

/** The path this site serves an uploaded installer at (ranges answered: decision 189). */
export const releaseFilePath = (r: Pick<ReleaseRow, 'id' | 'fileName'>) => `/updates/files/${r.id}/${encodeURIComponent(r.fileName)}`;

/**
 * Where a release's installer downloads from, with a feed's query string carried on (the device's id and token) when
 * the site serves it; an installer hosted elsewhere is given as registered: its host is told nothing of the device.
 */
export const installerUrl = (r: ReleaseRow, publicUrl: string, query = '') => {
  if (r.externalUrl) return r.externalUrl;
  const base = `${publicUrl}${releaseFilePath(r)}`;
  return query ? `${base}?${query}` : base;
};

/** A release as the admin sees it, with the address its installer downloads from and its downloads. */
export const toReleaseDto = (r: ReleaseRow, publicUrl: string, downloads = 0): ReleaseDto => ({
  id: r.id,
  version: r.version,
  channel: r.channel,
  status: r.status,
  rolloutPercent: r.rolloutPercent,
  notes: r.notes,
  minOsVersion: r.minOsVersion,
  fileName: r.fileName,
  size: r.fileSize,
  sha512: r.sha512,
  sha256: r.sha256,
  signed: Boolean(r.signature),
  required: r.required,
  blockmap: Boolean(r.blockmapKey),
  downloads,
  url: installerUrl(r, publicUrl),
  releasedAt: r.releasedAt.toISOString(),
  publishedAt: r.publishedAt?.toISOString() ?? null,
});

/** The name an installer is served under (safeFileName, the last part of a path the browser sent; no dot at its end). */
const installerName = (name: string) =>
  safeFileName(name.split(/[\\/]/).pop() ?? '')
    .slice(0, 120)
    .replace(/\.+$/, '') || 'setup.exe';

async function refuseTakenVersion(ctx: Ctx, fields: Pick<ReleaseFields, 'channel' | 'version'>) {
  const [taken] = await ctx.db
    .select({ id: releases.id })
    .from(releases)
    .where(and(eq(releases.channel, fields.channel), eq(releases.version, fields.version)));
  if (taken) throw conflict('RELEASE_VERSION_TAKEN', { params: { version: fields.version, channel: fields.channel } });
}

async function insertRelease(ctx: Ctx, admin: AuditActor, values: typeof releases.$inferInsert): Promise<ReleaseRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(releases).values(values).returning();
      await recordAdminAction(tx, {
        admin,
        action: 'release.create',
        targetUserId: null,
        details: { releaseId: row!.id, version: row!.version, channel: row!.channel, size: row!.fileSize, sha256: row!.sha256, external: Boolean(row!.externalUrl) },
      });
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('RELEASE_VERSION_TAKEN', { params: { version: values.version, channel: values.channel! } });
    throw err;
  }
}

/** A file of a multipart upload, as a stream. */
export type UploadedFile = { name: string; stream: Readable };

/** The most bytes a blockmap may have (and never more than an installer): electron-builder writes about 1/1000 of its installer, gzipped. */
export const BLOCKMAP_MAX_BYTES = 64 * 1024 * 1024;

/** Streams one file to the releases' storage, hashed on the way; past maxBytes it stops and nothing is kept. */
async function store(ctx: Ctx, key: string, stream: Readable, maxBytes: number, tooLarge: (maxMb: number) => AppError) {
  try {
    return await ctx.storage.putStream(RELEASES_BUCKET, key, stream, { contentType: 'application/octet-stream', maxBytes });
  } catch (err) {
    if (err instanceof ObjectTooLargeError) throw tooLarge(Math.floor(err.maxBytes / 1048576));
    throw err;
  }
}

/**
 * POST /admin/releases: the installer streamed from the request to the storage adapter, never whole in memory, hashed
 * on the way (SHA-512 base64 for electron-updater, SHA-256 hex for people); past RELEASE_MAX_BYTES it stops and
 * nothing is kept (413 RELEASE_TOO_LARGE). Then its blockmap, when the form sends one after it (`blockmap`), kept
 * beside it. A draft until published.
 */
export async function createUploadedRelease(
  ctx: Ctx,
  admin: AuditActor,
  fields: ReleaseFields,
  installer: UploadedFile,
  nextBlockmap: () => Promise<UploadedFile | null> = async () => null,
): Promise<ReleaseRow> {
  await refuseTakenVersion(ctx, fields);
  const fileName = installerName(installer.name);
  const storageKey = `${randomUUID()}-${fileName}`;
  const stored = await store(
    ctx,
    storageKey,
    installer.stream,
    ctx.config.RELEASE_MAX_BYTES,
    (maxMb) => new AppError('PAYLOAD_TOO_LARGE', 'RELEASE_TOO_LARGE', { params: { maxMb } }),
  );
  const blockmapKey = `${storageKey}.blockmap`;
  try {
    if (stored.size === 0) throw new AppError('BAD_REQUEST', 'INSTALLER_MISSING');
    const blockmap = await nextBlockmap();
    const blockmapMax = Math.min(BLOCKMAP_MAX_BYTES, ctx.config.RELEASE_MAX_BYTES);
    const map =
      blockmap && (await store(ctx, blockmapKey, blockmap.stream, blockmapMax, (maxMb) => new AppError('PAYLOAD_TOO_LARGE', 'BLOCKMAP_TOO_LARGE', { params: { maxMb } })));
    return await insertRelease(ctx, admin, {
      ...fields,
      fileName,
      fileSize: stored.size,
      sha512: stored.sha512,
      sha256: stored.sha256,
      storageKey,
      ...(map && map.size > 0 ? { blockmapKey, blockmapSize: map.size } : {}),
      createdBy: admin.id,
    });
  } catch (err) {
    // Nothing of a refused upload stays in storage: the installer, and its blockmap if it got that far.
    await Promise.all([ctx.storage.remove(RELEASES_BUCKET, storageKey), ctx.storage.remove(RELEASES_BUCKET, blockmapKey)]).catch(() => {});
    throw err;
  }
}

/** A path's percent-encoding decoded, or the path as it is when it is not valid (`%E0%A4%A`). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** POST /admin/releases/external: an installer hosted elsewhere, with the size and SHA-512 the admin gives. */
export async function createExternalRelease(ctx: Ctx, admin: AuditActor, body: ExternalReleaseBody): Promise<ReleaseRow> {
  const { url, size, sha512, ...fields } = body;
  await refuseTakenVersion(ctx, fields);
  const fileName = installerName(safeDecode(new URL(url).pathname));
  return insertRelease(ctx, admin, { ...fields, fileName, fileSize: size, sha512, externalUrl: url, createdBy: admin.id });
}

/** What a file address of a published release serves: its installer, or the installer's blockmap. */
export type ServedFile = { release: ReleaseRow; file: 'installer' | 'blockmap' };

/**
 * The file a file address names (GET /updates/files/:id/:name): the installer of a published release by its name, or
 * its blockmap at the name + ".blockmap" (where electron-updater looks for it); null for any other.
 */
export async function servedFile(ctx: Pick<Ctx, 'db'>, id: string, name: string): Promise<ServedFile | null> {
  const [row] = await ctx.db
    .select()
    .from(releases)
    .where(and(eq(releases.id, id), eq(releases.status, 'published')));
  if (!row) return null;
  if (row.fileName === name) return { release: row, file: 'installer' };
  if (row.blockmapKey && `${row.fileName}.blockmap` === name) return { release: row, file: 'blockmap' };
  if (!name.endsWith('.blockmap')) return null;
  // electron-updater asks for the running version's blockmap at the new installer's address with the version in the
  // name replaced (its blockmapFiles): the published release of that name, under whichever id, serves it.
  const [older] = await ctx.db
    .select()
    .from(releases)
    .where(and(eq(releases.fileName, name.slice(0, -'.blockmap'.length)), eq(releases.status, 'published'), eq(releases.channel, row.channel)))
    .orderBy(desc(releases.publishedAt))
    .limit(1);
  return older?.blockmapKey ? { release: older, file: 'blockmap' } : null;
}

/** GET /admin/releases: every release, newest first, with its downloads. */
export async function listReleases(ctx: Pick<Ctx, 'db'>): Promise<{ release: ReleaseRow; downloads: number }[]> {
  const rows = await ctx.db
    .select({ release: releases, downloads: releaseDownloads.downloads })
    .from(releases)
    .leftJoin(releaseDownloads, eq(releaseDownloads.releaseId, releases.id))
    .orderBy(desc(releases.releasedAt), desc(releases.createdAt));
  return rows.map((r) => ({ release: r.release, downloads: r.downloads ?? 0 }));
}

/** The downloads of one release (the admin's answer after a change). */
async function downloadsOf(ctx: Pick<Ctx, 'db'>, id: string): Promise<number> {
  const [row] = await ctx.db.select({ n: releaseDownloads.downloads }).from(releaseDownloads).where(eq(releaseDownloads.releaseId, id));
  return row?.n ?? 0;
}

/** Counts a download of a release from the site's button (already counted once per address and hour). */
export async function countReleaseDownload(ctx: Pick<Ctx, 'db'>, releaseId: string): Promise<void> {
  await ctx.db
    .insert(releaseDownloads)
    .values({ releaseId, downloads: 1 })
    .onConflictDoUpdate({ target: releaseDownloads.releaseId, set: { downloads: sql`${releaseDownloads.downloads} + 1` } });
}

/**
 * PATCH /admin/releases/:id: publish (its date then), yank, back to draft, the rollout, the notes, whether it is
 * required; in the audit log with before and after. Answers the release with its downloads.
 */
export async function updateRelease(
  ctx: Pick<Ctx, 'db'>,
  admin: AuditActor,
  id: string,
  patch: { status?: ReleaseStatus; rolloutPercent?: number; notes?: string; required?: boolean },
): Promise<{ release: ReleaseRow; downloads: number }> {
  const release = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(releases).where(eq(releases.id, id)).for('update');
    if (!before) throw notFound('RELEASE_NOT_FOUND');
    const publishing = patch.status === 'published' && before.status !== 'published';
    const [after] = await tx
      .update(releases)
      .set({ ...patch, ...(publishing ? { publishedAt: new Date() } : {}), updatedAt: new Date() })
      .where(eq(releases.id, id))
      .returning();
    const changed = Object.fromEntries(
      (['status', 'rolloutPercent', 'notes', 'required'] as const)
        .filter((k) => patch[k] !== undefined && patch[k] !== before[k])
        .map((k) => [k, { before: before[k], after: after![k] }]),
    );
    await recordAdminAction(tx, { admin, action: 'release.update', targetUserId: null, details: { releaseId: id, version: before.version, channel: before.channel, ...changed } });
    return after!;
  });
  return { release, downloads: await downloadsOf(ctx, id) };
}
