import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReleases } from '#shared/endpoints/admin';
import { releasesPublic } from '#shared/endpoints/site';
import { CHANGELOG_RSS_PATH, RELEASE_NOTES_MAX, releaseFields, type ReleaseChannel } from '#shared/schemas/releases';
import { RELEASES_BUCKET } from '../adapters/storage';
import { sendRanged } from '../lib/byte-ranges';
import { AppError, badRequest, notFound } from '../lib/errors';
import { NO_COMPRESS_HOOKS } from '../lib/compression';
import { ok } from '../lib/http';
import { createCache } from '../lib/cache';
import { sendStored, storeAnswer, type StoredAnswer } from '../lib/stored-answer';
import { cachedPublicRead, keptUnderBlogVersion } from '../services/blog/public-cache';
import { buildChangelogRss, changelog } from '../services/releases/changelog';
import { authOf } from '../plugins/auth';
import { refusalOf } from '../plugins/errors';
import { siteOperation, type SiteResponse } from '../plugins/openapi';
import { actorOf } from '../services/admin/audit';
import { electronFeed, offer, publishedReleases, tauriOffer } from '../services/releases/feed';
import { createExternalRelease, createUploadedRelease, listReleases, servedFile, toReleaseDto, updateRelease, type UploadedFile } from '../services/releases/releases';
import { readPublicVersionAfterChanges } from './public-version-hook';
import { route } from './route';

/** The admin's releases (decision 190): an upload streamed to storage, an external installer, the list, the changes. */
export const adminReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl, RELEASE_MAX_BYTES } = app.ctx.config;
  // The fields come first, the installer next and its blockmap last; each file is read as a stream, never whole. The
  // storage stops one byte past its limit (413, nothing kept), before this parser's own limit would cut it short.
  // A field's limit is in bytes: the notes' characters are up to 4 bytes each in UTF-8; a longer field is refused.
  await app.register(multipart, { limits: { fileSize: RELEASE_MAX_BYTES + 1, files: 2, fields: 9, parts: 11, fieldSize: 4 * RELEASE_NOTES_MAX } });
  // The feeds, the download and the changelog this instance serves next show a change at once.
  readPublicVersionAfterChanges(app);

  await route(app, adminReleases.list, async () =>
    ok({ releases: (await listReleases(app.ctx)).map((r) => toReleaseDto(r.release, publicUrl, r.downloads)), maxBytes: RELEASE_MAX_BYTES }),
  );

  await route(app, adminReleases.upload, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('INSTALLER_MISSING');
    const parts = request.parts()[Symbol.asyncIterator]();
    const values: Record<string, string> = {};
    let installer: UploadedFile | null = null;
    let truncated: string | null = null;
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part = next.value;
      if (part.type === 'field') {
        if (part.valueTruncated) truncated ??= part.fieldname;
        values[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'installer') part.file.resume();
      else installer = { name: part.filename, stream: part.file };
      break;
    }
    if (!installer) throw badRequest('INSTALLER_MISSING');
    if (truncated) {
      installer.stream.resume();
      throw new AppError('VALIDATION_ERROR', 'TEXT_TOO_LONG', { params: { max: RELEASE_NOTES_MAX }, extra: { field: truncated } });
    }
    // The fields are checked before a byte of the file is kept, and refused as a request schema's would be.
    const fields = releaseFields.safeParse(values);
    if (!fields.success) {
      installer.stream.resume();
      throw refusalOf(fields.error, values);
    }
    const nextBlockmap = async (): Promise<UploadedFile | null> => {
      const next = await parts.next();
      if (next.done) return null;
      if (next.value.type === 'file' && next.value.fieldname === 'blockmap') return { name: next.value.filename, stream: next.value.file };
      if (next.value.type === 'file') next.value.file.resume();
      return null;
    };
    const row = await createUploadedRelease(app.ctx, actorOf(authOf(request)), fields.data, installer, nextBlockmap);
    reply.status(201);
    return ok(toReleaseDto(row, publicUrl));
  });

  await route(app, adminReleases.external, async (request, reply) => {
    const row = await createExternalRelease(app.ctx, actorOf(authOf(request)), request.body);
    reply.status(201);
    return ok(toReleaseDto(row, publicUrl));
  });

  await route(app, adminReleases.update, async (request) => {
    const { release, downloads } = await updateRelease(app.ctx, actorOf(authOf(request)), request.params.id, request.body);
    return ok(toReleaseDto(release, publicUrl, downloads));
  });
};

