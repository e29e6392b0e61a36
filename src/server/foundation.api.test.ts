import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { SEED_PLANS } from './db/seed/plans';
import { createTestApp, TEST_DB_KIND, type TestApp } from './test/harness';
import { HYDRATE_SCRIPT_SOURCE } from './ssr/hydrate-script';
import { createUserAndLogin } from './test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get('/api/v1/test/boom', async () => {
          throw new Error('select * from secret_table where password = 1');
        });
      },
    },
  );
});
afterAll(() => t.close());

describe(`foundation on ${TEST_DB_KIND}`, () => {
  it('reports the database in /health', async () => {
    const res = await t.call('GET', '/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok', database: { kind: TEST_DB_KIND, ok: true } } });
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v1/auth/nope'],
      ['DELETE', '/api/v1'],
    ] as const) {
      const res = await t.call(method, url, { body: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ success: false, error: 'NOT_FOUND', code: 'NOT_FOUND', message: 'The requested resource was not found.' });
    }
  });

  it('answers invalid input with a 400 carrying the field message of the spec', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', { body: { email: 'not-an-email', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message: 'Please enter a valid email address' });

    const missing = await t.call('POST', '/api/v1/auth/login', { body: { password: 'x' } });
    expect(missing.json().message).toBe('Email is required');

    const noPassword = await t.call('POST', '/api/v1/auth/login', { body: { email: 'a@example.com' } });
    expect(noPassword.json().message).toBe('Password is required');
  });

  // Issue 33, point 1: a rule with no code of its own still answers with a specific code, its limit and the field.
  it('answers a rule without a code of its own by the kind of rule, its limit and the field', async () => {
    const admin = await createUserAndLogin(t, { role: 'admin' });
    const customer = await createUserAndLogin(t);
    const cases: [string, string, { token: string; body?: unknown }, Record<string, unknown>][] = [
      ['POST', '/api/v1/admin/users/not-a-uuid/extend-trial', { token: admin.token, body: { days: 3, reason: 'Goodwill' } }, { code: 'INVALID_ID', field: 'id' }],
      [
        'POST',
        `/api/v1/admin/users/${customer.user.id}/extend-trial`,
        { token: admin.token, body: { days: 0, reason: 'Goodwill' } },
        { code: 'NUMBER_TOO_SMALL', params: { min: 1 }, field: 'days', message: 'Days must be at least 1' },
      ],
      [
        'POST',
        `/api/v1/admin/users/${customer.user.id}/extend-trial`,
        { token: admin.token, body: { days: 100000, reason: 'Goodwill' } },
        { code: 'NUMBER_TOO_LARGE', field: 'days' },
      ],
      ['POST', `/api/v1/admin/users/${customer.user.id}/extend-trial`, { token: admin.token, body: { days: 'three', reason: 'Goodwill' } }, { code: 'WRONG_TYPE', field: 'days' }],
      ['GET', `/api/v1/admin/users?q=${'a'.repeat(300)}`, { token: admin.token }, { code: 'TEXT_TOO_LONG', params: { max: 254 }, field: 'q' }],
      [
        'POST',
        '/api/v1/devices',
        {
          token: customer.token,
          body: { installId: 'install-0123456789abcdef', hardwareId: 'hw-0123456789abcdef0123', name: 'x'.repeat(500), os: 'Windows 11', appVersion: '2.1.0' },
        },
        { code: 'TEXT_TOO_LONG', field: 'name' },
      ],
    ];
    for (const [method, url, opts, expected] of cases) {
      const res = await t.call(method as 'GET', url, opts);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expect(body, url).toMatchObject({ success: false, error: 'VALIDATION_ERROR', ...expected });
      expect(typeof body.message).toBe('string');
      expect(body.code).not.toBe('INVALID_INPUT');
    }
  });

  it('answers malformed JSON with a 400 envelope and no parser internals', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ success: false, error: 'BAD_REQUEST', code: 'INVALID_JSON', message: 'The request body is not valid JSON' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, error: 'PAYLOAD_TOO_LARGE' });
  });

  it('turns unexpected errors into a bare 500 without stack or SQL, with a request id', async () => {
    const res = await t.call('GET', '/api/v1/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: 'INTERNAL_ERROR', code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toMatch(/secret_table|at .*\.ts|stack/);
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('sends the security headers', async () => {
    const res = await t.call('GET', '/rss.xml');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    // The site's own scripts, and the one inline script its hash names (ssr/hydrate-script.ts).
    expect(csp).toContain(`script-src 'self' ${HYDRATE_SCRIPT_SOURCE};`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The API's answers carry their own short policy (decision 099; hardening/headers.api.test.ts).
    expect((await t.call('GET', '/api/v1/health')).headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBeUndefined(); // proxies are not trusted by default
  });

  it('seeds the four plans and the first posts, once', async () => {
    const plans = await queryRows<{ code: string }>(t.db, sql`select code from plans order by sort_order`);
    expect(plans.map((r) => r.code)).toEqual(['stealth_week', 'stealth_month', 'stealth_year', 'stealth_lifetime']);
    const posts = await queryRows<{ slug: string }>(t.db, sql`select slug from blog_posts where status = 'published'`);
    expect(posts.map((r) => r.slug)).toContain('stealth-browser-overview');
    expect(posts.length).toBe(3);
  });

  it('keeps plan features in the order they were written', async () => {
    const [row] = await queryRows<{ features: Record<string, boolean> }>(t.db, sql`select features from plans where code = 'stealth_year'`);
    expect(Object.keys(row.features)).toEqual(SEED_PLANS.find((p) => p.code === 'stealth_year')!.features);
  });
});

describe('HSTS behind a trusted proxy', () => {
  it('is sent when the request came over HTTPS', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});
