import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { LeaseError, leaseExpiry, verifyLease, type LeaseClaims } from '#shared/licence/lease';
import { embeddedLicenceKeys, generateLicenceKey, parseLicenceKeys, EMBEDDED_KEYS_FILE, type LicenceKeyJwk } from '#server/lib/licence-keys';
import { signLease } from './sign-lease';

const DAY = 86_400;
const NOW = Date.UTC(2026, 10, 28, 12) / 1000;
const ISSUER = 'https://stealthbrowser.app';
const claims = (over: Partial<LeaseClaims> = {}): LeaseClaims => ({
  iss: ISSUER,
  sub: 'user-1',
  dev: 'device-1',
  plan: 'stealth_month',
  valid_until: NOW + 20 * DAY,
  exp: NOW + 7 * DAY,
  iat: NOW,
  features: ['stealth'],
  min_app_version: '2.1.0',
  ...over,
});
const ring = (...keys: LicenceKeyJwk[]) => parseLicenceKeys(JSON.stringify(keys));
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: unknown) => (err instanceof LeaseError ? err.reason : `unexpected: ${String(err)}`),
  );

describe('the lease expiry rule', () => {
  it('a renewing plan: the offline grace, and within its last days the paid end plus the payment grace', () => {
    expect(leaseExpiry({ now: NOW, validUntil: NOW + 20 * DAY, renews: true })).toBe(NOW + 7 * DAY);
    expect(leaseExpiry({ now: NOW, validUntil: NOW + DAY, renews: true })).toBe(NOW + 4 * DAY);
    // Two days after the paid end, while the renewal is being charged: one day left.
    expect(leaseExpiry({ now: NOW, validUntil: NOW - 2 * DAY, renews: true })).toBe(NOW + DAY);
    expect(leaseExpiry({ now: NOW, validUntil: NOW - 3 * DAY, renews: true })).toBeNull();
  });

  it('a one-day trial, a complimentary period or a cancelled plan never outlives its end', () => {
    expect(leaseExpiry({ now: NOW, validUntil: NOW + DAY, renews: false })).toBe(NOW + DAY);
    expect(leaseExpiry({ now: NOW, validUntil: NOW, renews: false })).toBeNull();
  });

  it('the lifetime plan gets the offline grace at each refresh; the graces are settings', () => {
    expect(leaseExpiry({ now: NOW, validUntil: null, renews: false })).toBe(NOW + 7 * DAY);
    expect(leaseExpiry({ now: NOW, validUntil: NOW + 30 * DAY, renews: true, offlineGraceDays: 2 })).toBe(NOW + 2 * DAY);
    expect(leaseExpiry({ now: NOW, validUntil: NOW, renews: true, paymentGraceDays: 1 })).toBe(NOW + DAY);
  });
});

