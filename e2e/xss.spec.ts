import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminSessionData, expect, forgiveFetches, gotoAndSettle, test } from './fixtures';

/**
 * Stored XSS: hostile text saved through the real API (blog content, titles, meta fields, image URLs, profile
 * fields, contact messages) is then shown on every page that displays it. Each vector, if it ever ran, would set
 * window.__xss or open a dialog: the test fails on either, and on any console error (fixtures).
 */
const RUN = 'window.__xss=(window.__xss||0)+1';
const VECTORS = [
  `<script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<svg onload="${RUN}"></svg>`,
  `"><img src=x onerror="${RUN}">`,
  `'><svg/onload=${RUN}>`,
  `<a href="javascript:${RUN}" id="xss-link">click</a>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<details open ontoggle="${RUN}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  `<form><button formaction="javascript:${RUN}">go</button></form>`,
  `<object data="javascript:${RUN}"></object>`,
  `<div style="background:url(javascript:${RUN})">`,
];
const HOSTILE_URLS = [`javascript:${RUN}`, `data:text/html,<script>${RUN}</script>`, `" onerror="${RUN}`, `https://example.com/x.png" onerror="${RUN}`];

async function api(request: APIRequestContext) {
  const { token, refreshToken } = await adminSessionData(request);
  return { token, refreshToken, headers: { authorization: `Bearer ${token}` } };
}

/** Fails the test on a dialog; records script execution through window.__xss. */
async function guard(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __xss: number }).__xss = 0;
  });
  return {
    expectNothingRan: async (where: string) => {
      expect(dialogs, `dialogs on ${where}`).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss), `scripts that ran on ${where}`).toBe(0);
      // No live handler or javascript: URL reached the DOM.
      const live = await page.evaluate(() =>
        [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes]
            .filter((a) => /^on/i.test(a.name) || (/^(href|src|action|formaction|data|srcdoc)$/i.test(a.name) && /^\s*(javascript|data:text\/html)/i.test(a.value)))
            .map((a) => `${el.tagName} ${a.name}=${a.value}`),
        ),
      );
      expect(live, `live handlers on ${where}`).toEqual([]);
    },
  };
}

