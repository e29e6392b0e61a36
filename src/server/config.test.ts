import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { generateLicenceKey } from './lib/licence-keys';

const KEYS = JSON.stringify([generateLicenceKey('config-test')]);
const TWO_FACTOR = Buffer.alloc(32, 7).toString('base64');

describe('configuration', () => {
  it('has working defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toBe('./data');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.embedded).toEqual({ database: true, mail: true, payments: true, storage: true, rateLimit: true, botCheck: true, licenceKeys: true, twoFactorKey: true });
  });

  it('names the wrong variable and what it expects', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: expected a whole number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: expected a postgres:\/\/ URL/);
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(/RAZORPAY_KEY_SECRET: required together with RAZORPAY_KEY_ID/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: expected at least 32 characters/);
  });

  it('refuses a public PUBLIC_URL over plain http in production, naming the variable; loopback and https are fine', () => {
    const real = {
      SMTP_URL: 'smtp://mail.example:587',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsec',
      LICENCE_SIGNING_KEYS: KEYS,
      TWO_FACTOR_KEY: TWO_FACTOR,
    };
    for (const url of ['http://stealth.example', 'http://203.0.113.5:3000', 'ftp://stealth.example']) {
      expect(() => loadConfig({ PUBLIC_URL: url, ...real }), url).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL: url, ...real }), url).toThrow(
        /PUBLIC_URL: .* is a public address without https: the links in mails \(verification, password reset\) would travel unencrypted/,
      );
      expect(() => loadConfig({ PUBLIC_URL: url, NODE_ENV: 'production', PUBLIC_DEMO: 'true' }), url).toThrow(/PUBLIC_URL: .* without https/);
    }
    expect(loadConfig({ PUBLIC_URL: 'https://stealth.example', ...real }).publicUrl).toBe('https://stealth.example');
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) expect(loadConfig({ PUBLIC_URL: url, ...real }).publicUrl).toBe(url);
    // A developer's own runs (npm run dev, tests) may name a LAN address over http.
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000', NODE_ENV: 'development', ...real }).publicUrl).toBe('http://192.168.1.20:3000');
  });

  it('switches off an embedded default when the real part is configured', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://localhost:25',
      REDIS_URL: 'redis://localhost:6379',
      LICENCE_SIGNING_KEYS: KEYS,
      TWO_FACTOR_KEY: TWO_FACTOR,
    });
    expect(c.embedded).toMatchObject({ database: false, mail: false, rateLimit: false, payments: true, licenceKeys: false, twoFactorKey: false });
  });

  it('asks a production start on PostgreSQL or a public address for its licence keys, and names what is wrong with a key set', () => {
    const publicHost = {
      PUBLIC_URL: 'https://stealth.example',
      SMTP_URL: 'smtp://mail.example:587',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsec',
    };
    for (const env of [{ DATABASE_URL: 'postgres://u@h/db' }, publicHost]) {
      expect(() => loadConfig(env)).toThrow(/LICENCE_SIGNING_KEYS: required on a production start \(PostgreSQL or a public PUBLIC_URL\).*npm run licence-key/);
      expect(() => loadConfig(env)).toThrow(/TWO_FACTOR_KEY: required on a production start \(PostgreSQL or a public PUBLIC_URL\).*openssl rand -base64 32/);
      expect(loadConfig({ ...env, LICENCE_SIGNING_KEYS: KEYS, TWO_FACTOR_KEY: TWO_FACTOR }).embedded).toMatchObject({ licenceKeys: false, twoFactorKey: false });
    }
    // The embedded defaults, a public demo on them, and tests make a key of their own.
    expect(loadConfig({}).embedded.licenceKeys).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://demo.example', PUBLIC_DEMO: 'true' }).embedded.licenceKeys).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', NODE_ENV: 'test' }).embedded.licenceKeys).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', NODE_ENV: 'test' }).embedded.twoFactorKey).toBe(true);
    for (const wrong of ['short', Buffer.alloc(31).toString('base64'), `${TWO_FACTOR} extra`])
      expect(() => loadConfig({ TWO_FACTOR_KEY: wrong })).toThrow(/TWO_FACTOR_KEY: expected 32 random bytes in base64/);
    expect(() => loadConfig({ LICENCE_SIGNING_KEYS: '{"keys":[]}' })).toThrow(/LICENCE_SIGNING_KEYS: expected a non-empty array/);
    expect(() => loadConfig({ LICENCE_SIGNING_KEYS: JSON.stringify([generateLicenceKey('a', 'next')]) })).toThrow(
      /LICENCE_SIGNING_KEYS: expected exactly one key with "status": "current"/,
    );
    expect(() => loadConfig({ LICENCE_OFFLINE_GRACE_DAYS: '0' })).toThrow(/LICENCE_OFFLINE_GRACE_DAYS: expected at least 1/);
  });

  it('with SELLER_GSTIN, refuses a seller without the registered address (its PIN code) or without a legal name, naming the variable', () => {
    const registered = { SELLER_GSTIN: '29ABCDE1234F1ZW', SELLER_LEGAL_NAME: 'Stealth Software Private Limited', SELLER_ADDRESS: '1 Residency Road, Bengaluru 560025' };
    expect(loadConfig(registered).SELLER_ADDRESS).toBe('1 Residency Road, Bengaluru 560025');
    // The default address (a city, no street, no PIN) is not a registered place of business.
    const { SELLER_ADDRESS: _address, ...noAddress } = registered;
    expect(() => loadConfig(noAddress)).toThrow(/SELLER_ADDRESS: with SELLER_GSTIN set, expected the registered place of business with its 6-digit PIN code/);
    expect(() => loadConfig({ ...registered, SELLER_ADDRESS: 'MG Road, Bengaluru, Karnataka' })).toThrow(/SELLER_ADDRESS: with SELLER_GSTIN set/);
    expect(() => loadConfig({ ...registered, SELLER_ADDRESS: 'MG Road, Bengaluru 056002' })).toThrow(/SELLER_ADDRESS/);
    // The brand is not a legal name: the name on the registration certificate is set on its own.
    const { SELLER_LEGAL_NAME: _legal, ...noLegalName } = registered;
    expect(() => loadConfig(noLegalName)).toThrow(/SELLER_LEGAL_NAME: with SELLER_GSTIN set, expected the legal name of the GST registration/);
    // Without a GSTIN the receipt says no GST was charged, and the defaults stand.
    expect(loadConfig({}).SELLER_ADDRESS).toBe('Bengaluru, Karnataka, India');
  });
});
