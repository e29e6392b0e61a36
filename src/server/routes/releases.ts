import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReleases } from '#shared/endpoints/admin';
import { releaseFields, type ReleaseChannel } from '#shared/schemas/releases';
import { RELEASES_BUCKET } from '../adapters/storage';
import { sendRanged } from '../lib/byte-ranges';
import { AppError, badRequest, notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { authOf } from '../plugins/auth';
import { actorOf } from '../services/admin/audit';
import { electronFeed, offer, publishedReleases, tauriOffer } from '../services/releases/feed';
import { createExternalRelease, createUploadedRelease, listReleases, servedRelease, toReleaseDto, updateRelease } from '../services/releases/releases';
import { route } from './route';

/** The admin's releases (decision 190): an upload streamed to storage, an external installer, the list, the changes. */
export const adminReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl, RELEASE_MAX_BYTES } = app.ctx.config;
  // The fields come first and the installer last; the file is read as a stream, never whole. The storage stops it one
  // byte past RELEASE_MAX_BYTES (413 RELEASE_TOO_LARGE, nothing kept), before this parser's own limit would cut it short.
  await app.register(multipart, { limits: { fileSize: RELEASE_MAX_BYTES + 1, files: 1, fields: 8, parts: 9, fieldSize: 20_000 } });

  await route(app, adminReleases.list, async () => ok({ releases: (await listReleases(app.ctx)).map((r) => toReleaseDto(r, publicUrl)) }));

  await route(app, adminReleases.upload, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('UPLOAD_MISSING');
    const file = await request.file();
    if (!file || file.fieldname !== 'installer') throw badRequest('UPLOAD_MISSING');
    const values = Object.fromEntries(
      Object.entries(file.fields).flatMap(([name, field]) => (field && !Array.isArray(field) && field.type === 'field' ? [[name, String(field.value)]] : [])),
    );
    const fields = releaseFields.safeParse(values);
    if (!fields.success) {
      file.file.resume();
      throw new AppError('BAD_REQUEST', 'INVALID_INPUT', { message: fields.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    }
    const row = await createUploadedRelease(app.ctx, actorOf(authOf(request)), fields.data, { name: file.filename, stream: file.file });
    reply.status(201);
    return ok(toReleaseDto(row, publicUrl));
  });

  await route(app, adminReleases.external, async (request, reply) => {
    const row = await createExternalRelease(app.ctx, actorOf(authOf(request)), request.body);
    reply.status(201);
    return ok(toReleaseDto(row, publicUrl));
  });

  await route(app, adminReleases.update, async (request) => ok(toReleaseDto(await updateRelease(app.ctx, actorOf(authOf(request)), request.params.id, request.body), publicUrl)));
};

const FEEDS: Record<string, ReleaseChannel> = { 'latest.yml': 'stable', 'beta.yml': 'beta' };

/** A feed request's query string, carried onto its file URLs, and the device it names (`device`), for the rollout. */
function feedAsk(request: FastifyRequest): { query: string; device?: string } {
  const mark = request.url.indexOf('?');
  const query = mark < 0 ? '' : request.url.slice(mark + 1);
  return { query, device: new URLSearchParams(query).get('device')?.slice(0, 200) };
}

/**
 * The public update feeds and installer files at the site root (decision 190): electron-updater's generic provider
 * reads `/updates/win/latest.yml` (or `beta.yml`); the installers answer Range requests, several ranges as
 * multipart/byteranges (decision 189). A feed's query string (the device's id and token) is carried onto its file URLs.
 */
export const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.ctx.config;
  app.get('/updates/win/:feed', { schema: { hide: true, params: z.object({ feed: z.string().max(20) }) } }, async (request, reply) => {
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
    { schema: { hide: true, params: z.object({ target: z.string().max(20), arch: z.string().max(20), currentVersion: z.string().max(64) }) } },
    async (request, reply) => {
      const { query, device } = feedAsk(request);
      const { target, currentVersion } = request.params;
      const offered = tauriOffer(offer(await publishedReleases(app.ctx, 'stable'), device), target, currentVersion, publicUrl, query);
      reply.header('cache-control', 'no-cache');
      return offered ? reply.send(offered) : reply.code(204).send();
    },
  );

  app.get('/updates/files/:id/:name', { schema: { hide: true, params: z.object({ id: z.uuid(), name: z.string().max(200) }) } }, async (request, reply) => {
    const row = await servedRelease(app.ctx, request.params.id, request.params.name);
    if (!row) throw notFound('RELEASE_NOT_FOUND');
    if (row.externalUrl) return reply.redirect(row.externalUrl, 302);
    reply
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${row.fileName}"`);
    return sendRanged(request, reply, {
      size: row.fileSize,
      contentType: 'application/octet-stream',
      open: (range) => app.ctx.storage.read(RELEASES_BUCKET, row.storageKey!, range),
    });
  });
};