test.describe('stored XSS never runs', () => {
  test('blog posts, meta fields, image URLs, profile fields and contact messages are shown as text', async ({ page, request, consoleErrors }) => {
    test.setTimeout(120_000);
    // The vectors' <img src=x> is an image that is not there (404): the post and the admin's preview ask for it.
    forgiveFetches(page, consoleErrors, /\/(blog|admin)\/x$/);
    const admin = await api(request);
    const stamp = Date.now();
    const slugs: string[] = [];
    for (const [i, v] of VECTORS.entries()) {
      const data = {
        title: `XSS ${i} ${v}`.slice(0, 300),
        slug: `xss-${stamp}-${i}`,
        excerpt: v,
        content: `<p>Before</p>${v}<p>After ${i}</p>`,
        read_time: 1,
        status: 'published',
        meta_title: v,
        meta_description: `</title><script>${RUN}</script>`,
        meta_keywords: v,
      };
      const res = await request.post('/api/v1/admin/blog/posts', { data, headers: admin.headers });
      expect(res.status(), await res.text()).toBe(201);
      slugs.push(data.slug);
    }
    // Hostile image URLs are refused, or kept only as inert URLs.
    for (const [i, url] of HOSTILE_URLS.entries()) {
      const res = await request.post('/api/v1/admin/blog/posts', {
        data: { title: `Image ${i}`, slug: `xss-img-${stamp}-${i}`, content: '<p>x</p>', status: 'published', featured_image: url, meta_image: url },
        headers: admin.headers,
      });
      if (res.status() === 201) slugs.push(`xss-img-${stamp}-${i}`);
      else expect(res.status()).toBe(400);
    }
    // The admin's own profile, and contact messages for the inbox.
    await request.put('/api/v1/auth/profile', {
      data: { firstName: 'Ada', lastName: 'Admin', company: VECTORS[1], designation: VECTORS[0], address: { street: VECTORS[3], city: VECTORS[2] } },
      headers: admin.headers,
    });
    for (const [i, v] of VECTORS.slice(0, 4).entries()) {
      const res = await request.post('/api/v1/contact', {
        data: { name: `Eve ${i}`, email: `eve${i}@example.com`, subject: v, message: `${v}\n${VECTORS[i + 4]}` },
        headers: { 'x-forwarded-for': `10.7.0.${i}` },
      });
      expect([201, 429]).toContain(res.status());
    }

    const check = await guard(page);
    await gotoAndSettle(page, '/blog');
    await check.expectNothingRan('/blog');
    for (const slug of slugs) {
      await gotoAndSettle(page, `/blog/${slug}`);
      await expect(page.locator('h1')).toBeVisible();
      await check.expectNothingRan(`/blog/${slug}`);
      // The server-rendered head holds the meta fields as escaped text.
      const res = await request.get(`/blog/${slug}`);
      const html = await res.text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).not.toMatch(/<(img|svg|iframe|details|object|form|math|a)\b|<script>window|"\s*on\w+=|="javascript:/i);
      // So does the body the server rendered, and its data cannot end its own script element.
      const body = html.slice(html.indexOf('<body>'));
      // Its data, and after it the one inline script the CSP allows by its hash (the start of the app).
      expect(body.match(/<script\b[^>]*>/g)).toEqual(['<script type="application/json" id="ssr-data">', '<script>']);
      const start = /<script>([\s\S]*?)<\/script>/.exec(body)![1];
      expect(res.headers()['content-security-policy']).toContain(`'sha256-${createHash('sha256').update(start).digest('base64')}'`);
      expect(body).not.toMatch(/<[^>]+\son\w+\s*=|(href|src|action|data)="\s*javascript:/i);
      const postBody = body.slice(body.indexOf('data-testid="post-body"'), body.indexOf('<footer class="mt-12'));
      expect(postBody).toContain('Before');
      expect(postBody).not.toMatch(/<(script|svg|iframe|details|object|form|math|style|button|input)\b/i);
    }
    await page
      .locator('#xss-link')
      .count()
      .then((n) => expect(n).toBe(0));

    // Signed in as the admin: the post list, an edit form with the preview, the inbox and the settings.
    await page.evaluate(({ token, refreshToken }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refreshToken);
    }, admin);
    for (const path of ['/admin/dashboard', '/admin/messages', '/settings', '/dashboard']) {
      await gotoAndSettle(page, path);
      await expect(page, `${path} is shown to the signed-in admin`).toHaveURL(new RegExp(`${path}$`));
      await check.expectNothingRan(path);
    }
    await gotoAndSettle(page, '/admin/messages');
    await expect(page.getByTestId('inbox-message').first()).toBeVisible();
    const posts = await (await request.get('/api/v1/admin/blog/posts?limit=5', { headers: admin.headers })).json();
    const first = posts.data.posts.find((p: { slug: string }) => p.slug.startsWith('xss-'));
    await gotoAndSettle(page, `/admin/edit-post/${first.id}`);
    await check.expectNothingRan('the edit form');
  });

  test('the pages carry a CSP that lets no inline script run but the one its hash names, no framing, nosniff and a referrer policy', async ({ request }) => {
    for (const path of ['/', '/blog', '/hi/contact-us', '/contact-us', '/admin/login']) {
      const res = await request.get(path);
      const csp = res.headers()['content-security-policy'] ?? '';
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc.split(' ').filter((source) => source.startsWith("'sha"))).toHaveLength(1);
      // Every script the page carries inline (not data: JSON and JSON-LD are not run) is the one the CSP allows.
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      for (const code of inline) expect(scriptSrc, `${path}: an inline script the CSP does not allow`).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
      if (path === '/' || path === '/blog') expect(inline, `${path} is rendered: it starts the app after its first paint`).toHaveLength(1);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers()['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
    // An answer of the API, opened as a page, may load, run and frame nothing (decision 099).
    const api = await request.get('/api/v1/health');
    expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
  });
});