/** The changelog (decision 190): kept under the public version, which every change of releases bumps (migration 0230). */
export const changelogRoutes: FastifyPluginAsyncZod = async (app) => {
  await route(
    app,
    releasesPublic.changelog,
    async (request, reply) => sendStored(request, reply, await cachedPublicRead(app.ctx, 'changelog', async () => ok(await changelog(app.ctx)))),
    NO_COMPRESS_HOOKS,
  );
};

const FEEDS: Record<string, ReleaseChannel> = { 'latest.yml': 'stable', 'beta.yml': 'beta' };

/** A feed request's query string, carried onto its file URLs, and the device it names (`device`), for the rollout. */
function feedAsk(request: FastifyRequest): { query: string; device?: string } {
  const mark = request.url.indexOf('?');
  const query = mark < 0 ? '' : request.url.slice(mark + 1);
  return { query, device: new URLSearchParams(query).get('device')?.slice(0, 200) };
}

const ERROR_JSON = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };
const NOT_FOUND: SiteResponse = { description: 'No such release or file, or none published (the error envelope, code RELEASE_NOT_FOUND).', content: ERROR_JSON };
/** The query every feed accepts and carries onto its file URLs. */
const feedQuery = z.looseObject({
  device: z
    .string()
    .optional()
    .describe("The device's id (POST /devices): the server decides its place in a rollout by it. Any other parameter (a token) is carried onto the file URLs."),
});

/**
 * The public update feeds and installer files at the site root (decision 190): electron-updater's generic provider
 * reads `/updates/win/latest.yml` (or `beta.yml`); the installers answer Range requests, several ranges as
 * multipart/byteranges (decision 189). A feed's query string (the device's id and token) is carried onto its file URLs.
 */
