import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import type { DownloadsConfig } from '../../shared/schemas/downloads';
import { AppError } from '../lib/errors';
import { ok } from '../lib/http';
import { recordDownload } from '../services/downloads/record-download';
import { envelope, replies } from '../../shared/schemas/responses/envelope';
import { downloadsConfigSchema, installerRedirect } from '../../shared/schemas/responses/downloads';
import { SMALL_ANSWERS } from '../lib/stored-answer';

/** The installer download (counted, then redirected to INSTALLER_URL_WINDOWS) and what the landing page may offer. */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  app.get('/downloads/config', { ...SMALL_ANSWERS, schema: { tags: ['downloads'], response: replies({ 200: envelope(downloadsConfigSchema) }) } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    const data: DownloadsConfig = {
      windows: { available: Boolean(config.INSTALLER_URL_WINDOWS), href: `${API_PREFIX}/downloads/windows` },
      macos: { available: false },
      demoVideoUrl: config.DEMO_VIDEO_URL ?? null,
    };
    return ok(data);
  });

  app.get('/downloads/windows', { schema: { tags: ['downloads'], response: replies({ 302: installerRedirect }) } }, async (request, reply) => {
    const target = config.INSTALLER_URL_WINDOWS;
    if (!target) throw new AppError('NOT_FOUND', MSG.downloadUnavailable, 'DOWNLOAD_UNAVAILABLE');
    await recordDownload(app.ctx.db, 'windows', String(request.headers['user-agent'] ?? ''));
    // Every click must reach the server to be counted, so the redirect is never cached.
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
};
