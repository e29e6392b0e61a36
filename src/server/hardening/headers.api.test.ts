import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGES, multipart } from '../test/blog';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';
import { HYDRATE_SCRIPT_SOURCE } from '../ssr/hydrate-script';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  adminToken = (await createUserAndLogin(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

/** The CSP as directive → sources. */
const csp = (header: unknown) =>
  Object.fromEntries(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const policy = csp(headers['content-security-policy']);
  expect(policy['script-src'], what).toBeDefined();
  expect(policy['script-src'], what).not.toContain("'unsafe-inline'");
  expect(policy['script-src'], what).not.toContain("'unsafe-eval'");
  expect(policy['script-src'], what).not.toContain('*');
  expect(policy['frame-ancestors'], what).toEqual(["'none'"]);
  expect(policy['object-src'], what).toEqual(["'none'"]);
  expect(policy['base-uri'], what).toEqual(["'self'"]);
  // Styles from the site's stylesheets only: no <style> element, no style="" attribute (decision 064).
  expect(policy['style-src'], what).toEqual(["'self'"]);
  expect(policy['style-src-elem'], what).toEqual(["'self'"]);
  expect(policy['style-src-attr'], what).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], what).toMatch(/max-age=\d{8,}; includeSubDomains/);
}

/**
 * An answer of the API (decision 099) is no document: opened as a page it may load, run and frame nothing, and it
 * carries none of the page's policy for scripts and styles.
 */
function expectApiHeaders(headers: Record<string, unknown>, what: string) {
  expect(csp(headers['content-security-policy']), what).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['strict-transport-security'], what).toMatch(/max-age=\d{8,}; includeSubDomains/);
}

describe(`security headers on ${TEST_DB_KIND}`, () => {
  const https = { 'x-forwarded-proto': 'https' };
  it('are on every page-like answer: feeds, the sitemap, unknown paths, over HTTPS with HSTS', async () => {
    for (const [method, url] of [
      ['GET', '/rss.xml'],
      ['GET', '/sitemap.xml'],
      ['GET', '/no/such/page'],
      ['GET', '/api/v1'],
      ['GET', '/API/v1/health'],
    ] as const) {
      const res = await t.call(method, url, { headers: https });
      expectSecurityHeaders(res.headers, `${method} ${url}`);
    }
  });

  it("are the API's own on every answer under /api/v1/: success, refusal, error, unknown route, PDF, over HTTPS with HSTS", async () => {
    for (const [method, url, status] of [
      ['GET', '/api/v1/health', 200],
      ['GET', '/api/v1/blog/posts', 200],
      ['GET', '/api/v1/users/dashboard', 401],
      ['POST', '/api/v1/auth/login', 400],
      ['GET', '/api/v1/nothing', 404],
      ['GET', '/api/v1/payments/00000000-0000-4000-8000-000000000000/receipt', 401],
    ] as const) {
      const res = await t.call(method, url, { headers: https, body: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expectApiHeaders(res.headers, `${method} ${url}`);
    }
  });

  it('sends no HSTS over plain HTTP (browsers ignore it there, and it must not pin a local http site)', async () => {
    const res = await t.call('GET', '/api/v1/health');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves uploads only as images, with nosniff and a sandbox, whatever the bytes after the image header', async () => {
    // A real PNG with an HTML page and a script appended: a polyglot a sniffing browser might render.
    const polyglot = Buffer.concat([IMAGES.png, Buffer.from('<html><script>alert(document.domain)</script></html>')]);
    const { payload, headers } = multipart({ filename: 'evil.html', contentType: 'text/html', data: polyglot });
    const up = await t.app.inject({ method: 'POST', url: '/api/v1/admin/uploads', payload, headers: { ...headers, authorization: `Bearer ${adminToken}` } });
    expect(up.statusCode).toBe(201);
    const url = new URL(JSON.parse(up.body).data.url, 'http://x').pathname;
    expect(url).toMatch(/\.png$/);
    const res = await t.call('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(csp(res.headers['content-security-policy'])).toMatchObject({ 'default-src': ["'none'"], sandbox: [] });
    expect(String(res.headers['content-disposition'])).not.toMatch(/filename=.*\.html/);

    for (const [name, type, data] of [
      ['page.html', 'text/html', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['vector.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['fake.png', 'image/png', Buffer.from('<script>alert(1)</script>')],
    ] as const) {
      const refused = multipart({ filename: name, contentType: type, data });
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/uploads',
        payload: refused.payload,
        headers: { ...refused.headers, authorization: `Bearer ${adminToken}` },
      });
      expect([400, 415], name).toContain(r.statusCode);
    }
    for (const path of ['/storage/blog-images/x.html', '/storage/blog-images/x.svg', '/storage/blog-images/..%2F..%2Fpackage.json']) {
      expect((await t.call('GET', path)).statusCode, path).toBe(404);
    }
  });
});

describe('the CSP with real Razorpay and Turnstile keys', () => {
  it("allows their hosts, and the one <style> element Razorpay's checkout.js writes, but still no style attribute", async () => {
    const prod = await createTestApp({
      SMTP_URL: 'smtp://127.0.0.1:9',
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsecret',
      TURNSTILE_SITE_KEY: 'site',
      TURNSTILE_SECRET_KEY: 'secret',
    });
    try {
      const policy = csp((await prod.call('GET', '/rss.xml')).headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'", HYDRATE_SCRIPT_SOURCE, 'https://checkout.razorpay.com', 'https://cdn.razorpay.com', 'https://challenges.cloudflare.com']);
      expect(policy['frame-src']).toEqual(["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://challenges.cloudflare.com']);
      expect(policy['style-src-elem']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['style-src-attr']).toEqual(["'none'"]);
    } finally {
      await prod.close();
    }
  });
});