export const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.ctx.config;
  // The changelog's RSS, made once per public version and sent as kept (compressed once, with its ETag), as the blog's.
  const kept = createCache<StoredAnswer>({ maxEntries: 1 });
  const rss = siteOperation({
    operationId: 'getChangelogRss',
    tag: 'releases',
    summary: 'The changelog as RSS 2.0: one item per published stable release, newest first',
    description: "Each item links to the release's place on /changelog; its description is the notes as HTML.",
    responses: { 200: { description: 'The feed.', content: { 'application/rss+xml': { schema: { type: 'string' } } } } },
  });
  app.get(CHANGELOG_RSS_PATH, { schema: rss }, async (request, reply) => {
    const stored = await keptUnderBlogVersion(app.ctx, kept, 'changelog-rss', async () =>
      storeAnswer(buildChangelogRss(await changelog(app.ctx), publicUrl), 'application/rss+xml; charset=utf-8'),
    );
    return sendStored(request, reply.header('cache-control', 'public, max-age=300'), stored);
  });

  const winFeed = siteOperation({
    operationId: 'getUpdateFeedWindows',
    tag: 'updates',
    summary: "electron-updater's feed of the Windows program (generic provider): latest.yml (stable) or beta.yml",
    description:
      'The release offered to the device the `device` parameter names: the newest published release of the channel (beta reads beta and stable), or while it is rolled out to fewer than 100 % and the device is outside its share, the newest before it that is fully out. Without a device, the newest with its `stagingPercentage` for electron-updater to decide. Every parameter of the address is carried onto `files[].url` and `path`. Strings are quoted, `releaseDate` is ISO 8601, `sha512` is base64.',
    params: z.object({ feed: z.string().max(20).describe('latest.yml for the stable channel, beta.yml for beta; any other name is 404.') }),
    querystring: feedQuery,
    responses: {
      200: {
        description: 'The feed: version, files[] (url, sha512, size), path, sha512, releaseDate, releaseNotes (HTML), stagingPercentage, minimumSystemVersion.',
        content: { 'text/yaml': { schema: { type: 'string' } } },
      },
      404: NOT_FOUND,
    },
  });
  app.get('/updates/win/:feed', { schema: winFeed }, async (request, reply) => {
    const channel = FEEDS[request.params.feed];
    if (!channel) throw notFound();
    const { query, device } = feedAsk(request);
    const offered = offer(await publishedReleases(app.ctx, channel), device);
    if (!offered) throw notFound('RELEASE_NOT_FOUND');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/yaml; charset=utf-8')
      .send(electronFeed(offered, publicUrl, query));
  });

  // Tauri v2's dynamic endpoint: {{target}}/{{arch}}/{{current_version}} in the program's configuration.
  app.get(
    '/updates/tauri/:target/:arch/:currentVersion',
    {
      schema: siteOperation({
        operationId: 'getUpdateTauri',
        tag: 'updates',
        summary: "Tauri v2's dynamic update endpoint: {target}/{arch}/{current_version}",
        description:
          'The release offered to the device the `device` parameter names (the same rollout as the electron-updater feed) when it is newer than the current version and carries a minisign signature; 204 otherwise, which Tauri reads as no update. Windows only: another target gets 204.',
        params: z.object({ target: z.string().max(20), arch: z.string().max(20), currentVersion: z.string().max(64) }),
        querystring: feedQuery,
        responses: {
          200: {
            description:
              "An update, as Tauri's RemoteRelease: version, url (the feed's parameters carried on), signature (the .sig, base64), notes (Markdown), pub_date (RFC 3339).",
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['version', 'url', 'signature', 'notes', 'pub_date'],
                  properties: {
                    version: { type: 'string' },
                    url: { type: 'string', format: 'uri' },
                    signature: { type: 'string' },
                    notes: { type: 'string' },
                    pub_date: { type: 'string', format: 'date-time' },
                  },
                },
              },
            },
          },
          204: { description: 'Nothing newer for this program.' },
          400: { description: 'A parameter too long.', content: ERROR_JSON },
        },
      }),
    },
    async (request, reply) => {
      const { query, device } = feedAsk(request);
      const { target, currentVersion } = request.params;
      const offered = tauriOffer(await publishedReleases(app.ctx, 'stable'), device, target, currentVersion, publicUrl, query);
      reply.header('cache-control', 'no-cache');
      return offered ? reply.send(offered) : reply.code(204).send();
    },
  );

  const files = siteOperation({
    operationId: 'getUpdateFile',
    tag: 'updates',
    summary: "A published release's installer, or its blockmap at the installer's name + .blockmap",
    description:
      "Answers HTTP Range requests: one range as 206 with Content-Range, several as 206 multipart/byteranges (electron-updater's differential download), a range past the end as 416. An installer hosted elsewhere is a 302 to its address. Yanked and draft releases are not served.",
    params: z.object({ id: z.uuid(), name: z.string().max(200) }),
    responses: {
      200: { description: 'The whole file.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      206: {
        description: 'The ranges asked for: one as application/octet-stream, several as multipart/byteranges.',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } }, 'multipart/byteranges': { schema: { type: 'string', format: 'binary' } } },
      },
      302: { description: 'The installer is hosted elsewhere: its address.', headers: { location: { description: 'The external address.', type: 'string' } } },
      404: NOT_FOUND,
      416: { description: 'No range asked for lies within the file.' },
    },
  });
  app.get('/updates/files/:id/:name', { schema: files }, async (request, reply) => {
    const served = await servedFile(app.ctx, request.params.id, request.params.name);
    if (!served) throw notFound('RELEASE_NOT_FOUND');
    const { release: row, file } = served;
    if (row.externalUrl) return reply.redirect(row.externalUrl, 302);
    reply
      // Kept a short while only: a yanked release must stop being served, by caches too.
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${request.params.name}"`);
    const [key, size] = file === 'installer' ? [row.storageKey!, row.fileSize] : [row.blockmapKey!, row.blockmapSize!];
    return sendRanged(request, reply, {
      size,
      contentType: 'application/octet-stream',
      open: (range) => app.ctx.storage.read(RELEASES_BUCKET, key, range),
    });
  });
};
