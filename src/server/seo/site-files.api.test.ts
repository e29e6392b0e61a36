import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../lib/paths';
import { registerPageServer } from '../ssr/page-server';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';

/**
 * The site as the built server serves it: the page template (index.html) and the public files that ship
 * (src/client/public, which the build copies as they are), in a folder of their own. No server bundle: the heads,
 * statuses and files are the server's, whatever renders the body.
 */
let t: TestApp;
let dir: string;
const PUBLIC_URL = 'https://stealth.example';
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'site-files-'));
  cpSync(path.join(ROOT_DIR, 'src/client/public'), dir, { recursive: true });
  cpSync(path.join(ROOT_DIR, 'index.html'), path.join(dir, 'index.html'));
  t = await createTestApp({ PUBLIC_URL, PUBLIC_DEMO: 'true' }, { beforeReady: (app) => void app.register(async (scope) => registerPageServer(scope, dir)) });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Width and height from a PNG's header. */
const pngSize = (body: Buffer) => {
  expect(body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
};
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`the site's brand files on ${TEST_DB_KIND}`, () => {
  it('serves the link preview and the icons as PNGs of their sizes, kept an hour', async () => {
    for (const [file, size] of [
      ['/og-image.png', [1200, 630]],
      ['/apple-touch-icon.png', [180, 180]],
      ['/icon-192.png', [192, 192]],
      ['/icon-512.png', [512, 512]],
    ] as const) {
      const res = await get(file);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type'], file).toBe('image/png');
      expect(res.headers['cache-control'], file).toBe('public, max-age=3600');
      // Made to be shown by other sites (a chat's preview card): embeddable from any origin.
      expect(res.headers['cross-origin-resource-policy'], file).toBe('cross-origin');
      expect(pngSize(res.rawPayload), file).toEqual({ width: size[0], height: size[1] });
    }
    // Everything else stays same-origin: the pages, the manifest, the build's files.
    for (const file of ['/', '/site.webmanifest', '/index.html']) expect((await get(file)).headers['cross-origin-resource-policy'], file).toBe('same-origin');
  });

  it('serves favicon.ico as an icon holding 16, 32 and 48 px images, and the SVG favicon', async () => {
    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    const body = ico.rawPayload;
    expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: body.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i;
      const image = body.subarray(body.readUInt32LE(entry + 12), body.readUInt32LE(entry + 12) + body.readUInt32LE(entry + 8));
      expect(pngSize(image).width).toBe(body.readUInt8(entry));
      return body.readUInt8(entry);
    });
    expect(sizes).toEqual([16, 32, 48]);
    const svg = await get('/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers HEAD for a file of the root, and 404 for a name that is not there or leaves the folder', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/og-image.png' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.headers['cache-control']).toBe('public, max-age=3600');
    expect(head.body).toBe('');
    for (const url of ['/no-such-icon.png', '/%2e%2e/package.json', '/..%2fpackage.json', '/.vite/manifest.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, error: 'NOT_FOUND' });
    }
  });

  it('serves a web manifest with the name, the theme colours and icons that exist', async () => {
    const res = await get('/site.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json<{ name: string; short_name: string; theme_color: string; background_color: string; icons: { src: string; sizes: string; type: string }[] }>();
    const css = readFileSync(path.join(ROOT_DIR, 'src/client/styles.css'), 'utf8');
    const ink950 = /--color-ink-950:\s*(#[0-9a-f]{6})/i.exec(css)![1];
    expect(manifest).toMatchObject({ name: 'Stealth Browser', short_name: 'Stealth', theme_color: ink950, background_color: ink950 });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await get(icon.src);
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toMatch(new RegExp(`^${icon.type.replace('+', '\\+')}`));
      if (icon.type === 'image/png') expect(`${pngSize(file.rawPayload).width}x${pngSize(file.rawPayload).height}`).toBe(icon.sizes);
    }
  });

  it('names them in the head of every page: the preview by its absolute address, the icons and the manifest', async () => {
    for (const page of ['/', '/privacy-policy', '/blog', '/billing']) {
      const html = (await get(page)).body;
      expect(html, page).toContain(`<meta property="og:image" content="${PUBLIC_URL}/og-image.png">`);
      expect(html, page).toContain(`<meta name="twitter:image" content="${PUBLIC_URL}/og-image.png">`);
      expect(html, page).toContain('<meta property="og:image:width" content="1200">');
      expect(html, page).toContain('<meta property="og:image:height" content="630">');
      expect(html, page).toContain('<link rel="icon" href="/favicon.ico"');
      expect(html, page).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg"');
      expect(html, page).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
      expect(html, page).toContain('<link rel="manifest" href="/site.webmanifest"');
    }
  });

  it("names the blog's feed in the head of every page, where a feed reader finds it, and the feed is there", async () => {
    const link = `<link rel="alternate" type="application/rss+xml" title="Stealth Browser Blog" href="${PUBLIC_URL}/rss.xml">`;
    for (const page of ['/', '/hi', '/blog', '/fr/blog/stealth-browser-overview', '/privacy-policy', '/contact-us', '/billing']) {
      const html = (await get(page)).body;
      expect(html.slice(0, html.indexOf('</head>')), page).toContain(link);
    }
    const feed = await get('/rss.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('<title>Stealth Browser Blog</title>');
  });

  it('lets the page load them under its CSP (images and the manifest from the site itself)', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)\s*img-src [^;]*'self'/);
    // No manifest-src: it falls back to default-src, which allows the site.
    expect(csp).not.toContain('manifest-src');
    expect(csp).toMatch(/(^|;)\s*default-src 'self'/);
  });
});