describe('signing and verifying offline', () => {
  const current = generateLicenceKey('k2', 'current');
  const previous = generateLicenceKey('k1', 'previous');
  const next = generateLicenceKey('k3', 'next');

  it('a lease verifies against the published set, and says what it was signed with', async () => {
    const keys = ring(previous, current, next);
    const token = signLease(keys, claims());
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, string>;
    expect(header).toEqual({ alg: 'EdDSA', kid: 'k2', typ: 'stealth-lease+jwt' });
    expect(await verifyLease(token, keys.jwks, { now: NOW + 60, issuer: ISSUER })).toMatchObject({
      sub: 'user-1',
      dev: 'device-1',
      plan: 'stealth_month',
      valid_until: NOW + 20 * DAY,
    });
    // The published set: current first, public parts only.
    expect(keys.jwks.keys.map((k) => k.kid)).toEqual(['k2', 'k3', 'k1']);
    expect(JSON.stringify(keys.jwks)).not.toContain('"d"');
  });

  it('rotation: a lease of the previous key verifies until it expires; once the key is withdrawn it verifies nothing', async () => {
    const before = ring(current, next);
    const token = signLease(before, claims());
    // Rotated: k3 signs, k2 is previous.
    const after = ring({ ...current, status: 'previous' }, { ...next, status: 'current' });
    expect(await refusal(verifyLease(token, after.jwks, { now: NOW + DAY, issuer: ISSUER }))).toBe('accepted');
    expect(await refusal(verifyLease(token, after.jwks, { now: NOW + 7 * DAY + 1, issuer: ISSUER }))).toBe('EXPIRED');
    const withdrawn = ring({ ...next, status: 'current' });
    expect(await refusal(verifyLease(token, withdrawn.jwks, { now: NOW + DAY, issuer: ISSUER }))).toBe('UNKNOWN_KEY');
  });

  it('refuses a changed claim, a key of the same id from elsewhere, another token type, another issuer and a clock turned back', async () => {
    const keys = ring(current);
    const token = signLease(keys, claims());
    const [h, p, s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims(), plan: 'stealth_lifetime', valid_until: null })).toString('base64url')}.${s}`;
    expect(p).not.toBe(forged.split('.')[1]);
    expect(await refusal(verifyLease(forged, keys.jwks, { now: NOW, issuer: ISSUER }))).toBe('INVALID_SIGNATURE');
    const impostor = ring(generateLicenceKey('k2'));
    expect(await refusal(verifyLease(signLease(impostor, claims()), keys.jwks, { now: NOW, issuer: ISSUER }))).toBe('INVALID_SIGNATURE');
    const untyped = await new SignJWT({ ...claims() }).setProtectedHeader({ alg: 'EdDSA', kid: 'k2' }).sign(parseLicenceKeys(JSON.stringify([current])).current.privateKey);
    expect(await refusal(verifyLease(untyped, keys.jwks, { now: NOW, issuer: ISSUER }))).toBe('MALFORMED');
    expect(await refusal(verifyLease(token, keys.jwks, { now: NOW, issuer: 'https://elsewhere.example' }))).toBe('MALFORMED');
    expect(await refusal(verifyLease(token, keys.jwks, { now: NOW - 3600, issuer: ISSUER, lastServerTime: NOW }))).toBe('CLOCK_TURNED_BACK');
    expect(await refusal(verifyLease('not.a.lease', keys.jwks, { now: NOW, issuer: ISSUER }))).toBe('MALFORMED');
  });
});

describe('the key set', () => {
  it('names what is wrong with a set it refuses', () => {
    const k = generateLicenceKey('a');
    const wrong: [unknown, RegExp][] = [
      ['not json', /expected JSON/],
      [[], /non-empty array/],
      [[{ ...k, crv: 'P-256' }], /Ed25519/],
      [[{ ...k, kid: 'has space' }], /"kid"/],
      [[k, { ...generateLicenceKey('a'), status: 'next' }], /used twice/],
      [[{ ...k, status: 'active' }], /"status"/],
      [[{ ...k, d: undefined }], /private key/],
      [[{ ...k, x: generateLicenceKey('b').x }], /"x" is not the public key/],
      [[{ ...k, status: 'next' }], /exactly one key with "status": "current" \(found 0\)/],
      [[k, { ...generateLicenceKey('b'), status: 'current' }], /found 2/],
    ];
    for (const [value, message] of wrong) expect(() => parseLicenceKeys(typeof value === 'string' ? value : JSON.stringify(value))).toThrow(message);
    expect(parseLicenceKeys(JSON.stringify({ keys: [k] })).current.kid).toBe('a');
  });

  it('on the embedded defaults a key is made once in the data directory, readable by its owner only, and read back at the next start', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'licence-keys-'));
    const first = embeddedLicenceKeys(dir, new Date(NOW * 1000));
    expect(first.made).toBe(path.join(dir, EMBEDDED_KEYS_FILE));
    expect(statSync(first.made!).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(first.made!, 'utf8'))[0]).toMatchObject({ kid: 'embedded-2026-11-28', status: 'current' });
    const again = embeddedLicenceKeys(dir);
    expect(again.made).toBeNull();
    expect(again.keyring.jwks).toEqual(first.keyring.jwks);
  });
});
