import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toBe('./data');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.embedded).toEqual({ database: true, mail: true, payments: true, storage: true, rateLimit: true, botCheck: true });
  });

  it('names the wrong variable and what it expects', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: expected a whole number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: expected a postgres:\/\/ URL/);
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(/RAZORPAY_KEY_SECRET: required together with RAZORPAY_KEY_ID/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: expected at least 32 characters/);
  });

  it('switches off an embedded default when the real part is configured', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', SMTP_URL: 'smtp://localhost:25', REDIS_URL: 'redis://localhost:6379' });
    expect(c.embedded).toMatchObject({ database: false, mail: false, rateLimit: false, payments: true });
  });
});
