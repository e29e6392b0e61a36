import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SSR_DATA_ELEMENT_ID } from '../../shared/constants';
import { queryKeyId } from '../../shared/pages';
import { ROOT_DIR } from '../lib/paths';
import { registerPageServer } from './page-server';
import { createPostAs, postInput } from '../test/blog';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';
import { INTERNAL_READ_HEADER } from './internal-read';
import { readPage } from './read-page';

/**
 * The site as the built server serves it, with a stand-in for the server bundle that writes the data it was given
 * into the page: what the head says and what the body was rendered with can be compared, and the API reads a page
 * request makes can be counted.
 */
let t: TestApp;
let admin: string;
let dir: string;
const reads: string[] = [];
/** The installer's config, which every public page with the footer reads for the version it names (decision 190). */
const DOWNLOADS = '/api/v1/downloads/config';
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'read-page-'));
  mkdirSync(path.join(dir, 'client'));
  mkdirSync(path.join(dir, 'ssr'));
  cpSync(path.join(ROOT_DIR, 'index.html'), path.join(dir, 'client/index.html'));
  writeFileSync(path.join(dir, 'ssr/entry-server.js'), 'export const render = async (url, server) => `<output>${encodeURIComponent(JSON.stringify(server.data))}</output>`;\n');
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.addHook('onRequest', async (request) => {
          if (request.headers[INTERNAL_READ_HEADER]) reads.push(request.url);
        });
        void app.register(async (scope) => registerPageServer(scope, path.join(dir, 'client')));
      },
    },
  );
  admin = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  reads.length = 0;
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const renderedWith = (html: string) => JSON.parse(decodeURIComponent(/<output>([^<]*)<\/output>/.exec(html)![1])) as Record<string, unknown>;

describe(`a page read once for its body and its head on ${TEST_DB_KIND}`, () => {
  it('reads a post once: the head and the rendered body come from the same answer', async () => {
    const post = await createPostAs(t, admin, { title: 'Read once', meta_title: 'Read once, titled' });
    const res = await get(`/blog/${post.slug}`);
    expect(res.statusCode).toBe(200);
    expect(reads).toEqual([DOWNLOADS, `/api/v1/blog/posts/${post.slug}`]);
    expect(titleOf(res.body)).toBe('Read once, titled');
    const rendered = renderedWith(res.body)[queryKeyId(['blog', 'post', post.slug])] as { title: string; meta_title: string };
    expect(rendered).toMatchObject({ title: 'Read once', meta_title: 'Read once, titled' });
    // The browser is handed the same answer.
    expect(res.body).toContain(`<script type="application/json" id="${SSR_DATA_ELEMENT_ID}">`);
  });

  it('reads a post that is not published once, and answers 404 with its not-found head and body', async () => {
    const res = await get('/blog/no-such-post');
    expect(res.statusCode).toBe(404);
    expect(reads).toEqual([DOWNLOADS, '/api/v1/blog/posts/no-such-post']);
    expect(titleOf(res.body)).toBe('Blog Post Not Found | Stealth Browser');
    expect(renderedWith(res.body)[queryKeyId(['blog', 'post', 'no-such-post'])]).toBeNull();
  });

  it('reads a page of the list once for its items and its canonical address, and sends a page past the end there', async () => {
    const res = await get('/blog?page=1000');
    expect(reads).toEqual([DOWNLOADS, '/api/v1/blog/posts?page=1000']);
    expect(res.statusCode).toBe(302);
    const last = String(res.headers.location);
    expect(last).toMatch(/^\/blog(\?page=\d+)?$/);
    reads.length = 0;
    const page = await get(last);
    const currentPage = Number(/page=(\d+)/.exec(last)?.[1] ?? 1);
    expect(reads).toEqual([DOWNLOADS, `/api/v1/blog/posts?page=${currentPage}`]);
    expect((renderedWith(page.body)[queryKeyId(['blog', 'list', currentPage])] as { pagination: { currentPage: number } }).pagination.currentPage).toBe(currentPage);
    expect(page.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}${last}">`);
  });

  it('reads nothing for a page drawn in the browser, and sends a path that is no page to / without reading', async () => {
    expect((await get('/dashboard')).statusCode).toBe(200);
    expect((await get('/no-such-page')).statusCode).toBe(302);
    expect(reads).toEqual([]);
  });

  it('gives the render the answers by the keys the screens read, and the head by name', async () => {
    const page = await readPage(t.app, '/', new URLSearchParams());
    expect(Object.keys(page!.data).sort()).toEqual(['downloads-config', 'plans-public']);
    expect(Array.isArray(page!.data['plans-public'])).toBe(true);
    expect(page!.head).toMatchObject({ title: 'Stealth Browser: invisible during screen sharing', path: '/' });
    expect(await readPage(t.app, '/nowhere', new URLSearchParams())).toBeNull();
  });
});

describe(`public pages kept whole on ${TEST_DB_KIND}`, () => {
  it('are sent again as kept (brotli, gzip, 304 on their ETag) without a read or a render, until a post changes', async () => {
    const post = await createPostAs(t, admin, { title: 'Kept whole' });
    const url = `/blog/${post.slug}`;
    const first = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    expect(first.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(first.rawPayload).toString();
    expect(titleOf(html)).toContain('Kept whole');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    reads.length = 0;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const unchanged = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reads).toEqual([]);

    const edited = await t.call('PUT', `/api/v1/admin/blog/posts/${post.id}`, { token: admin, body: { ...postInput(), title: 'Kept whole, edited', slug: post.slug } });
    expect(edited.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(titleOf(after.body)).toContain('Kept whole, edited');
    expect(after.headers.etag).not.toBe(etag);
    expect(reads).toEqual([DOWNLOADS, `/api/v1/blog/posts/${post.slug}`]);
  });

  it('keeps no page that is not public, not found or not rendered', async () => {
    const missing = await get('/blog/no-such-post-kept');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect((await get('/dashboard')).headers.etag).toBeUndefined();
  });
});