describe(`page statuses and titles on ${TEST_DB_KIND}`, () => {
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it('sends a path that is no page to / (spec: any other path redirects to /)', async () => {
    for (const path of ['/no-such-page', '/no/such/page?x=1', '/blog/a/b', '/admin', '/dashboard/x', '/%2e%2e/etc']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location, path).toBe('/');
      expect(res.body, path).toBe('');
    }
  });

  it('answers a post that does not exist 404 with its not-found head', async () => {
    const res = await get('/blog/no-such-post');
    expect(res.statusCode).toBe(404);
    expect(titleOf(res.body)).toBe('Blog Post Not Found | Stealth Browser');
  });

  it('titles the signed-in, admin and one-off pages after themselves, kept out of search results', async () => {
    for (const [path, title] of [
      ['/dashboard', 'Dashboard | Stealth Browser'],
      ['/shortcuts', 'Shortcuts | Stealth Browser'],
      ['/devices', 'Devices | Stealth Browser'],
      ['/billing', 'Billing | Stealth Browser'],
      ['/settings', 'Settings | Stealth Browser'],
      ['/verify-email?token=abc', 'Verify Email | Stealth Browser'],
      ['/reset-password?token=abc', 'Reset Password | Stealth Browser'],
      ['/admin/login', 'Sign In | Stealth Browser Admin'],
      ['/admin/dashboard', 'Blog Management | Stealth Browser Admin'],
      ['/admin/new-post', 'New Post | Stealth Browser Admin'],
      ['/admin/edit-post/00000000-0000-4000-8000-000000000000', 'Edit Post | Stealth Browser Admin'],
      ['/admin/messages', 'Messages | Stealth Browser Admin'],
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(titleOf(res.body), path).toBe(title);
      expect(res.body, path).toContain('<meta name="robots" content="noindex">');
    }
  });

  it("heads a page drawn in the browser in the remembered language (the signed-in user's), a mail's link in the mail's", async () => {
    const htmlLang = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1];
    for (const [path, cookie, lang, title] of [
      ['/dashboard', 'lang=hi', 'hi', 'डैशबोर्ड | Stealth Browser'],
      ['/billing', 'theme=dark; lang=fr', 'fr', 'Facturation | Stealth Browser'],
      ['/settings', 'lang=es', 'es', 'Ajustes | Stealth Browser'],
      // A remembered value that is no language of the site, or a `lang` in the address of a page that is no mail link: English.
      ['/dashboard', 'lang=xx', 'en', 'Dashboard | Stealth Browser'],
      ['/dashboard?lang=hi', '', 'en', 'Dashboard | Stealth Browser'],
      // A mail's link names its language, which wins over the device's; a bad one changes nothing.
      ['/verify-email?token=abc&lang=hi', '', 'hi', 'ईमेल सत्यापन | Stealth Browser'],
      ['/reset-password?token=abc&lang=fr', 'lang=hi', 'fr', 'Réinitialiser le mot de passe | Stealth Browser'],
      ['/verify-email?token=abc&lang=en', 'lang=es', 'en', 'Verify Email | Stealth Browser'],
      ['/verify-email?token=abc&lang=xx', 'lang=es', 'es', 'Verificar correo | Stealth Browser'],
      ['/reset-password?token=abc&lang=%3Cscript%3E', '', 'en', 'Reset Password | Stealth Browser'],
      ['/verify-email?token=abc&lang=HI', '', 'en', 'Verify Email | Stealth Browser'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, path).toBe(200);
      expect(htmlLang(res.body), `${path} ${cookie}`).toBe(lang);
      expect(titleOf(res.body), `${path} ${cookie}`).toBe(title);
      expect(res.headers.vary, path).toMatch(/cookie/i);
    }
  });
});
