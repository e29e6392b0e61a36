import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseExpiry, verifyLease } from '#shared/licence/lease';
import { generateLicenceKey } from '../lib/licence-keys';
import { signLease } from '../services/licence/sign-lease';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';

const previous = generateLicenceKey('2026-10', 'previous');
const current = generateLicenceKey('2026-11', 'current');
const next = generateLicenceKey('2026-12', 'next');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LICENCE_SIGNING_KEYS: JSON.stringify([previous, current, next]) });
});
afterAll(() => t.close());

describe(`the licence keys on ${TEST_DB_KIND}`, () => {
  it('/.well-known/jwks.json publishes the current, next and previous public keys, kept for a day, and no private part', async () => {
    const res = await t.call('GET', '/.well-known/jwks.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    const jwks = res.json() as { keys: Record<string, string>[] };
    expect(jwks.keys.map((k) => [k.kid, k.kty, k.crv, k.alg, k.use])).toEqual([
      ['2026-11', 'OKP', 'Ed25519', 'EdDSA', 'sig'],
      ['2026-12', 'OKP', 'Ed25519', 'EdDSA', 'sig'],
      ['2026-10', 'OKP', 'Ed25519', 'EdDSA', 'sig'],
    ]);
    expect(jwks.keys.map((k) => k.x)).toEqual([current.x, next.x, previous.x]);
    expect(res.body).not.toContain(current.d);
    expect(res.body).not.toContain('"d"');
  });

  it('a lease the app signs verifies offline against the set it publishes', async () => {
    const jwks = (await t.call('GET', '/.well-known/jwks.json')).json();
    const now = Math.floor(Date.now() / 1000);
    const exp = leaseExpiry({ now, validUntil: null, renews: false })!;
    const lease = signLease(t.app.ctx.licenceKeys, {
      iss: t.app.ctx.config.publicUrl,
      sub: 'user',
      dev: 'device',
      plan: 'stealth_lifetime',
      valid_until: null,
      exp,
      iat: now,
      features: [],
      min_app_version: '2.1.0',
    });
    expect(await verifyLease(lease, jwks, { now, issuer: t.app.ctx.config.publicUrl })).toMatchObject({ plan: 'stealth_lifetime', exp });
    expect(JSON.parse(Buffer.from(lease.split('.')[0]!, 'base64url').toString()).kid).toBe('2026-11');
  });
});
