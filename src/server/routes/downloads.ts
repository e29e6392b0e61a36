import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../shared/constants';
import type { DownloadsConfig } from '../../shared/schemas/downloads';
import { AppError } from '../lib/errors';
import { ok, requestAddress } from '../lib/http';
import { recordDownload } from '../services/downloads/record-download';
import { downloadRelease } from '../services/releases/feed';
import { countReleaseDownload, installerUrl } from '../services/releases/releases';
import { downloads } from '../../shared/endpoints/site';
import { route } from './route';
import { NO_COMPRESS_HOOKS } from '../lib/compression';

/** The installer download (counted once per address and hour, then redirected to INSTALLER_URL_WINDOWS) and what the landing page may offer. */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  await route(
    app,
    downloads.config,
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const release = await downloadRelease(app.ctx);
      const data: DownloadsConfig = {
        windows: {
          available: Boolean(release ?? config.INSTALLER_URL_WINDOWS),
          href: `${API_PREFIX}/downloads/windows`,
          release: release ? { version: release.version, size: release.fileSize, sha256: release.sha256 } : null,
        },
        macos: { available: false },
        demoVideoUrl: config.DEMO_VIDEO_URL ?? null,
      };
      return ok(data);
    },
    NO_COMPRESS_HOOKS,
  );

  await route(app, downloads.windows, async (request, reply) => {
    // The latest stable release (decision 190); INSTALLER_URL_WINDOWS while none is published.
    const release = await downloadRelease(app.ctx);
    const target = release ? installerUrl(release, config.publicUrl) : config.INSTALLER_URL_WINDOWS;
    if (!target) throw new AppError('NOT_FOUND', 'DOWNLOAD_UNAVAILABLE');
    // Counted once per address and hour (decision 105), and for the release it gives; the installer is served every time.
    const counted = await recordDownload(app.ctx, 'windows', requestAddress(request), String(request.headers['user-agent'] ?? ''));
    if (counted && release) await countReleaseDownload(app.ctx, release.id);
    // Every click must reach the server to be counted, so the redirect is never cached.
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
};
