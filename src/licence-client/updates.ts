import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { appendFile, rename, rm, stat, truncate } from 'node:fs/promises';
import { load } from 'js-yaml';
import semver from 'semver';

/**
 * The reference update client the desktop program embeds beside the licence client (decision 190): it reads the
 * site's electron-updater feed as electron-updater does (js-yaml; `files[0]`, `sha512` in base64), names the device so
 * the site decides its place in a rollout, downloads the installer in HTTP ranges (a download cut short resumes where
 * it stopped), and installs nothing whose SHA-512 is not the feed's. The program reports its new version with its next
 * lease refresh (LicenceClient, `device.appVersion`). Node's built-ins, and js-yaml and semver as electron-updater uses them.
 */

export type UpdateChannel = 'stable' | 'beta';

/** An update the feed offers: the version, the installer's address (with the feed's query), its size and SHA-512. */
export type UpdateInfo = { version: string; url: string; sha512: string; size: number; releaseNotes: string | null; releaseDate: string | null };

export type UpdateClientOptions = {
  /** The site, e.g. https://stealthbrowser.app: the feeds are under /updates. */
  baseUrl: string;
  /** The version of the program running. */
  currentVersion: string;
  channel?: UpdateChannel;
  /** Bytes asked for in each range request (default 4 MiB). */
  chunkBytes?: number;
  fetch?: typeof fetch;
};

/** Why an update could not be checked or downloaded. */
export type UpdateFailure = 'OFFLINE' | 'BAD_FEED' | 'BAD_RANGE' | 'SIZE_MISMATCH' | 'SHA512_MISMATCH';

export class UpdateError extends Error {
  constructor(
    readonly reason: UpdateFailure,
    message: string,
  ) {
    super(message);
    this.name = 'UpdateError';
  }
}

const FEED_NAMES: Record<UpdateChannel, string> = { stable: 'latest.yml', beta: 'beta.yml' };
const DEFAULT_CHUNK = 4 * 1024 * 1024;

/** The SHA-512 of a file in base64, read as a stream. */
export async function fileSha512(file: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}

export class UpdateClient {
  private readonly opts: Required<UpdateClientOptions>;

  constructor(options: UpdateClientOptions) {
    this.opts = {
      channel: 'stable',
      chunkBytes: DEFAULT_CHUNK,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    };
  }

  /**
   * Asks the feed what this device should run (`deviceId`: the licence's device id, or the install id before
   * activation): an update when the feed's version is newer than this program's, else null (nothing newer, or nothing
   * published). The site answers each device by its bucket, so the program applies no staging arithmetic of its own.
   */
  async check(deviceId: string): Promise<UpdateInfo | null> {
    const url = `${this.opts.baseUrl}/updates/win/${FEED_NAMES[this.opts.channel]}?device=${encodeURIComponent(deviceId)}`;
    let res: Response;
    try {
      res = await this.opts.fetch(url, { headers: { accept: 'text/yaml' } });
    } catch {
      throw new UpdateError('OFFLINE', 'the update feed could not be reached');
    }
    if (res.status === 404) return null;
    if (res.status !== 200) throw new UpdateError('OFFLINE', `the update feed answered ${res.status}`);
    const feed = load(await res.text()) as Record<string, unknown> | null;
    const file = Array.isArray(feed?.files) ? (feed.files[0] as Record<string, unknown> | undefined) : undefined;
    const version = typeof feed?.version === 'string' ? semver.valid(feed.version) : null;
    if (!version || !file || typeof file.url !== 'string' || typeof file.sha512 !== 'string' || typeof file.size !== 'number') {
      throw new UpdateError('BAD_FEED', 'the update feed is not one this program reads');
    }
    if (!semver.gt(version, this.opts.currentVersion)) return null;
    // An installer over plain HTTP could be swapped on the way along with nothing to tell: https only, but on this
    // computer (a test site).
    const at = new URL(file.url, url);
    if (at.protocol !== 'https:' && !(at.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(at.hostname))) {
      throw new UpdateError('BAD_FEED', `the installer's address is not https: ${at.protocol}`);
    }
    return {
      version,
      url: at.href,
      sha512: file.sha512,
      size: file.size,
      releaseNotes: typeof feed!.releaseNotes === 'string' ? feed!.releaseNotes : null,
      releaseDate: typeof feed!.releaseDate === 'string' ? feed!.releaseDate : null,
    };
  }

  /**
   * Downloads the installer to `dest` in range requests of `chunkBytes`, into `dest + '.part'`, so a download cut short
   * resumes from what it holds; then checks its size and SHA-512 against the feed's, and only then names it `dest`. A
   * file that does not match is deleted.
   */
  async download(update: UpdateInfo, dest: string, onProgress?: (received: number, total: number) => void): Promise<string> {
    const part = `${dest}.part`;
    let have = await stat(part).then(
      (s) => s.size,
      () => 0,
    );
    if (have > update.size) {
      await truncate(part, 0);
      have = 0;
    }
    while (have < update.size) {
      const end = Math.min(have + this.opts.chunkBytes, update.size) - 1;
      let res: Response;
      try {
        res = await this.opts.fetch(update.url, { headers: { range: `bytes=${have}-${end}` } });
      } catch {
        throw new UpdateError('OFFLINE', 'the download was interrupted; it resumes from here next time');
      }
      // Never more than the feed's size in memory: a server that sends more is not the feed's.
      if (Number(res.headers.get('content-length') ?? 0) > update.size) {
        await res.body?.cancel();
        throw new UpdateError('SIZE_MISMATCH', `the server offers ${res.headers.get('content-length')} bytes where the feed says ${update.size}`);
      }
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status === 200) {
        // A server that ignores ranges sends the whole file: it replaces what was held.
        await rm(part, { force: true });
        await appendFile(part, body);
        have = body.length;
        break;
      }
      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
      if (res.status !== 206 || !range || Number(range[1]) !== have || Number(range[2]) !== end || Number(range[3]) !== update.size || body.length !== end - have + 1) {
        throw new UpdateError('BAD_RANGE', `the server answered ${res.status} ${res.headers.get('content-range') ?? ''} to bytes=${have}-${end}`);
      }
      await appendFile(part, body);
      have = end + 1;
      onProgress?.(have, update.size);
    }
    if (have !== update.size) {
      await rm(part, { force: true });
      throw new UpdateError('SIZE_MISMATCH', `the installer has ${have} bytes where the feed says ${update.size}`);
    }
    if ((await fileSha512(part)) !== update.sha512) {
      await rm(part, { force: true });
      throw new UpdateError('SHA512_MISMATCH', "the installer's SHA-512 is not the feed's: it was deleted");
    }
    await rename(part, dest);
    return dest;
  }
}
