import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../lib/compression';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { createUserAndLogin } from '../test/users';

/** The routes declared NO_COMPRESS_HOOKS (lib/compression.ts) for answering one small object each. */
const SMALL = [
  '/api/v1/health',
  '/api/v1/health/live',
  '/api/v1/auth/me',
  '/api/v1/entitlement',
  '/api/v1/subscriptions/current',
  '/api/v1/downloads/config',
  '/api/v1/payments/config',
  '/api/v1/auth/turnstile-config',
];
const ACCEPTS = { 'accept-encoding': 'br, gzip' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`compression of the API's answers on ${TEST_DB_KIND}`, () => {
  it('leaves nothing to compress in the answers declared small: each is under the size answers are compressed from', async () => {
    const { token } = await createUserAndLogin(t, { role: 'admin' });
    for (const url of SMALL) {
      const res = await t.call('GET', url, { token, headers: ACCEPTS });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.length, url).toBeLessThan(COMPRESS_FROM_BYTES);
    }
  });

  it('still compresses an answer that holds a list, for a client that accepts it', async () => {
    const { token } = await createUserAndLogin(t, { role: 'admin' });
    const plain = await t.call('GET', '/api/v1/admin/blog/posts', { token });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const res = await t.call('GET', '/api/v1/admin/blog/posts', { token, headers: ACCEPTS });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });
});
